import { Type, type Static } from 'typebox';

/** Standard event names every SDK may send without defining them (others are custom keys). */
export const STANDARD_EVENTS = [
  'install',
  'open',
  'register',
  'login',
  'launch',
  'page_view',
  'purchase',
  'share',
] as const;

// Every text field of an event is one line (`singleLine`: no line breaks, tabs or controls).
/** What an event name may hold (a standard name or a project's event key). */
export const EVENT_NAME_PATTERN = '^[A-Za-z0-9_-]+$';

const Text = (max: number, description?: string) =>
  Type.String({ maxLength: max, singleLine: true, ...(description ? { description } : {}) });

/** One SDK event as sent in a batch (validated on its own, so a bad one never sinks the batch). */
export const SdkEventSchema = Type.Object(
  {
    eventId: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '\\S',
      singleLine: true,
      description: 'Client event id; retries reuse it',
    }),
    name: Type.String({
      minLength: 1,
      maxLength: 50,
      pattern: EVENT_NAME_PATTERN,
      description: 'A standard name or an event key defined in the project',
    }),
    category: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('custom')])),
    deviceId: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S', singleLine: true }),
    userId: Type.Optional(Text(128)),
    platform: Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]),
    time: Type.String({
      format: 'date-time',
      description: 'ISO time with offset; at most 90 days old, 1 day ahead',
    }),
    data: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 50 })),
    linkId: Type.Optional(Text(64, 'The deep link id the event came through')),
    activityId: Type.Optional(Text(64, 'The campaign (activity) the event belongs to')),
    source: Type.Optional(Text(128, 'Attribution source (channel)')),
    sdkVersion: Type.Optional(Text(32)),
    appVersion: Type.Optional(Text(32)),
    os: Type.Optional(Text(32)),
    osVersion: Type.Optional(Text(32)),
    country: Type.Optional(Text(8)),
    language: Type.Optional(Text(16)),
    testDevice: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

export type SdkEventInput = Static<typeof SdkEventSchema>;
