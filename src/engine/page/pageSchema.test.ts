import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { buildRegistry } from '../registry/buildRegistry';
import { createSchemaEngine } from '../createSchemaEngine';
import { createEngineAjv } from '../validation/createEngineAjv';
import { MAX_BLOCKS, PAGE_SCHEMA_ID, pageSchema } from './pageSchema';

// The real schemas/ folder, read by the bundler (no node I/O in engine code or tests).
const files = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const sharedLocales = {
  'zh-CN': files['../../../schemas/_defs/locales/zh-CN.json'] as Record<string, string>,
  'en-US': files['../../../schemas/_defs/locales/en-US.json'] as Record<string, string>,
};

const engine = createSchemaEngine(buildRegistry(files));

/** The errors of a page as ajv reports them: where and which keyword. */
function errorsOf(validate: ValidateFunction, page: unknown): string[] {
  validate(page);
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
}
const page = (page: unknown) => errorsOf(engine.ajv.getSchema(PAGE_SCHEMA_ID)!, page);
const spacer = (id: string, props: unknown = { height: 40 }) => ({ id, type: 'spacer', props });

describe('the page schema made from the block folders', () => {
  it('holds a list of blocks and nothing else', () => {
    expect(page({ blocks: [spacer('a'), { id: 'b', type: 'game', props: {} }] })).toEqual([]);
    expect(page({})).toEqual([' required']);
    expect(page({ blocks: [], theme: 'dark' })).toEqual([' additionalProperties']);
  });

  it('gives each block an id, a kind of the block folders and its props, and nothing else', () => {
    expect(page({ blocks: [{ id: 'a', type: 'spacer' }] })).toEqual(['/blocks/0 required']);
    expect(page({ blocks: [{ id: 'a', props: {} }] })).toEqual(['/blocks/0 required']);
    expect(page({ blocks: [{ type: 'spacer', props: { height: 40 } }] })).toEqual(['/blocks/0 required']);
    expect(page({ blocks: [{ ...spacer('a'), hidden: true }] })).toEqual(['/blocks/0 additionalProperties']);
    expect(page({ blocks: [{ id: 'a', type: 'marquee', props: {} }] })).toEqual(['/blocks/0/type enum']);
  });

  it('takes ids of 1 to 32 letters, digits, _ and -', () => {
    expect(page({ blocks: [spacer('A-z_09'), spacer('x'.repeat(32))] })).toEqual([]);
    for (const id of ['', 'x'.repeat(33), 'a b', 'é', 'a.b'])
      expect(page({ blocks: [spacer(id)] })).toEqual(['/blocks/0/id pattern']);
    expect(page({ blocks: [spacer(7 as unknown as string)] })).toEqual(['/blocks/0/id type']);
  });

  it("checks a block's props against its own folder's schema.json", () => {
    expect(page({ blocks: [spacer('a', { height: 2 })] })).toEqual([
      '/blocks/0/props/height minimum',
      '/blocks/0 if',
    ]);
    expect(page({ blocks: [spacer('a', 'tall')] })).toEqual([
      // The spacer's schema.json, then the page's own rule that props are an object.
      '/blocks/0/props type',
      '/blocks/0 if',
      '/blocks/0/props type',
    ]);
    // Without a kind, no folder's schema applies: only the missing kind is told.
    expect(page({ blocks: [{ id: 'a', props: { height: 'x' } }] })).toEqual(['/blocks/0 required']);
  });

  it('refuses a repeated id and more of a kind than its block.max, with their own messages', () => {
    expect(page({ blocks: [spacer('a'), spacer('a')] })).toEqual(['/blocks/1/id uniqueBy']);
    const game = (id: string) => ({ id, type: 'game', props: {} });
    expect(page({ blocks: [game('a'), game('b')] })).toEqual(['/blocks/1/type maxPerValue']);
    // Kinds without a max may repeat.
    expect(page({ blocks: [spacer('a'), spacer('b'), spacer('c')] })).toEqual([]);
    const template = engine.get('gameplay/lucky-wheel')?.templates.classic as Record<string, unknown>;
    const messages = (blocks: unknown[]) =>
      engine
        .validate('gameplay/lucky-wheel', { ...template, page: { blocks } }, 'en-US')
        .errors.map((e) => e.message);
    expect(messages([spacer('a'), spacer('a')])).toEqual(['Block id a is used twice']);
    expect(messages([game('a'), game('b')])).toEqual(['A page holds at most 1 block of this kind']);
  });

  it(`holds at most ${MAX_BLOCKS} blocks`, () => {
    const blocks = Array.from({ length: MAX_BLOCKS + 1 }, (_, i) => spacer(`b${i}`));
    expect(page({ blocks: blocks.slice(0, MAX_BLOCKS) })).toEqual([]);
    expect(page({ blocks })).toEqual(['/blocks maxItems']);
  });

  it('places no block at all when no block folder compiles', () => {
    const validate = createEngineAjv().compile(pageSchema([]));
    expect(errorsOf(validate, { blocks: [] })).toEqual([]);
    expect(errorsOf(validate, { blocks: [spacer('a')] })).toEqual(['/blocks maxItems']);
    expect(errorsOf(validate, { blocks: [{ id: 'a', type: 5, props: 'x' }] })).toEqual([
      '/blocks maxItems',
      '/blocks/0/type type',
      '/blocks/0/props type',
    ]);
  });

  it('names its titles with keys both languages of the shared strings hold', () => {
    const titles: string[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'title') titles.push(v as string);
        else walk(v);
      }
    };
    walk(pageSchema(engine.list().filter((e) => e.kind === 'block')));
    expect(titles).toEqual([
      'campaign.page',
      'campaign.page.blocks',
      'campaign.page.block',
      'campaign.page.block.id',
      'campaign.page.block.type',
      'campaign.page.block.props',
    ]);
    for (const title of titles) {
      expect(sharedLocales['zh-CN'][title], title).toBeTruthy();
      expect(sharedLocales['en-US'][title], title).toBeTruthy();
    }
  });
});
