import { Alert, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../../links/formatTime';
import type { IntegrationStatus } from '../integrationTypes';

type Version = IntegrationStatus['sdk']['versions'][number];

/** SDK versions seen, newest first; "SDK version is too low" and the upgrade prompt below v2.0. */
export function SdkVersionCard({ sdk }: { sdk: IntegrationStatus['sdk'] }) {
  const { t } = useTranslation();
  const outdated = sdk.versions.filter((version) => version.tooLow);
  return (
    <Card title={t('integration:sdk.versionTitle')} data-testid="sdk-version-card">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {sdk.tooLow && (
          <Alert
            type="warning"
            showIcon
            data-testid="sdk-too-low"
            title={t('integration:sdk.tooLow')}
            description={t('integration:sdk.upgrade', { min: sdk.minVersion, version: sdk.latestVersion })}
          />
        )}
        {!sdk.tooLow && outdated.length > 0 && (
          <Alert
            type="info"
            showIcon
            data-testid="sdk-upgrade"
            title={t('integration:sdk.upgradeSome', {
              min: sdk.minVersion,
              versions: outdated.map((version) => `${version.platform} ${version.version}`).join(', '),
            })}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'latest',
              label: t('integration:sdk.latestVersion'),
              children: sdk.latestVersion ? (
                <span data-testid="sdk-latest-version">
                  {sdk.latestVersion}
                  {sdk.latestPlatform ? ` (${t(`integration:platform.${sdk.latestPlatform}`)})` : ''}
                </span>
              ) : (
                t('integration:sdk.noVersion')
              ),
            },
            { key: 'min', label: t('integration:sdk.minVersion'), children: sdk.minVersion },
          ]}
        />
        {sdk.versions.length > 0 && (
          <Table<Version>
            rowKey={(row) => `${row.platform}-${row.version}`}
            size="small"
            pagination={false}
            dataSource={sdk.versions}
            columns={[
              {
                title: t('integration:sdk.platform'),
                dataIndex: 'platform',
                render: (value: string) => t(`integration:platform.${value}`, { defaultValue: value }),
              },
              {
                title: t('integration:sdk.version'),
                dataIndex: 'version',
                render: (value: string, row) => (
                  <span>
                    {value} {row.tooLow && <Tag color="warning">{t('integration:sdk.tooLowShort')}</Tag>}
                  </span>
                ),
              },
              {
                title: t('integration:sdk.events'),
                dataIndex: 'events',
                align: 'right',
                render: (value: number) => formatNumber(value),
              },
              { title: t('integration:sdk.lastSeen'), dataIndex: 'lastSeenAt', render: formatTime },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
