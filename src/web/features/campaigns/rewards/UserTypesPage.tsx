import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { UserTypeRow } from './entityTypes';

/** userTypeManagement: user groups (name and identifier) that prizes can be limited to. */
export function UserTypesPage() {
  const { t } = useTranslation();
  return (
    <EntityListPage<UserTypeRow>
      title={t('menu:page.userTypes')}
      description={t('rewards:userType.description')}
      createLabel={t('rewards:userType.create')}
      endpoint="/api/user-types"
      testId="user-type-table"
      emptyText={t('rewards:userType.empty')}
      loadFailedText={t('rewards:common.loadFailed')}
      deleteTitle={t('rewards:userType.deleteTitle')}
      deleteConfirm={(row) => t('rewards:userType.deleteConfirm', { name: row.name })}
      columns={[
        { title: t('rewards:userType.name'), dataIndex: 'name' },
        {
          title: t('rewards:userType.identifier'),
          dataIndex: 'identifier',
          render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
        },
      ]}
      renderForm={(props) => (
        <EntityFormModal
          {...props}
          entity="user-type"
          endpoint="/api/user-types"
          title={t(props.row ? 'rewards:userType.edit' : 'rewards:userType.create')}
        />
      )}
    />
  );
}
