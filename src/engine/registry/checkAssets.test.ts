import { describe, expect, it } from 'vitest';
import { buildRegistry } from './buildRegistry';
import { assetFileProblems, checkAssets } from './checkAssets';

const bytes = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));
const svg = (body: string) =>
  bytes(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">${body}</svg>`);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('schema folder artwork', () => {
  it('accepts small, self-contained SVGs and real PNGs', () => {
    const gradient = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)" style="opacity:.5"/>',
    );
    expect(assetFileProblems('_assets/gift.svg', gradient)).toEqual([]);
    expect(assetFileProblems('gameplays/lucky-wheel/assets/pointer-2.svg', gradient)).toEqual([]);
    expect(assetFileProblems('_assets/photo.png', PNG)).toEqual([]);
  });

  it('refuses scripts, handlers, outside references, odd names and wrong content', () => {
    const problems = (path: string, content: Uint8Array) => assetFileProblems(path, content).join(' | ');
    expect(problems('_assets/a.svg', svg('<script>alert(1)</script>'))).toContain('<script>');
    expect(problems('_assets/a.svg', svg('<rect onload="alert(1)"/>'))).toContain('event handler');
    expect(problems('_assets/a.svg', svg('<image href="https://cdn.example.com/x.png"/>'))).toContain(
      'reference to another file',
    );
    expect(problems('_assets/a.svg', svg('<use xlink:href="other.svg#a"/>'))).toContain(
      'reference to another file',
    );
    expect(problems('_assets/a.svg', svg('<rect fill="url(https://x.test/a)"/>'))).toContain('url()');
    expect(problems('_assets/a.svg', svg('<foreignObject><div/></foreignObject>'))).toContain(
      'foreignObject',
    );
    expect(problems('_assets/a.svg', bytes('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>'))).toContain('DOCTYPE');
    expect(problems('_assets/a.svg', bytes('<html><body/></html>'))).toContain('starts with <svg');
    expect(problems('_assets/a.png', svg(''))).toContain('not a .png image');
    expect(problems('_assets/a.svg', new Uint8Array())).toContain('empty');
    expect(problems('_assets/a.svg', svg(' '.repeat(300 * 1024)))).toContain('more than');
    for (const name of [
      '_assets/Gift.svg',
      '_assets/gift box.svg',
      '_assets/gift.gif',
      '_assets/sub/gift.svg',
    ])
      expect(problems(name, svg('')), name).toContain('lower-case letters');
  });

  it('reports a template naming an asset that does not exist, at its field', () => {
    const registry = buildRegistry(
      {
        'entities/tiny/meta.json': {
          mark: 'tiny',
          title: 'meta.title',
          version: '1.0.0',
          templates: ['one'],
        },
        'entities/tiny/schema.json': { type: 'object' },
        'entities/tiny/locales/zh-CN.json': { 'meta.title': '小', 'template.one': '一' },
        'entities/tiny/locales/en-US.json': { 'meta.title': 'Tiny', 'template.one': 'One' },
        'entities/tiny/templates/one.json': {
          icon: '/schema-assets/entities/tiny/assets/icon.svg',
          list: [{ image: '/schema-assets/_assets/missing.svg' }],
          other: 'https://cdn.example.com/a.png',
        },
      },
      { assets: { 'entities/tiny/assets/icon.svg': svg(''), '_assets/bad.svg': svg('<script/>') } },
    );
    expect(checkAssets(registry)).toEqual([
      { folder: '_assets', file: 'bad.svg', message: 'the SVG holds a <script> element' },
      {
        folder: 'entities/tiny',
        file: 'templates/one.json',
        message:
          '/list/0/image: /schema-assets/_assets/missing.svg names schemas/_assets/missing.svg, which does not exist',
      },
    ]);
    // Built without its asset files (the console, JSON-only tests), nothing is known to check.
    expect(checkAssets({ ...registry, assets: undefined })).toEqual([]);
  });
});
