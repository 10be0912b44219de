import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import { fillOfferUrl } from './fillOfferUrl';
import { offerAccount } from './offerwallOffers';
import type { OfferwallCaller } from './offerwallParticipant';

/**
 * A participant opens an offer: an online offer of an ad account of their own project (anything
 * else 404 `ads.offerUnknown`) whose filled address is a public http(s) one. The click is
 * recorded (`offer_clicks`; its id is the `{click_id}` the network echoes back) and the address
 * answered for the page to go to.
 */
export async function openOffer(
  db: Kysely<Database>,
  caller: OfferwallCaller,
  accountId: string,
  offerId: string,
): Promise<{ url: string; clickId: string }> {
  const { participant, now } = caller;
  const row = await db
    .selectFrom('ad_accounts')
    .select(['id', 'config'])
    .where('id', '=', accountId)
    .where('project_id', '=', participant.project_id)
    .executeTakeFirst();
  const offer = row ? offerAccount(row.id, row.config).offers.find((o) => o.id === offerId) : undefined;
  if (!row || !offer?.online) throw new AppError('ads.offerUnknown');
  const clickId = randomId();
  const url = fillOfferUrl(offer.url, {
    user_id: participant.user_id ?? '',
    offer_id: offer.id,
    click_id: clickId,
  });
  if (!url) throw new AppError('ads.offerUnknown');
  await db
    .insertInto('offer_clicks')
    .values({
      id: clickId,
      project_id: participant.project_id,
      participant_id: participant.id,
      account_id: row.id,
      offer_id: offer.id,
      time: now.toISOString(),
    })
    .execute();
  return { url, clickId };
}
