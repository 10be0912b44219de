import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { MyProjectsCard } from './MyProjectsCard';
import { QuickStartCard } from './QuickStartCard';
import { ShortcutsCard } from './ShortcutsCard';

/** Home: welcome, quick start, my projects and shortcuts; everything shown comes from the API. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="gc-page">
      <Card className="gc-welcome" variant="borderless">
        <div>
          <Typography.Title level={3}>
            {t('home:welcome', { name: user?.name || user?.email || '' })}
          </Typography.Title>
          <Typography.Paragraph>
            {user?.organisation?.name ? t('home:organisation', { name: user.organisation.name }) : null}{' '}
            {t('home:intro')}
          </Typography.Paragraph>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <QuickStartCard />
        </Col>
        <Col xs={24} xl={10}>
          <ShortcutsCard />
        </Col>
        <Col span={24}>
          <MyProjectsCard />
        </Col>
      </Row>
    </div>
  );
}
