import { newBlockId, type PageBlock } from './pageModel';

/**
 * Edits of a page's block list, each answering a new list (the editor keeps the old ones for undo).
 * Blocks are found by id; an unknown id changes nothing.
 */

/** Inserts a block at `index` (clamped; the end by default). */
export function insertBlock(
  blocks: readonly PageBlock[],
  block: PageBlock,
  index = blocks.length,
): PageBlock[] {
  const at = Math.max(0, Math.min(blocks.length, index));
  return [...blocks.slice(0, at), block, ...blocks.slice(at)];
}

/** A new block of a kind with its defaults and an unused id. */
export function newBlock(
  type: string,
  defaults: Record<string, unknown>,
  blocks: readonly PageBlock[],
): PageBlock {
  return { id: newBlockId(type, blocks), type, props: structuredClone(defaults) };
}

/** Moves the block `id` to `index` of the list without it. */
export function moveBlock(blocks: readonly PageBlock[], id: string, index: number): PageBlock[] {
  const from = blocks.findIndex((b) => b.id === id);
  if (from < 0) return [...blocks];
  const rest = blocks.filter((b) => b.id !== id);
  return insertBlock(rest, blocks[from], index);
}

export function removeBlock(blocks: readonly PageBlock[], id: string): PageBlock[] {
  return blocks.filter((b) => b.id !== id);
}

/** A copy of the block `id` right after it, with a new id; answers the list and the copy's id. */
export function duplicateBlock(
  blocks: readonly PageBlock[],
  id: string,
): { blocks: PageBlock[]; id: string | null } {
  const index = blocks.findIndex((b) => b.id === id);
  if (index < 0) return { blocks: [...blocks], id: null };
  const copy = { ...structuredClone(blocks[index]), id: newBlockId(blocks[index].type, blocks) };
  return { blocks: insertBlock(blocks, copy, index + 1), id: copy.id };
}

export function setBlockProps(
  blocks: readonly PageBlock[],
  id: string,
  props: Record<string, unknown>,
): PageBlock[] {
  return blocks.map((b) => (b.id === id ? { ...b, props } : b));
}

/** Where an engine issue belongs on a laid-out page. */
export interface BlockIssuePlace {
  blockId: string;
  /** `props`: the block's own settings (path below `props`); `bound`: a campaign field it binds (path from the config root). */
  area: 'props' | 'bound' | 'block';
  path: string;
}

/**
 * The block an issue of the whole config belongs to: `/page/blocks/<i>/props/...` is block i's
 * own setting, `/page/blocks/<i>/id|type` the block itself, and an issue of a bound campaign
 * field (`/rules/text`) belongs to every block binding that field. Null: not a page issue.
 */
export function placeIssue(
  blocks: readonly PageBlock[],
  bindings: Readonly<Record<string, Readonly<Record<string, string>>>>,
  path: string,
): BlockIssuePlace[] {
  const own = /^\/page\/blocks\/(\d+)(\/props)?(\/.*)?$/.exec(path);
  if (own) {
    const block = blocks[Number(own[1])];
    if (!block) return [];
    return [
      { blockId: block.id, area: own[2] ? 'props' : 'block', path: own[2] ? (own[3] ?? '') : (own[3] ?? '') },
    ];
  }
  const field = /^\/([^/]+)/.exec(path)?.[1];
  if (!field) return [];
  return blocks
    .filter((b) => Object.values(bindings[b.type] ?? {}).includes(field))
    .map((b) => ({ blockId: b.id, area: 'bound' as const, path }));
}
