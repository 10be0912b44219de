import { describe, expect, it } from 'vitest';
import {
  labelLines,
  landingAngle,
  sectorAt,
  sectorsOf,
  textOn,
  wheelSectors,
  wheelSizes,
} from './wheelGeometry';

const prize = (id: string, isThank = false) => ({ id, name: id, image: null, isThank, description: null });

describe('wheel geometry', () => {
  it('lands every sector of every wheel size under the pointer, turning forward', () => {
    for (const count of [1, 2, 3, 4, 5, 7, 8, 12, 20]) {
      let angle = 0;
      for (let index = 0; index < count; index += 1) {
        for (const offset of [0, -0.4, 0.4]) {
          const next = landingAngle(angle, index, count, 6, offset);
          expect(next, `count ${count} index ${index}`).toBeGreaterThanOrEqual(angle + 6 * 360);
          expect(next).toBeLessThan(angle + 7 * 360);
          expect(sectorAt(next, count), `count ${count} index ${index} offset ${offset}`).toBe(index);
          angle = next;
        }
      }
    }
  });

  it('puts sector 1 of 4 at the top after a quarter turn back (sector centres are clockwise)', () => {
    expect(landingAngle(0, 1, 4, 0)).toBe(270);
    expect(landingAngle(0, 0, 4, 1)).toBe(360);
    expect(sectorAt(90, 4)).toBe(3);
  });

  it('repeats short prize lists and finds the sectors of a drawn prize', () => {
    const sectors = wheelSectors([prize('a'), prize('t', true), prize('b')]);
    expect(sectors.map((s) => s.id)).toEqual(['a', 't', 'b', 'a', 't', 'b']);
    expect(sectorsOf(sectors, { id: 'b', isThank: false })).toEqual([2, 5]);
    // A thank-you without an id in the page's list lands on any thank-you sector.
    expect(sectorsOf(sectors, { id: null, isThank: true })).toEqual([1, 4]);
    expect(sectorsOf(sectors, { id: 'gone', isThank: false })).toEqual([]);
    expect(wheelSectors([])).toEqual([]);
  });

  it('picks readable text colours', () => {
    expect(textOn('#ffd666')).toBe('#3d2600');
    expect(textOn('#222')).toBe('#ffffff');
  });
});

describe('wheel labels', () => {
  it('breaks names between words, else by characters, on two lines at most', () => {
    expect(labelLines('Phone', 4)).toEqual(['Phone']);
    expect(labelLines('10 off coupon', 4)).toEqual(['10 off', 'coupon']);
    expect(labelLines('一二三四五六七八九十壹贰叁', 4)).toEqual(['一二三四五六七八九十壹', '贰叁']);
    expect(labelLines('Supercalifragilistic expialidocious', 6)).toEqual(['Supercal', 'ifragil…']);
  });

  it('letters smaller and pictures smaller as the wheel has more sectors', () => {
    expect(wheelSizes(0)).toEqual({ step: 360, fontSize: 9, iconSize: 30 });
    expect(wheelSizes(6)).toEqual({ step: 60, fontSize: 9, iconSize: 30 });
    expect(wheelSizes(8)).toEqual({ step: 45, fontSize: 7.5, iconSize: 24 });
    expect(wheelSizes(10)).toEqual({ step: 36, fontSize: 7.5, iconSize: 24 });
    expect(wheelSizes(20)).toEqual({ step: 18, fontSize: 6, iconSize: 20 });
  });
});
