import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import type { OverviewFilters, Widget } from '../analysisTypes';

/** What every widget body gets: its saved config, the day range and the merged filters. */
export interface WidgetProps {
  widget: Widget;
  range: DateRange;
  /** Dashboard filters with the widget's own on top. */
  filters: OverviewFilters;
  /** Accessible name of the chart. */
  label: string;
}
