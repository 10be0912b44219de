import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../registry/buildRegistry';
import { checkRegistry } from '../registry/checkRegistry';
import { createSchemaEngine } from '../createSchemaEngine';

// The real schemas/ folder, read by the bundler (no node I/O in engine code or tests).
const files = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

/** The real folders with one block folder replaced or added. */
function withBlock(mark: string, replace: Record<string, unknown>): Record<string, unknown> {
  const spacer = Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.includes('/schemas/blocks/spacer/'))
      .map(([path, content]) => [path.replace('/blocks/spacer/', `/blocks/${mark}/`), content]),
  );
  const folder = { ...spacer, ...replace };
  const meta = folder[`../../../schemas/blocks/${mark}/meta.json`] as Record<string, unknown>;
  folder[`../../../schemas/blocks/${mark}/meta.json`] = { ...meta, mark, ...(replace.meta as object) };
  delete folder.meta;
  return { ...files, ...folder };
}

const at = (mark: string, file: string) => `../../../schemas/blocks/${mark}/${file}`;

describe('page block folders in schemas:check', () => {
  it('passes the real block folders, and every gameplay holds a page of them', () => {
    const engine = createSchemaEngine(buildRegistry(files));
    expect(checkRegistry(engine)).toEqual([]);
    const blocks = engine.list().filter((e) => e.kind === 'block');
    expect(blocks.map((b) => b.mark)).toContain('banner');
    expect(engine.fields('gameplay/lucky-wheel').properties.has('page')).toBe(true);
  });

  it('reports a broken block folder by name and keeps every gameplay and the other blocks', () => {
    const engine = createSchemaEngine(
      buildRegistry(
        withBlock('spacer', { [at('spacer', 'schema.json')]: { type: 'object', maxDecimals: 'x' } }),
      ),
    );
    const problems = checkRegistry(engine);
    expect(problems).toEqual([
      expect.objectContaining({
        folder: 'blocks/spacer',
        file: 'schema.json',
        message: expect.stringMatching(/does not compile/),
      }),
    ]);
    expect(engine.get('block/spacer')).toBeUndefined();
    expect(engine.get('block/banner')).toBeDefined();
    expect(engine.get('gameplay/lucky-wheel')).toBeDefined();
    // Its kind can no longer be placed; the others still can.
    const template = engine.get('gameplay/lucky-wheel')?.templates.classic as Record<string, unknown>;
    const page = (blocks: unknown[]) =>
      engine.validate('gameplay/lucky-wheel', { ...template, page: { blocks } }, 'en-US');
    expect(page([{ id: 'a', type: 'spacer', props: { height: 40 } }]).errors.map((e) => e.path)).toEqual([
      '/page/blocks/0/type',
    ]);
    expect(page([{ id: 'a', type: 'rich-text', props: { text: { 'zh-CN': '好' } } }]).valid).toBe(true);
  });

  it('refuses a block without a component, a bind to no campaign field, a prop both bound and own, and bad defaults', () => {
    const engine = createSchemaEngine(
      buildRegistry({
        ...withBlock('marquee', {}),
        ...withBlock('spacer', {
          meta: { block: { bind: { height: 'nowhere', title: 'pageTitle' } } },
          [at('spacer', 'schema.json')]: {
            title: 'meta.title',
            type: 'object',
            properties: {
              height: { title: 'fields.height', type: 'integer', minimum: 8 },
              title: { type: 'string' },
            },
            additionalProperties: false,
          },
          [at('spacer', 'defaults.json')]: { height: 2, colour: 'red' },
        }),
      }),
    );
    const problems = checkRegistry(engine).map((p) => `${p.folder}/${p.file}: ${p.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^blocks\/marquee\/meta.json: no participant component draws a "marquee" block/,
        ),
        'blocks/spacer/meta.json: block.bind.height: "nowhere" is not a campaign field',
        expect.stringMatching(
          /^blocks\/spacer\/meta.json: block.bind.height: "height" is also a prop of schema.json/,
        ),
        expect.stringMatching(/^blocks\/spacer\/meta.json: block.bind.title: "title" is also a prop/),
        expect.stringMatching(/^blocks\/spacer\/defaults.json: \/height: .*\(minimum\)$/),
        expect.stringMatching(/^blocks\/spacer\/defaults.json: .*additionalProperties/),
      ]),
    );
  });

  it('asks a block folder for its defaults and its block meta', () => {
    const missing = buildRegistry(
      withBlock('spacer', { [at('spacer', 'defaults.json')]: undefined }) as Record<string, unknown>,
    );
    expect(missing.problems).toEqual([
      {
        folder: 'blocks/spacer',
        file: 'defaults.json',
        message: 'defaults.json is missing (the props of a new block)',
      },
    ]);
  });
});

describe('checkBlock, rule by rule', () => {
  const problemsOf = (folders: Record<string, unknown>) =>
    checkRegistry(createSchemaEngine(buildRegistry(folders))).map(
      (p) => `${p.folder}/${p.file}: ${p.message}`,
    );

  it('refuses `block` in the meta.json of a folder outside blocks/', () => {
    const meta = '../../../schemas/gameplays/lucky-wheel/meta.json';
    const problems = problemsOf({ ...files, [meta]: { ...(files[meta] as object), block: { max: 1 } } });
    expect(problems).toEqual([
      'gameplays/lucky-wheel/meta.json: block: only folders of blocks/ are page blocks',
    ]);
  });

  it('asks a block folder to say `block` in its meta.json, and checks nothing more until it does', () => {
    // No `block`, an unknown kind and a bind to nowhere would each be a problem; only the first is told.
    const problems = problemsOf(withBlock('marquee', { meta: { block: undefined } }));
    expect(problems).toEqual([
      'blocks/marquee/meta.json: block: missing; a page block says where it sits, e.g. "block": { "max": 1 }',
    ]);
  });

  it('checks binds of a block whose schema.json has no properties of its own', () => {
    const problems = problemsOf(
      withBlock('spacer', {
        meta: { block: { bind: { title: 'pageTitle', height: 'nowhere' } } },
        [at('spacer', 'schema.json')]: { type: 'object' },
        [at('spacer', 'ui.json')]: {},
        [at('spacer', 'defaults.json')]: {},
      }),
    );
    expect(problems).toEqual([
      'blocks/spacer/meta.json: block.bind.height: "nowhere" is not a campaign field',
    ]);
  });

  it('takes the campaign fields from _defs/campaign.json whatever shared piece comes first', () => {
    const first = {
      '../../../schemas/_defs/aa-first.json': { type: 'object', properties: { nowhere: { type: 'string' } } },
    };
    const problems = problemsOf({
      ...first,
      ...withBlock('spacer', {
        meta: { block: { bind: { title: 'pageTitle', colour: 'nowhere' } } },
      }),
    });
    expect(problems).toEqual([
      'blocks/spacer/meta.json: block.bind.colour: "nowhere" is not a campaign field',
    ]);
  });

  it('does not check binds against a campaign base that is missing or has no field map', () => {
    const spacer = withBlock('spacer', { meta: { block: { bind: { colour: 'nowhere' } } } });
    const campaign = '../../../schemas/_defs/campaign.json';
    const { [campaign]: _, ...missing } = spacer;
    expect(problemsOf(missing).filter((p) => p.startsWith('blocks/'))).toEqual([]);
    const broken = { ...spacer, [campaign]: { ...(files[campaign] as object), properties: 'x' } };
    expect(problemsOf(broken).filter((p) => p.startsWith('blocks/'))).toEqual([]);
  });

  it('tells a wrong default in English, naming the root as /', () => {
    const problems = problemsOf(
      withBlock('spacer', {
        [at('spacer', 'schema.json')]: {
          ...(files[at('spacer', 'schema.json')] as object),
          maxProperties: 0,
        },
      }),
    );
    expect(problems).toEqual(['blocks/spacer/defaults.json: /: At most 0 entries (maxProperties)']);
  });
});
