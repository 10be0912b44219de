// An action's result as the page gets it: the stored result (in the campaign's default language)
// with its prize named in the page language, what the action's module adds (a quiz's questions),
// and the reward views of the rewards it gave.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { textInLanguage } from '../lists/textInLanguage';
import { safeUrl } from '../participant/renderParticipantPage';
import type { ActionOutcome, PageLanguage } from './mechanicModule';
import type { PlayCampaign } from './playCampaign';
import { actionDef } from './playActions';
import { rewardViews } from './playView';

/** The answer's `result` of an action in the page language. */
export async function actionAnswer(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  action: string,
  outcome: ActionOutcome,
  language: { lang: string; defaultLanguage: string },
): Promise<Record<string, unknown>> {
  const inLang = (value: unknown) => textInLanguage(value, language.lang, language.defaultLanguage);
  const result: Record<string, unknown> = { ...outcome.result };
  const prize = prizeInLanguage(campaign, result.prize, inLang);
  if (prize) result.prize = prize;
  // What the action adds in the page language (a quiz's questions).
  const answer = actionDef(action)?.answer;
  if (answer) Object.assign(result, answer(result, campaign, { ...language, inLang } satisfies PageLanguage));
  // Several rewards of one action (a check-in's day, streak and total rewards).
  if (Array.isArray(result.rewards)) result.rewards = await rewardsWithViews(db, result.rewards, language);
  if ('rewardId' in result) result.reward = await rewardOf(db, result.rewardId, outcome, language);
  return result;
}

/** The stored answer names the prize in the default language; the page gets its own. */
function prizeInLanguage(campaign: PlayCampaign, answered: unknown, inLang: (value: unknown) => string) {
  const stored = answered as { id?: string | null } | undefined;
  const configured = stored?.id ? campaign.prizes.find((p) => String(p.id) === stored.id) : undefined;
  if (!stored || !configured) return undefined;
  return { ...stored, name: inLang(configured.name), image: safeUrl(configured.image) ?? null };
}

/** Each reward of the action with its reward view. */
async function rewardsWithViews(
  db: Kysely<Database>,
  rewards: unknown[],
  language: { lang: string; defaultLanguage: string },
) {
  const given = rewards as { rewardId?: string | null }[];
  const ids = given.map((r) => r.rewardId).filter((id): id is string => typeof id === 'string');
  const records = ids.length
    ? await db.selectFrom('reward_records').selectAll().where('id', 'in', ids).execute()
    : [];
  const views = await rewardViews(db, records, language.lang, language.defaultLanguage);
  return given.map((r) => ({ ...r, reward: views.find((v) => v.id === r.rewardId) ?? null }));
}

/** The reward view of the record this action wrote (a repeated key reads the one it wrote first). */
async function rewardOf(
  db: Kysely<Database>,
  rewardId: unknown,
  outcome: ActionOutcome,
  language: { lang: string; defaultLanguage: string },
) {
  const id = typeof rewardId === 'string' ? rewardId : null;
  const records = outcome.reward
    ? [outcome.reward]
    : id
      ? await db.selectFrom('reward_records').selectAll().where('id', '=', id).execute()
      : [];
  return (await rewardViews(db, records, language.lang, language.defaultLanguage))[0] ?? null;
}
