import { describe, expect, it } from 'vitest';
import {
  duplicateBlock,
  insertBlock,
  moveBlock,
  newBlock,
  placeIssue,
  removeBlock,
  setBlockProps,
} from './pageEdits';
import type { PageBlock } from './pageModel';

const b = (id: string, type = id): PageBlock => ({ id, type, props: {} });
const ids = (blocks: PageBlock[]) => blocks.map((x) => x.id);

describe('page edits', () => {
  const page = [b('bg', 'background'), b('game'), b('rules'), b('gap', 'spacer')];

  it('inserts, moves, removes and duplicates blocks by id', () => {
    expect(ids(insertBlock(page, b('top', 'banner'), 1))).toEqual(['bg', 'top', 'game', 'rules', 'gap']);
    expect(ids(insertBlock(page, b('end', 'spacer'), 99))).toEqual(['bg', 'game', 'rules', 'gap', 'end']);
    expect(ids(moveBlock(page, 'gap', 1))).toEqual(['bg', 'gap', 'game', 'rules']);
    expect(ids(moveBlock(page, 'game', 3))).toEqual(['bg', 'rules', 'gap', 'game']);
    expect(ids(removeBlock(page, 'rules'))).toEqual(['bg', 'game', 'gap']);
    const copied = duplicateBlock(page, 'gap');
    expect(copied.id).toBe('spacer');
    expect(ids(copied.blocks)).toEqual(['bg', 'game', 'rules', 'gap', 'spacer']);
    expect(moveBlock(page, 'nope', 0)).toEqual(page);
    // The first block moves and duplicates like any other; an unknown id duplicates nothing.
    expect(ids(moveBlock(page, 'bg', 2))).toEqual(['game', 'rules', 'bg', 'gap']);
    expect(duplicateBlock(page, 'bg')).toMatchObject({ id: 'background' });
    expect(ids(duplicateBlock(page, 'bg').blocks)).toEqual(['bg', 'background', 'game', 'rules', 'gap']);
    expect(duplicateBlock(page, 'nope')).toEqual({ blocks: page, id: null });
  });

  it('makes a new block from its defaults without sharing them', () => {
    const defaults = { items: [{ text: { 'zh-CN': '分享' } }] };
    const made = newBlock('buttons', defaults, page);
    expect(made).toEqual({ id: 'buttons', type: 'buttons', props: defaults });
    (made.props.items as unknown[]).push('x');
    expect(defaults.items).toHaveLength(1);
    expect(setBlockProps(page, 'gap', { height: 80 }).map((x) => x.props)).toEqual([
      {},
      {},
      {},
      { height: 80 },
    ]);
  });

  it('puts each engine issue on the block it belongs to', () => {
    const bindings = {
      rules: { rules: 'rules' },
      background: { image: 'backgroundImage', hotzones: 'hotzones' },
    };
    expect(placeIssue(page, bindings, '/page/blocks/3/props/height')).toEqual([
      { blockId: 'gap', area: 'props', path: '/height' },
    ]);
    expect(placeIssue(page, bindings, '/page/blocks/1/type')).toEqual([
      { blockId: 'game', area: 'block', path: '/type' },
    ]);
    expect(placeIssue(page, bindings, '/rules/text/en-US')).toEqual([
      { blockId: 'rules', area: 'bound', path: '/rules/text/en-US' },
    ]);
    expect(placeIssue(page, bindings, '/hotzones/0/url')).toEqual([
      { blockId: 'bg', area: 'bound', path: '/hotzones/0/url' },
    ]);
    expect(placeIssue(page, bindings, '/prizes/0/odds')).toEqual([]);
    expect(placeIssue(page, bindings, '/page/blocks/9/props/x')).toEqual([]);
    // Block 12 of a long page; the props themselves; a pointer that only ends like a block's.
    const long = Array.from({ length: 13 }, (_, i) => b(`s${i}`, 'spacer'));
    expect(placeIssue(long, bindings, '/page/blocks/12/props/height')).toEqual([
      { blockId: 's12', area: 'props', path: '/height' },
    ]);
    expect(placeIssue(page, bindings, '/page/blocks/3/props')).toEqual([
      { blockId: 'gap', area: 'props', path: '' },
    ]);
    expect(placeIssue(page, bindings, '/page/blocks/3')).toEqual([
      { blockId: 'gap', area: 'block', path: '' },
    ]);
    expect(placeIssue(page, bindings, '/rules/page/blocks/3')).toEqual([
      { blockId: 'rules', area: 'bound', path: '/rules/page/blocks/3' },
    ]);
    expect(placeIssue(page, bindings, '/page/blocks/3x')).toEqual([]);
    expect(placeIssue(page, bindings, 'rules')).toEqual([]);
    expect(placeIssue(page, bindings, '')).toEqual([]);
  });
});
