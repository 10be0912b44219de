import { useState, type ComponentProps } from 'react';
import { App, Button, Card, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../links/formatTime';
import { AdvancedOnly } from '../AdvancedOnly';
import type { AdsSettings } from '../adsTypes';

interface Props {
  settings: AdsSettings | undefined;
  loading: boolean;
  /** Saves the switch; resolves false when the server refused (already toasted). */
  onSwitch(enabled: boolean): Promise<boolean>;
}

/**
 * The ads module switch of the project (closing asks first). Opening and closing are for
 * advanced users. Campaigns set to "follow project" follow it.
 */
export function ModuleSwitchCard({ settings, loading, onSwitch }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const advanced = settings?.adsAdvanced;
  const enabled = settings?.enabled ?? false;

  async function change(next: boolean) {
    setBusy(true);
    try {
      await onSwitch(next);
    } finally {
      setBusy(false);
    }
  }

  function toggle(next: boolean) {
    if (next) {
      void change(true);
      return;
    }
    modal.confirm({
      title: t('ads:module.closeTitle'),
      content: t('ads:module.closeConfirm'),
      okText: t('ads:module.close'),
      okButtonProps: { danger: true, 'data-testid': 'ads-module-close-confirm' } as ComponentProps<
        typeof Button
      >,
      cancelText: t('common:cancel'),
      onOk: () => change(false),
    });
  }

  return (
    <Card title={t('ads:module.title')} loading={loading && !settings} data-testid="ads-module-card">
      <Space orientation="vertical" size={8}>
        <Space size={12} align="center">
          <AdvancedOnly advanced={advanced}>
            <Switch
              checked={enabled}
              loading={busy}
              disabled={advanced !== true}
              onChange={toggle}
              aria-label={t('ads:module.title')}
              data-testid="ads-module-switch"
            />
          </AdvancedOnly>
          <Tag color={enabled ? 'green' : 'default'} data-testid="ads-module-state">
            {t(enabled ? 'ads:module.on' : 'ads:module.off')}
          </Tag>
        </Space>
        <Typography.Text type="secondary">
          {t(enabled ? 'ads:module.onHelp' : 'ads:module.offHelp')}
        </Typography.Text>
        {settings?.updatedAt && (
          <Typography.Text type="secondary">
            {t('ads:module.updatedAt', { time: formatTime(settings.updatedAt) })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
