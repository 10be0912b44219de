import { describe, expect, it } from 'vitest';
import { asZones, cleanZones, zoneProblem, zoneStyle } from './hotzones';

describe('asZones', () => {
  it('keeps objects only, clamped into the image, and keeps their other fields', () => {
    expect(asZones([{ x: 95, y: -3, width: 10, height: 20, action: 'play' }, null, 'zone', 7])).toEqual([
      { x: 90, y: 0, width: 10, height: 20, action: 'play' },
    ]);
  });

  it('reads numbers typed as text and falls back for missing ones', () => {
    expect(asZones([{ x: '12.34567', y: 'a' }])).toEqual([{ x: 12.3457, y: 0, width: 1, height: 1 }]);
  });

  it('is empty for anything but a list', () => {
    expect(asZones(undefined)).toEqual([]);
    expect(asZones({ x: 1 })).toEqual([]);
  });
});

describe('zoneProblem', () => {
  const rect = { x: 0, y: 0, width: 10, height: 10 };
  it('asks for the target the action needs', () => {
    expect(zoneProblem(rect)).toBe('needsUrl');
    expect(zoneProblem({ ...rect, action: 'url', url: '' })).toBe('needsUrl');
    expect(zoneProblem({ ...rect, action: 'deeplink' })).toBe('needsLink');
    expect(zoneProblem({ ...rect, action: 'block' })).toBe('needsBlock');
  });

  it('is null once the target is there, and for actions without one', () => {
    expect(zoneProblem({ ...rect, url: 'https://a.example' })).toBeNull();
    expect(zoneProblem({ ...rect, action: 'deeplink', linkId: '3' })).toBeNull();
    expect(zoneProblem({ ...rect, action: 'block', blockId: 'b1' })).toBeNull();
    expect(zoneProblem({ ...rect, action: 'share' })).toBeNull();
    expect(zoneProblem({ ...rect, action: 'play', url: '' })).toBeNull();
  });
});

describe('cleanZones', () => {
  const rect = { x: 0, y: 0, width: 10, height: 10 };
  it("keeps only the target of the zone's action, url by default", () => {
    expect(
      cleanZones([
        { ...rect, url: 'https://a.example', linkId: '3', blockId: 'b1' },
        { ...rect, action: 'deeplink', url: 'https://a.example', linkId: '3', blockId: 'b1' },
        { ...rect, action: 'block', url: 'https://a.example', linkId: '3', blockId: 'b1' },
        { ...rect, action: 'rules', url: 'https://a.example', linkId: '3', blockId: 'b1' },
      ]),
    ).toEqual([
      { ...rect, action: 'url', url: 'https://a.example' },
      { ...rect, action: 'deeplink', linkId: '3' },
      { ...rect, action: 'block', blockId: 'b1' },
      { ...rect, action: 'rules' },
    ]);
  });

  it('clamps the rect and keeps a label only when some language has words', () => {
    expect(
      cleanZones([
        { x: 99, y: 0, width: 10, height: 10, action: 'play', label: { 'zh-CN': '', 'en-US': '' } },
        { ...rect, action: 'play', label: { 'zh-CN': '', 'en-US': 'Go' } },
      ]),
    ).toEqual([
      { x: 90, y: 0, width: 10, height: 10, action: 'play' },
      { ...rect, action: 'play', label: { 'zh-CN': '', 'en-US': 'Go' } },
    ]);
  });
});

describe('zoneStyle', () => {
  it('places a rect in percent of the image box', () => {
    expect(zoneStyle({ x: 1.5, y: 2, width: 30, height: 40 })).toEqual({
      left: '1.5%',
      top: '2%',
      width: '30%',
      height: '40%',
    });
  });
});
