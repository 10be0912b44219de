import { useState, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequestError, type FieldError } from '../../../api/RequestError';
import { projectPath } from '../../../app/routeTable';
import { validateConfig, type FormLang } from '../../../schema-form/engineValidator';
import type { SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import { useSession } from '../../../session/useSession';
import { linkReportPath, linkRoutes } from '../linkRoutes';
import type { LinkItem } from '../linkTypes';
import { pruneEmptyObjects } from '../pruneEmptyObjects';
import { useInvalidate } from '../useInvalidate';
import type { LinkIdentity } from './LinkIdentityFields';
import { mergeLinkConfig, ownIssues, splitErrors, type LinkSection } from './linkSections';

interface LinkSaveOptions {
  entry: SchemaEntry;
  lang: FormLang;
  /** The saved link, or undefined for a new one. */
  link?: LinkItem;
  identity: LinkIdentity;
  sections: LinkSection[];
  /** The form of a section. */
  refOf(key: string): RefObject<SchemaFormHandle | null>;
}

/**
 * Saving the link editor: the sections' forms and the engine (for the page's pickers) check it
 * first; then PUT /api/links/:id or POST /api/links, refresh the lists, and go to the list (an
 * edit) or the new link's report. The server's field errors land in their section, under the
 * pickers (`ownErrors`), or above the page (`otherErrors`).
 */
export function useLinkSave({ entry, lang, link, identity, sections, refOf }: LinkSaveOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const invalidate = useInvalidate();
  const [ownErrors, setOwnErrors] = useState<FieldError[]>([]);
  const [otherErrors, setOtherErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const listPath = projectPath(linkRoutes.links, projectId);

  async function submit() {
    setOtherErrors([]);
    const forms = sections.map((section) => ({ section, form: refOf(section.key).current }));
    const formIssues = forms.flatMap(({ form }) => form?.validate() ?? []);
    const config = pruneEmptyObjects(
      mergeLinkConfig(
        forms.map(({ section, form }) => ({ fields: section.fields, data: form?.getData() ?? {} })),
        identity,
      ),
    );
    const own = ownIssues(validateConfig(entry.schema, config, lang));
    setOwnErrors(own);
    if (formIssues.length > 0 || own.length > 0) return;
    setBusy(true);
    try {
      const saved = link
        ? await client.put<LinkItem>(`/api/links/${encodeURIComponent(link.id)}`, config)
        : await client.post<LinkItem>('/api/links', config);
      void message.success(t(link ? 'common:updated' : 'common:created'));
      if (!saved.hasDestination) void message.warning(t('links:noDestination.saved'));
      // Counts on templates and tags change with the link; new tags are created on save.
      await invalidate('/api/links', '/api/link-templates', '/api/tags');
      navigate(link ? listPath : linkReportPath(projectId, saved.id));
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) {
        const split = splitErrors(error.errors, sections);
        split.bySection.forEach((list, index) => refOf(sections[index].key).current?.showErrors(list));
        setOwnErrors(split.own);
        setOtherErrors(split.other);
      }
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, ownErrors, setOwnErrors, otherErrors };
}
