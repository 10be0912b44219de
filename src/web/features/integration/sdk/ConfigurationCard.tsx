import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { formatNumber } from '../../../charts/formatNumber';
import { useSession } from '../../../session/useSession';
import type { IntegrationStatus } from '../integrationTypes';

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <Space size={6}>
      {ok ? (
        <CheckCircleFilled style={{ color: '#28c76f' }} aria-hidden />
      ) : (
        <MinusCircleOutlined style={{ color: '#a8aaae' }} aria-hidden />
      )}
      <span>{label}</span>
    </Space>
  );
}

function Values({ values, none }: { values: string[]; none: string }): ReactNode {
  if (values.length === 0) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {values.map((value) => (
        <Tag key={value}>{value}</Tag>
      ))}
    </Space>
  );
}

/** App configuration and deep-link configuration, as the project's link templates set them up. */
export function ConfigurationCard({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const { appConfig, deepLinkConfig } = data;
  const yes = (ok: boolean) => t(ok ? 'integration:sdk.configured' : 'integration:sdk.notConfigured');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card
          title={t('integration:sdk.appConfig')}
          className="gc-fill"
          extra={
            <Link to={projectPath('templateMenage/:projectId', projectId)}>
              {t('integration:sdk.editTemplates')}
            </Link>
          }
          data-testid="app-config"
        >
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'templates',
                label: t('integration:sdk.templates'),
                children: formatNumber(appConfig.templates),
              },
              {
                key: 'android',
                label: <Check ok={appConfig.android.configured} label={t('integration:platform.android')} />,
                children: <Values values={appConfig.android.packageNames} none={yes(false)} />,
              },
              {
                key: 'ios',
                label: <Check ok={appConfig.ios.configured} label={t('integration:platform.ios')} />,
                children: appConfig.ios.bundleIds.length ? (
                  <Values values={appConfig.ios.bundleIds} none="" />
                ) : (
                  yes(appConfig.ios.configured)
                ),
              },
              {
                key: 'web',
                label: <Check ok={appConfig.web.configured} label={t('integration:platform.web')} />,
                children: yes(appConfig.web.configured),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t('integration:sdk.deepLinkConfig')}
          className="gc-fill"
          extra={<Link to={projectPath('manageLink/:projectId', projectId)}>{t('menu:page.links')}</Link>}
          data-testid="deep-link-config"
        >
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'links',
                label: t('integration:sdk.links'),
                children: formatNumber(deepLinkConfig.links),
              },
              {
                key: 'universalLinks',
                label: t('integration:sdk.universalLinks'),
                children: (
                  <Check ok={deepLinkConfig.universalLinks} label={yes(deepLinkConfig.universalLinks)} />
                ),
              },
              {
                key: 'appLinks',
                label: t('integration:sdk.appLinks'),
                children: <Check ok={deepLinkConfig.appLinks} label={yes(deepLinkConfig.appLinks)} />,
              },
              {
                key: 'uriSchemes',
                label: t('integration:sdk.uriSchemes'),
                children: <Check ok={deepLinkConfig.uriSchemes} label={yes(deepLinkConfig.uriSchemes)} />,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
