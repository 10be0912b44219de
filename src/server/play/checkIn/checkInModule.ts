import type { CsvCell } from '../../http/toCsv';
import { isCheckInConfig } from '../../../engine/play/configShapes';
import { m0014CheckInTasks } from '../../db/migrations/m0014CheckInTasks';
import { reportPart, type MechanicModule } from '../mechanicModule';
import { checkIn, checkInGameView, checkInProgress } from './checkInActions';
import { checkInReport } from './checkInReport';
import { m0030CheckInSummaries } from './m0030CheckInSummaries';

/** The daily sign-in: one check-in per local day, make-ups, and the cycle's and streaks' rewards. */
export const checkInModule = {
  mechanic: 'check-in',
  actions: { checkIn: { run: checkIn } },
  game: (campaign) => ({ checkIn: checkInGameView(campaign) }),
  progress: (db, campaign, participant, { now }, summary) =>
    checkInProgress(db, campaign, participant, now, summary),
  configShape: (_row, config) => isCheckInConfig(config),
  report: [
    reportPart({
      key: 'checkIn',
      when: (_row, config) => isCheckInConfig(config),
      read: (db, row, config) => checkInReport(db, row.id, config),
      csv: [
        {
          section: 'checkIn',
          headers: {
            'zh-CN': ['指标', '项', '数量', '奖品ID'],
            'en-US': ['Figure', 'Item', 'Count', 'Prize ID'],
          },
          // Figures as rows, like `fission`: totals (item empty), the same figures per local day
          // (item = the date), participants per streak bucket, and check-ins per cycle day with its prize.
          rows: (c) => [
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
          ],
        },
      ],
    }),
  ],
  // Shipped as one migration with the tasks' tables (the tasks module lists it too).
  migrations: { '0014_check_in_tasks': m0014CheckInTasks, '0030_check_in_summaries': m0030CheckInSummaries },
} satisfies MechanicModule;
