import { useState, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequestError } from '../../../api/RequestError';
import { validateConfig, type FormLang } from '../../../schema-form/engineValidator';
import type { SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import { useSession } from '../../../session/useSession';
import type { EntityConfig, LinkTemplate } from '../linkTypes';
import { pruneEmptyObjects } from '../pruneEmptyObjects';
import { useInvalidate } from '../useInvalidate';

interface LinkTemplateSaveOptions {
  /** The saved template edited, or null for a new one. */
  id: string | null;
  entry: SchemaEntry | undefined;
  lang: FormLang;
  form: RefObject<SchemaFormHandle | null>;
  listPath: string;
}

/**
 * Saving the link template editor: the engine checks the config first, then PUT
 * /api/link-templates/:id or POST /api/link-templates, refresh the list and go back to it; field
 * errors (the engine's or the server's) land under their fields.
 */
export function useLinkTemplateSave({ id, entry, lang, form, listPath }: LinkTemplateSaveOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client } = useSession();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

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

  return { submit, busy };
}
