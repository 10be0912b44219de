import { useMemo, useRef, type RefObject } from 'react';
import { Alert, App, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { EditorPageHead } from '../../../app/EditorPageHead';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { useEntitySave } from '../../../app/useEntitySave';
import type { FormLang } from '../../../schema-form/engineValidator';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { TurboStatusTag } from '../TurboStatusTag';
import { turboRoutes } from '../turboPaths';
import type { TurboScriptRow, TurboStatus } from '../turboTypes';
import { scriptEntry } from './scriptEntry';
import { ScriptSnippet } from './ScriptSnippet';
import { scriptForEditing } from './scriptForEditing';

/**
 * A new script starts offline (it goes online from the list when ready), the developers' box
 * unticked: left out, the form would fill its `const: true` in.
 */
const NEW_SCRIPT: Config = { status: 'offline', developersConsulted: false };

/** entity/turbo-script with its link template picked from the project's (none = every link). */
function useScriptEntry() {
  const { entry: registryEntry, error: entryError } = useSchemaEntry('entity', 'turbo-script');
  const { lang } = useFormLanguage(registryEntry?.locales);
  const entry = useMemo<SchemaEntry | undefined>(
    () => registryEntry && scriptEntry(registryEntry),
    [registryEntry],
  );
  return { entry, entryError, lang };
}

interface ScriptSaveInput {
  id: string | null;
  entry: SchemaEntry | undefined;
  lang: FormLang;
  form: RefObject<SchemaFormHandle | null>;
  listPath: string;
  /** The saved script's status, named when an edit asks once more. */
  savedStatus: TurboStatus | undefined;
}

/** Saving the script: an edit asks once more, naming what changes (online or offline). */
function useScriptSave({ id, entry, lang, form, listPath, savedStatus }: ScriptSaveInput) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useEntitySave({
    api: '/api/turbo-scripts',
    id,
    entry,
    lang,
    form,
    listPath,
    confirmEdit: (send) =>
      modal.confirm({
        title: t('turbo:script.confirmEdit.title'),
        content: t(
          savedStatus === 'online' ? 'turbo:script.confirmEdit.online' : 'turbo:script.confirmEdit.offline',
        ),
        okText: t('turbo:script.confirmEdit.ok'),
        cancelText: t('common:cancel'),
        onOk: send,
      }),
  });
}

/** A saved script's embed code. */
function EmbedCard({ script }: { script: TurboScriptRow }) {
  const { t } = useTranslation();
  return (
    <Card title={t('turbo:snippet.embedTitle')}>
      <ScriptSnippet scriptId={script.id} online={script.status === 'online'} />
    </Card>
  );
}

/**
 * The script editor (turboScriptConfig; `?id=` edits that script, without it a new one): the form
 * of entity/turbo-script, its link template picked from the project's (none = every link).
 * Editing a script requires confirming developers were consulted: an opened script comes with the
 * box unticked, the engine refuses it unticked, and saving an edit asks once more, naming what
 * changes. Status changes go through the list's confirmed actions. Viewers see it read-only.
 */
export function TurboScriptConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry, entryError, lang } = useScriptEntry();
  const saved = useSWR<TurboScriptRow>(id ? `/api/turbo-scripts/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const listPath = projectPath(turboRoutes.scripts, projectId);
  const initialData = useMemo(
    () => (id ? saved.data && scriptForEditing(saved.data.config) : NEW_SCRIPT),
    [id, saved.data],
  );
  const { submit, busy } = useScriptSave({
    id,
    entry,
    lang,
    form,
    listPath,
    savedStatus: saved.data?.status,
  });

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.name ?? t('menu:page.turboScriptConfig')) : t('turbo:script.newTitle');

  return (
    <div className="gc-page">
      <EditorPageHead
        listPath={listPath}
        backLabel={t('turbo:script.back')}
        title={
          <Space>
            {heading}
            {saved.data && <TurboStatusTag status={saved.data.status} />}
          </Space>
        }
        subtitle={
          <Typography.Text type="secondary">
            {canEdit ? t('turbo:script.formDescription') : t('turbo:script.readOnly')}
          </Typography.Text>
        }
        canEdit={canEdit}
        busy={busy}
        saveDisabled={Boolean(loading || failed)}
        saveTestId="turbo-script-save"
        onSave={submit}
      />
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
      {saved.data && <EmbedCard script={saved.data} />}
    </div>
  );
}
