import { Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { useLanguageLabel } from '../../turbo/useLanguageLabel';
import { strategyConfigPath } from '../adsPaths';
import type { AdsStrategyRow } from '../adsTypes';
import { AdsListTable } from '../AdsListTable';
import { ModuleOffAlert } from '../ModuleOffAlert';
import { useAdsList } from '../useAdsList';
import { useAdsSettings } from '../useAdsSettings';
import { strategyColumns } from './strategyColumns';

const API = '/api/ads/strategies';

/**
 * Monetisation strategies (adsStrategy): number, name, type, distribution, URL count, enabled
 * languages, description and creation time, the serve URL to copy; new, edit and delete
 * (confirmed first) for members who may edit.
 */
export function AdsStrategyListPage() {
  const { t } = useTranslation();
  const languageLabel = useLanguageLabel();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const { settings } = useAdsSettings();
  const list = useAdsList<AdsStrategyRow>(API);

  const columns = strategyColumns({
    t,
    canEdit,
    languageLabel,
    configPath: (row) => strategyConfigPath(projectId, row.id),
    open: (row) => navigate(strategyConfigPath(projectId, row.id)),
    remove: (row) =>
      list.write(() => client.delete(`${API}/${encodeURIComponent(row.id)}`), t('common:deleted')),
  });

  const create = (testId: string) =>
    canEdit && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(strategyConfigPath(projectId))}
        data-testid={testId}
      >
        {t('ads:strategy.create')}
      </Button>
    );

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.adsStrategy')}</Typography.Title>
          <Typography.Text type="secondary">{t('ads:strategy.pageDescription')}</Typography.Text>
        </div>
        {create('ads-strategy-new')}
      </div>
      <ModuleOffAlert settings={settings} />
      <Card>
        <AdsListTable<AdsStrategyRow>
          list={list}
          rowKey="id"
          testId="ads-strategy-table"
          rowTestId={(row) => `ads-strategy-row-${row.id}`}
          columns={columns}
          emptyText={t('ads:strategy.empty')}
          emptyAction={create('ads-strategy-new-empty')}
          searchPlaceholder={t('ads:list.search')}
          scrollX={1400}
        />
      </Card>
    </div>
  );
}
