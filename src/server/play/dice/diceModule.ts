import type { CsvCell } from '../../http/toCsv';
import { isDiceConfig } from '../../../engine/play/configShapes';
import { reportPart, type MechanicModule } from '../mechanicModule';
import { diceGameView, diceProgress, diceTasksOf, roll } from './diceActions';
import { diceReport } from './diceReport';
import { taskConfigsOf } from '../tasks/taskProgress';
import { m0016Dice } from './m0016Dice';

/** The dice board: a roll spends a die, moves round the board and gives the prize of the cell. */
export const diceModule = {
  mechanic: 'dice',
  actions: { roll: { run: roll } },
  game: (campaign) => ({ dice: diceGameView(campaign) }),
  progress: (db, campaign, participant, _view, summary) => diceProgress(db, campaign, participant, summary),
  // The board's tasks grant rolls: the board's own chances.
  ownTasks: (_db, _schemas, campaign) =>
    Promise.resolve({
      tasks: diceTasksOf(campaign),
      chanceTarget: campaign,
      configs: taskConfigsOf(campaign),
    }),
  configShape: (_row, config) => isDiceConfig(config),
  report: [
    reportPart({
      key: 'dice',
      when: (_row, config) => isDiceConfig(config),
      read: (db, row, config, { inLang }) => diceReport(db, row.id, config, inLang),
      csv: [
        {
          section: 'dice',
          headers: {
            'zh-CN': ['指标', '项', '数量', '奖品ID'],
            'en-US': ['Figure', 'Item', 'Count', 'Prize ID'],
          },
          // Figures as rows, like `checkIn`: totals and rolls by outcome (item empty), per local day
          // (item = the date), players per laps bucket, per prize cell (item = its index, with its
          // prize) and per task (item = its id).
          rows: (d) => [
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
          ],
        },
      ],
    }),
  ],
  migrations: { '0016_dice': m0016Dice },
} satisfies MechanicModule;
