import { useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditorPageHead } from '../../../app/EditorPageHead';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { SchemaForm } from '../../../schema-form/SchemaForm';
import { entryText, type SchemaEntry } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSession } from '../../../session/useSession';
import { linkRoutes } from '../linkRoutes';
import type { EntityConfig, LinkItem } from '../linkTypes';
import { NoDestinationAlert } from '../noDestination/NoDestinationAlert';
import { LinkIdentityFields, type LinkIdentity } from './LinkIdentityFields';
import { byField } from './linkSections';
import { useLinkRedirect } from './useLinkRedirect';
import { useLinkSave } from './useLinkSave';
import { useLinkSections } from './useLinkSections';

const NEW_LINK: EntityConfig = { redirectMode: 'template' };

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
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const { lang } = useFormLanguage(entry.locales);
  const initial = link?.config ?? NEW_LINK;
  const defaultLinkId = link?.linkId ?? suggestedLinkId;
  const [identity, setIdentity] = useState<LinkIdentity>(() => ({
    linkId: defaultLinkId ?? '',
    templateId: link?.templateId ?? templateId,
    tags: link?.tags ?? [],
  }));
  const { redirectMode, template, noDestination, onRedirectChange } = useLinkRedirect(
    initial,
    identity.templateId,
  );
  const { sections, refOf } = useLinkSections(entry, redirectMode);
  const save = useLinkSave({ entry, lang, link, identity, sections, refOf });

  const label = (field: string) => entryText(entry, `fields.${field}`, lang);
  const tagsSchema = (entry.schema.properties as Record<string, { maxItems?: number }> | undefined)?.tags;

  return (
    <div className="gc-page">
      <EditorPageHead
        listPath={projectPath(linkRoutes.links, projectId)}
        backLabel={t('links:back')}
        title={link ? link.name : t('links:links.add')}
        subtitle={link && <Typography.Text copyable>{link.url}</Typography.Text>}
        canEdit={canEdit}
        busy={save.busy}
        onSave={save.submit}
      />
      {save.otherErrors.length > 0 && (
        <Alert type="error" showIcon title={save.otherErrors.map((error) => error.message).join('; ')} />
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
            onChange={section.key === 'redirect' ? onRedirectChange : undefined}
          />
          {index === 0 && (
            <LinkIdentityFields
              value={identity}
              onChange={(next) => {
                setIdentity(next);
                save.setOwnErrors([]);
              }}
              defaultLinkId={defaultLinkId}
              errors={byField(save.ownErrors)}
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
