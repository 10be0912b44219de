/**
 * The kinds of page block the participant app can draw (one component each in
 * src/participant/blocks/). A folder of schemas/blocks/ gives a kind its settings, words and
 * defaults; a kind not listed here needs its component first, and `schemas:check` says so.
 */
export const BLOCK_KINDS = [
  'background',
  'banner',
  'rules',
  'prizes',
  'game',
  'buttons',
  'countdown',
  'share',
  'my-prizes',
  'leaderboard',
  'tasks',
  'image',
  'rich-text',
  'spacer',
] as const;

export type BlockKind = (typeof BLOCK_KINDS)[number];

export const isBlockKind = (value: unknown): value is BlockKind =>
  typeof value === 'string' && (BLOCK_KINDS as readonly string[]).includes(value);
