import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { ThemeCard } from './ThemeCard';
import { TokenRefreshCard } from './TokenRefreshCard';

/** Personal centre: profile, password, login token refresh and the console's colour. */
export function PersonalCenterPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Typography.Title level={3}>{t('menu:page.personalCenter')}</Typography.Title>
      </div>
      <Card className="gc-section">
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'name', label: t('accounts:field.name'), children: user?.name || '-' },
            { key: 'email', label: t('accounts:field.email'), children: user?.email },
            {
              key: 'role',
              label: t('accounts:field.role'),
              children: user ? <Tag color="purple">{t(`common:role.${user.role}`)}</Tag> : null,
            },
            { key: 'org', label: t('accounts:field.companyName'), children: user?.organisation?.name ?? '-' },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProfileCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
        <Col xs={24} lg={12}>
          <TokenRefreshCard />
        </Col>
        <Col xs={24} lg={12}>
          <ThemeCard />
        </Col>
      </Row>
    </div>
  );
}
