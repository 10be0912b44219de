import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../app/EntityListPage';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../formatTime';
import type { TagItem } from '../linkTypes';
import { useInvalidate } from '../useInvalidate';
import { TagFormModal } from './TagFormModal';

/** Tags of the project (manageTag): list, search, add, rename, delete. */
export function TagsPage() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  return (
    <EntityListPage<TagItem>
      title={t('menu:page.tags')}
      description={t('links:tags.description')}
      createLabel={t('links:tags.add')}
      endpoint="/api/tags"
      searchPlaceholder={t('links:tags.search')}
      emptyText={t('links:tags.empty')}
      loadFailedText={t('links:loadFailed')}
      deleteTitle={t('links:tags.deleteTitle')}
      deleteConfirm={(row) => t('links:tags.deleteConfirm', { name: row.name })}
      // A rename or a delete shows on the links and in every tag picker.
      onChanged={() => invalidate('/api/tags', '/api/links')}
      columns={[
        { title: t('links:tags.name'), dataIndex: 'name' },
        {
          title: t('links:tags.linkCount'),
          dataIndex: 'linkCount',
          align: 'right',
          width: 140,
          render: (count: number) => formatNumber(count),
        },
        { title: t('links:field.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 200 },
      ]}
      renderForm={({ open, row, onClose, onSaved }) => (
        <TagFormModal open={open} tag={row} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
