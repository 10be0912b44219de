import { Type, type Static } from 'typebox';
import { RequiredText } from '../http/fields';

const Preset = Type.Enum(
  ['today', 'yesterday', 'last3', 'last7', 'last14', 'last30', 'last90', 'thisMonth', 'lastMonth'],
  { description: "SPEC's date presets" },
);
const Platforms = Type.Array(
  Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]),
  { maxItems: 3, uniqueItems: true },
);
const Filters = Type.Object(
  {
    preset: Type.Optional(Preset),
    platforms: Type.Optional(Platforms),
    names: Type.Optional(
      Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20, description: 'Event names' }),
    ),
  },
  { additionalProperties: false },
);
const Widget = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 32 })),
    title: Type.Optional(Type.String({ maxLength: 30 })),
    metric: Type.Enum(['activeUsers', 'newUsers', 'events', 'retention', 'audience', 'summary'], {
      description:
        'activeUsers: /api/analytics/active; newUsers and summary: /summary; events: /sdk-events; retention; audience',
    }),
    chart: Type.Enum(['line', 'column', 'pie', 'table', 'number']),
    groupBy: Type.Optional(
      Type.Enum(['name', 'platform', 'os', 'country', 'appVersion', 'language'], {
        description: 'Top 8 groups + other',
      }),
    ),
    filters: Type.Optional(Filters),
  },
  { additionalProperties: false },
);
/** What the console saves: a named dashboard with its widgets and shared filters. */
export const OverviewBody = Type.Object({
  name: RequiredText(30),
  isDefault: Type.Optional(Type.Boolean()),
  widgets: Type.Array(Widget, { maxItems: 20 }),
  filters: Type.Optional(Filters),
});
export type OverviewInput = Static<typeof OverviewBody>;
/** A dashboard as the console reads it. */
export const OverviewSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isDefault: Type.Boolean(),
  widgets: Type.Array(Widget),
  filters: Filters,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type OverviewView = Static<typeof OverviewSchema>;
