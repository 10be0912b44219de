import type { CampaignConfig } from './campaignColumns';

/** A refused change: where in the config, and which error key's words explain it. */
export interface LockedChange {
  path: string;
  key: 'campaign.locked' | 'campaign.endPassed';
}

export interface LockContext {
  /** Draft: the whitelist switch is free; afterwards only the actions turn it off. */
  draft: boolean;
  /** Participants may be playing (running, or pre-released after the start). */
  live: boolean;
  now: Date;
  /** The entry's own schema properties (to find the lists checked with probabilitySum). */
  schemaProperties: Record<string, unknown> | undefined;
}

interface OddsList {
  name: string;
  field: string;
  remainderField?: string;
}

/** `prizes` always (odds, thank-you flag), plus every top-level list with `probabilitySum`. */
function oddsLists(properties: Record<string, unknown> | undefined): OddsList[] {
  const lists = new Map<string, OddsList>([
    ['prizes', { name: 'prizes', field: 'odds', remainderField: 'isThank' }],
  ]);
  for (const [name, schema] of Object.entries(properties ?? {})) {
    const rule = (schema as { probabilitySum?: { field?: unknown; remainderField?: unknown } } | null)
      ?.probabilitySum;
    if (!rule || typeof rule.field !== 'string') continue;
    lists.set(name, {
      name,
      field: rule.field,
      remainderField: typeof rule.remainderField === 'string' ? rule.remainderField : undefined,
    });
  }
  return [...lists.values()];
}

const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const itemsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item) => item && typeof item === 'object') : [];
const idOf = (item: Record<string, unknown>, index: number) =>
  typeof item.id === 'string' ? `id:${item.id}` : `index:${index}`;

/**
 * What an edit may not change (docs/campaigns.md, "Locked while live"). While live: the start instant,
 * timezone and goal, the membership of the odds lists (prizes by id) and each item's odds and
 * thank-you flag; the end may move but must stay after now. Outside a draft the whitelist
 * switch moves only through actions. Paths are JSON pointers into the config.
 */
export function lockedChanges(
  before: CampaignConfig,
  after: CampaignConfig,
  context: LockContext,
): LockedChange[] {
  const out: LockedChange[] = [];
  const wlBefore = (before.whitelist as { enabled?: unknown } | undefined)?.enabled === true;
  const wlAfter = (after.whitelist as { enabled?: unknown } | undefined)?.enabled === true;
  if (!context.draft && wlBefore !== wlAfter)
    out.push({ path: '/whitelist/enabled', key: 'campaign.locked' });
  if (!context.live) return out;

  if (instant(before.startTime) !== instant(after.startTime))
    out.push({ path: '/startTime', key: 'campaign.locked' });
  if (!same(before.timezone, after.timezone)) out.push({ path: '/timezone', key: 'campaign.locked' });
  if (!same(before.goal, after.goal)) out.push({ path: '/goal', key: 'campaign.locked' });
  if (instant(before.endTime) !== instant(after.endTime) && !(instant(after.endTime) > context.now.getTime()))
    out.push({ path: '/endTime', key: 'campaign.endPassed' });

  for (const list of oddsLists(context.schemaProperties)) {
    const was = itemsOf(before[list.name]);
    const is = itemsOf(after[list.name]);
    const wasById = new Map(was.map((item, index) => [idOf(item, index), item]));
    const ids = is.map(idOf);
    if (was.length !== is.length || ids.some((id) => !wasById.has(id))) {
      out.push({ path: `/${list.name}`, key: 'campaign.locked' });
      continue;
    }
    is.forEach((item, index) => {
      const old = wasById.get(ids[index]) as Record<string, unknown>;
      if (!same(old[list.field], item[list.field]))
        out.push({ path: `/${list.name}/${index}/${list.field}`, key: 'campaign.locked' });
      if (list.remainderField && !same(old[list.remainderField] ?? false, item[list.remainderField] ?? false))
        out.push({ path: `/${list.name}/${index}/${list.remainderField}`, key: 'campaign.locked' });
    });
  }
  return out;
}
