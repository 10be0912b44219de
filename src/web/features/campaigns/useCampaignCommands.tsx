import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import type { CampaignCommand } from './campaignCommands';
import { editPath, reportPath, routePath } from './campaignPaths';
import type { CampaignAction, CampaignSummary } from './campaignTypes';
import { ChannelsModal } from './ChannelsModal';
import { DownloadPageModal } from './DownloadPageModal';
import { GoOnlineModal } from './GoOnlineModal';
import { LinkModal } from './LinkModal';
import { PreviewModal } from './PreviewModal';
import { useCanEdit } from '../../app/useCanEdit';
import { useRefreshCampaigns } from './useRefreshCampaigns';

type Dialog = 'previewMobile' | 'previewPc' | 'link' | 'goOnline' | 'channels' | 'downloadPage';

interface Options {
  /** After a delete (the detail page goes back to its list). */
  onDeleted?(campaign: CampaignSummary): void;
}

/** The dialog a command opened, and the campaign it is about. */
type OpenDialog = { kind: Dialog; campaign: CampaignSummary } | null;

/** The campaign commands' dialogs: preview, link, go online, channels and download page; the open one shows. */
function CampaignDialogs({
  dialog,
  canEdit,
  close,
  goOnline,
}: {
  dialog: OpenDialog;
  canEdit: boolean;
  close(): void;
  /** Goes online now, or at the planned time. */
  goOnline(at: string | null): Promise<void>;
}) {
  const of = (kind: Dialog) => (dialog?.kind === kind ? dialog.campaign : null);
  const preview = of('previewMobile') ?? of('previewPc');
  return (
    <>
      <PreviewModal
        key={`${dialog?.kind}-${preview?.id}`}
        campaign={preview}
        device={dialog?.kind === 'previewPc' ? 'pc' : 'mobile'}
        onClose={close}
      />
      <LinkModal campaign={of('link')} onClose={close} />
      <GoOnlineModal campaign={of('goOnline')} onClose={close} onSubmit={goOnline} />
      <ChannelsModal campaign={of('channels')} canEdit={canEdit} onClose={close} />
      <DownloadPageModal
        key={of('downloadPage')?.id}
        campaign={of('downloadPage')}
        canEdit={canEdit}
        onClose={close}
      />
    </>
  );
}

/** The API calls behind campaign commands: a status move, a copy and a delete, each toasting its outcome and refreshing the lists. */
function useCampaignCalls() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const refresh = useRefreshCampaigns();
  const base = (campaign: CampaignSummary) => `/api/campaigns/${encodeURIComponent(campaign.id)}`;

  async function move(campaign: CampaignSummary, action: CampaignAction, at?: string | null) {
    await client.post(`${base(campaign)}/actions`, at ? { action, at } : { action });
    void message.success(t(at ? 'campaigns:online.scheduled' : `campaigns:moved.${action}`));
    await refresh();
  }

  function copy(campaign: CampaignSummary) {
    void client
      .post<CampaignSummary>(`${base(campaign)}/copy`)
      .then(async (copied) => {
        void message.success(t('campaigns:copied', { title: copied.title }));
        await refresh();
      })
      .catch(() => {});
  }

  async function remove(campaign: CampaignSummary) {
    await client.delete(base(campaign));
    void message.success(t('common:deleted'));
    await refresh();
  }

  return { move, copy, remove };
}

/** A command's confirmation whose OK runs the call; a refused call closes it too (the client toasts why). */
function useConfirmCommand() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return function confirm(key: string, campaign: CampaignSummary, run: () => Promise<void>, danger = false) {
    modal.confirm({
      title: t(`campaigns:confirm.${key}.title`),
      content: t(`campaigns:confirm.${key}.body`, { title: campaign.title }),
      okText: t(`campaigns:confirm.${key}.ok`),
      cancelText: t('common:cancel'),
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => run().catch(() => {}),
    });
  };
}

/**
 * Runs campaign commands for lists and the detail page: navigation, confirmed status moves,
 * copy and delete through the API, and the dialogs (preview, link, go online, channels,
 * download page). Render `dialogs` once in the page.
 */
export function useCampaignCommands(options: Options = {}): {
  run(command: CampaignCommand, campaign: CampaignSummary): void;
  dialogs: ReactNode;
} {
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const { move, copy, remove } = useCampaignCalls();
  const confirm = useConfirmCommand();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  function run(command: CampaignCommand, campaign: CampaignSummary) {
    switch (command) {
      case 'detail':
        return navigate(routePath('campaignDetail', projectId, { id: campaign.id }));
      case 'edit':
        return navigate(editPath(campaign, projectId));
      case 'report':
        return navigate(reportPath(campaign, projectId));
      case 'languages':
        return navigate(
          `${routePath('campaignLanguageConfig', projectId, { mark: campaign.mark })}?id=${encodeURIComponent(campaign.id)}`,
        );
      case 'copy':
        return copy(campaign);
      case 'prerelease':
      case 'disableWhitelist':
        return confirm(command, campaign, () => move(campaign, command));
      case 'goOffline':
        return confirm('goOffline', campaign, () => move(campaign, 'goOffline'), true);
      case 'delete':
        return confirm(
          'delete',
          campaign,
          async () => {
            await remove(campaign);
            options.onDeleted?.(campaign);
          },
          true,
        );
      default:
        setDialog({ kind: command, campaign });
    }
  }

  const dialogs = (
    <CampaignDialogs
      dialog={dialog}
      canEdit={canEdit}
      close={close}
      goOnline={async (at) => {
        if (!dialog) return;
        await move(dialog.campaign, 'goOnline', at);
        close();
      }}
    />
  );
  return { run, dialogs };
}
