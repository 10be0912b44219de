// The OpenAPI schemas of the analysis routes (insightsRoutes).
import { Type } from 'typebox';
import { Envelope, errorResponses } from '../http/envelope';
import { AUDIENCE_DIMENSIONS, type AudienceDimension } from './audience';

const tags = ['analysis'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403);
const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: "YYYY-MM-DD, a local day of the project's time zone",
});
const Range = {
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  tz: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        "Accepted for symmetry; analysis days are the project's time zone days (the zone used is answered as tz)",
    }),
  ),
};
const RangeAnswer = {
  from: Type.String(),
  to: Type.String(),
  tz: Type.String({ description: "The zone the days are counted in: the project's time zone" }),
};
const List = (max: number) => Type.Optional(Type.String({ maxLength: max, description: 'Comma-separated' }));

export const ActiveUsersSchema = {
  tags,
  security,
  summary:
    "DAU, WAU (7 days ending that day) and MAU (30 days) per day of the project's time zone (at most 92 days)",
  querystring: Type.Object(Range),
  response: {
    200: Envelope(
      Type.Object({
        ...RangeAnswer,
        items: Type.Array(
          Type.Object({
            date: Type.String(),
            dau: Type.Integer(),
            wau: Type.Integer(),
            mau: Type.Integer(),
          }),
        ),
      }),
    ),
    ...errors,
  },
};

export const RetentionSchema = {
  tags,
  security,
  summary: 'Day-N retention of first-seen cohorts (cohort range at most 92 days, N up to 30)',
  querystring: Type.Object({
    ...Range,
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 7 })),
  }),
  response: {
    200: Envelope(
      Type.Object({
        ...RangeAnswer,
        days: Type.Integer(),
        cohorts: Type.Array(
          Type.Object({
            date: Type.String(),
            size: Type.Integer(),
            retained: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
            rates: Type.Array(Type.Union([Type.Number(), Type.Null()])),
          }),
        ),
      }),
    ),
    ...errors,
  },
};

export const AudienceSchema = {
  tags,
  security,
  summary:
    'Active devices by platform, OS, country, app version or language: top 8 + other (__other__; __unknown__ = not reported)',
  querystring: Type.Object({
    ...Range,
    by: Type.Optional(Type.Enum(Object.keys(AUDIENCE_DIMENSIONS) as AudienceDimension[])),
  }),
  response: {
    200: Envelope(
      Type.Object({
        ...RangeAnswer,
        by: Type.String(),
        total: Type.Integer(),
        items: Type.Array(Type.Object({ key: Type.String(), devices: Type.Integer(), share: Type.Number() })),
      }),
    ),
    ...errors,
  },
};

export const SdkEventCountsSchema = {
  tags,
  security,
  summary: "SDK events per day (the project's time zone) by event name or platform: top 8 + other",
  querystring: Type.Object({
    ...Range,
    groupBy: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('platform')])),
    names: List(2000),
    platforms: List(64),
  }),
  response: {
    200: Envelope(
      Type.Object({
        ...RangeAnswer,
        groupBy: Type.String(),
        total: Type.Integer(),
        groups: Type.Array(Type.Object({ key: Type.String(), count: Type.Integer() })),
        series: Type.Array(Type.Object({ date: Type.String(), key: Type.String(), count: Type.Integer() })),
      }),
    ),
    ...errors,
  },
};

export const SummarySchema = {
  tags,
  security,
  summary: 'Active devices, new (first-seen) devices and events of a range',
  querystring: Type.Object(Range),
  response: {
    200: Envelope(
      Type.Object({
        ...RangeAnswer,
        activeDevices: Type.Integer(),
        newDevices: Type.Integer(),
        events: Type.Integer(),
      }),
    ),
    ...errors,
  },
};
