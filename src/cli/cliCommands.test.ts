import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TEMPLATE = 'schemas/gameplays/lucky-wheel/templates/classic.json';

function run(script: string, args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
const validate = (args: string[], options?: Parameters<typeof run>[2]) =>
  run('src/cli/validate.ts', args, options);

// Each case spawns the real CLI (tsx start-up ~1 s, far more on a busy machine).
describe('npm run validate', { timeout: 180_000 }, () => {
  it('exits 0 for valid files and prints a line per file', async () => {
    const { code, stdout } = await validate([
      'gameplay/lucky-wheel',
      TEMPLATE,
      'schemas/gameplays/lucky-wheel/templates/twenty-prizes.json',
      '--lang',
      'en',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain(`${TEMPLATE}: valid`);
    expect(stdout.trim().split('\n')).toHaveLength(2);
  });

  it('reads stdin with "-" and exits 1 with localized field errors', async () => {
    const config = JSON.parse(await readFile(TEMPLATE, 'utf8'));
    config.rules.textColor = 'red';
    const zh = await validate(['gameplay/lucky-wheel', '-'], { stdin: JSON.stringify(config) });
    expect(zh.code).toBe(1);
    expect(zh.stdout).toContain(
      '/rules/textColor  请输入 3 位或 6 位十六进制颜色，如 #fff 或 #1677ff  [pattern]',
    );
    const en = await validate(['gameplay/lucky-wheel', '-', '--json', '--lang', 'en'], {
      stdin: JSON.stringify(config),
    });
    expect(en.code).toBe(1);
    expect(JSON.parse(en.stdout)).toEqual({
      file: '<stdin>',
      valid: false,
      errors: [
        {
          path: '/rules/textColor',
          keyword: 'pattern',
          message: 'Enter a 3- or 6-digit hex colour such as #fff or #1677ff',
        },
      ],
    });
  });

  it('exits 2 with a clear message for non-JSON, missing files and usage errors', async () => {
    const bad = await validate(['gameplay/lucky-wheel', '-'], { stdin: '{ "title": ' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<stdin> is not valid JSON/);
    const missing = await validate(['gameplay/lucky-wheel', 'no/such/file.json', TEMPLATE]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read no/such/file.json: no such file');
    const usage = await validate([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run validate');
    const unknown = await validate(['gameplay/no-such-game', TEMPLATE]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown gameplay/no-such-game');
    const wrongKind = await validate(['widget/x', TEMPLATE]);
    expect(wrongKind.code).toBe(2);
  }, 180_000);

  it('lists every kind/mark, as text and JSON', async () => {
    const text = await validate(['--list', '--lang', 'en']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^gameplay\/lucky-wheel\s+Lucky draw wheel$/m);
    const json = await validate(['--list', '--json']);
    const list = JSON.parse(json.stdout) as { name: string; kind: string; templates: string[] }[];
    expect(list.map((e) => e.name)).toEqual(
      expect.arrayContaining(['gameplay/lucky-wheel', 'sub-activity/super-task', 'entity/prize']),
    );
    expect(list.find((e) => e.name === 'gameplay/lucky-wheel')?.templates).toContain('classic');
  });
});

// Each case spawns the real CLI (tsx start-up ~1 s, far more on a busy machine).
describe('a new gameplay folder needs no code change', { timeout: 180_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gc-newgame-'));
    await cp('schemas', dir, { recursive: true });
    const folder = path.join(dir, 'gameplays/scratch-card');
    await mkdir(path.join(folder, 'locales'), { recursive: true });
    await mkdir(path.join(folder, 'templates'), { recursive: true });
    const strings = (zh: boolean) => ({
      'meta.title': zh ? '刮刮卡' : 'Scratch card',
      'meta.description': zh ? '刮开涂层赢奖品' : 'Scratch to win',
      'fields.prizes': zh ? '奖品' : 'Prizes',
      'fields.coating': zh ? '涂层颜色' : 'Coating colour',
      'fields.dailyChances': zh ? '每日次数' : 'Chances per day',
      'template.classic': zh ? '经典刮刮卡' : 'Classic scratch card',
    });
    const base = JSON.parse(await readFile('schemas/gameplays/lucky-wheel/templates/classic.json', 'utf8'));
    const { chances: _c, drawCountdown: _d, wheel: _w, ...campaign } = base;
    await writeFile(
      path.join(folder, 'meta.json'),
      JSON.stringify({
        mark: 'scratch-card',
        title: 'meta.title',
        description: 'meta.description',
        version: '1.0.0',
        // A known mechanic and renderer: the new folder is playable with no code either.
        play: { mechanic: 'draw', renderer: 'cards' },
        goals: ['engagement-retention'],
        templates: ['classic'],
        steps: [
          { key: 'goal', title: 'step.goal', fields: ['goal'] },
          {
            key: 'basic',
            title: 'step.basic',
            fields: [
              'title',
              'startTime',
              'endTime',
              'timezone',
              'pageTitle',
              'whitelist',
              'preheat',
              'onlineAt',
              'offlineAt',
            ],
          },
          {
            key: 'logic',
            title: 'step.logic',
            fields: ['prizes', 'dailyChances', 'coating', 'budget', 'delivery', 'risk'],
          },
          {
            key: 'pages',
            title: 'step.pages',
            fields: [
              'rules',
              'buttons',
              'backgroundImage',
              'hotzones',
              'page',
              'share',
              'linkData',
              'offsiteMode',
              'adsSwitch',
              'downloadPageType',
            ],
          },
          { key: 'languages', title: 'step.languages', fields: ['languages', 'defaultLanguage'] },
        ],
      }),
    );
    await writeFile(
      path.join(folder, 'schema.json'),
      JSON.stringify({
        title: 'meta.title',
        type: 'object',
        allOf: [{ $ref: '/_defs/campaign.json' }],
        properties: {
          prizes: {
            $ref: '/_defs/prize.json#/$defs/prizeList',
            title: 'fields.prizes',
            maxItems: 6,
            probabilitySum: { field: 'odds', remainderField: 'isThank' },
          },
          dailyChances: { type: 'integer', minimum: 1, maximum: 99, title: 'fields.dailyChances' },
          coating: { $ref: '/_defs/common.json#/$defs/hexColor', title: 'fields.coating' },
        },
        required: ['prizes', 'dailyChances', 'coating'],
        unevaluatedProperties: false,
      }),
    );
    await writeFile(path.join(folder, 'ui.json'), JSON.stringify({ coating: { 'ui:widget': 'color' } }));
    await writeFile(path.join(folder, 'locales/zh-CN.json'), JSON.stringify(strings(true)));
    await writeFile(path.join(folder, 'locales/en-US.json'), JSON.stringify(strings(false)));
    await writeFile(
      path.join(folder, 'templates/classic.json'),
      JSON.stringify({ ...campaign, dailyChances: 1, coating: '#999' }),
    );
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is listed, validated and checked', async () => {
    const env = { SCHEMAS_DIR: dir };
    const list = await validate(['--list', '--json'], { env });
    expect(JSON.parse(list.stdout).map((e: { name: string }) => e.name)).toContain('gameplay/scratch-card');
    const template = path.join(dir, 'gameplays/scratch-card/templates/classic.json');
    const ok = await validate(['gameplay/scratch-card', template], { env });
    expect(ok.code).toBe(0);
    const config = JSON.parse(await readFile(template, 'utf8'));
    const bad = await validate(['gameplay/scratch-card', '-', '--json', '--lang', 'en'], {
      env,
      stdin: JSON.stringify({ ...config, coating: 'grey' }),
    });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).errors).toEqual([
      {
        path: '/coating',
        keyword: 'pattern',
        message: 'Enter a 3- or 6-digit hex colour such as #fff or #1677ff',
      },
    ]);
    const check = await run('src/cli/schemasCheck.ts', [dir]);
    expect(check.stdout).toMatch(/schemas:check: \d+ folders, \d+ templates OK/);
    expect(check.code).toBe(0);
  }, 180_000);

  it('schemas:check reports a broken folder with a line per problem and exit 1', async () => {
    const folder = path.join(dir, 'gameplays/scratch-card');
    await writeFile(path.join(folder, 'ui.json'), JSON.stringify({ coatting: { 'ui:widget': 'color' } }));
    await writeFile(
      path.join(folder, 'locales/en-US.json'),
      JSON.stringify({ 'meta.title': 'Scratch card' }),
    );
    const check = await run('src/cli/schemasCheck.ts', [dir]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('gameplays/scratch-card/ui.json: names unknown field "coatting"');
    expect(check.stdout).toContain(
      'gameplays/scratch-card/locales/en-US.json: missing string "fields.coating"',
    );
    await writeFile(path.join(folder, 'schema.json'), '{ broken');
    const broken = await run('src/cli/schemasCheck.ts', [dir]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^gameplays\/scratch-card\/schema\.json: not readable JSON/m);
  }, 180_000);
});
