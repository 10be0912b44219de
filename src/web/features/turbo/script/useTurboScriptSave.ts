import { useState, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequestError } from '../../../api/RequestError';
import { validateConfig, type FormLang } from '../../../schema-form/engineValidator';
import type { SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../../schema-form/schemaEntry';
import { useSession } from '../../../session/useSession';
import { pruneEmptyObjects } from '../../links/pruneEmptyObjects';
import { useInvalidate } from '../../links/useInvalidate';
import type { TurboScriptRow } from '../turboTypes';

interface TurboScriptSaveOptions {
  /** The saved script edited, or null for a new one. */
  id: string | null;
  /** The saved script, once loaded: the confirmation names whether it is online. */
  saved: TurboScriptRow | undefined;
  entry: SchemaEntry | undefined;
  lang: FormLang;
  form: RefObject<SchemaFormHandle | null>;
  listPath: string;
}

/**
 * Saving the script editor: the engine checks the config first; an edit asks once more, naming
 * what changes (online or offline), then PUT /api/turbo-scripts/:id, a new script POST
 * /api/turbo-scripts straight away; then the list is refreshed and shown. Field errors (the
 * engine's or the server's) land under their fields.
 */
export function useTurboScriptSave({ id, saved, entry, lang, form, listPath }: TurboScriptSaveOptions) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { client } = useSession();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

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
        saved?.status === 'online' ? 'turbo:script.confirmEdit.online' : 'turbo:script.confirmEdit.offline',
      ),
      okText: t('turbo:script.confirmEdit.ok'),
      cancelText: t('common:cancel'),
      onOk: () => save(config),
    });
  }

  return { submit, busy };
}
