import { useMemo, useRef, useState } from 'react';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { EditorPageHead } from '../../../app/EditorPageHead';
import { projectPath } from '../../../app/routeTable';
import { useEntitySave } from '../../../app/useEntitySave';
import { useCanEdit } from '../../../app/useCanEdit';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { LinkTemplateWidget } from '../LinkTemplateWidget';
import { TurboStatusTag } from '../TurboStatusTag';
import { turboRoutes } from '../turboPaths';
import type { TurboBannerRow } from '../turboTypes';
import { withFieldUi } from '../withFieldUi';
import { BannerLinkWidget } from './BannerLinkWidget';
import { BannerPreview } from './BannerPreview';
import { BannerSnippet } from './BannerSnippet';
import { BannerTemplateContext } from './bannerTemplateContext';
import { DEFAULT_BANNER_COLORS } from './bannerView';

/** A new banner starts offline, at the bottom, in Chinese: it goes online from the list when ready. */
const NEW_BANNER: Config = {
  status: 'offline',
  position: 'bottom',
  languages: ['zh-CN'],
  colors: DEFAULT_BANNER_COLORS,
  radius: 8,
  dismissDays: 7,
};

/**
 * entity/turbo-banner with the link template and link picked from the project's; the status is
 * left out (it changes through the list's confirmed actions).
 */
function useBannerEntry() {
  const { entry: registryEntry, error: entryError } = useSchemaEntry('entity', 'turbo-banner');
  const { lang } = useFormLanguage(registryEntry?.locales);
  const entry = useMemo<SchemaEntry | undefined>(
    () =>
      registryEntry &&
      withFieldUi(registryEntry, {
        linkTemplateId: { 'ui:widget': LinkTemplateWidget },
        linkId: { 'ui:widget': BannerLinkWidget },
        status: { 'ui:widget': 'hidden' },
      }),
    [registryEntry],
  );
  return { entry, entryError, lang };
}

/** A saved banner's embed code. */
function EmbedCard({ banner }: { banner: TurboBannerRow }) {
  const { t } = useTranslation();
  return (
    <Card title={t('turbo:snippet.embedTitle')}>
      <BannerSnippet
        bannerId={banner.id}
        position={banner.position}
        templateId={banner.templateId}
        online={banner.status === 'online'}
      />
    </Card>
  );
}

/**
 * The banner editor (TurboBannerConfig; `?id=` edits that banner, without it a new one): the form
 * of entity/turbo-banner with the link template and link picked from the project's, checked by the
 * engine before it is sent, server field errors under their fields; beside it the live preview,
 * below it the embed code once the banner is saved. Status changes go through the list's confirmed
 * actions, so the form does not show it. Viewers see the banner read-only.
 */
export function TurboBannerConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry, entryError, lang } = useBannerEntry();
  const saved = useSWR<TurboBannerRow>(id ? `/api/turbo-banners/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [data, setData] = useState<Config | null>(null);
  const listPath = projectPath(turboRoutes.banners, projectId);
  const initialData = id ? saved.data?.config : NEW_BANNER;
  const current = data ?? initialData ?? {};

  const { submit, busy } = useEntitySave({ api: '/api/turbo-banners', id, entry, lang, form, listPath });

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.name ?? t('menu:page.turboBannerConfig')) : t('turbo:banner.newTitle');
  const templateId = typeof current.linkTemplateId === 'string' ? current.linkTemplateId : undefined;

  return (
    <div className="gc-page">
      <EditorPageHead
        listPath={listPath}
        backLabel={t('turbo:banner.back')}
        title={
          <Space>
            {heading}
            {saved.data && <TurboStatusTag status={saved.data.status} />}
          </Space>
        }
        subtitle={
          <Typography.Text type="secondary">
            {canEdit ? t('turbo:banner.formDescription') : t('turbo:banner.readOnly')}
          </Typography.Text>
        }
        canEdit={canEdit}
        busy={busy}
        saveDisabled={Boolean(loading || failed)}
        saveTestId="turbo-banner-save"
        onSave={submit}
      />
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={saved.error ? t('turbo:banner.notFound') : t('common:formUnavailable')}
        />
      ) : (
        <div className="gc-turbo-editor">
          <Card>
            {loading || !entry ? (
              <Skeleton active paragraph={{ rows: 10 }} />
            ) : (
              <BannerTemplateContext.Provider value={templateId}>
                <SchemaForm
                  key={id ?? 'new'}
                  ref={form}
                  entry={entry}
                  initialData={initialData}
                  disabled={!canEdit}
                  onChange={setData}
                />
              </BannerTemplateContext.Provider>
            )}
          </Card>
          <div className="gc-turbo-side">
            <BannerPreview config={current} />
          </div>
        </div>
      )}
      {saved.data && <EmbedCard banner={saved.data} />}
    </div>
  );
}
