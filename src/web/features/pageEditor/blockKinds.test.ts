import { describe, expect, it } from 'vitest';
import type { PageBlock } from '../../../engine/page/pageModel';
import type { SchemaEntry } from '../../schema-form/schemaEntry';
import { blockBindings, fullKinds, hasHotzones, hotzoneCount, pruneEmpty, zonesAreBound } from './blockKinds';

const kind = (mark: string, block?: Record<string, unknown>, properties: object = {}) =>
  ({
    kind: 'block',
    mark,
    name: `block/${mark}`,
    meta: { block },
    schema: { properties },
    ui: {},
  }) as unknown as SchemaEntry;
const block = (id: string, type: string, props: Record<string, unknown> = {}): PageBlock => ({
  id,
  type,
  props,
});

describe('blockBindings', () => {
  it('maps each kind to the campaign fields it binds, none when it says nothing', () => {
    expect(blockBindings([kind('rules', { bind: { text: 'rules' } }), kind('image')])).toEqual({
      rules: { text: 'rules' },
      image: {},
    });
  });
});

describe('fullKinds', () => {
  it('lists the kinds that reached their max, not those without one', () => {
    const entries = [kind('background', { max: 1 }), kind('rules', { max: 2 }), kind('image')];
    const blocks = [block('a', 'background'), block('b', 'rules'), block('c', 'image'), block('d', 'image')];
    expect([...fullKinds(entries, blocks)]).toEqual(['background']);
    expect([...fullKinds(entries, [...blocks, block('e', 'rules')])]).toEqual(['background', 'rules']);
  });
});

describe('hotzones of a block', () => {
  const bindings = { background: { hotzones: 'hotzones', image: 'backgroundImage' }, image: {} };
  it('are the campaign field when the kind binds them, else its own prop', () => {
    expect(zonesAreBound(bindings, 'background')).toBe(true);
    expect(zonesAreBound(bindings, 'image')).toBe(false);
    const config = { hotzones: [{}, {}, {}] };
    expect(hotzoneCount(block('a', 'background', { hotzones: [{}] }), config, bindings)).toBe(3);
    expect(hotzoneCount(block('b', 'image', { hotzones: [{}] }), config, bindings)).toBe(1);
    expect(hotzoneCount(block('c', 'image'), config, bindings)).toBeUndefined();
  });

  it('can be edited on kinds with a hotzones prop or binding', () => {
    expect(hasHotzones(block('a', 'image'), kind('image', {}, { hotzones: {} }), bindings)).toBe(true);
    expect(hasHotzones(block('a', 'background'), kind('background'), bindings)).toBe(true);
    expect(hasHotzones(block('a', 'text'), kind('text', {}, { text: {} }), bindings)).toBe(false);
    expect(hasHotzones(block('a', 'text'), undefined, bindings)).toBe(false);
  });
});

describe('pruneEmpty', () => {
  it('drops empty objects and undefined, keeps empty lists, strings and null', () => {
    expect(pruneEmpty({ a: {}, b: undefined, c: [], d: '', e: null, f: { 'en-US': 'x' } })).toEqual({
      c: [],
      d: '',
      e: null,
      f: { 'en-US': 'x' },
    });
  });
});
