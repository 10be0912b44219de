import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import { AppError } from '../errors';
import { moveCampaign, type MoveAction } from './moveCampaign';
import { mintPreviewToken } from './previewTokens';

type Db = Kysely<Database>;

export interface StatusMove {
  action: MoveAction;
  /** goOnline only: when (ISO); absent or null = now. Ignored for the other actions. */
  at?: string | null;
}

/**
 * A user's status move of a campaign in one transaction; the row as it is afterwards. An illegal
 * move is refused with the engine's key (campaign.illegalTransition, .onlineAfterEnd, ...).
 */
export async function changeCampaignStatus(
  db: Db,
  row: CampaignRow,
  move: StatusMove,
  actorId: string,
  now: Date,
): Promise<CampaignRow> {
  const moved = await db.transaction().execute((trx) =>
    moveCampaign(trx, row, {
      action: move.action,
      at: move.action === 'goOnline' ? move.at : null,
      actorId,
      via: 'user',
      now,
    }),
  );
  if (!moved.ok) throw new AppError(moved.error);
  return moved.row;
}

/** A new preview token of a campaign and the participant page's path that shows it. */
export async function campaignPreviewLink(db: Db, campaignId: string, userId: string, now: Date) {
  const minted = await mintPreviewToken(db, campaignId, userId, now);
  return {
    ...minted,
    url: `/p/${encodeURIComponent(campaignId)}?preview=${encodeURIComponent(minted.token)}`,
  };
}
