import type { CampaignAction, CampaignSummary } from './campaignTypes';

/** What an operator can do from a campaign row or the detail page. */
export type CampaignCommand =
  | 'detail'
  | 'edit'
  | 'copy'
  | 'previewMobile'
  | 'previewPc'
  | 'link'
  | 'goOnline'
  | 'prerelease'
  | 'disableWhitelist'
  | 'goOffline'
  | 'channels'
  | 'downloadPage'
  | 'languages'
  | 'report'
  | 'delete';

/** The status moves, in menu order; shown only when the server lists them in `actions`. */
export const statusMoves: CampaignAction[] = ['goOnline', 'prerelease', 'disableWhitelist', 'goOffline'];

/**
 * The commands a row offers: status moves and edit/delete exactly as the server allows them, the
 * read-only ones always, and writes only with edit permission.
 */
export function availableCommands(campaign: CampaignSummary, canEdit: boolean): CampaignCommand[] {
  const allowed = (action: CampaignAction) => canEdit && campaign.actions.includes(action);
  const commands: CampaignCommand[] = ['detail'];
  if (allowed('edit')) commands.push('edit');
  if (canEdit) commands.push('copy');
  commands.push('previewMobile', 'previewPc', 'link');
  for (const move of statusMoves) if (allowed(move)) commands.push(move as CampaignCommand);
  commands.push('channels');
  if (campaign.kind === 'gameplay') commands.push('downloadPage', 'languages');
  commands.push('report');
  if (allowed('delete')) commands.push('delete');
  return commands;
}
