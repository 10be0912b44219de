import { Form, Input, Space, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DownloadPlatform } from '../linkTypes';
import { LABEL_MAX, platforms } from './downloadPageForm';

/** In the download page editor: a label and an address for each platform ticked, in page order. */
export function DownloadButtonRows({ addressRules }: { addressRules: FormRule[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item noStyle dependencies={['platforms']}>
      {({ getFieldValue }) =>
        platforms
          .filter((platform) =>
            (getFieldValue('platforms') as DownloadPlatform[] | undefined)?.includes(platform),
          )
          .map((platform) => {
            const name = t(`links:downloadPages.platform.${platform}`);
            return (
              <Space.Compact key={platform} block>
                <Form.Item
                  name={['buttons', platform, 'label']}
                  rules={[{ max: LABEL_MAX }]}
                  style={{ width: '35%' }}
                >
                  <Input
                    maxLength={LABEL_MAX}
                    prefix={<Typography.Text type="secondary">{name}</Typography.Text>}
                    placeholder={t('links:downloadPages.buttonLabel')}
                    aria-label={`${name} ${t('links:downloadPages.buttonLabel')}`}
                  />
                </Form.Item>
                <Form.Item name={['buttons', platform, 'url']} rules={addressRules} style={{ width: '65%' }}>
                  <Input
                    placeholder={t('links:downloadPages.buttonUrl')}
                    aria-label={`${name} ${t('links:downloadPages.buttonUrl')}`}
                  />
                </Form.Item>
              </Space.Compact>
            );
          })
      }
    </Form.Item>
  );
}
