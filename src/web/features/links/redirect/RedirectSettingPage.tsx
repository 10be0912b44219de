import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { RedirectSettings } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { addressRule } from '../../../forms/addressRule';
import { useInvalidate } from '../useInvalidate';

const fields = ['default', 'android', 'ios', 'windows'] as const;

/** Redirect addresses start with https:// or www. and hold at most 320 characters. */
const REDIRECT_PATTERN = /^(https:\/\/|www\.)\S+$/;
const REDIRECT_MAX = 320;

/** Project-wide fallback addresses used when a link's template has none (redirectSetting). */
export function RedirectSettingPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const { data, error, isLoading, mutate } = useSWR<RedirectSettings>('/api/redirect-settings');
  const [form] = Form.useForm<RedirectSettings>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  async function save(values: RedirectSettings) {
    // The API takes every field, "" meaning unset.
    const body = Object.fromEntries(fields.map((field) => [field, values[field]?.trim() ?? '']));
    setBusy(true);
    try {
      const saved = await client.put<RedirectSettings>('/api/redirect-settings', body);
      await mutate(saved, { revalidate: false });
      void message.success(t('common:saved'));
      // Whether links and templates have a destination follows these addresses.
      await invalidate('/api/links', '/api/link-templates');
    } catch (failure) {
      applyFieldErrors(form, failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.redirectSetting')}</Typography.Title>
          <Typography.Text type="secondary">{t('links:redirect.description')}</Typography.Text>
        </div>
      </div>
      <Card>
        {error && <Alert type="error" showIcon title={t('links:loadFailed')} style={{ marginBottom: 16 }} />}
        <Spin spinning={isLoading}>
          <Form<RedirectSettings>
            form={form}
            name="redirectSettings"
            layout="vertical"
            style={{ maxWidth: 640 }}
            disabled={!canEdit || Boolean(error)}
            onFinish={save}
          >
            {fields.map((field) => (
              <Form.Item
                key={field}
                name={field}
                label={t(`links:redirect.${field}`)}
                extra={t(`links:redirect.${field}Help`)}
                rules={[
                  { max: REDIRECT_MAX },
                  { pattern: REDIRECT_PATTERN, message: t('links:redirect.pattern') },
                  addressRule('http', i18n.language),
                ]}
              >
                <Input placeholder="https://" allowClear />
              </Form.Item>
            ))}
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('common:save')}
              </Button>
            )}
          </Form>
        </Spin>
      </Card>
    </div>
  );
}
