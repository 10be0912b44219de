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
import { playParticipation, playUsers, type Participation } from './playReport';

const SECTIONS = [
  'trend',
  'prizes',
  'winners',
  'leaderboard',
  'inviters',
  'channels',
  'retention',
  'quiz',
  'predict',
  'invites',
  'fission',
  'contest',
  'collect',
  'pool',
  'checkIn',
  'tasks',
  'dice',
  'raise',
  'users',
] as const;
type Section = (typeof SECTIONS)[number];

const HEADERS: Record<Lang, Record<Section, string[]>> = {
  'zh-CN': {
    trend: ['日期', '参与次数', '参与人数', '中奖人数', '分享次数'],
    prizes: ['奖品ID', '奖品', '概率(%)', '谢谢参与', '库存', '已发放', '剩余'],
    winners: ['奖励ID', '时间', '用户ID', '参与者编号', '奖品', '发放状态', '渠道'],
    leaderboard: ['排名', '参与者编号', '用户ID', '参与次数', '中奖次数', '邀请人数'],
    inviters: ['排名', '参与者编号', '用户ID', '邀请人数', '邀请新用户数'],
    channels: ['渠道', '名称', '类型', '参与人数', '参与次数', '中奖人数'],
    retention: ['首次参与日', '人数', '次日', '第3日', '第7日'],
    predict: ['比赛ID', '比赛', '结果', '选项ID', '选项', '选择人数', '是否为结果'],
    quiz: ['题目ID', '题目', '出题次数', '作答次数', '答对次数', '选项ID', '选项', '正确答案', '选择次数'],
    invites: ['排名', '参与者编号', '用户ID', '邀请数', '已安装', '已注册', '有效', '无效', '奖励数'],
    fission: ['指标', '项', '数量'],
    contest: ['排名', '参与者编号', '用户ID', '有效邀请', '最后有效时间', '奖品ID'],
    collect: ['碎片ID', '碎片', '概率(%)', '抽中数', '持有数', '持有人数'],
    pool: ['轮次', '开始', '结束', '状态', '投入人数', '投入金币', '瓜分总额', '已领取', '已过期'],
    checkIn: ['指标', '项', '数量', '奖品ID'],
    tasks: [
      '任务ID',
      '任务',
      '事件',
      '参与人数',
      '开始人数',
      '完成人数',
      '完成次数',
      'SDK事件',
      '页面行为',
      '已发奖',
      '无库存',
      '超预算',
      '无奖品',
      '赠送机会',
    ],
    dice: ['指标', '项', '数量', '奖品ID'],
    raise: ['指标', '项', '数量'],
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
    predict: ['Match ID', 'Match', 'Result', 'Option ID', 'Option', 'Picks', 'Is the result'],
    invites: [
      'Rank',
      'Participant code',
      'User ID',
      'Invited',
      'Installed',
      'Registered',
      'Counted',
      'Refused',
      'Rewards',
    ],
    fission: ['Figure', 'Item', 'Count'],
    contest: ['Rank', 'Participant code', 'User ID', 'Counted invites', 'Last counted', 'Prize ID'],
    collect: ['Fragment ID', 'Fragment', 'Odds (%)', 'Drawn', 'Held', 'Holders'],
    pool: ['Round', 'From', 'To', 'State', 'Stakers', 'Coins staked', 'Shared', 'Claimed', 'Expired'],
    checkIn: ['Figure', 'Item', 'Count', 'Prize ID'],
    tasks: [
      'Task ID',
      'Task',
      'Event',
      'Joined',
      'Started',
      'Completed',
      'Completions',
      'SDK events',
      'Page actions',
      'Rewarded',
      'Out of stock',
      'Over budget',
      'No prize',
      'Chances granted',
    ],
    dice: ['Figure', 'Item', 'Count', 'Prize ID'],
    raise: ['Figure', 'Item', 'Count'],
    quiz: [
      'Question ID',
      'Question',
      'Asked',
      'Answered',
      'Right',
      'Option ID',
      'Option',
      'Right answer',
      'Picks',
    ],
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

function sectionRows(
  section: Exclude<Section, 'users'>,
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
    case 'invites':
      return (p.invite?.top ?? []).map((r) => [
        r.rank,
        r.participantCode,
        r.userId,
        r.invited,
        r.installed,
        r.registered,
        r.qualified,
        r.refused,
        r.rewards,
      ]);
    case 'fission':
      // Figures as rows (a sheet pivots on the first column): the funnel, invites per inviter,
      // refusals and the deepest chain.
      return p.invite
        ? [
            ...p.invite.funnel.map((f): CsvCell[] => ['funnel', f.step, f.invites]),
            ...p.invite.perInviter.map((b): CsvCell[] => ['invitesPerInviter', b.bucket, b.inviters]),
            ...Object.entries(p.invite.refused).map(([reason, n]): CsvCell[] => ['refused', reason, n]),
            ['maxDepth', '', p.invite.maxDepth],
            ['overBudget', '', p.invite.overBudget],
          ]
        : [];
    case 'pool':
      return (p.pool?.rounds ?? []).map((r) => [
        r.index + 1,
        local(r.from),
        local(r.to),
        r.state,
        r.stakers,
        r.staked,
        r.shared,
        r.claimed,
        r.expired,
      ]);
    case 'checkIn': {
      // Figures as rows, like `fission`: totals (item empty), the same figures per local day
      // (item = the date), participants per streak bucket, and check-ins per cycle day with its prize.
      const c = p.checkIn;
      if (!c) return [];
      return [
        ['participants', '', c.participants, null],
        ['checkIns', '', c.checkIns, null],
        ['onTime', '', c.onTime, null],
        ['makeUps', '', c.makeUps, null],
        ...c.days.flatMap((d): CsvCell[][] => [
          ['checkIns', d.date, d.checkIns, null],
          ['onTime', d.date, d.onTime, null],
          ['makeUps', d.date, d.makeUps, null],
        ]),
        ...c.streaks.map((b): CsvCell[] => ['currentStreak', b.bucket, b.current, null]),
        ...c.streaks.map((b): CsvCell[] => ['longestStreak', b.bucket, b.longest, null]),
        ...c.cycle.map((d): CsvCell[] => ['cycleDay', d.day, d.checkIns, d.prizeId]),
      ];
    }
    case 'tasks':
      return (p.tasks?.tasks ?? []).map((r) => [
        r.id,
        r.title,
        r.event,
        r.joined,
        r.started,
        r.completed,
        r.completions,
        r.bySource.sdk,
        r.bySource.page,
        r.byOutcome.rewarded,
        r.byOutcome.outOfStock,
        r.byOutcome.overBudget,
        r.byOutcome.none,
        r.chances,
      ]);
    case 'dice': {
      // Figures as rows, like `checkIn`: totals and rolls by outcome (item empty), per local day
      // (item = the date), players per laps bucket, per prize cell (item = its index, with its
      // prize) and per task (item = its id).
      const d = p.dice;
      if (!d) return [];
      return [
        ['players', '', d.players, null],
        ['rolls', '', d.rolls, null],
        ...Object.entries(d.outcomes).map(([outcome, n]): CsvCell[] => [outcome, '', n, null]),
        ['diceGranted', '', d.diceGranted, null],
        ...d.days.flatMap((day): CsvCell[][] => [
          ['rolls', day.date, day.rolls, null],
          ['players', day.date, day.players, null],
          ['win', day.date, day.wins, null],
        ]),
        ...d.laps.map((b): CsvCell[] => ['laps', b.bucket, b.players, null]),
        ...d.cells.flatMap((c): CsvCell[][] => [
          ['cellLanded', c.index, c.landed, c.prizeId],
          ['cellWon', c.index, c.won, c.prizeId],
          ['cellNotGiven', c.index, c.notGiven, c.prizeId],
        ]),
        ...d.tasks.flatMap((t): CsvCell[][] => [
          ['taskCompletions', t.id, t.completions, null],
          ['taskDice', t.id, t.dice, null],
        ]),
      ];
    }
    case 'raise': {
      // Figures as rows, like `fission`: the stage funnel, pets by status now, failures by cause,
      // revivals, helps and rewards.
      const r = p.raise;
      if (!r) return [];
      return [
        ...r.funnel.map((f): CsvCell[] => ['funnel', f.step, f.pets]),
        ...Object.entries(r.status).map(([status, n]): CsvCell[] => ['status', status, n]),
        ...Object.entries(r.failures).map(([cause, n]): CsvCell[] => ['failed', cause, n]),
        ['revivals', '', r.revivals.revivals],
        ['revivedPets', '', r.revivals.pets],
        ...Object.entries(r.helps).map(([figure, n]): CsvCell[] => ['helps', figure, n]),
        ...Object.entries(r.rewards).map(([figure, n]): CsvCell[] => ['rewards', figure, n]),
        ['events', '', r.events],
      ];
    }
    case 'collect':
      return (p.collect?.fragments ?? []).map((f) => [f.id, f.name, f.odds, f.drawn, f.held, f.collectors]);
    case 'contest':
      return (p.contest?.ranking ?? []).map((r) => [
        r.rank,
        r.participantCode,
        r.userId,
        r.invites,
        local(r.lastAt),
        r.prizeId,
      ]);
    case 'predict':
      return (p.predict?.matches ?? []).flatMap((m) =>
        m.options.map((o) => [m.id, m.title, m.result, o.id, o.label, o.picks, o.id === m.result]),
      );
    case 'quiz':
      // One row per option, its question's figures repeated (a sheet filters and pivots on them).
      return (p.quiz?.questions ?? []).flatMap((q) =>
        q.options.map((o) => [
          q.id,
          q.title,
          q.asked,
          q.answered,
          q.right,
          o.id,
          o.text,
          o.isAnswer,
          o.picks,
        ]),
      );
  }
}

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
      if (section === 'users') {
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
        rows = sectionRows(section, await playParticipation(db, row, lang, app.ctx.now()), local);
      }
      return sendCsv(reply, csvFileName(), toCsv(HEADERS[lang][section], rows));
    },
  );
};
