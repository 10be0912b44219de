import { Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AdvancedOnly } from '../AdvancedOnly';
import type { AdAccountRow } from '../adsTypes';
import { CopyValue } from '../CopyValue';
import { PostbackLogTable } from './PostbackLogTable';
import { SecretField } from './SecretField';

interface Props {
  account: AdAccountRow | null;
  advanced: boolean | undefined;
  onClose(): void;
  onRotate(account: AdAccountRow): Promise<boolean>;
  onImport(account: AdAccountRow): void;
}

/**
 * One ad account's connection: the postback URL to give the network, its signing secret, the
 * postback log, and a CSV import for income reported outside postbacks.
 */
export function AdAccountDrawer({ account, advanced, onClose, onRotate, onImport }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={Boolean(account)}
      title={account?.name}
      size={760}
      onClose={onClose}
      destroyOnHidden
      extra={
        account && (
          <AdvancedOnly advanced={advanced}>
            <Button
              icon={<ImportOutlined />}
              disabled={advanced !== true}
              onClick={() => onImport(account)}
              data-testid="ads-import-open"
            >
              {t('ads:import.action')}
            </Button>
          </AdvancedOnly>
        )
      }
    >
      {account && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="ads-account-drawer">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'network',
                label: t('ads:accounts.network'),
                children: t(`ads:networks.${account.network}`, { defaultValue: account.network }),
              },
              { key: 'currency', label: t('ads:accounts.currency'), children: account.currency },
              { key: 'offers', label: t('ads:accounts.offers'), children: account.offerCount },
              {
                key: 'postback',
                label: t('ads:accounts.postbackUrl'),
                children: (
                  <CopyValue
                    value={account.postbackUrl}
                    label={t('ads:accounts.postbackUrl')}
                    testId="ads-postback-url"
                  />
                ),
              },
              {
                key: 'secret',
                label: t('ads:secret.label'),
                children: (
                  <SecretField
                    secret={account.secret}
                    advanced={advanced}
                    onRotate={() => onRotate(account)}
                  />
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('ads:accounts.signatureHelp')}
          </Typography.Paragraph>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('ads:postbacks.title')}
          </Typography.Title>
          <PostbackLogTable accountId={account.id} />
        </Space>
      )}
    </Drawer>
  );
}
