import { useState, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequestError } from '../api/RequestError';
import { validateConfig, type FormLang } from '../schema-form/engineValidator';
import type { SchemaFormHandle } from '../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../schema-form/schemaEntry';
import { useSession } from '../session/useSession';
import { pruneEmptyObjects } from '../features/links/pruneEmptyObjects';
import { useInvalidate } from '../features/links/useInvalidate';

export interface EntitySaveOptions<T> {
  /** The collection's API path (`/api/tasks`): POST there, PUT to `{api}/{id}`. */
  api: string;
  /** The saved entity edited, or null for a new one. */
  id: string | null;
  entry: SchemaEntry | undefined;
  lang: FormLang;
  form: RefObject<SchemaFormHandle | null>;
  /** Where the editor goes after a save. */
  listPath: string;
  /** Told the stored entity after the "saved" message, before the list is shown. */
  onSaved?: (stored: T) => void;
  /** Asked before an edit is sent; calls `send` to go on (a new entity is sent at once). */
  confirmEdit?: (send: () => Promise<void>) => void;
}

/**
 * Saving a schema-driven editor: the config without the empty groups the form leaves behind (an
 * untouched group is unset, not half filled) is checked by the engine first, then PUT
 * `{api}/{id}` or POST `{api}`; the list is refreshed and shown. Field errors, the engine's or the
 * server's, land under their fields.
 */
export function useEntitySave<T = unknown>(options: EntitySaveOptions<T>) {
  const { api, id, entry, lang, form, listPath } = options;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client } = useSession();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

  async function send(config: Config) {
    setBusy(true);
    try {
      const stored = id
        ? await client.put<T>(`${api}/${encodeURIComponent(id)}`, config)
        : await client.post<T>(api, config);
      void message.success(t(id ? 'common:updated' : 'common:created'));
      options.onSaved?.(stored);
      await invalidate(api);
      navigate(listPath);
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) form.current?.showErrors(error.errors);
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
    if (id && options.confirmEdit) options.confirmEdit(() => send(config));
    else void send(config);
  }

  return { submit, busy };
}
