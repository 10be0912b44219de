import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { App, Button, Modal, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RequestClient } from '../../api/createRequestClient';
import { RequestError } from '../../api/RequestError';
import { entryText, type Config, type SchemaEntry } from '../../schema-form/schemaEntry';
import { useSchemaEntry } from '../../schema-form/useSchemaEntry';
import { useSession } from '../../session/useSession';
import { useRefreshCampaigns } from '../campaigns/useRefreshCampaigns';
import { useProjects } from '../projects/useProjects';
import { useProjectTimeZone } from '../projects/useProjectTimeZone';
import { deleteDraft, listDrafts, type Draft, type DraftInput } from './draftApi';
import { startConfig } from './startConfig';
import { useDraftAutosave } from './useDraftAutosave';
import { Wizard, type WizardHandle } from './Wizard';
import { BLANK_TEMPLATE, type WizardArea } from './wizardPaths';

export interface CreateFlowProps {
  area: WizardArea;
  kind: 'gameplay' | 'sub-activity';
  mark: string;
  templateMark: string;
  /** Editing this saved campaign (`?id=`). */
  campaignId?: string;
  /** Resume this draft without asking (`?draft=`). */
  draftId?: string;
  /** Goal picked on the chooser (`?goal=`). */
  goal?: string;
  /** Campaign a new sub-activity is bound to (`?parentId=`). */
  parentId?: string;
  /** Where to go after saving. */
  listPath: string;
  /** Back to the gameplay chooser (new campaigns). */
  choosePath?: string;
}

interface Start {
  config: Config;
  step?: string;
}

/**
 * Creating or editing one campaign or sub-activity: loads the entry, the saved campaign and any
 * unsaved draft (offering to resume or discard it), runs the Wizard, keeps drafts, and saves with
 * POST /api/campaigns (PUT for an edit), then deletes the draft and returns to the list.
 */
/**
 * Where a flow starts: the saved campaign's config (an edit) or the template's (new), unless an
 * unsaved draft is asked for (`draftId`: resumed at once) or found (`offer`: the player decides).
 */
function useFlowStart(props: CreateFlowProps, entry: SchemaEntry | undefined) {
  const { area, kind, mark, templateMark, campaignId, draftId, goal, parentId } = props;
  const { i18n } = useTranslation();
  const { client } = useSession();
  // A new campaign starts in the project's time zone: wait for the projects to know it.
  const { projects, failed: projectsFailed } = useProjects();
  const zone = useProjectTimeZone();
  const zoneKnown = projects !== undefined || projectsFailed || campaignId !== undefined;
  const [start, setStart] = useState<Start | null>(null);
  const [offer, setOffer] = useState<{ draft: Draft; base: Config } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!entry || !zoneKnown) return;
    let cancelled = false;
    (async () => {
      try {
        let base: Config;
        if (campaignId) {
          const campaign = await client.get<{ config: Config }>(
            `/api/campaigns/${encodeURIComponent(campaignId)}`,
          );
          base = campaign.config ?? {};
        } else {
          base = startConfig(entry, templateMark, { goal, parentId, lang: i18n.language, zone });
        }
        const drafts = await listDrafts(client, { area, kind, mark }).catch(() => [] as Draft[]);
        const mine = drafts.filter((d) => (d.campaignId ?? undefined) === campaignId);
        const wanted = draftId ? mine.find((d) => d.id === draftId) : undefined;
        if (cancelled) return;
        if (wanted) setStart({ config: wanted.config, step: wanted.step });
        else if (mine.length > 0) setOffer({ draft: mine[0], base });
        else setStart({ config: base });
      } catch (error) {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      cancelled = true;
    };
    // The language the template is taken in is the one at start; switching later keeps the config.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry, zoneKnown, client, area, kind, mark, templateMark, campaignId, draftId, goal, parentId]);

  /** The found draft resumed (`true`) or deleted and the flow started afresh (`false`). */
  const decide = (resume: boolean) => {
    if (!offer) return;
    if (resume) setStart({ config: offer.draft.config, step: offer.draft.step });
    else {
      void deleteDraft(client, offer.draft.id).catch(() => {});
      setStart({ config: offer.base });
    }
    setOffer(null);
  };
  return { start, offer, loadError, decide };
}

/** A draft found for this campaign: resume it or discard it, before the wizard opens. */
function ResumeDraftModal({
  entry,
  draft,
  decide,
}: {
  entry: SchemaEntry;
  draft: Draft;
  decide: (resume: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open
      title={t('wizard:draft.title')}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="discard" danger onClick={() => decide(false)}>
          {t('wizard:draft.discard')}
        </Button>,
        <Button key="resume" type="primary" onClick={() => decide(true)}>
          {t('wizard:draft.resume')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {t('wizard:draft.found', {
          name: entryText(entry, entry.meta.title, i18n.language),
          time: draft.updatedAt ? dayjs(draft.updatedAt).format('YYYY-MM-DD HH:mm') : '',
        })}
      </Typography.Paragraph>
    </Modal>
  );
}

/**
 * Creating or editing one campaign or sub-activity: loads the entry, the saved campaign and any
 * unsaved draft (offering to resume or discard it), runs the Wizard, keeps drafts, and saves with
 * POST /api/campaigns (PUT for an edit), then deletes the draft and returns to the list.
 */
export function CreateFlow(props: CreateFlowProps) {
  const { kind, mark, campaignId, listPath, choosePath } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refreshCampaigns = useRefreshCampaigns();
  const { entry, error: entryError } = useSchemaEntry(kind, mark);
  const { start, offer, loadError, decide } = useFlowStart(props, entry);

  if (entryError) return <Unavailable path={choosePath ?? listPath} />;
  if (loadError) return <Result status="error" title={t('wizard:create.loadFailed')} subTitle={loadError} />;
  if (!entry || (!start && !offer)) return <Spin className="gc-page-spin" size="large" />;
  if (!start && offer) return <ResumeDraftModal entry={entry} draft={offer.draft} decide={decide} />;
  if (!start) return null;
  return (
    <FlowWizard
      {...props}
      entry={entry}
      start={start}
      onSaved={() => {
        void message.success(t(campaignId ? 'common:updated' : 'common:created'));
        // The list fetched moments ago (a quick wizard) must not be reused: every cached campaign
        // query is refreshed, so the list shows the campaign just saved.
        void refreshCampaigns();
        navigate(listPath);
      }}
    />
  );
}

function Unavailable({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('wizard:create.unknown')}
      extra={<Button onClick={() => navigate(path)}>{t('wizard:create.back')}</Button>}
    />
  );
}

/** Saves the wizard's config: PUT for an edit, else POST with what the new campaign is. */
function saveCampaign(client: RequestClient, props: CreateFlowProps, config: Config): Promise<unknown> {
  const { area, kind, mark, templateMark, campaignId } = props;
  if (campaignId)
    return client.put(`/api/campaigns/${encodeURIComponent(campaignId)}`, { config }, { silent: true });
  return client.post(
    '/api/campaigns',
    {
      area,
      kind,
      mark,
      templateMark: templateMark === BLANK_TEMPLATE ? undefined : templateMark,
      parentId:
        kind === 'sub-activity' && typeof config.boundCampaignId === 'string'
          ? config.boundCampaignId
          : undefined,
      config,
    },
    { silent: true },
  );
}

/** The flow's title, the template it started from, and (new campaigns) a way back to the chooser. */
function FlowHead({
  entry,
  templateMark,
  campaignId,
  choosePath,
  leave,
}: CreateFlowProps & { entry: SchemaEntry; leave: (path: string) => void }) {
  const { t, i18n } = useTranslation();
  const title = entryText(entry, entry.meta.title, i18n.language);
  const template = entry.templates.find((x) => x.name === templateMark);
  return (
    <div className="gc-page-head">
      <div>
        <Typography.Title level={3}>
          {campaignId
            ? t('wizard:create.editTitle', { name: title })
            : t('wizard:create.title', { name: title })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {template
            ? t('wizard:create.fromTemplate', { name: entryText(entry, template.title, i18n.language) })
            : t('wizard:create.fromBlank')}
        </Typography.Text>
      </div>
      {choosePath && !campaignId && (
        <Button onClick={() => leave(choosePath)}>{t('wizard:create.changeGameplay')}</Button>
      )}
    </div>
  );
}

type DraftAutosave = ReturnType<typeof useDraftAutosave>;

/**
 * The wizard's last step: the campaign saved with its draft held (an autosave under way would
 * bring the deleted draft back), then `onSaved`; a refusal shows its field errors in the wizard,
 * or its message, and autosave goes on.
 */
function useCampaignFinish(
  props: CreateFlowProps,
  wizard: RefObject<WizardHandle | null>,
  drafts: DraftAutosave,
  onSaved: () => void,
) {
  const { t } = useTranslation();
  const { client } = useSession();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const finish = async (config: Config) => {
    setSaving(true);
    await drafts.hold();
    let saved = false;
    try {
      await saveCampaign(client, props, config);
      // The server deleted the draft with the save (docs/campaigns.md, "Wizard drafts").
      saved = true;
      drafts.finish();
      onSaved();
    } catch (error) {
      if (error instanceof RequestError && error.errors.length > 0) wizard.current?.showErrors(error.errors);
      else
        void message.error(
          error instanceof Error && error.message ? error.message : t('common:request.failed'),
        );
    } finally {
      if (!saved) drafts.release();
      setSaving(false);
    }
  };
  return { finish, saving };
}

/** Saves the draft now, and says whether it was kept. */
function SaveDraftButton({ drafts, disabled }: { drafts: DraftAutosave; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Button
      disabled={disabled}
      data-testid="save-draft"
      onClick={async () => {
        const saved = await drafts.saveNow(true, true);
        if (saved) void message.success(t('wizard:draft.saved'));
        else void message.error(t('wizard:draft.saveFailed'));
      }}
    >
      {t('wizard:draft.save')}
    </Button>
  );
}

function FlowWizard({
  entry,
  start,
  onSaved,
  ...props
}: CreateFlowProps & { entry: SchemaEntry; start: Start; onSaved(): void }) {
  const { area, kind, mark, templateMark, campaignId } = props;
  const { t } = useTranslation();
  const { client } = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const wizard = useRef<WizardHandle>(null);

  const draftOf = useCallback(
    (flush: boolean): DraftInput | null => {
      if (!wizard.current) return null;
      return {
        area,
        kind,
        mark,
        templateMark,
        campaignId,
        step: wizard.current.getStep(),
        config: wizard.current.getConfig({ flush }),
      };
    },
    [area, kind, mark, templateMark, campaignId],
  );
  const drafts = useDraftAutosave({ client, draftOf });
  const { finish, saving } = useCampaignFinish(props, wizard, drafts, onSaved);

  // Another gameplay starts another configuration: its prizes and logic are not carried over.
  const leave = (path: string) =>
    modal.confirm({
      title: t('wizard:create.changeTitle'),
      content: t('wizard:create.changeContent'),
      okText: t('wizard:create.changeGameplay'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await drafts.saveNow(true);
        drafts.finish();
        navigate(path);
      },
    });
  return (
    <div className="gc-page">
      <FlowHead {...props} entry={entry} leave={leave} />
      <Wizard
        ref={wizard}
        entry={entry}
        initialConfig={start.config}
        initialStep={start.step}
        busy={saving}
        finishText={
          campaignId
            ? t('wizard:wizard.update')
            : t(kind === 'sub-activity' ? 'wizard:wizard.saveSubActivity' : 'wizard:wizard.save')
        }
        onChange={drafts.markDirty}
        onStepChange={drafts.markDirty}
        onFinish={finish}
        footerExtra={<SaveDraftButton drafts={drafts} disabled={saving} />}
      />
      <Typography.Paragraph type="secondary" className="gc-wizard-note">
        {t('wizard:draft.note')}
      </Typography.Paragraph>
    </div>
  );
}
