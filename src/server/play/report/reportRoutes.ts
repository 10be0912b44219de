import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Lang } from '../../../engine/validation/lang';
import { localIsoTime } from '../../../engine/rules/timeZone';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { currentProject, requireProject } from '../../plugins/auth';
import { requestLang } from '../../http/requestLang';
import { toCsv, type CsvCell } from '../../http/toCsv';
import { sendCsv } from '../../http/sendCsv';
import { csvFileName } from '../../http/csvFileName';
import { loadCampaign } from '../../campaigns/loadCampaign';
import type { CsvSection, ReportPart } from '../mechanicModule';
import { MECHANIC_MODULES } from '../mechanicModules';
import { playParticipation, playUsers, type Participation } from './playReport';

/** The sections every campaign's report has; the modules add theirs (mechanicModule.ts, `csv`). */
const COMMON_SECTIONS = [
  'trend',
  'prizes',
  'winners',
  'leaderboard',
  'inviters',
  'channels',
  'retention',
] as const;
type CommonSection = (typeof COMMON_SECTIONS)[number];

const COMMON_HEADERS: Record<Lang, Record<CommonSection | 'users', string[]>> = {
  'zh-CN': {
    trend: ['日期', '参与次数', '参与人数', '中奖人数', '分享次数'],
    prizes: ['奖品ID', '奖品', '概率(%)', '谢谢参与', '库存', '已发放', '剩余'],
    winners: ['奖励ID', '时间', '用户ID', '参与者编号', '奖品', '发放状态', '渠道'],
    leaderboard: ['排名', '参与者编号', '用户ID', '参与次数', '中奖次数', '邀请人数'],
    inviters: ['排名', '参与者编号', '用户ID', '邀请人数', '邀请新用户数'],
    channels: ['渠道', '名称', '类型', '参与人数', '参与次数', '中奖人数'],
    retention: ['首次参与日', '人数', '次日', '第3日', '第7日'],
    users: [
      '参与者编号',
      '用户ID',
      '匿名',
      '新用户',
      '渠道',
      '邀请人',
      '系统',
      '国家',
      '首次进入',
      '最近参与',
      '参与次数',
      '中奖次数',
    ],
  },
  'en-US': {
    trend: ['Date', 'Plays', 'Participants', 'Winners', 'Shares'],
    prizes: ['Prize ID', 'Prize', 'Odds (%)', 'Thank-you', 'Stock', 'Issued', 'Left'],
    winners: ['Reward ID', 'Time', 'User ID', 'Participant code', 'Prize', 'Award status', 'Channel'],
    leaderboard: ['Rank', 'Participant code', 'User ID', 'Plays', 'Wins', 'Invites'],
    inviters: ['Rank', 'Participant code', 'User ID', 'Invites', 'New users invited'],
    channels: ['Channel', 'Name', 'Type', 'Participants', 'Plays', 'Winners'],
    retention: ['First day', 'Participants', 'Day 1', 'Day 3', 'Day 7'],
    users: [
      'Participant code',
      'User ID',
      'Anonymous',
      'New user',
      'Channel',
      'Inviter',
      'OS',
      'Country',
      'First seen',
      'Last action',
      'Actions',
      'Wins',
    ],
  },
};

function commonRows(
  section: CommonSection,
  p: Participation,
  local: (iso: string | null) => string | null,
): CsvCell[][] {
  switch (section) {
    case 'trend':
      return (p.trend ?? []).map((r) => [r.date, r.draws, r.participants, r.winners, r.shares]);
    case 'prizes':
      return (p.prizes ?? []).map((r) => [r.id, r.name, r.odds, r.isThank, r.stock, r.issued, r.left]);
    case 'winners':
      return (p.winners ?? []).map((r) => [
        r.rewardId,
        local(r.time),
        r.userId,
        r.participantCode,
        r.prizeName,
        r.awardStatus,
        r.channel,
      ]);
    case 'leaderboard':
      return (p.leaderboard ?? []).map((r) => [
        r.rank,
        r.participantCode,
        r.userId,
        r.draws,
        r.wins,
        r.invites,
      ]);
    case 'inviters':
      return (p.inviters ?? []).map((r) => [r.rank, r.participantCode, r.userId, r.invites, r.newUsers]);
    case 'channels':
      return (p.channels ?? []).map((r) => [r.channel, r.name, r.type, r.participants, r.draws, r.winners]);
    case 'retention':
      return (p.retention ?? []).map((r) => [r.cohort, r.size, r.day1, r.day3, r.day7]);
  }
}

/** The modules' CSV sections by name, with the report part each reads. */
const MODULE_SECTIONS = new Map<string, { part: ReportPart; csv: CsvSection }>(
  MECHANIC_MODULES.flatMap((module) =>
    (module.report ?? []).flatMap((part) =>
      (part.csv ?? []).map((csv) => [csv.section, { part, csv }] as const),
    ),
  ),
);

const isCommon = (section: string): section is CommonSection =>
  (COMMON_SECTIONS as readonly string[]).includes(section);

/** Every section of the export, in the order the API description lists them. */
const SECTIONS = [...COMMON_SECTIONS, ...MODULE_SECTIONS.keys(), 'users'];

/** The activity report's user detail and CSV exports (the figures themselves come with the campaign report). */
export const playReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  app.get(
    '/api/campaigns/:id/report/users',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'User detail of the activity report: participants with what each did, most active first',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 64, description: 'A user id or participant code' })),
          page: Type.Integer({ minimum: 1, default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: {
          200: Envelope(
            Type.Object({
              items: Type.Array(Type.Object({}, { additionalProperties: true })),
              total: Type.Integer(),
            }),
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      return ok(await playUsers(db, row.id, request.query));
    },
  );

  app.get(
    '/api/campaigns/:id/report/export',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "CSV of one section of the activity report (times in the project's time zone): output.csv",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          section: Type.Union(
            SECTIONS.map((s) => Type.Literal(s)),
            { default: 'trend', description: 'Which section (default trend)' },
          ),
        }),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const lang = requestLang(request);
      const zone = currentProject(request).timeZone;
      const local = (iso: string | null) => (iso ? localIsoTime(Date.parse(iso), zone) : null);
      const section = request.query.section;
      let rows: CsvCell[][];
      let headers: readonly string[];
      if (section === 'users') {
        headers = COMMON_HEADERS[lang].users;
        const users = await playUsers(db, row.id, { page: 1, pageSize: 100_000 });
        rows = users.items.map((u) => [
          u.participantCode,
          u.userId,
          u.anonymous,
          u.newUser,
          u.channel,
          u.inviter,
          u.os,
          u.country,
          local(u.firstAt),
          local(u.lastAt),
          u.actions,
          u.wins,
        ]);
      } else {
        const participation = await playParticipation(db, row, lang, app.ctx.now());
        if (isCommon(section)) {
          headers = COMMON_HEADERS[lang][section];
          rows = commonRows(section, participation, local);
        } else {
          // A module's section: the rows of its part, none when this campaign's report has no such part.
          const { part, csv } = MODULE_SECTIONS.get(section) as { part: ReportPart; csv: CsvSection };
          const value: unknown = Object.entries(participation).find(([key]) => key === part.key)?.[1];
          headers = csv.headers[lang];
          rows = value === undefined ? [] : csv.rows(value, local);
        }
      }
      return sendCsv(reply, csvFileName(), toCsv(headers, rows));
    },
  );
};
