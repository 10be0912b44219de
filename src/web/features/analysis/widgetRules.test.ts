import { describe, expect, it } from 'vitest';
import { chartsOf, groupsOf, normalizeWidget, presetKeyOf, starterWidgets } from './widgetRules';
import { serverPresets, widgetMetrics } from './analysisTypes';
import { datePresetKeys } from '../linkAnalytics/dateRangePresets';

describe('normalizeWidget', () => {
  it('keeps a consistent widget as it is', () => {
    const widget = {
      id: 'w1',
      title: 'Purchases',
      metric: 'events' as const,
      chart: 'line' as const,
      groupBy: 'platform' as const,
      filters: { names: ['purchase'] },
    };
    expect(normalizeWidget(widget)).toEqual(widget);
  });

  it('replaces a chart or grouping the metric does not support with its defaults', () => {
    expect(normalizeWidget({ metric: 'newUsers', chart: 'pie', groupBy: 'country' })).toEqual({
      metric: 'newUsers',
      chart: 'line',
    });
    expect(normalizeWidget({ metric: 'audience', chart: 'line', groupBy: 'name' })).toEqual({
      metric: 'audience',
      chart: 'pie',
      groupBy: 'platform',
    });
    expect(normalizeWidget({ metric: 'events', chart: 'pie' })).toEqual({
      metric: 'events',
      chart: 'pie',
      groupBy: 'name',
    });
  });

  it('drops event filters where they do not apply, empty lists and blank titles', () => {
    expect(
      normalizeWidget({
        title: '  ',
        metric: 'retention',
        chart: 'table',
        filters: { preset: 'last30', platforms: ['ios'], names: ['open'] },
      }),
    ).toEqual({ metric: 'retention', chart: 'table', filters: { preset: 'last30' } });
    expect(
      normalizeWidget({ metric: 'events', chart: 'column', filters: { platforms: [], names: [] } }),
    ).toEqual({
      metric: 'events',
      chart: 'column',
      groupBy: 'name',
    });
  });

  it('has rules for every metric and starter widgets that follow them', () => {
    for (const metric of widgetMetrics) {
      expect(chartsOf[metric].length).toBeGreaterThan(0);
      expect(groupsOf[metric]).toBeDefined();
    }
    for (const widget of starterWidgets) expect(normalizeWidget(widget)).toEqual(widget);
  });
});

describe('presetKeyOf', () => {
  it('maps every stored preset to a shared date preset', () => {
    const mapped = serverPresets.map(presetKeyOf);
    expect(new Set(mapped).size).toBe(serverPresets.length);
    for (const key of mapped) expect(datePresetKeys).toContain(key);
  });
});
