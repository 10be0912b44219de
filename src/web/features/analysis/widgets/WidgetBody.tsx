import type { ComponentType } from 'react';
import type { WidgetMetric } from '../analysisTypes';
import { ActiveUsersWidget } from './ActiveUsersWidget';
import { AudienceWidget } from './AudienceWidget';
import { EventsWidget } from './EventsWidget';
import { NewUsersWidget } from './NewUsersWidget';
import { RetentionWidget } from './RetentionWidget';
import { SummaryWidget } from './SummaryWidget';
import type { WidgetProps } from './widgetProps';

const bodies: Record<WidgetMetric, ComponentType<WidgetProps>> = {
  activeUsers: ActiveUsersWidget,
  newUsers: NewUsersWidget,
  summary: SummaryWidget,
  events: EventsWidget,
  retention: RetentionWidget,
  audience: AudienceWidget,
};

/** The figures of one widget, read from the analysis endpoint its metric names. */
export function WidgetBody(props: WidgetProps) {
  const Body = bodies[props.widget.metric];
  return <Body {...props} />;
}
