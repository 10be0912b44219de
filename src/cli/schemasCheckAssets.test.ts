import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from './cliIo';
import { runSchemasCheck } from './runSchemasCheck';

// `npm run schemas:check` over a copy of schemas/: the artwork the templates name must exist in
// the asset folders, and the files there must be safe to serve.

describe('schemas:check and the folders’ artwork', { timeout: 300_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gc-assets-'));
    await cp('schemas', dir, { recursive: true });
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  async function check(): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const io: CliIo = {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
      readFile: (file) => readFile(file, 'utf8'),
      readStdin: async () => '',
      schemasDir: dir,
    };
    return { code: await runSchemasCheck(io), lines };
  }

  it('passes on the shipped folders, whose templates all name existing art', async () => {
    const { code, lines } = await check();
    expect(lines.at(-1)).toMatch(/schemas:check: \d+ folders, \d+ templates OK/);
    expect(code).toBe(0);
  });

  it('refuses a template naming an asset file that does not exist, and an unsafe SVG', async () => {
    const file = path.join(dir, 'gameplays/card-flipping/templates/classic.json');
    const template = JSON.parse(await readFile(file, 'utf8'));
    template.cardBack.image = '/schema-assets/gameplays/card-flipping/assets/card-back-2.svg';
    await writeFile(file, JSON.stringify(template));
    await writeFile(
      path.join(dir, 'gameplays/card-flipping/assets/spy.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example.com/p.gif"/></svg>',
    );
    await mkdir(path.join(dir, 'gameplays/card-flipping/assets/old'));
    await writeFile(
      path.join(dir, 'gameplays/card-flipping/assets/old/back.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    const { code, lines } = await check();
    expect(code).toBe(1);
    expect(lines).toContain(
      'gameplays/card-flipping/assets/old/back.svg: an asset file name is lower-case letters, digits and hyphens (at most 64) ending in .svg, .png, .jpg or .webp, directly in the assets folder',
    );
    expect(lines).toContain(
      'gameplays/card-flipping/templates/classic.json: /cardBack/image: /schema-assets/gameplays/card-flipping/assets/card-back-2.svg names schemas/gameplays/card-flipping/assets/card-back-2.svg, which does not exist',
    );
    expect(lines).toContain(
      'gameplays/card-flipping/assets/spy.svg: the SVG holds a reference to another file or address (href not starting with #)',
    );
  });
});
