// The registry of the mechanics this server runs: one line per mechanic's definition (its server
// folder's `<name>Module.ts`). The participant API (playActions, playView, playRoutes), the
// activity report (report/), event ingestion (playEvents) and the migrations loop over it, in
// this order: it is the order of the API description's actions, of the report's parts and CSV
// sections, and of the hooks.
import { drawModule } from './draw/drawModule';
import { quizModule } from './quiz/quizModule';
import { predictModule } from './predict/predictModule';
import { inviteModule } from './invite/inviteModule';
import { collectModule } from './collect/collectModule';
import { poolModule } from './pool/poolModule';
import { checkInModule } from './checkIn/checkInModule';
import { tasksModule } from './tasks/tasksModule';
import { diceModule } from './dice/diceModule';
import { raiseModule } from './raise/raiseModule';
import type { MechanicModule, ModuleLookup, ReportPart } from './mechanicModule';

const REGISTERED = [
  drawModule,
  quizModule,
  predictModule,
  inviteModule,
  collectModule,
  poolModule,
  checkInModule,
  tasksModule,
  diceModule,
  raiseModule,
] as const;

/** Every mechanic module, in registry order. */
export const MECHANIC_MODULES: readonly MechanicModule[] = REGISTERED;

const BY_MECHANIC = new Map(MECHANIC_MODULES.map((module) => [module.mechanic, module]));

/** The module of a campaign's mechanic (none for a campaign that names no known mechanic). */
export const MODULES: ModuleLookup = {
  of: (campaign) => (campaign.mechanic === null ? undefined : BY_MECHANIC.get(campaign.mechanic)),
};

type PartOf<M> = M extends { report: readonly (infer P)[] } ? P : never;
type Parts = PartOf<(typeof REGISTERED)[number]>;

/** The report parts of every module, typed by their keys (`participation.dice` is a DiceReport). */
export type MechanicReports = {
  [P in Parts as P extends ReportPart<infer K, unknown> ? K : never]?: P extends ReportPart<string, infer T>
    ? T
    : never;
};
