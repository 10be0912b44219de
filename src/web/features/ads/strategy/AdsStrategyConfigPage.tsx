import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { RequestError } from '../../../api/RequestError';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { validateConfig } from '../../../schema-form/engineValidator';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { Config } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { pruneEmptyObjects } from '../../links/pruneEmptyObjects';
import { useInvalidate } from '../../links/useInvalidate';
import { adsRoutes } from '../adsPaths';
import type { AdsStrategyRow } from '../adsTypes';
import { CopyValue } from '../CopyValue';
import { ModuleOffAlert } from '../ModuleOffAlert';
import { useAdsSettings } from '../useAdsSettings';
import { StrategySharesPanel } from './StrategySharesPanel';

/** A new strategy: one list of URLs for every language, split by the ratios the operator sets. */
const NEW_STRATEGY: Config = { type: 'general', distribution: 'custom' };
const API = '/api/ads/strategies';

/**
 * The strategy editor (adsStrategyConfig; `?id=` edits that strategy, without it a new one): the
 * form of entity/ads-strategy (ratio rules checked by the engine as the server does), and for a
 * saved strategy its serve URL and the current shares with their reasons. Viewers see it read-only.
 */
export function AdsStrategyConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { settings } = useAdsSettings();
  const { entry, error: entryError } = useSchemaEntry('entity', 'ads-strategy');
  const { lang } = useFormLanguage(entry?.locales);
  const saved = useSWR<AdsStrategyRow>(id ? `${API}/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [busy, setBusy] = useState(false);
  const listPath = projectPath(adsRoutes.strategies, projectId);

  async function submit() {
    const handle = form.current;
    if (!handle || !entry) return;
    const config = pruneEmptyObjects(handle.getData());
    const issues = validateConfig(entry.schema, config, lang);
    if (issues.length > 0) {
      handle.showErrors(issues);
      return;
    }
    setBusy(true);
    try {
      if (id) await client.put(`${API}/${encodeURIComponent(id)}`, config);
      else await client.post(API, config);
      void message.success(t(id ? 'common:updated' : 'common:created'));
      await invalidate(API);
      navigate(listPath);
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) handle.showErrors(error.errors);
    } finally {
      setBusy(false);
    }
  }

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.name ?? t('menu:page.adsStrategyConfig')) : t('ads:strategy.newTitle');

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('ads:strategy.back')}
            onClick={() => navigate(listPath)}
          />
          <div>
            <Typography.Title level={3}>
              {saved.data ? `#${saved.data.number} ${heading}` : heading}
            </Typography.Title>
            <Typography.Text type="secondary">
              {canEdit ? t('ads:strategy.formDescription') : t('ads:strategy.readOnly')}
            </Typography.Text>
          </div>
        </Space>
        {canEdit && (
          <Space>
            <Button onClick={() => navigate(listPath)}>{t('common:cancel')}</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={Boolean(loading || failed)}
              onClick={() => void submit()}
              data-testid="ads-strategy-save"
            >
              {t('common:save')}
            </Button>
          </Space>
        )}
      </div>
      <ModuleOffAlert settings={settings} />
      <Card data-testid="ads-strategy-form">
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={saved.error ? t('ads:strategy.notFound') : t('common:formUnavailable')}
          />
        ) : loading || !entry ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <SchemaForm
            key={id ?? 'new'}
            ref={form}
            entry={entry}
            initialData={id ? saved.data?.config : NEW_STRATEGY}
            disabled={!canEdit}
          />
        )}
      </Card>
      {saved.data && (
        <Card title={t('ads:strategy.serveUrl')}>
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('ads:strategy.serveHelp')}</Typography.Text>
            <CopyValue
              value={saved.data.serveUrl}
              label={t('ads:strategy.serveUrl')}
              testId="ads-serve-url"
            />
          </Space>
        </Card>
      )}
      {saved.data && (
        <StrategySharesPanel strategyId={saved.data.id} currency={settings?.currency ?? 'USD'} />
      )}
    </div>
  );
}
