import { describe, expect, it } from 'vitest';
import type { Widget } from '../analysisTypes';
import { dashboardFilters, placeWidget, withoutWidget } from './useOverviewEditor';

const a: Widget = { metric: 'activeUsers', chart: 'line' };
const b: Widget = { metric: 'newUsers', chart: 'number' };
const c: Widget = { metric: 'events', chart: 'pie' };

describe('dashboardFilters', () => {
  it('takes the preset and the picked platforms, none picked meaning all', () => {
    expect(dashboardFilters({ name: 'x', isDefault: false, preset: 'last30', platforms: ['ios'] })).toEqual({
      preset: 'last30',
      platforms: ['ios'],
    });
    expect(dashboardFilters({ name: 'x', isDefault: false, preset: 'today', platforms: [] })).toEqual({
      preset: 'today',
      platforms: undefined,
    });
  });

  it('keeps the filters the form does not show and replaces those it does', () => {
    const kept = { preset: 'last7' as const, platforms: ['web' as const], names: ['open'] };
    expect(dashboardFilters({ name: 'x', isDefault: true, preset: 'last90' }, kept)).toEqual({
      preset: 'last90',
      platforms: undefined,
      names: ['open'],
    });
  });
});

describe('placeWidget and withoutWidget', () => {
  it('adds at the end without an index and replaces in place with one', () => {
    expect(placeWidget([a, b], c)).toEqual([a, b, c]);
    expect(placeWidget([a, b], c, 0)).toEqual([c, b]);
    expect(placeWidget([a, b], c, 1)).toEqual([a, c]);
  });

  it('removes only the widget at the index', () => {
    expect(withoutWidget([a, b, c], 1)).toEqual([a, c]);
    expect(withoutWidget([a, b, c], 3)).toEqual([a, b, c]);
  });
});
