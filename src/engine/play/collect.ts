// Fragment collection (the `collect` mechanic): which fragment a draw gives, how many full sets a
// player holds, and what exchanging a prize costs. Pure: the server passes the inventory and its
// random source.
import { chanceSpend, type ChanceSpend, type ChanceState } from './chances';

export interface Fragment {
  id: string;
  /** Percent, up to two decimals; the fragments' odds total 100. */
  odds: number;
}

/** Odds in hundredths of a percent, so the draw is exact integer arithmetic. */
const weight = (odds: number) => Math.max(0, Math.round(odds * 100));

/**
 * The fragment a draw gives: `random(n)` answers an integer in [0, n); each fragment's share of
 * the total weight is its odds. Null when no fragment has odds.
 */
export function pickFragment(fragments: readonly Fragment[], random: (n: number) => number): string | null {
  const total = fragments.reduce((sum, f) => sum + weight(f.odds), 0);
  if (total <= 0) return null;
  let at = random(total);
  for (const fragment of fragments) {
    at -= weight(fragment.odds);
    if (at < 0) return fragment.id;
  }
  return fragments[fragments.length - 1].id;
}

export type Inventory = Readonly<Record<string, number>>;

/** Full sets held: one of every fragment kind makes a set. */
export function setsHeld(inventory: Inventory, fragmentIds: readonly string[]): number {
  if (fragmentIds.length === 0) return 0;
  return Math.min(...fragmentIds.map((id) => Math.max(0, inventory[id] ?? 0)));
}

/**
 * What a prize costs: one each of its first `fragmentCount` fragment kinds in config order (the
 * count is the prize's number of pieces; as many as there are kinds, or none given, is the full
 * set).
 */
export function exchangeCost(
  fragmentCount: number | undefined,
  fragmentIds: readonly string[],
): Record<string, number> {
  const pieces =
    Number.isInteger(fragmentCount) && (fragmentCount as number) > 0
      ? Math.min(fragmentCount as number, fragmentIds.length)
      : fragmentIds.length;
  return Object.fromEntries(fragmentIds.slice(0, pieces).map((id) => [id, 1]));
}

/** The fragments still missing for a cost (empty: the exchange can go ahead). */
export function missingFor(
  inventory: Inventory,
  cost: Readonly<Record<string, number>>,
): Record<string, number> {
  const missing: Record<string, number> = {};
  for (const [id, need] of Object.entries(cost)) {
    const short = need - (inventory[id] ?? 0);
    if (short > 0) missing[id] = short;
  }
  return missing;
}

/** What the server read before a fragment draw. */
export interface FragmentDrawSituation {
  /** The participant's chances in the collection's campaign. */
  chances: ChanceState;
  fragments: readonly Fragment[];
}

export type FragmentDrawDecision =
  | { refusal: 'noChances' }
  | { refusal: 'badFragment' }
  | { refusal: null; spend: ChanceSpend; fragmentId: string };

/**
 * A fragment draw: the chance it spends (refused without one), then the fragment by the odds
 * (`random(n)` answers an integer in [0, n), asked only when a fragment has odds).
 */
export function decideFragmentDraw(
  situation: FragmentDrawSituation,
  random: (n: number) => number,
): FragmentDrawDecision {
  const { rules, counters, today } = situation.chances;
  const spend = chanceSpend(rules, counters, today);
  if (!spend) return { refusal: 'noChances' };
  const fragmentId = pickFragment(situation.fragments, random);
  if (fragmentId === null) return { refusal: 'badFragment' };
  return { refusal: null, spend, fragmentId };
}

/** What the server read before an exchange. */
export interface ExchangeSituation {
  /** The prize asked for (undefined: none of that id, or a thank-you). */
  prize: { fragmentCount?: unknown } | undefined;
  /** The fragment kinds in config order. */
  fragmentIds: readonly string[];
  /** The participant's fragments before the exchange. */
  inventory: Inventory;
}

export type ExchangeDecision =
  | { refusal: 'badPrize' | 'notEnough' }
  | {
      refusal: null;
      /** The fragments to take, one each of the prize's pieces. */
      cost: Record<string, number>;
      /** Full sets held before the exchange (the answer says it). */
      sets: number;
    };

/** An exchange: the prize's cost in fragments, refused for an unknown prize or a missing piece. */
export function decideExchange(situation: ExchangeSituation): ExchangeDecision {
  const { prize, fragmentIds, inventory } = situation;
  if (!prize) return { refusal: 'badPrize' };
  const count = typeof prize.fragmentCount === 'number' ? prize.fragmentCount : undefined;
  const cost = exchangeCost(count, fragmentIds);
  if (Object.keys(missingFor(inventory, cost)).length > 0) return { refusal: 'notEnough' };
  return { refusal: null, cost, sets: setsHeld(inventory, fragmentIds) };
}

export type TransferRefusal = 'badFragment' | 'noFragment' | 'ownTransfer' | 'transferGone';

/**
 * Giving a fragment to a friend (`gift`) or asking friends for one (`ask`): the kind must be one
 * of the collection's, and a gift needs one held (`inventory` is read for a gift only).
 */
export function decideOffer(situation: {
  kind: 'gift' | 'ask';
  fragmentId: string | undefined;
  fragmentIds: readonly string[];
  inventory: Inventory;
}): { refusal: TransferRefusal } | { refusal: null; fragmentId: string } {
  const { fragmentId } = situation;
  if (fragmentId === undefined || !situation.fragmentIds.includes(fragmentId))
    return { refusal: 'badFragment' };
  if (situation.kind === 'gift' && (situation.inventory[fragmentId] ?? 0) < 1)
    return { refusal: 'noFragment' };
  return { refusal: null, fragmentId };
}

/** An open gift or request as read (its opener is `from` for a gift, `to` for a request). */
export interface TransferState {
  state: string;
  fromParticipantId: string | null;
  toParticipantId: string | null;
  fragmentId: string;
}

/**
 * Answering a transfer: taking a friend's gift (`claimGift`) or giving a friend the fragment they
 * asked for (`giveAsked`, which needs one held). Refused when it is gone, one's own, or, answering
 * a request, without the fragment.
 */
export function decideTransferAnswer(situation: {
  kind: 'gift' | 'ask';
  transfer: TransferState | undefined;
  participantId: string;
  /** The participant's fragments, read to answer a request. */
  inventory: Inventory;
}): { refusal: TransferRefusal } | { refusal: null } {
  const { kind, transfer, participantId } = situation;
  if (!transfer) return { refusal: 'transferGone' };
  const opener = kind === 'gift' ? transfer.fromParticipantId : transfer.toParticipantId;
  if (opener === participantId) return { refusal: 'ownTransfer' };
  if (transfer.state !== 'open') return { refusal: 'transferGone' };
  if (kind === 'ask' && (situation.inventory[transfer.fragmentId] ?? 0) < 1) return { refusal: 'noFragment' };
  return { refusal: null };
}
