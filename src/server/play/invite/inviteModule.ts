import type { CsvCell } from '../../http/toCsv';
import { isContestConfig, tracksInvites } from '../../../engine/play/configShapes';
import { reportPart, type MechanicModule } from '../mechanicModule';
import { CONTEST_SETTLE_JOB, contestConsoleView, contestProgress } from './contest';
import { inviteReport } from './inviteReport';
import { inviteRoutes } from './inviteRoutes';
import { advanceInvitesByEvents, recordLinkInvite, recordPageInvite } from './inviteTrack';
import { inviteProgress } from './inviteView';
import { m0010Invite } from './m0010Invite';
import { m0011Contest } from './m0011Contest';

const INVITE = 'invite';

/**
 * Referral (a gameplay: invites move on by the invitee's install, registration and task, and the
 * inviter's ladder rewards follow) and the invite contest (a sub-activity ranking a referral's
 * inviters). Both move on the app's events, not on page actions.
 */
export const inviteModule = {
  mechanic: INVITE,
  // A referral's invites; an invite contest's ranking.
  progress: (db, campaign, participant, { address }) =>
    campaign.row.kind === 'gameplay'
      ? inviteProgress(db, campaign, participant, address)
      : contestProgress(db, campaign, participant),
  // A referral, or an invite contest ranking a referral's inviters.
  configShape: (row, config) => tracksInvites(config) || isContestConfig(row.kind, config),
  // A contest settles its ranking once it has ended (a moved end moves the job).
  settleJob: {
    kind: CONTEST_SETTLE_JOB,
    runAt: (row, config) => (isContestConfig(row.kind, config) ? Date.parse(row.end_time) : null),
  },
  hooks: {
    // A referral records the invitee (the steps that qualify them come from the SDK).
    visit: async (db, { campaign, participant, inviter, now }) => {
      if (inviter && campaign.mechanic === INVITE && campaign.row.kind === 'gameplay')
        await recordPageInvite(db, campaign.row, inviter, participant, now);
      return 0;
    },
    sdkEvents: (trx, { projectId, events, now }) => advanceInvitesByEvents(trx, projectId, events, now),
    // A click on a referral's invite link names the inviter: the install is the invite's download step.
    linkInstall: (db, { projectId, schemas, now, ...report }) =>
      recordLinkInvite(db, projectId, report, schemas, now),
  },
  report: [
    reportPart({
      key: 'invite',
      when: (_row, config) => tracksInvites(config),
      read: (db, row) => inviteReport(db, row.id),
      // A referral's invites exist before anyone acts on its page.
      shownBeforeActions: (invite) => invite.invites > 0,
      csv: [
        {
          section: 'invites',
          headers: {
            'zh-CN': ['排名', '参与者编号', '用户ID', '邀请数', '已安装', '已注册', '有效', '无效', '奖励数'],
            'en-US': [
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
          },
          rows: (invite) =>
            invite.top.map((r) => [
              r.rank,
              r.participantCode,
              r.userId,
              r.invited,
              r.installed,
              r.registered,
              r.qualified,
              r.refused,
              r.rewards,
            ]),
        },
        {
          section: 'fission',
          headers: { 'zh-CN': ['指标', '项', '数量'], 'en-US': ['Figure', 'Item', 'Count'] },
          // Figures as rows (a sheet pivots on the first column): the funnel, invites per inviter,
          // refusals and the deepest chain.
          rows: (invite) => [
            ...invite.funnel.map((f): CsvCell[] => ['funnel', f.step, f.invites]),
            ...invite.perInviter.map((b): CsvCell[] => ['invitesPerInviter', b.bucket, b.inviters]),
            ...Object.entries(invite.refused).map(([reason, n]): CsvCell[] => ['refused', reason, n]),
            ['maxDepth', '', invite.maxDepth],
            ['overBudget', '', invite.overBudget],
          ],
        },
      ],
    }),
    reportPart({
      key: 'contest',
      when: (row, config) => isContestConfig(row.kind, config),
      read: (db, row, config) => contestConsoleView(db, { row, config }),
      // So does a contest's ranking.
      shownBeforeActions: (contest) => contest.ranked > 0,
      csv: [
        {
          section: 'contest',
          headers: {
            'zh-CN': ['排名', '参与者编号', '用户ID', '有效邀请', '最后有效时间', '奖品ID'],
            'en-US': ['Rank', 'Participant code', 'User ID', 'Counted invites', 'Last counted', 'Prize ID'],
          },
          rows: (contest, local) =>
            contest.ranking.map((r) => [
              r.rank,
              r.participantCode,
              r.userId,
              r.invites,
              local(r.lastAt),
              r.prizeId,
            ]),
        },
      ],
    }),
  ],
  migrations: { '0010_invite': m0010Invite, '0011_contest': m0011Contest },
  routes: inviteRoutes,
} satisfies MechanicModule;
