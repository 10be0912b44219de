import { useMemo, useRef } from 'react';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { EditorPageHead } from '../../app/EditorPageHead';
import { projectPath } from '../../app/routeTable';
import { useEntitySave } from '../../app/useEntitySave';
import { useCanEdit } from '../../app/useCanEdit';
import { SchemaForm, type SchemaFormHandle } from '../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import { useFormLanguage } from '../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../schema-form/useSchemaEntry';
import { useSession } from '../../session/useSession';
import { exclusiveTasksWidget } from './exclusiveTasksWidget';
import { taskCenterRoutes } from './taskPaths';
import { TaskStatusTag } from './TaskStatusTag';
import type { TaskRow } from './taskTypes';

/** A new task starts offline, permanent and unlimited: it goes online from the list when ready. */
const NEW_TASK: Config = {
  status: 'offline',
  period: { mode: 'permanent' },
  limits: { daily: 0, weekly: 0, total: 0 },
  push: { enabled: false },
};

/**
 * The task editor (taskCenterConfig; `?id=` edits that task, without it a new one): every field
 * of entity/task generated from its schema and checked by the engine before it is sent; the
 * server's field errors (a taken key, an unknown exclusive task or user type) land under their
 * fields. Viewers see the task read-only.
 */
export function TaskConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry: registryEntry, error: entryError } = useSchemaEntry('entity', 'task');
  const { lang } = useFormLanguage(registryEntry?.locales);
  const saved = useSWR<TaskRow>(id ? `/api/tasks/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const listPath = projectPath(taskCenterRoutes.list, projectId);
  const ownKey = saved.data?.key ?? null;

  // The registry's entry with the exclusive tasks picked from the project's other tasks.
  const entry = useMemo<SchemaEntry | undefined>(() => {
    if (!registryEntry) return undefined;
    const own = registryEntry.ui.exclusiveWith;
    return {
      ...registryEntry,
      ui: {
        ...registryEntry.ui,
        exclusiveWith: {
          ...(typeof own === 'object' && own !== null ? own : {}),
          'ui:widget': exclusiveTasksWidget(ownKey),
        },
      },
    };
  }, [registryEntry, ownKey]);

  const { submit, busy } = useEntitySave({ api: '/api/tasks', id, entry, lang, form, listPath });

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.title ?? t('menu:page.taskCenterConfig')) : t('taskCenter:form.newTitle');

  return (
    <div className="gc-page">
      <EditorPageHead
        listPath={listPath}
        backLabel={t('taskCenter:form.back')}
        title={
          <Space>
            {heading}
            {saved.data && <TaskStatusTag status={saved.data.status} />}
          </Space>
        }
        subtitle={
          <Typography.Text type="secondary">
            {canEdit ? t('taskCenter:form.description') : t('taskCenter:form.readOnly')}
          </Typography.Text>
        }
        canEdit={canEdit}
        busy={busy}
        saveDisabled={Boolean(loading || failed)}

        onSave={submit}
      />
      <Card>
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={saved.error ? t('taskCenter:form.notFound') : t('common:formUnavailable')}
          />
        ) : loading || !entry ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <SchemaForm
            key={id ?? 'new'}
            ref={form}
            entry={entry}
            initialData={id ? saved.data?.config : NEW_TASK}
            disabled={!canEdit}
          />
        )}
      </Card>
    </div>
  );
}
