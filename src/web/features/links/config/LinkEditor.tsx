import { createRef, useMemo, useState, type RefObject } from 'react';
import { Alert, App, Button, Card, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { RequestError, type FieldError } from '../../../api/RequestError';
import { projectPath } from '../../../app/routeTable';
import { validateConfig } from '../../../schema-form/engineValidator';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import { entryText, type SchemaEntry } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSession } from '../../../session/useSession';
import { linkReportPath, linkRoutes } from '../linkRoutes';
import type { EntityConfig, LinkItem, LinkTemplate, RedirectMode } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { pruneEmptyObjects } from '../pruneEmptyObjects';
import { useInvalidate } from '../useInvalidate';
import { LinkIdentityFields, type LinkIdentity } from './LinkIdentityFields';
import { linkSections, mergeLinkConfig, ownFields, splitErrors } from './linkSections';
import { linkHasDestination } from '../../../../engine/rules/linkDestinations';
import { NoDestinationAlert } from '../noDestination/NoDestinationAlert';
import { useRedirectFallbacks } from '../noDestination/useRedirectFallbacks';

const NEW_LINK: EntityConfig = { redirectMode: 'template' };

function schemaFields(entry: SchemaEntry): string[] {
  const properties = entry.schema.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

function byField(errors: readonly FieldError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const field = error.path.split('/')[1] ?? '';
    (out[field] ??= []).push(error.message);
  }
  return out;
}

interface Props {
  entry: SchemaEntry;
  /** The saved link, or undefined for a new one. */
  link?: LinkItem;
  /** The template of a new link (from the route). */
  templateId: string;
  /** A free id from the server for a new link ("restore default" puts it back). */
  suggestedLinkId?: string;
}

/**
 * Every field of entity/link: template, id and tags with the page's pickers, the rest in
 * schema-generated sections (redirect targets only in custom mode); the engine checks it all
 * before the server sees it, and the server's field errors land under their fields.
 */
export function LinkEditor({ entry, link, templateId, suggestedLinkId }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const { lang } = useFormLanguage(entry.locales);
  const initial = link?.config ?? NEW_LINK;
  const defaultLinkId = link?.linkId ?? suggestedLinkId;
  const [identity, setIdentity] = useState<LinkIdentity>(() => ({
    linkId: defaultLinkId ?? '',
    templateId: link?.templateId ?? templateId,
    tags: link?.tags ?? [],
  }));
  const [redirectMode, setRedirectMode] = useState<RedirectMode>(
    initial.redirectMode === 'custom' ? 'custom' : 'template',
  );
  // The redirect section as edited so far (mode and custom addresses), for the destination warning.
  const [redirectDraft, setRedirectDraft] = useState<EntityConfig>(initial);
  const template = useSWR<LinkTemplate>(
    identity.templateId ? `/api/link-templates/${encodeURIComponent(identity.templateId)}` : null,
  );
  const fallbacks = useRedirectFallbacks();
  const noDestination =
    fallbacks !== undefined &&
    (redirectMode === 'custom' || template.data !== undefined) &&
    !linkHasDestination(
      { redirectMode, redirects: redirectDraft.redirects },
      template.data?.config,
      fallbacks,
    );
  const [ownErrors, setOwnErrors] = useState<FieldError[]>([]);
  const [otherErrors, setOtherErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  // One handle per section form, kept for the editor's life.
  const [formRefs] = useState(() => new Map<string, RefObject<SchemaFormHandle | null>>());
  const listPath = projectPath(linkRoutes.links, projectId);
  const sections = useMemo(() => linkSections(schemaFields(entry), redirectMode), [entry, redirectMode]);

  const refOf = (key: string) => {
    let ref = formRefs.get(key);
    if (!ref) formRefs.set(key, (ref = createRef<SchemaFormHandle>()));
    return ref;
  };

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
    const own = validateConfig(entry.schema, config, lang).filter((issue) =>
      (ownFields as readonly string[]).includes(issue.path.split('/')[1] ?? ''),
    );
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

  const label = (field: string) => entryText(entry, `fields.${field}`, lang);
  const tagsSchema = (entry.schema.properties as Record<string, { maxItems?: number }> | undefined)?.tags;

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
            <Typography.Title level={3}>{link ? link.name : t('links:links.add')}</Typography.Title>
            {link && <Typography.Text copyable>{link.url}</Typography.Text>}
          </div>
        </Space>
        {canEdit && (
          <Space>
            <Button onClick={() => navigate(listPath)}>{t('common:cancel')}</Button>
            <Button type="primary" loading={busy} onClick={submit}>
              {t('common:save')}
            </Button>
          </Space>
        )}
      </div>
      {otherErrors.length > 0 && (
        <Alert type="error" showIcon title={otherErrors.map((error) => error.message).join('; ')} />
      )}
      {noDestination && (
        <NoDestinationAlert
          title={t('links:noDestination.linkTitle')}
          description={
            redirectMode === 'custom'
              ? t('links:noDestination.linkCustomBody')
              : t('links:noDestination.linkTemplateBody', { template: template.data?.name ?? '' })
          }
        />
      )}
      {sections.map((section, index) => (
        <Card key={section.key} title={t(`links:config.section.${section.key}`)}>
          <SchemaForm
            ref={refOf(section.key)}
            entry={entry}
            fields={section.fields}
            initialData={initial}
            disabled={!canEdit}
            onChange={
              section.key === 'redirect'
                ? (data) => {
                    setRedirectMode(data.redirectMode === 'custom' ? 'custom' : 'template');
                    setRedirectDraft(data);
                  }
                : undefined
            }
          />
          {index === 0 && (
            <LinkIdentityFields
              value={identity}
              onChange={(next) => {
                setIdentity(next);
                setOwnErrors([]);
              }}
              defaultLinkId={defaultLinkId}
              errors={byField(ownErrors)}
              labels={{ linkId: label('linkId'), templateId: label('templateId'), tags: label('tags') }}
              maxTags={tagsSchema?.maxItems}
              disabled={!canEdit}
            />
          )}
        </Card>
      ))}
    </div>
  );
}
