import { useRef, useState } from 'react';
import { Alert, App, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { templateHasDestination } from '../../../../engine/rules/linkDestinations';
import { EditorPageHead } from '../../../app/EditorPageHead';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { useEntitySave } from '../../../app/useEntitySave';
import { formatNumber } from '../../../charts/formatNumber';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { linkRoutes } from '../linkRoutes';
import type { EntityConfig, LinkTemplate } from '../linkTypes';
import { NoDestinationAlert } from '../noDestination/NoDestinationAlert';
import { useRedirectFallbacks } from '../noDestination/useRedirectFallbacks';
import { TemplateSamplePicker, type TemplateStart } from './TemplateSamplePicker';

/**
 * Link template editor (templateConfig, `?id=` to edit): every field of entity/link-template,
 * generated from its schema and validated by the engine; a new one may start from a sample.
 */
export function LinkTemplateConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry, error: entryError } = useSchemaEntry('entity', 'link-template');
  const { lang } = useFormLanguage(entry?.locales);
  const saved = useSWR<LinkTemplate>(id ? `/api/link-templates/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [start, setStart] = useState<TemplateStart>();
  // The config as edited so far (undefined: as loaded), for the destination warning.
  const [draft, setDraft] = useState<EntityConfig>();
  const fallbacks = useRedirectFallbacks();
  const listPath = projectPath(linkRoutes.templates, projectId);
  const shown = draft ?? (id ? saved.data?.config : start?.config) ?? {};
  const noDestination = fallbacks !== undefined && !templateHasDestination(shown, fallbacks);
  const { message } = App.useApp();
  const { submit, busy } = useEntitySave<LinkTemplate>({
    api: '/api/link-templates',
    id,
    entry,
    lang,
    form,
    listPath,
    onSaved: (stored) => {
      if (!stored.hasDestination) void message.warning(t('links:noDestination.saved'));
    },
  });

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;

  return (
    <div className="gc-page">
      <EditorPageHead
        listPath={listPath}
        backLabel={t('links:back')}
        title={id ? (saved.data?.name ?? t('menu:page.linkTemplateConfig')) : t('links:templates.add')}
        subtitle={
          saved.data && (
            <Typography.Text type="secondary">
              {t('links:templates.usedBy', {
                count: saved.data.linkCount,
                total: formatNumber(saved.data.linkCount),
              })}
            </Typography.Text>
          )
        }
        canEdit={canEdit}
        busy={busy}
        saveDisabled={Boolean(loading || failed)}
        onSave={submit}
      />
      {!id && entry && entry.templates.length > 0 && canEdit && (
        <TemplateSamplePicker
          entry={entry}
          value={start}
          onChange={(next) => {
            setDraft(undefined);
            setStart(next);
          }}
        />
      )}
      {!loading && !failed && noDestination && (
        <NoDestinationAlert
          title={t('links:noDestination.templateTitle')}
          description={t('links:noDestination.templateBody')}
        />
      )}
      <Card>
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={saved.error ? t('links:templates.notFound') : t('links:formUnavailable')}
          />
        ) : loading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <SchemaForm
            key={id ?? start?.name ?? 'blank'}
            ref={form}
            entry={entry}
            initialData={id ? saved.data?.config : start?.config}
            disabled={!canEdit}
            onChange={setDraft}
          />
        )}
      </Card>
    </div>
  );
}
