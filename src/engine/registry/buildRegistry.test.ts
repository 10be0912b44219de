import { describe, expect, it } from 'vitest';
import { buildRegistry, normalizeSchemaPath } from './buildRegistry';
import { createSchemaEngine } from '../createSchemaEngine';
import { checkRegistry } from './checkRegistry';

// The real schemas/ folder, read by the bundler (no node I/O in engine code or tests).
const files = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

const tiny = (mark: string, extra: Record<string, unknown> = {}) => ({
  [`schemas/entities/${mark}/meta.json`]: { mark, title: 'meta.title', version: '1.0.0', templates: ['one'] },
  [`schemas/entities/${mark}/schema.json`]: {
    type: 'object',
    properties: { n: { type: 'integer', title: 'f.n', maximum: 3 } },
    required: ['n'],
    additionalProperties: false,
  },
  [`schemas/entities/${mark}/ui.json`]: { 'ui:order': ['n'] },
  [`schemas/entities/${mark}/locales/zh-CN.json`]: { 'meta.title': '小', 'f.n': '数', 'template.one': '一' },
  [`schemas/entities/${mark}/locales/en-US.json`]: {
    'meta.title': 'Tiny',
    'f.n': 'N',
    'template.one': 'One',
  },
  [`schemas/entities/${mark}/templates/one.json`]: { n: 1 },
  ...extra,
});

describe('buildRegistry', () => {
  it('normalizes paths', () => {
    expect(normalizeSchemaPath('./schemas/gameplays/x/meta.json')).toBe('gameplays/x/meta.json');
    expect(normalizeSchemaPath('/abs/repo/schemas/_defs/a.json')).toBe('_defs/a.json');
    expect(normalizeSchemaPath('../../../schemas/entities/p/schema.json')).toBe('entities/p/schema.json');
  });

  it('loads the real schemas with no problems', () => {
    const registry = buildRegistry(files);
    expect(registry.problems).toEqual([]);
    const names = registry.entries.map((e) => e.name);
    for (const n of [
      'gameplay/lucky-wheel',
      'gameplay/referral',
      'gameplay/task-center',
      'sub-activity/invite-contest',
      'entity/quiz-question',
    ]) {
      expect(names).toContain(n);
    }
    expect(registry.templates.find((t) => t.mark === 'lucky-wheel/classic')?.owner).toBe(
      'gameplay/lucky-wheel',
    );
    const engine = createSchemaEngine(registry);
    expect(checkRegistry(engine)).toEqual([]);
  });

  it('reports a broken folder by name and still loads the rest', () => {
    const registry = buildRegistry({
      ...tiny('good'),
      ...tiny('bad', { 'schemas/entities/bad/meta.json': { mark: 'other', title: 't', version: '1.0.0' } }),
      'schemas/entities/nometa/schema.json': {},
    });
    expect(registry.entries.map((e) => e.name)).toEqual(['entity/good']);
    expect(registry.problems).toEqual([
      {
        folder: 'entities/bad',
        file: 'meta.json',
        message: 'meta.json mark "other" must equal the folder name "bad"',
      },
      { folder: 'entities/nometa', file: 'meta.json', message: 'meta.json is missing' },
    ]);
  });

  it('leaves out a folder with an unreadable file', () => {
    const registry = buildRegistry(tiny('good'), {
      fileErrors: [{ path: 'schemas/entities/good/ui.json', message: 'not readable JSON' }],
    });
    expect(registry.entries).toEqual([]);
    expect(registry.problems).toEqual([
      { folder: 'entities/good', file: 'ui.json', message: 'not readable JSON' },
    ]);
  });

  it('drops a folder whose schema does not compile, naming it', () => {
    const engine = createSchemaEngine(
      buildRegistry({
        ...tiny('good'),
        ...tiny('broken', {
          'schemas/entities/broken/schema.json': { type: 'object', probabilitySum: { nope: 1 } },
        }),
      }),
    );
    expect(engine.compileAll()).toEqual([
      expect.objectContaining({ folder: 'entities/broken', file: 'schema.json' }),
    ]);
    expect(engine.list().map((e) => e.name)).toEqual(['entity/good']);
    expect(engine.get('entity/broken')).toBeUndefined();
    expect(() => engine.validate('entity/broken', {})).toThrow(/unknown schema entry/);
  });
});

describe('checkRegistry', () => {
  it('finds ui, step, locale and template problems', () => {
    const engine = createSchemaEngine(
      buildRegistry(
        tiny('t', {
          'schemas/entities/t/meta.json': {
            mark: 't',
            title: 'meta.title',
            version: '1',
            templates: ['one', 'two'],
            steps: [{ key: 's', title: 'step.s', fields: ['n', 'm'] }],
          },
          'schemas/entities/t/ui.json': { 'ui:order': ['n', 'x'], y: {} },
          'schemas/entities/t/locales/en-US.json': { 'meta.title': 'Tiny', 'template.one': 'One' },
          'schemas/entities/t/templates/one.json': { n: 9 },
          'schemas/_meta/meta.json': {
            type: 'object',
            properties: { version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' } },
          },
        }),
      ),
    );
    const lines = checkRegistry(engine).map((p) => `${p.folder}/${p.file}: ${p.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'entities/t/meta.json: meta /version: Invalid format',
        'entities/t/ui.json: ui:order names unknown field "x"',
        'entities/t/ui.json: names unknown field "y"',
        'entities/t/meta.json: step "s" names unknown field "m"',
        'entities/t/locales/en-US.json: missing string "f.n"',
        'entities/t/locales/zh-CN.json: missing string "step.s"',
        'entities/t/meta.json: meta lists template "two" but templates/two.json is missing',
        'entities/t/templates/one.json: /n: Must be at most 3 (maximum)',
      ]),
    );
  });

  it("checks a template's single-language texts in each language", () => {
    const named = (mark: string, en: Record<string, string>, zh: Record<string, string>) =>
      tiny(mark, {
        [`schemas/entities/${mark}/schema.json`]: {
          type: 'object',
          properties: { name: { type: 'string', title: 'f.n', pattern: '^\\S+$' } },
          required: ['name'],
          additionalProperties: false,
        },
        [`schemas/entities/${mark}/ui.json`]: {},
        [`schemas/entities/${mark}/templates/one.json`]: { name: '一个' },
        [`schemas/entities/${mark}/locales/en-US.json`]: {
          'meta.title': 'T',
          'f.n': 'N',
          'template.one': 'One',
          ...en,
        },
        [`schemas/entities/${mark}/locales/zh-CN.json`]: {
          'meta.title': '小',
          'f.n': '数',
          'template.one': '一',
          ...zh,
        },
      });
    const problems = (registry: Record<string, unknown>) =>
      checkRegistry(createSchemaEngine(buildRegistry(registry))).map(
        (p) => `${p.folder}/${p.file}: ${p.message}`,
      );
    const ok = problems(named('ok', { 'template.one.name': 'One' }, { 'template.one.name': '一个' }));
    expect(ok.filter((line) => line.startsWith('entities/'))).toEqual([]);
    expect(
      problems(
        named(
          'bad',
          { 'template.one.name': 'Two words', 'template.one.nope': 'x' },
          {
            'template.one.name': '一个',
            'template.one.nope': 'x',
          },
        ),
      ),
    ).toEqual(
      expect.arrayContaining([
        'entities/bad/locales/en-US.json: "template.one.nope" names no text of templates/one.json',
        'entities/bad/locales/zh-CN.json: "template.one.nope" names no text of templates/one.json',
        'entities/bad/locales/en-US.json: templates/one.json in en-US: /name: Invalid format (pattern)',
      ]),
    );
  });
});
