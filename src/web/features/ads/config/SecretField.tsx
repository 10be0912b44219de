import { useState } from 'react';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AdvancedOnly } from '../AdvancedOnly';
import { maskSecret } from './maskSecret';

interface Props {
  /** The full secret for advanced users, the server's masked one for others. */
  secret: string;
  advanced: boolean | undefined;
  /** Makes a new secret (the old one stops signing at once); false when refused (already toasted). */
  onRotate(): Promise<boolean>;
}

/**
 * An ad account's postback secret: masked until an advanced user reveals it (copyable then);
 * rotating asks first. Others only ever get the masked value from the server.
 */
export function SecretField({ secret, advanced, onRotate }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const visible = shown && advanced === true;
  return (
    <Space wrap size={4}>
      <Typography.Text code copyable={visible ? { text: secret } : false} data-testid="ads-secret">
        {visible ? secret : maskSecret(secret)}
      </Typography.Text>
      <AdvancedOnly advanced={advanced}>
        <Button
          type="link"
          size="small"
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          disabled={advanced !== true}
          onClick={() => setShown(!shown)}
          data-testid="ads-secret-reveal"
        >
          {t(visible ? 'ads:secret.hide' : 'ads:secret.reveal')}
        </Button>
      </AdvancedOnly>
      <AdvancedOnly advanced={advanced}>
        <Popconfirm
          title={t('ads:secret.rotateTitle')}
          description={t('ads:secret.rotateConfirm')}
          okText={t('ads:secret.rotate')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:cancel')}
          disabled={advanced !== true}
          onConfirm={async () => {
            if (await onRotate()) setShown(true);
          }}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<ReloadOutlined />}
            disabled={advanced !== true}
            data-testid="ads-secret-rotate"
          >
            {t('ads:secret.rotate')}
          </Button>
        </Popconfirm>
      </AdvancedOnly>
    </Space>
  );
}
