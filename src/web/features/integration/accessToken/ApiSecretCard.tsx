import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { formatTime } from '../../links/formatTime';
import type { AccessKeyInfo } from '../integrationTypes';
import { maskKey } from './maskKey';
import { RefreshKeyModal } from './RefreshKeyModal';

/**
 * The project's API secret, for project managers only: the server-side key that signs participant
 * hand-offs and reward callbacks, used as the plain string it is (it looks like base64; the card
 * says not to decode it). Masked, revealed on demand, copied; refreshed by the owner after
 * re-entering username and password, like the access key.
 */
export function ApiSecretCard() {
  const { t } = useTranslation();
  const { data, mutate } = useSWR<AccessKeyInfo>('/api/access-key');
  const [revealed, setRevealed] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  if (!data?.apiSecret) return null;
  const secret = data.apiSecret;
  const refreshButton = (
    <Button
      icon={<ReloadOutlined />}
      disabled={!data.canRefresh}
      onClick={() => setRefreshing(true)}
      data-testid="refresh-api-secret"
    >
      {t('integration:apiSecret.refresh')}
    </Button>
  );
  return (
    <Card title={t('integration:apiSecret.title')} data-testid="api-secret-card">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions
          column={1}
          items={[
            {
              key: 'secret',
              label: t('integration:apiSecret.key'),
              children: (
                <Space>
                  <Typography.Text
                    code
                    copyable={{ text: secret, tooltips: [t('integration:copy'), t('integration:copied')] }}
                    data-testid="api-secret"
                  >
                    {revealed ? secret : maskKey(secret)}
                  </Typography.Text>
                  <Button
                    type="text"
                    size="small"
                    icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                    aria-label={t(revealed ? 'integration:apiSecret.hide' : 'integration:apiSecret.reveal')}
                    onClick={() => setRevealed(!revealed)}
                  />
                </Space>
              ),
            },
            {
              key: 'rotatedAt',
              label: t('integration:accessKey.rotatedAt'),
              children: data.apiSecretRotatedAt
                ? formatTime(data.apiSecretRotatedAt)
                : t('integration:apiSecret.neverRotated'),
            },
          ]}
        />
        <Typography.Text type="secondary">{t('integration:apiSecret.help')}</Typography.Text>
        <Alert
          type="warning"
          showIcon
          title={t('integration:apiSecret.plainString')}
          data-testid="api-secret-plain"
        />
        {data.canRefresh ? (
          refreshButton
        ) : (
          <Space orientation="vertical" size={8}>
            <Alert type="info" showIcon title={t('integration:accessKey.noPermission')} />
            <Tooltip title={t('integration:accessKey.noPermission')}>{refreshButton}</Tooltip>
          </Space>
        )}
      </Space>
      <RefreshKeyModal
        target="apiSecret"
        open={refreshing}
        onClose={() => setRefreshing(false)}
        onRefreshed={(answer) => {
          setRefreshing(false);
          setRevealed(true);
          void mutate({ ...data, ...answer }, { revalidate: false });
        }}
      />
    </Card>
  );
}
