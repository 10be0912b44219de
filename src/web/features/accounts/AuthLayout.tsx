import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { useDocumentTitle } from '../../app/useDocumentTitle';

/** Public pages: brand panel on the left, the form card on the right. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="gc-auth">
      <aside className="gc-auth-brand">
        <div className="gc-auth-logo">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>{t('common:appName')}</span>
        </div>
        <div className="gc-auth-pitch">
          <h2>{t('accounts:brand.headline')}</h2>
          <p>{t('accounts:brand.tagline')}</p>
          <ul>
            <li>{t('accounts:brand.point1')}</li>
            <li>{t('accounts:brand.point2')}</li>
            <li>{t('accounts:brand.point3')}</li>
          </ul>
        </div>
        <small>{t('accounts:brand.footer')}</small>
      </aside>
      <main className="gc-auth-main">
        <LanguageSwitch className="gc-auth-lang" />
        <section className="gc-auth-card">
          <h1>{title}</h1>
          {subtitle && <p className="gc-auth-subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}
