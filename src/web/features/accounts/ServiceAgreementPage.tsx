import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../app/LanguageSwitch';

const sections = ['scope', 'account', 'data', 'use', 'liability', 'changes'] as const;

/** The service agreement the sign-up form links to. */
export function ServiceAgreementPage() {
  const { t } = useTranslation();
  return (
    <div className="gc-doc">
      <Card className="gc-doc-card" extra={<LanguageSwitch />} title={t('accounts:agreement.title')}>
        <Typography>
          <Typography.Paragraph type="secondary">{t('accounts:agreement.intro')}</Typography.Paragraph>
          {sections.map((section, index) => (
            <section key={section}>
              <Typography.Title level={5}>
                {index + 1}. {t(`accounts:agreement.${section}.title`)}
              </Typography.Title>
              <Typography.Paragraph>{t(`accounts:agreement.${section}.body`)}</Typography.Paragraph>
            </section>
          ))}
        </Typography>
        <Link to="/sign-up">{t('accounts:agreement.back')}</Link>
      </Card>
    </div>
  );
}
