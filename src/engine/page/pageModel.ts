import type { BlockKind } from './blockKinds';

/** One block of a campaign page: `type` names a folder of schemas/blocks/, `props` its settings. */
export interface PageBlock {
  id: string;
  type: BlockKind | string;
  props: Record<string, unknown>;
}

type Config = Record<string, unknown>;

const isObject = (value: unknown): value is Config =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The page of a campaign laid out before the page editor existed: its fields drawn in the order
 * the participant page always drew them (background behind; the game with the title and time;
 * the share bar when sharing is configured; the rules; the participant's prizes).
 */
export function defaultPage(config: Config): PageBlock[] {
  const blocks: PageBlock[] = [
    { id: 'background', type: 'background', props: {} },
    { id: 'game', type: 'game', props: { showTitle: true, showTime: true } },
  ];
  if (isObject(config.share)) blocks.push({ id: 'share', type: 'share', props: {} });
  blocks.push({ id: 'rules', type: 'rules', props: {} });
  blocks.push({ id: 'my-prizes', type: 'my-prizes', props: {} });
  return blocks;
}

/**
 * The blocks a campaign's page is drawn with: its own layout (`config.page.blocks`) when it has
 * one, else the default page of its fields. Entries that are not blocks at all are skipped (the
 * engine refuses them on save; this only guards the reader).
 */
export function pageBlocks(config: Config): PageBlock[] {
  const page = config.page;
  if (!isObject(page) || !Array.isArray(page.blocks)) return defaultPage(config);
  return page.blocks.flatMap((block): PageBlock[] =>
    isObject(block) && typeof block.id === 'string' && typeof block.type === 'string'
      ? [{ id: block.id, type: block.type, props: isObject(block.props) ? block.props : {} }]
      : [],
  );
}

// Campaign languages are language-REGION codes (`_defs/common.json` language): never a prop name.
const LANGUAGE_CODE = /^[a-z]{2,3}-[A-Z]{2}$/;

/** Whether a value is a text per language (`{ "zh-CN": "...", "en-US": "..." }`). */
export function isTextPerLanguage(value: unknown): value is Record<string, string> {
  if (!isObject(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([k, v]) => LANGUAGE_CODE.test(k) && typeof v === 'string');
}

/**
 * A block's props with every text per language replaced by its text in `pick`'s language,
 * whatever the block kind: a new setting of a block needs no code to be shown localized.
 */
export function localizeProps(value: unknown, pick: (text: Record<string, string>) => string): unknown {
  if (isTextPerLanguage(value)) return pick(value);
  if (Array.isArray(value)) return value.map((item) => localizeProps(item, pick));
  if (isObject(value)) {
    const out: Config = {};
    for (const [key, item] of Object.entries(value)) out[key] = localizeProps(item, pick);
    return out;
  }
  return value;
}

/** A new block id not used in `blocks`: `<type>`, else `<type>-2`, `<type>-3`, ... */
export function newBlockId(type: string, blocks: readonly { id: string }[]): string {
  const used = new Set(blocks.map((b) => b.id));
  const base = type.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24) || 'block';
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
