import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeTemplate } from '../../engine/registry/localizeTemplate';
import { loadRegistry } from './loadRegistry';

// Templates follow the console language: in English no template of the schemas folder keeps a
// Chinese text, except inside per-language texts ({ "zh-CN": ... }).
describe('templates of the schemas folder in English', () => {
  it('leaves no Chinese in any template of the schemas folder in English, outside per-language texts', async () => {
    const engine = await loadRegistry(path.resolve('schemas'));
    const chinese: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (typeof value === 'string') {
        if (/[\u4e00-\u9fff]/.test(value) && !at.endsWith('/zh-CN')) chinese.push(`${at}: ${value}`);
      } else if (value && typeof value === 'object')
        for (const [key, child] of Object.entries(value)) walk(child, `${at}/${key}`);
    };
    let count = 0;
    for (const entry of engine.list())
      for (const [name, template] of Object.entries(entry.templates)) {
        count += 1;
        walk(localizeTemplate(name, template, entry.locales, 'en-US'), `${entry.name}/${name}`);
      }
    expect(count).toBeGreaterThan(25);
    expect(chinese).toEqual([]);
  });
});
