import type {
  AudienceDimension,
  ServerPreset,
  Widget,
  WidgetChart,
  WidgetGroup,
  WidgetMetric,
} from './analysisTypes';
import type { DatePresetKey } from '../linkAnalytics/dateRangePresets';

/** The charts each metric can be drawn as, the first being the default. */
export const chartsOf: Record<WidgetMetric, WidgetChart[]> = {
  activeUsers: ['line', 'column', 'table', 'number'],
  newUsers: ['line', 'column', 'table', 'number'],
  summary: ['number', 'table'],
  events: ['column', 'line', 'pie', 'table', 'number'],
  retention: ['table', 'line', 'column'],
  audience: ['pie', 'column', 'table', 'number'],
};

/** The groupings each metric supports (none: the metric has no group by), the first the default. */
export const groupsOf: Record<WidgetMetric, WidgetGroup[]> = {
  activeUsers: [],
  newUsers: [],
  summary: [],
  events: ['name', 'platform'],
  retention: [],
  audience: ['platform', 'os', 'country', 'appVersion', 'language'],
};

/** Whether the metric reads the platform and event name filters (only event counts do). */
export const usesEventFilters = (metric: WidgetMetric) => metric === 'events';

/**
 * A widget made consistent with its metric: a chart and grouping the metric supports (else its
 * defaults), and event filters only where they apply.
 */
export function normalizeWidget(widget: Widget): Widget {
  const charts = chartsOf[widget.metric];
  const groups = groupsOf[widget.metric];
  const chart = charts.includes(widget.chart) ? widget.chart : charts[0];
  const groupBy =
    groups.length === 0
      ? undefined
      : widget.groupBy && groups.includes(widget.groupBy)
        ? widget.groupBy
        : groups[0];
  const filters = { ...widget.filters };
  if (!usesEventFilters(widget.metric)) {
    delete filters.platforms;
    delete filters.names;
  }
  if (filters.platforms?.length === 0) delete filters.platforms;
  if (filters.names?.length === 0) delete filters.names;
  const title = widget.title?.trim();
  return {
    ...(widget.id ? { id: widget.id } : {}),
    ...(title ? { title } : {}),
    metric: widget.metric,
    chart,
    ...(groupBy ? { groupBy } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  };
}

/** The audience dimension of a widget grouping (name is not one). */
export function audienceDimension(group: WidgetGroup | undefined): AudienceDimension {
  return group && group !== 'name' ? group : 'platform';
}

const presetKeys: Record<ServerPreset, DatePresetKey> = {
  today: 'today',
  yesterday: 'yesterday',
  last3: 'last3Days',
  last7: 'last7Days',
  last14: 'last14Days',
  last30: 'last30Days',
  last90: 'last90Days',
  thisMonth: 'thisMonth',
  lastMonth: 'lastMonth',
};

/** The shared date preset (features/linkAnalytics) a stored dashboard preset names. */
export function presetKeyOf(preset: ServerPreset): DatePresetKey {
  return presetKeys[preset];
}

/** Widgets a new dashboard may start with: one per kind of figure the API serves. */
export const starterWidgets: Widget[] = [
  { metric: 'summary', chart: 'number' },
  { metric: 'activeUsers', chart: 'line' },
  { metric: 'events', chart: 'column', groupBy: 'name' },
  { metric: 'audience', chart: 'pie', groupBy: 'platform' },
  { metric: 'retention', chart: 'table' },
];
