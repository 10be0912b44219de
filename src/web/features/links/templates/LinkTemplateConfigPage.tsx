import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { projectPath } from '../../../app/routeTable';
import { formatNumber } from '../../../charts/formatNumber';
import { RequestError } from '../../../api/RequestError';
import { localizeTemplate } from '../../../../engine/registry/localizeTemplate';
import { validateConfig } from '../../../schema-form/engineValidator';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import { entryText } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { linkRoutes } from '../linkRoutes';
import type { EntityConfig, LinkTemplate } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { pruneEmptyObjects } from '../pruneEmptyObjects';
import { useInvalidate } from '../useInvalidate';
import { templateHasDestination } from '../../../../engine/rules/linkDestinations';
import { NoDestinationAlert } from '../noDestination/NoDestinationAlert';
import { useRedirectFallbacks } from '../noDestination/useRedirectFallbacks';

/**
 * Link template editor (templateConfig, `?id=` to edit): every field of entity/link-template,
 * generated from its schema and validated by the engine; a new one may start from a sample.
 */
export function LinkTemplateConfigPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry, error: entryError } = useSchemaEntry('entity', 'link-template');
  const { lang } = useFormLanguage(entry?.locales);
  const saved = useSWR<LinkTemplate>(id ? `/api/link-templates/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [start, setStart] = useState<{ name: string; config: EntityConfig }>();
  const [busy, setBusy] = useState(false);
  // The config as edited so far (undefined: as loaded), for the destination warning.
  const [draft, setDraft] = useState<EntityConfig>();
  const fallbacks = useRedirectFallbacks();
  const listPath = projectPath(linkRoutes.templates, projectId);
  const shown = draft ?? (id ? saved.data?.config : start?.config) ?? {};
  const noDestination = fallbacks !== undefined && !templateHasDestination(shown, fallbacks);

  function save(config: EntityConfig) {
    return id
      ? client.put<LinkTemplate>(`/api/link-templates/${encodeURIComponent(id)}`, config)
      : client.post<LinkTemplate>('/api/link-templates', config);
  }

  // Not the form's own submit: the config is checked and sent without the empty groups the form
  // leaves behind (an untouched attribution window is unset, not a window missing its unit).
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
      const stored = await save(config);
      void message.success(t(id ? 'common:updated' : 'common:created'));
      if (!stored.hasDestination) void message.warning(t('links:noDestination.saved'));
      await invalidate('/api/link-templates');
      navigate(listPath);
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) handle.showErrors(error.errors);
    } finally {
      setBusy(false);
    }
  }

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('links:back')}
            onClick={() => navigate(listPath)}
          />
          <div>
            <Typography.Title level={3}>
              {id ? (saved.data?.name ?? t('menu:page.linkTemplateConfig')) : t('links:templates.add')}
            </Typography.Title>
            {saved.data && (
              <Typography.Text type="secondary">
                {t('links:templates.usedBy', {
                  count: saved.data.linkCount,
                  total: formatNumber(saved.data.linkCount),
                })}
              </Typography.Text>
            )}
          </div>
        </Space>
        {canEdit && (
          <Space>
            <Button onClick={() => navigate(listPath)}>{t('common:cancel')}</Button>
            <Button type="primary" loading={busy} disabled={Boolean(loading || failed)} onClick={submit}>
              {t('common:save')}
            </Button>
          </Space>
        )}
      </div>
      {!id && entry && entry.templates.length > 0 && canEdit && (
        <Card size="small">
          <Space wrap>
            <Typography.Text>{t('links:templates.startFrom')}</Typography.Text>
            <Select
              allowClear
              style={{ minWidth: 240 }}
              placeholder={t('links:templates.blank')}
              aria-label={t('links:templates.startFrom')}
              value={start?.name}
              onChange={(name?: string) => {
                setDraft(undefined);
                const sample = entry.templates.find((item) => item.name === name);
                setStart(
                  sample && {
                    name: sample.name,
                    // The sample in the console language (its name from the entry's strings).
                    config: localizeTemplate(
                      sample.name,
                      sample.config as EntityConfig,
                      entry.locales,
                      i18n.language,
                    ),
                  },
                );
              }}
              options={entry.templates.map((item) => ({
                value: item.name,
                label: entryText(entry, item.title, i18n.language),
              }))}
            />
          </Space>
        </Card>
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
