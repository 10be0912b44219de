import { Descriptions, Space, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

interface ConnectionDetailsProps {
  /** The base URL SDKs and servers call. */
  base: string;
  accessKey: string;
  /** The access token page, where the key is managed. */
  accessTokenPage: string;
}

/** The get-started guide's base URL and access key, each copyable. */
export function ConnectionDetails({ base, accessKey, accessTokenPage }: ConnectionDetailsProps) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'base',
          label: t('integration:sdk.start.baseUrl'),
          children: (
            <Typography.Text
              code
              copyable={{ text: base, tooltips: [t('integration:copy'), t('integration:copied')] }}
              data-testid="sdk-base-url"
            >
              {base}
            </Typography.Text>
          ),
        },
        {
          key: 'key',
          label: t('integration:accessKey.key'),
          children: (
            <Space size={8} wrap>
              <Typography.Text
                code
                copyable={{
                  text: accessKey,
                  tooltips: [t('integration:copy'), t('integration:copied')],
                }}
                data-testid="sdk-access-key"
              >
                {accessKey}
              </Typography.Text>
              <Typography.Text type="secondary">
                <Trans
                  i18nKey="integration:sdk.start.keyHelp"
                  components={{ page: <Link to={accessTokenPage} /> }}
                />
              </Typography.Text>
            </Space>
          ),
        },
      ]}
    />
  );
}
