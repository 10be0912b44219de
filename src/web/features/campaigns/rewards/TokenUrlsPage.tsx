import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { CallbackAddressRow } from './entityTypes';

/** tokenUrlManagement: callback addresses the server pushes prize and token data to. */
export function TokenUrlsPage() {
  const { t } = useTranslation();
  return (
    <EntityListPage<CallbackAddressRow>
      title={t('menu:page.tokenUrls')}
      description={t('rewards:callback.description')}
      createLabel={t('rewards:callback.create')}
      endpoint="/api/callback-addresses"
      testId="callback-table"
      emptyText={t('rewards:callback.empty')}
      loadFailedText={t('rewards:common.loadFailed')}
      deleteTitle={t('rewards:callback.deleteTitle')}
      deleteConfirm={(row) => t('rewards:callback.deleteConfirm', { name: row.name })}
      columns={[
        { title: t('rewards:callback.name'), dataIndex: 'name', width: 220 },
        {
          title: t('rewards:callback.url'),
          dataIndex: 'url',
          render: (value: string) => (
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {value}
            </Typography.Text>
          ),
        },
      ]}
      renderForm={(props) => (
        <EntityFormModal
          {...props}
          entity="callback-address"
          endpoint="/api/callback-addresses"
          title={t(props.row ? 'rewards:callback.edit' : 'rewards:callback.create')}
        />
      )}
    />
  );
}
