import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as esm from './index';
import type * as Esm from './index';
import type * as Declared from './publicApi';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Checked by the typecheck (npm run typecheck): each declared value and type is the implementation's.
const sameTypes: [
  Same<typeof Declared, typeof Esm>,
  Same<Declared.InitOptions, Esm.InitOptions>,
  Same<Declared.EventData, Esm.EventData>,
  Same<Declared.Attribution, Esm.Attribution>,
  Same<Declared.BannerView, Esm.BannerView>,
  Same<Declared.BannerHandlers, Esm.BannerHandlers>,
  Same<Declared.BannerColors, Esm.BannerColors>,
  Same<Declared.PublicBanner, Esm.PublicBanner>,
  Same<Declared.PublicScript, Esm.PublicScript>,
  Same<Declared.UrlMappingRow, Esm.UrlMappingRow>,
] = [true, true, true, true, true, true, true, true, true, true];

describe('gc.d.ts (publicApi.d.ts)', () => {
  it('declares exactly the values gc.mjs exports', () => {
    const text = readFileSync(new URL('./publicApi.d.ts', import.meta.url), 'utf8');
    const declared = [...text.matchAll(/^export declare (?:function|const) (\w+)/gm)].map((m) => m[1]).sort();
    expect(Object.keys(esm).sort()).toEqual(declared);
    expect(sameTypes.every(Boolean)).toBe(true);
  });

  it('declares the same types gc.mjs exports', () => {
    const declaredTypes = (path: string, pattern: RegExp) =>
      [...readFileSync(new URL(path, import.meta.url), 'utf8').matchAll(pattern)].flatMap((m) =>
        m[1].split(',').map((name) => name.trim()),
      );
    const declared = [
      ...readFileSync(new URL('./publicApi.d.ts', import.meta.url), 'utf8').matchAll(
        /^export (?:interface|type) (\w+)/gm,
      ),
    ].map((m) => m[1]);
    const exported = declaredTypes('./index.ts', /^export type \{([^}]+)\}/gm);
    expect(declared.sort()).toEqual(exported.sort());
  });
});
