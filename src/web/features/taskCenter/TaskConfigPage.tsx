import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { RequestError } from '../../api/RequestError';
import { projectPath } from '../../app/routeTable';
import { useCanEdit } from '../../app/useCanEdit';
import { validateConfig } from '../../schema-form/engineValidator';
import { SchemaForm, type SchemaFormHandle } from '../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import { useFormLanguage } from '../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../schema-form/useSchemaEntry';
import { useSession } from '../../session/useSession';
import { pruneEmptyObjects } from '../links/pruneEmptyObjects';
import { useInvalidate } from '../links/useInvalidate';
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
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry: registryEntry, error: entryError } = useSchemaEntry('entity', 'task');
  const { lang } = useFormLanguage(registryEntry?.locales);
  const saved = useSWR<TaskRow>(id ? `/api/tasks/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [busy, setBusy] = useState(false);
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

  async function submit() {
    const handle = form.current;
    if (!handle || !entry) return;
    // Groups the form leaves empty (an untouched push text) are unset, not half filled.
    const config = pruneEmptyObjects(handle.getData());
    const issues = validateConfig(entry.schema, config, lang);
    if (issues.length > 0) {
      handle.showErrors(issues);
      return;
    }
    setBusy(true);
    try {
      if (id) await client.put(`/api/tasks/${encodeURIComponent(id)}`, config);
      else await client.post('/api/tasks', config);
      void message.success(t(id ? 'common:updated' : 'common:created'));
      await invalidate('/api/tasks');
      navigate(listPath);
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) handle.showErrors(error.errors);
    } finally {
      setBusy(false);
    }
  }

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.title ?? t('menu:page.taskCenterConfig')) : t('taskCenter:form.newTitle');

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('taskCenter:form.back')}
            onClick={() => navigate(listPath)}
          />
          <div>
            <Typography.Title level={3}>
              <Space>
                {heading}
                {saved.data && <TaskStatusTag status={saved.data.status} />}
              </Space>
            </Typography.Title>
            <Typography.Text type="secondary">
              {canEdit ? t('taskCenter:form.description') : t('taskCenter:form.readOnly')}
            </Typography.Text>
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
