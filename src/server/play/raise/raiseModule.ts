import type { CsvCell } from '../../http/toCsv';
import { isRaiseConfig } from '../../../engine/play/configShapes';
import { PAGE_EVENTS } from '../../../engine/play/tasks';
import { reportPart, type MechanicModule } from '../mechanicModule';
import { m0017Raise } from './m0017Raise';
import { raiseReport } from './raiseReport';
import { help, revive } from './raiseActions';
import { raiseGameView, raiseProgress } from './raiseProgress';
import { adoptPet, feedPetByShare, feedPetsByEvents } from './raiseService';

/** Raising a dog or a tree: valid events and friends' help grow it; it may fail and be revived. */
export const raiseModule = {
  mechanic: 'raise',
  actions: { help: { run: help }, revive: { run: revive } },
  game: (campaign) => ({ raise: raiseGameView(campaign) }),
  progress: (db, campaign, participant, { now }) => raiseProgress(db, campaign, participant, now),
  configShape: (_row, config) => isRaiseConfig(config),
  hooks: {
    // A raising's pet starts its life when its owner first opens the page.
    visit: async (db, { campaign, participant, now }) => {
      await adoptPet(db, campaign, participant, now);
      return 0;
    },
    // The page's share is a valid event when `share` is one of the config's event keys.
    pageEvent: async (trx, input, entry, event) => ({
      completions: 0,
      deliveries: event.name === PAGE_EVENTS.share ? await feedPetByShare(trx, input, entry) : 0,
    }),
    sdkEvents: async (trx, { schemas, projectId, events, now, dbKind, running }) =>
      events.some((e) => e.userId)
        ? feedPetsByEvents(trx, schemas, projectId, events, now, dbKind, await running())
        : 0,
  },
  report: [
    reportPart({
      key: 'raise',
      when: (_row, config) => isRaiseConfig(config),
      read: (db, row, config, { now }) => raiseReport(db, row, config, now),
      // Pets exist before anyone acts: adopted on opening the page, fed by the app's events.
      shownBeforeActions: (raise) => raise.pets > 0,
      csv: [
        {
          section: 'raise',
          headers: { 'zh-CN': ['指标', '项', '数量'], 'en-US': ['Figure', 'Item', 'Count'] },
          // Figures as rows, like `fission`: the stage funnel, pets by status now, failures by cause,
          // revivals, helps and rewards.
          rows: (r) => [
            ...r.funnel.map((f): CsvCell[] => ['funnel', f.step, f.pets]),
            ...Object.entries(r.status).map(([status, n]): CsvCell[] => ['status', status, n]),
            ...Object.entries(r.failures).map(([cause, n]): CsvCell[] => ['failed', cause, n]),
            ['revivals', '', r.revivals.revivals],
            ['revivedPets', '', r.revivals.pets],
            ...Object.entries(r.helps).map(([figure, n]): CsvCell[] => ['helps', figure, n]),
            ...Object.entries(r.rewards).map(([figure, n]): CsvCell[] => ['rewards', figure, n]),
            ['events', '', r.events],
          ],
        },
      ],
    }),
  ],
  migrations: { '0017_raise': m0017Raise },
} satisfies MechanicModule;
