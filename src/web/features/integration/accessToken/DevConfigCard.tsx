import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Spin, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { DevConfig } from '../integrationTypes';
import { IP_WHITELIST_MAX, isIpOrCidr } from './ipRules';
import { addressRule } from '../../../forms/addressRule';

const CALLBACK_PATTERN = /^https?:\/\/\S+$/i;
const CALLBACK_MAX = 320;

/** The developer settings, loaded into the form, and their save (entries trimmed, empty ones dropped). */
function useDevConfig() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const { data, error, isLoading, mutate } = useSWR<DevConfig>('/api/dev-config');
  const [form] = Form.useForm<DevConfig>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  async function save(values: DevConfig) {
    setBusy(true);
    try {
      const body: DevConfig = {
        tokenCallbackUrl: values.tokenCallbackUrl?.trim() ?? '',
        ipWhitelist: (values.ipWhitelist ?? []).map((entry) => entry.trim()).filter(Boolean),
      };
      const saved = await client.put<DevConfig>('/api/dev-config', body);
      await mutate(saved, { revalidate: false });
      void message.success(t('common:saved'));
    } catch (failure) {
      applyFieldErrors(form, failure);
    } finally {
      setBusy(false);
    }
  }

  return { form, error, isLoading, busy, save };
}

/** The IP whitelist's rule: at most IP_WHITELIST_MAX entries, each an IP address or a CIDR range. */
function ipWhitelistRule(t: TFunction): Rule {
  return {
    validator: async (_rule, value: string[] | undefined) => {
      const entries = value ?? [];
      if (entries.length > IP_WHITELIST_MAX)
        throw new Error(t('integration:devConfig.ipTooMany', { max: IP_WHITELIST_MAX }));
      const bad = entries.filter((entry) => !isIpOrCidr(entry));
      if (bad.length > 0) throw new Error(t('integration:devConfig.ipInvalid', { entries: bad.join(', ') }));
    },
  };
}

/**
 * Developer settings: the token callback address and the IP whitelist the SDK and server APIs
 * are checked against (empty = every address). Members read them; only managers save.
 */
export function DevConfigCard({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const { form, error, isLoading, busy, save } = useDevConfig();

  return (
    <Card title={t('integration:devConfig.title')} data-testid="dev-config">
      {!canManage && (
        <Alert
          type="info"
          showIcon
          title={t('integration:devConfig.manageOnly')}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('integration:devConfig.loadFailed')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Spin spinning={isLoading}>
        <Form<DevConfig>
          form={form}
          name="devConfig"
          layout="vertical"
          style={{ maxWidth: 720 }}
          disabled={!canManage || Boolean(error)}
          initialValues={{ tokenCallbackUrl: '', ipWhitelist: [] }}
          onFinish={save}
        >
          <Form.Item
            name="tokenCallbackUrl"
            label={t('integration:devConfig.tokenCallback')}
            extra={t('integration:devConfig.tokenCallbackHelp')}
            rules={[
              { max: CALLBACK_MAX },
              { pattern: CALLBACK_PATTERN, message: t('integration:devConfig.callbackPattern') },
              addressRule('callback', i18n.language),
            ]}
          >
            <Input placeholder="https://" allowClear />
          </Form.Item>
          <Form.Item
            name="ipWhitelist"
            label={t('integration:devConfig.ipWhitelist')}
            extra={t('integration:devConfig.ipWhitelistHelp', { max: IP_WHITELIST_MAX })}
            rules={[ipWhitelistRule(t)]}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', ';', ' ', '\n']}
              placeholder={t('integration:devConfig.ipPlaceholder')}
              aria-label={t('integration:devConfig.ipWhitelist')}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            {t('integration:devConfig.whitelistNote')}
          </Typography.Paragraph>
          {canManage && (
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('common:save')}
            </Button>
          )}
        </Form>
      </Spin>
    </Card>
  );
}
