// The query and answer fields the link reports and link analytics share.
import { Type } from 'typebox';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** `from`, `to` (whole days, both included) and `tz` of a report's range. */
export const RangeQuery = {
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  tz: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "IANA time zone or GMT+08:00; default the project's time zone",
    }),
  ),
};

/** The four counts of a link report row. */
export const CountsFields = {
  clicks: Type.Integer(),
  installs: Type.Integer(),
  opens: Type.Integer(),
  registrations: Type.Integer(),
};
