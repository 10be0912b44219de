import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Spin, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { formatTime } from '../../links/formatTime';
import type { AccessKeyInfo } from '../integrationTypes';
import { maskKey } from './maskKey';
import { RefreshKeyModal } from './RefreshKeyModal';

/**
 * The project's access key (sent by SDKs as X-Access-Key): masked, revealed on demand, copied;
 * rotated only by the owner after re-entering username and password.
 */
export function AccessKeyCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<AccessKeyInfo>('/api/access-key');
  const [revealed, setRevealed] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const canRefresh = Boolean(data?.canRefresh) && canEdit;

  const refreshButton = (
    <Button
      icon={<ReloadOutlined />}
      disabled={!canRefresh}
      onClick={() => setRefreshing(true)}
      data-testid="refresh-access-key"
    >
      {t('integration:accessKey.refresh')}
    </Button>
  );

  return (
    <Card title={t('integration:accessKey.title')} data-testid="access-key-card">
      {error && <Alert type="error" showIcon title={t('integration:accessKey.loadFailed')} />}
      <Spin spinning={isLoading}>
        {data && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions
              column={1}
              items={[
                {
                  key: 'key',
                  label: t('integration:accessKey.key'),
                  children: (
                    <Space>
                      <Typography.Text
                        code
                        copyable={{
                          text: data.accessKey,
                          tooltips: [t('integration:copy'), t('integration:copied')],
                        }}
                        data-testid="access-key"
                      >
                        {revealed ? data.accessKey : maskKey(data.accessKey)}
                      </Typography.Text>
                      <Button
                        type="text"
                        size="small"
                        icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                        aria-label={t(
                          revealed ? 'integration:accessKey.hide' : 'integration:accessKey.reveal',
                        )}
                        onClick={() => setRevealed(!revealed)}
                      />
                    </Space>
                  ),
                },
                {
                  key: 'rotatedAt',
                  label: t('integration:accessKey.rotatedAt'),
                  children: data.rotatedAt
                    ? formatTime(data.rotatedAt)
                    : t('integration:accessKey.neverRotated'),
                },
              ]}
            />
            <Typography.Text type="secondary">{t('integration:accessKey.help')}</Typography.Text>
            {canRefresh ? (
              refreshButton
            ) : (
              <Space orientation="vertical" size={8}>
                {!data.canRefresh && (
                  <Alert type="info" showIcon title={t('integration:accessKey.noPermission')} />
                )}
                <Tooltip title={data.canRefresh ? undefined : t('integration:accessKey.noPermission')}>
                  {refreshButton}
                </Tooltip>
              </Space>
            )}
          </Space>
        )}
      </Spin>
      <RefreshKeyModal
        open={refreshing}
        onClose={() => setRefreshing(false)}
        onRefreshed={(answer) => {
          setRefreshing(false);
          setRevealed(true);
          void mutate(data && { ...data, ...answer }, { revalidate: false });
        }}
      />
    </Card>
  );
}
