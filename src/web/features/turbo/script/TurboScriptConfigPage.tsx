import { useMemo, useRef, useState } from 'react';
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
import type { Config, SchemaEntry } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { pruneEmptyObjects } from '../../links/pruneEmptyObjects';
import { useInvalidate } from '../../links/useInvalidate';
import { LinkTemplateWidget } from '../LinkTemplateWidget';
import { TurboStatusTag } from '../TurboStatusTag';
import { turboRoutes } from '../turboPaths';
import type { TurboScriptRow } from '../turboTypes';
import { withFieldUi } from '../withFieldUi';
import { ScriptSnippet } from './ScriptSnippet';
import { scriptForEditing } from './scriptForEditing';

/**
 * A new script starts offline (it goes online from the list when ready), the developers' box
 * unticked: left out, the form would fill its `const: true` in.
 */
const NEW_SCRIPT: Config = { status: 'offline', developersConsulted: false };

/**
 * The script editor (turboScriptConfig; `?id=` edits that script, without it a new one): the form
 * of entity/turbo-script, its link template picked from the project's (none = every link).
 * Editing a script requires confirming developers were consulted (SPEC 4): an opened script comes
 * with the box unticked, the engine refuses it unticked, and saving an edit asks once more, naming
 * what changes. Status changes go through the list's confirmed actions. Viewers see it read-only.
 */
export function TurboScriptConfigPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry: registryEntry, error: entryError } = useSchemaEntry('entity', 'turbo-script');
  const { lang } = useFormLanguage(registryEntry?.locales);
  const saved = useSWR<TurboScriptRow>(id ? `/api/turbo-scripts/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [busy, setBusy] = useState(false);
  const listPath = projectPath(turboRoutes.scripts, projectId);
  const initialData = useMemo(
    () => (id ? saved.data && scriptForEditing(saved.data.config) : NEW_SCRIPT),
    [id, saved.data],
  );

  const entry = useMemo<SchemaEntry | undefined>(
    () =>
      registryEntry &&
      withFieldUi(registryEntry, {
        linkTemplateId: {
          'ui:widget': LinkTemplateWidget,
          'ui:options': { everyLink: true },
        },
        status: { 'ui:widget': 'hidden' },
      }),
    [registryEntry],
  );

  async function save(config: Config) {
    const handle = form.current;
    setBusy(true);
    try {
      if (id) await client.put(`/api/turbo-scripts/${encodeURIComponent(id)}`, config);
      else await client.post('/api/turbo-scripts', config);
      void message.success(t(id ? 'common:updated' : 'common:created'));
      await invalidate('/api/turbo-scripts');
      navigate(listPath);
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) handle?.showErrors(error.errors);
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    const handle = form.current;
    if (!handle || !entry) return;
    const config = pruneEmptyObjects(handle.getData());
    const issues = validateConfig(entry.schema, config, lang);
    if (issues.length > 0) {
      handle.showErrors(issues);
      return;
    }
    if (!id) {
      void save(config);
      return;
    }
    modal.confirm({
      title: t('turbo:script.confirmEdit.title'),
      content: t(
        saved.data?.status === 'online'
          ? 'turbo:script.confirmEdit.online'
          : 'turbo:script.confirmEdit.offline',
      ),
      okText: t('turbo:script.confirmEdit.ok'),
      cancelText: t('common:cancel'),
      onOk: () => save(config),
    });
  }

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.name ?? t('menu:page.turboScriptConfig')) : t('turbo:script.newTitle');

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('turbo:script.back')}
            onClick={() => navigate(listPath)}
          />
          <div>
            <Typography.Title level={3}>
              <Space>
                {heading}
                {saved.data && <TurboStatusTag status={saved.data.status} />}
              </Space>
            </Typography.Title>
            <Typography.Text type="secondary">
              {canEdit ? t('turbo:script.formDescription') : t('turbo:script.readOnly')}
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
              onClick={submit}
              data-testid="turbo-script-save"
            >
              {t('common:save')}
            </Button>
          </Space>
        )}
      </div>
      {id && canEdit && saved.data && (
        <Alert
          type="warning"
          showIcon
          title={t('turbo:script.consultAgain')}
          data-testid="turbo-script-consult"
        />
      )}
      <Card>
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={saved.error ? t('turbo:script.notFound') : t('common:formUnavailable')}
          />
        ) : loading || !entry ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <SchemaForm
            key={id ?? 'new'}
            ref={form}
            entry={entry}
            initialData={initialData}
            disabled={!canEdit}
          />
        )}
      </Card>
      {saved.data && (
        <Card title={t('turbo:snippet.embedTitle')}>
          <ScriptSnippet scriptId={saved.data.id} online={saved.data.status === 'online'} />
        </Card>
      )}
    </div>
  );
}
