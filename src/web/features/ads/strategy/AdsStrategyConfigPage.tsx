import { useRef } from 'react';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { EditorPageHead } from '../../../app/EditorPageHead';
import { projectPath } from '../../../app/routeTable';
import { useEntitySave } from '../../../app/useEntitySave';
import { useCanEdit } from '../../../app/useCanEdit';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { Config } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
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
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { settings } = useAdsSettings();
  const { entry, error: entryError } = useSchemaEntry('entity', 'ads-strategy');
  const { lang } = useFormLanguage(entry?.locales);
  const saved = useSWR<AdsStrategyRow>(id ? `${API}/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const listPath = projectPath(adsRoutes.strategies, projectId);

  const { submit, busy } = useEntitySave({ api: API, id, entry, lang, form, listPath });

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.name ?? t('menu:page.adsStrategyConfig')) : t('ads:strategy.newTitle');

  return (
    <div className="gc-page">
      <EditorPageHead
        listPath={listPath}
        backLabel={t('ads:strategy.back')}
        title={saved.data ? `#${saved.data.number} ${heading}` : heading}
        subtitle={
          <Typography.Text type="secondary">
            {canEdit ? t('ads:strategy.formDescription') : t('ads:strategy.readOnly')}
          </Typography.Text>
        }
        canEdit={canEdit}
        busy={busy}
        saveDisabled={Boolean(loading || failed)}
        saveTestId="ads-strategy-save"
        onSave={submit}
      />
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
