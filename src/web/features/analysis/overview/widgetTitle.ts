import type { TFunction } from 'i18next';
import type { Widget } from '../analysisTypes';

/** A widget's own title, else its metric (and grouping) in words. */
export function widgetTitle(t: TFunction, widget: Widget): string {
  if (widget.title?.trim()) return widget.title.trim();
  const metric = t(`analysis:widgetMetric.${widget.metric}`);
  return widget.groupBy
    ? t('analysis:widget.byGroup', { metric, group: t(`analysis:group.${widget.groupBy}`) })
    : metric;
}
