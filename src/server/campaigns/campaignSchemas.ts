import { Type } from 'typebox';
import { Id, RequiredText } from '../http/fields';

export const CAMPAIGN_STATUSES = [
  'draft',
  'prereleased',
  'scheduled',
  'running',
  'ended',
  'offline',
] as const;
export const CAMPAIGN_ACTIONS = [
  'prerelease',
  'goOnline',
  'goOffline',
  'disableWhitelist',
  'edit',
  'delete',
] as const;

export const AreaField = Type.Enum(['growth', 'ads'], {
  description: 'growth: campaignManagement (gameplays, sub-activities); ads: campaignMenage (web-to-app)',
});
export const KindField = Type.Enum(['gameplay', 'sub-activity']);
export const Mark = Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 64 });
export const ConfigField = Type.Record(Type.String(), Type.Unknown(), {
  description: 'The gameplay or sub-activity config, validated by the engine (field errors point into it)',
});
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const CampaignSummarySchema = Type.Object({
  id: Type.String(),
  area: AreaField,
  kind: KindField,
  mark: Type.String(),
  templateMark: Nullable(Type.String()),
  title: Type.String(),
  goal: Nullable(Type.String()),
  status: Type.Enum([...CAMPAIGN_STATUSES]),
  actions: Type.Array(Type.Enum([...CAMPAIGN_ACTIONS]), {
    description: 'Moves the status machine allows now',
  }),
  startTime: Type.String(),
  endTime: Type.String(),
  timezone: Nullable(Type.String()),
  onlineAt: Nullable(Type.String({ description: 'Planned online time while a scheduled goOnline waits' })),
  parentId: Nullable(Type.String()),
  link: Type.String({ description: '{PUBLIC_URL}/p/{id}' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const Channel = Type.Object({ key: Type.String(), name: Type.String(), link: Type.String() });
export const ChannelsSchema = Type.Object({ inApp: Type.Array(Channel), offSite: Type.Array(Channel) });

export const CampaignDetailSchema = Type.Object({
  ...CampaignSummarySchema.properties,
  config: Type.Record(Type.String(), Type.Unknown()),
  channels: ChannelsSchema,
  downloadPageId: Nullable(Type.String()),
});

export const CampaignListQuery = Type.Object({
  area: Type.Optional(AreaField),
  kind: Type.Optional(KindField),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Enum([...CAMPAIGN_STATUSES])),
  mark: Type.Optional(Type.String({ maxLength: 64 })),
  link: Type.Optional(Type.String({ maxLength: 1000, description: 'A campaign id or participant link' })),
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD or ISO time' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD (included) or ISO time' })),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const CreateCampaignBody = Type.Object({
  area: AreaField,
  kind: KindField,
  mark: Mark,
  templateMark: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  parentId: Type.Optional(Nullable(Id)),
  config: ConfigField,
});

export const UpdateCampaignBody = Type.Object({ config: ConfigField });

export const ActionBody = Type.Object({
  action: Type.Enum(['prerelease', 'goOnline', 'goOffline', 'disableWhitelist']),
  at: Type.Optional(
    Nullable(Type.String({ format: 'date-time', description: 'goOnline only: when (at most the end time)' })),
  ),
});

const ChannelInput = Type.Object({
  key: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  name: RequiredText(30, 'Channel name'),
});
export const ChannelsBody = Type.Object({
  inApp: Type.Array(ChannelInput, { maxItems: 50 }),
  offSite: Type.Array(ChannelInput, { maxItems: 50 }),
});

export const DownloadPageBody = Type.Object({ downloadPageId: Nullable(Id) });

export const PreviewTokenSchema = Type.Object({
  token: Type.String(),
  expiresAt: Type.String(),
  url: Type.String({ description: '/p/{id}?preview={token}' }),
});

const EventSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  action: Type.String(),
  fromStatus: Nullable(Type.String()),
  toStatus: Type.String(),
  actor: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  via: Type.Enum(['user', 'scheduler']),
});

export const ReportSchema = Type.Object({
  status: Type.Enum([...CAMPAIGN_STATUSES]),
  history: Type.Array(EventSchema),
  channels: ChannelsSchema,
  formSubmissions: Type.Object({ pending: Type.Integer(), submitted: Type.Integer() }),
  participation: Type.Object(
    {
      available: Type.Boolean({ description: 'false while nobody has played' }),
    },
    {
      additionalProperties: true,
      description:
        'totals, trend (per local day), prizes (against stock), winners, leaderboard, inviters, channels, fission, retention (docs/play-runtime.md)',
    },
  ),
});
