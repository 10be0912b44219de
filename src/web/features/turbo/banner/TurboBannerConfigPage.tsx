import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { RequestError } from '../../../api/RequestError';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { validateConfig } from '../../../schema-form/engineValidator';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../../schema-form/schemaEntry';
import { useFormLanguage } from '../../../schema-form/useFormLanguage';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { pruneEmptyObjects } from '../../links/pruneEmptyObjects';
import { useInvalidate } from '../../links/useInvalidate';
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
 * The banner editor (TurboBannerConfig; `?id=` edits that banner, without it a new one): the form
 * of entity/turbo-banner with the link template and link picked from the project's, checked by the
 * engine before it is sent, server field errors under their fields; beside it the live preview,
 * below it the embed code once the banner is saved. Status changes go through the list's confirmed
 * actions, so the form does not show it. Viewers see the banner read-only.
 */
export function TurboBannerConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry: registryEntry, error: entryError } = useSchemaEntry('entity', 'turbo-banner');
  const { lang } = useFormLanguage(registryEntry?.locales);
  const saved = useSWR<TurboBannerRow>(id ? `/api/turbo-banners/${encodeURIComponent(id)}` : null);
  const form = useRef<SchemaFormHandle>(null);
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<Config | null>(null);
  const listPath = projectPath(turboRoutes.banners, projectId);
  const initialData = id ? saved.data?.config : NEW_BANNER;
  const current = data ?? initialData ?? {};

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

  async function submit() {
    const handle = form.current;
    if (!handle || !entry) return;
    // Groups the form leaves empty are unset, not half filled.
    const config = pruneEmptyObjects(handle.getData());
    const issues = validateConfig(entry.schema, config, lang);
    if (issues.length > 0) {
      handle.showErrors(issues);
      return;
    }
    setBusy(true);
    try {
      if (id) await client.put(`/api/turbo-banners/${encodeURIComponent(id)}`, config);
      else await client.post('/api/turbo-banners', config);
      void message.success(t(id ? 'common:updated' : 'common:created'));
      await invalidate('/api/turbo-banners');
      navigate(listPath);
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) handle.showErrors(error.errors);
    } finally {
      setBusy(false);
    }
  }

  const loading = !entry || (id && !saved.data && !saved.error);
  const failed = entryError ?? saved.error;
  const heading = id ? (saved.data?.name ?? t('menu:page.turboBannerConfig')) : t('turbo:banner.newTitle');
  const templateId = typeof current.linkTemplateId === 'string' ? current.linkTemplateId : undefined;

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('turbo:banner.back')}
            onClick={() => navigate(listPath)}
          />
          <div>
            <Typography.Title level={3}>
              <Space>
                {heading}
                {saved.data && <TurboStatusTag status={saved.data.status} />}
              </Space>
            </Typography.Title>
            <Typography.Text type="secondary">
              {canEdit ? t('turbo:banner.formDescription') : t('turbo:banner.readOnly')}
            </Typography.Text>
          </div>
        </Space>
        {canEdit && (
          <Space>
            <Button onClick={() => navigate(listPath)}>{t('common:cancel')}</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={Boolean(loading || failed)}
              onClick={() => void submit()}
              data-testid="turbo-banner-save"
            >
              {t('common:save')}
            </Button>
          </Space>
        )}
      </div>
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
      {saved.data && (
        <Card title={t('turbo:snippet.embedTitle')}>
          <BannerSnippet
            bannerId={saved.data.id}
            position={saved.data.position}
            templateId={saved.data.templateId}
            online={saved.data.status === 'online'}
          />
        </Card>
      )}
    </div>
  );
}
