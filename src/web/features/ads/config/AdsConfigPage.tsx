import { Alert, App, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import type { AdsSettings, AdsSettingsBody } from '../adsTypes';
import { ADS_SETTINGS_API, useAdsSettings } from '../useAdsSettings';
import { AdAccountsCard } from './AdAccountsCard';
import { AdsSettingsCard } from './AdsSettingsCard';
import { ModuleSwitchCard } from './ModuleSwitchCard';

const bodyOf = (settings: AdsSettings): AdsSettingsBody => ({
  enabled: settings.enabled,
  currency: settings.currency,
  offerwallEnabled: settings.offerwallEnabled,
  offerwallCurrency: settings.offerwallCurrency,
  minWithdrawalMicros: settings.minWithdrawalMicros,
});

/**
 * Ads settings (adsConfig): the module switch, the report and offerwall settings, and the ad
 * accounts with their postback connection. Advanced-only parts say why they are disabled.
 */
export function AdsConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const { settings, error, isLoading, advanced, mutate } = useAdsSettings();

  async function put(body: AdsSettingsBody) {
    const saved = await client.put<AdsSettings>(ADS_SETTINGS_API, body);
    await mutate(saved, { revalidate: false });
    return saved;
  }

  async function switchModule(enabled: boolean): Promise<boolean> {
    if (!settings) return false;
    try {
      await put({ ...bodyOf(settings), enabled });
    } catch {
      return false;
    }
    void message.success(t(enabled ? 'ads:module.opened' : 'ads:module.closed'));
    return true;
  }

  async function saveSettings(body: AdsSettingsBody) {
    await put(body);
    void message.success(t('common:saved'));
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.adsConfig')}</Typography.Title>
          <Typography.Text type="secondary">{t('ads:config.description')}</Typography.Text>
        </div>
      </div>
      {error && <Alert type="error" showIcon title={error.message || t('ads:list.loadFailed')} />}
      {advanced === false && (
        <Alert type="info" showIcon title={t('ads:advanced.notice')} data-testid="ads-advanced-notice" />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ModuleSwitchCard settings={settings} loading={isLoading} onSwitch={switchModule} />
        </Col>
        <Col xs={24} xl={14}>
          <AdsSettingsCard settings={settings} onSave={saveSettings} />
        </Col>
      </Row>
      <AdAccountsCard advanced={advanced} />
    </div>
  );
}
