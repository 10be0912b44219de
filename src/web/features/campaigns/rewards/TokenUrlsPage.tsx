import { Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { CallbackAddressRow } from './entityTypes';

/**
 * tokenUrlManagement ("Callback addresses"): saved addresses that prize delivery and link template
 * callback fields pick from. The token callback is not one of them: it is the dev config's, on the
 * Access key page (Developer settings), and the description links there.
 */
export function TokenUrlsPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  return (
    <EntityListPage<CallbackAddressRow>
      title={t('menu:page.tokenUrls')}
      description={
        <Trans
          i18nKey="rewards:callback.description"
          components={{
            page: (
              <Link to={projectPath('accessToken/:projectId', projectId)} data-testid="token-callback-home" />
            ),
          }}
        />
      }
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
