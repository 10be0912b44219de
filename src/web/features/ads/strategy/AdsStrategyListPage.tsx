import { Button, Card, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import { useLanguageLabel } from '../../turbo/useLanguageLabel';
import { strategyConfigPath } from '../adsPaths';
import type { AdsStrategyRow, Distribution, StrategyType } from '../adsTypes';
import { AdsListTable } from '../AdsListTable';
import { ModuleOffAlert } from '../ModuleOffAlert';
import { useAdsList } from '../useAdsList';
import { useAdsSettings } from '../useAdsSettings';

const API = '/api/ads/strategies';

/**
 * Monetisation strategies (adsStrategy): number, name, type, distribution, URL count, enabled
 * languages, description and creation time (SPEC 3), the serve URL to copy; new, edit and delete
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

  const columns: ColumnsType<AdsStrategyRow> = [
    { title: t('ads:strategy.number'), dataIndex: 'number', width: 80 },
    {
      title: t('ads:strategy.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) => <Link to={strategyConfigPath(projectId, row.id)}>{name}</Link>,
    },
    {
      title: t('ads:strategy.type'),
      dataIndex: 'type',
      width: 120,
      render: (type: StrategyType) => t(`ads:strategy.types.${type}`),
    },
    {
      title: t('ads:strategy.distribution'),
      dataIndex: 'distribution',
      width: 120,
      render: (distribution: Distribution) => (
        <Tag color={distribution === 'ai' ? 'purple' : 'blue'}>
          {t(`ads:strategy.distributions.${distribution}`)}
        </Tag>
      ),
    },
    { title: t('ads:strategy.urlCount'), dataIndex: 'urlCount', width: 90, align: 'right' },
    {
      title: t('ads:strategy.languages'),
      dataIndex: 'languages',
      width: 180,
      render: (languages: string[], row) =>
        row.type === 'general' ? (
          <Typography.Text type="secondary">{t('ads:strategy.allLanguages')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {languages.map((language) => (
              <Tag key={language}>{languageLabel(language)}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('ads:strategy.description'),
      key: 'description',
      ellipsis: true,
      render: (_value, row) =>
        typeof row.config.description === 'string' && row.config.description ? row.config.description : '-',
    },
    {
      title: t('ads:strategy.serveUrl'),
      dataIndex: 'serveUrl',
      width: 240,
      render: (url: string) => (
        <Typography.Text
          copyable={{ text: url }}
          ellipsis
          style={{ maxWidth: 220 }}
          data-testid="ads-strategy-serve-url"
        >
          {url}
        </Typography.Text>
      ),
    },
    { title: t('ads:list.createdAt'), dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 140 : 90,
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(strategyConfigPath(projectId, row.id))}>
            {canEdit ? t('common:edit') : t('ads:list.view')}
          </Button>
          {canEdit && (
            <ConfirmDeleteButton
              title={t('ads:strategy.deleteTitle')}
              description={t('ads:strategy.deleteConfirm', { name: row.name })}
              onConfirm={() =>
                list.write(() => client.delete(`${API}/${encodeURIComponent(row.id)}`), t('common:deleted'))
              }
            />
          )}
        </Space>
      ),
    },
  ];

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
