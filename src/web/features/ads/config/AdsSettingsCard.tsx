import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { AdvancedOnly } from '../AdvancedOnly';
import type { AdsSettings, AdsSettingsBody } from '../adsTypes';
import { MoneyInput } from '../MoneyInput';

type SettingsForm = Omit<AdsSettingsBody, 'enabled' | 'minWithdrawalMicros'> & {
  minWithdrawalMicros: number | null;
};

const CURRENCY = /^[A-Z]{3}$/;

interface Props {
  settings: AdsSettings | undefined;
  /** Saves the settings; throws the RequestError of a refusal (field errors shown here). */
  onSave(body: AdsSettingsBody): Promise<void>;
}

/**
 * The report currency and the offerwall (on/off, its currency, the smallest withdrawal). Saving
 * is for advanced users; others see the values read-only with the reason.
 */
export function AdsSettingsCard({ settings, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsForm>();
  const [busy, setBusy] = useState(false);
  const advanced = settings?.adsAdvanced;
  const offerwallCurrency = Form.useWatch('offerwallCurrency', form) ?? settings?.offerwallCurrency ?? '';

  useEffect(() => {
    if (settings)
      form.setFieldsValue({
        currency: settings.currency,
        offerwallEnabled: settings.offerwallEnabled,
        offerwallCurrency: settings.offerwallCurrency,
        minWithdrawalMicros: settings.minWithdrawalMicros,
      });
  }, [settings, form]);

  async function submit(values: SettingsForm) {
    if (!settings || values.minWithdrawalMicros === null) return;
    setBusy(true);
    try {
      await onSave({ ...values, enabled: settings.enabled, minWithdrawalMicros: values.minWithdrawalMicros });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  const currencyRules = [
    { required: true, message: t('ads:settings.currencyInvalid') },
    { pattern: CURRENCY, message: t('ads:settings.currencyInvalid') },
  ];
  const upper = (value: string | undefined) => (value ?? '').toUpperCase();

  return (
    <Card title={t('ads:settings.title')} loading={!settings} data-testid="ads-settings-card">
      <Form<SettingsForm>
        form={form}
        name="adsSettings"
        layout="vertical"
        onFinish={submit}
        disabled={advanced !== true}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="currency"
          label={t('ads:settings.currency')}
          extra={t('ads:settings.currencyHelp')}
          rules={currencyRules}
          normalize={upper}
        >
          <Input maxLength={3} style={{ width: 120 }} data-testid="ads-settings-currency" />
        </Form.Item>
        <Form.Item
          name="offerwallEnabled"
          label={t('ads:settings.offerwall')}
          extra={t('ads:settings.offerwallHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="ads-settings-offerwall" />
        </Form.Item>
        <Form.Item
          name="offerwallCurrency"
          label={t('ads:settings.offerwallCurrency')}
          rules={currencyRules}
          normalize={upper}
        >
          <Input maxLength={3} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="minWithdrawalMicros"
          label={t('ads:settings.minWithdrawal')}
          extra={t('ads:settings.minWithdrawalHelp')}
          rules={[
            {
              validator: (_rule, value: unknown) =>
                typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('ads:settings.amountInvalid'))),
            },
          ]}
        >
          <MoneyInput currency={offerwallCurrency} data-testid="ads-settings-min-withdrawal" />
        </Form.Item>
        <AdvancedOnly advanced={advanced}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="ads-settings-save">
            {t('common:save')}
          </Button>
        </AdvancedOnly>
      </Form>
    </Card>
  );
}
