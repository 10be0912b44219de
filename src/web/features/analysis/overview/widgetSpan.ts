import type { Widget } from '../analysisTypes';

/** Grid width of a widget: figures and the retention table take a whole row, charts half. */
export function widgetSpan(widget: Widget): { xs: number; xl?: number } {
  if (widget.chart === 'number') return { xs: 24 };
  if (widget.metric === 'retention' && widget.chart === 'table') return { xs: 24 };
  return { xs: 24, xl: 12 };
}
