// What a mechanic's server folder exports: one definition (`MechanicModule`) with its actions, the
// page's view and progress of it, its report sections with their CSV columns, the hooks by which
// visits, page events and the app's SDK events move it, its tables' migrations and its console
// routes. The registry (mechanicModules.ts) lists the definitions; the participant API, the page
// model, the activity report and event ingestion loop over it. This file holds the contract only:
// it imports no mechanic, so every mechanic may import it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely, Migration, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import type { CsvCell } from '../http/toCsv';
import type { IngestEvent } from '../sdk/validateSdkEvent';
import type { Lang } from '../../engine/validation/lang';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { TaskRule } from '../../engine/play/tasks';
import type { Config, PlayCampaign } from './playCampaign';
import type { ParticipantRow, PlayEntriesTable, RewardRecordRow } from './playTables';
import type { ActionRisk } from './risk/riskGate';

type Db = Kysely<Database> | Transaction<Database>;
type DbKind = 'sqlite' | 'postgres';

/** A participant's entry in a campaign (its chance and action counters). */
export type EntryRow = Selectable<PlayEntriesTable>;

/** One participant action to run, or a step run on a participant's behalf (a task's completion). */
export interface ActionInput {
  campaign: PlayCampaign;
  participant: ParticipantRow;
  action: string;
  key: string;
  body: Config;
  now: Date;
  dbKind: DbKind;
  /** The schema registry (to read a bound campaign, e.g. where a super task's chances go). */
  schemas?: SchemaEngine;
  /**
   * The campaign's risk rules and who acts, for an action a participant asked for (it passed the
   * blocklist; absent for a step run on their behalf, whose rewards are held when the winner is
   * on the blocklist): a reward takes from its daily allowances, and past one the whole action is
   * refused.
   */
  risk?: ActionRisk;
}

/** An action's input as runAction hands it to the action: with the registry of modules. */
export interface PlayInput extends ActionInput {
  modules: ModuleLookup;
}

/** The answer of an action: what it decided, and whether it repeats an earlier one. */
export interface ActionOutcome {
  result: Record<string, unknown>;
  replayed: boolean;
  /** Reward deliveries written (the caller wakes the sender after the commit). */
  deliveries: number;
  /** The participant's entry after the action (its chance counters); absent for a replay. */
  entry?: EntryRow;
  /** Budget spent after the action, when the campaign has a budget and the action read it. */
  spentMicros?: number;
  /** The reward record written, if any. */
  reward?: RewardRecordRow;
  /**
   * The mechanic's per-participant summary as the action left it (written in its transaction):
   * the answer's `me.progress` is drawn from it instead of read again from the tables.
   */
  summary?: unknown;
}

/** The server's public addresses (invite links point there). */
export interface PublicAddress {
  publicUrl: string;
  linkHost: string;
}

/** The language a page is answered in. */
export interface PageLanguage {
  lang: string;
  defaultLanguage: string;
  /** A configured text (a string, or one per language) in the page language. */
  inLang: (value: unknown) => string;
}

/** What a page view knows besides the campaign and the participant. */
export interface ViewContext extends PageLanguage {
  now: Date;
  address: PublicAddress;
  /** The schema registry (a bound campaign is read through it). */
  schemas?: SchemaEngine;
  modules: ModuleLookup;
}

/**
 * One participant action (`POST .../actions/:name`). It runs in one transaction after the
 * participant's entry in the campaign is locked, and has one shape: read the state it needs once,
 * decide in a pure function of src/engine/play, write the decision.
 */
export interface PlayAction<First = unknown> {
  /**
   * Runs before the participant's entry is locked: a lock that must come first (a sub-activity's
   * draw locks the participant's entry in its bound campaign). What it answers goes to `run`.
   */
  lockFirst?(trx: Transaction<Database>, input: PlayInput): Promise<First>;
  run(trx: Transaction<Database>, input: PlayInput, entry: EntryRow, first: First): Promise<ActionOutcome>;
  /** What the answer adds in the page language to the stored result (a quiz's questions). */
  answer?(
    result: Record<string, unknown>,
    campaign: PlayCampaign,
    language: PageLanguage,
  ): Record<string, unknown>;
  /** The activity report counts it as a play (a draw, a quiz attempt): it spends a chance. */
  countsAsPlay?: boolean;
}

/** A page event an action reports to every module (a share). */
export interface PageEvent {
  /** PAGE_EVENTS of engine/play/tasks.ts. */
  name: string;
  atMs: number;
  /** Makes it count once (the action's idempotency key). */
  ref: string;
}

/** A visit that opened a participant session. */
export interface Visit {
  campaign: PlayCampaign;
  participant: ParticipantRow;
  /** Who invited them (`?inviter=`), when known. */
  inviter?: ParticipantRow;
  /** Signed in: a hand-off or an app token, not an anonymous device. */
  identified: boolean;
  now: Date;
  schemas: SchemaEngine;
  dbKind: DbKind;
  modules: ModuleLookup;
}

/** A batch of SDK events, inside the transaction that stored them. */
export interface SdkBatch {
  projectId: string;
  /** Events stored for the first time. */
  events: readonly IngestEvent[];
  now: Date;
  schemas: SchemaEngine;
  dbKind: DbKind;
  modules: ModuleLookup;
  /** The project's running campaigns, read once for every hook that asks. */
  running(): Promise<readonly CampaignRow[]>;
}

/** An app install or open attributed to a link click (the SDK's attribution call). */
export interface LinkInstall {
  projectId: string;
  type: 'install' | 'open' | 'register';
  deviceId: string;
  platform: string;
  clickId: string | null;
  /** The clicked link's parameters. */
  params: Record<string, string>;
  schemas: SchemaEngine;
  now: Date;
}

/** Tasks that move in a campaign of a mechanic, and the campaign their chances go to. */
export interface OwnTasks {
  tasks: TaskRule[];
  chanceTarget: PlayCampaign | null;
  /** Each task's own config (titles, go button) by task id, for the page. */
  configs: Map<string, Record<string, unknown>>;
}

/** One CSV export of the activity report (`GET .../report/export?section=`). */
export interface CsvSection<T = unknown> {
  section: string;
  /** Column titles in each console language. */
  headers: Readonly<Record<Lang, readonly string[]>>;
  /** The rows of the section, when the report has its part. */
  rows(part: T, local: (iso: string | null) => string | null): CsvCell[][];
}

/** What the activity report reads for a campaign of a mechanic (`participation.<key>`). */
export interface ReportPart<K extends string = string, T = unknown> {
  key: K;
  /** Whether a campaign has this part, from its config's shape rather than its folder's name. */
  when(row: CampaignRow, config: Config): boolean;
  read(db: Kysely<Database>, row: CampaignRow, config: Config, context: ReportContext): Promise<T>;
  /**
   * Figures that exist before anyone acts on the page (a referral's invites, pets adopted on
   * opening it): the report is available as soon as this says so.
   */
  shownBeforeActions?(part: T): boolean;
  csv?: readonly CsvSection<T>[];
}

export interface ReportContext {
  lang: string;
  inLang: (value: unknown) => string;
  /** The server's clock (round states). */
  now: Date;
}

/** A report part with its key kept as a literal type (for the report's typed answer). */
export function reportPart<const K extends string, T>(part: ReportPart<K, T>): ReportPart<K, T> {
  return part;
}

/**
 * A mechanic's server side. Everything is optional but the name: a mechanic that only draws from
 * the shared steps needs few parts.
 */
export interface MechanicModule {
  /** The mechanic's name, as gameplay folders name it (`meta.play.mechanic`, engine/play/mechanics.ts). */
  mechanic: string;
  /**
   * The actions it answers, by the name the page posts (a campaign answers those its mechanic
   * lists in engine/play/mechanics.ts; `share` is every mechanic's, playActions.ts).
   */
  actions?: Readonly<Record<string, PlayAction>>;
  /** What the page draws of the rules, merged into `campaign.game` of its campaigns. */
  game?(campaign: PlayCampaign, language: PageLanguage): Record<string, unknown>;
  /**
   * The participant's state in one of its campaigns, merged into `me.progress`; drawn from
   * `summary` when an action of the module just gave one (its outcome's), else read.
   */
  progress?(
    db: Kysely<Database>,
    campaign: PlayCampaign,
    participant: ParticipantRow | undefined,
    view: ViewContext,
    summary?: unknown,
  ): Promise<Record<string, unknown>>;
  /** Whose chances its campaigns spend and show (default: their own; null: none). */
  chanceHolder?(
    db: Db,
    schemas: SchemaEngine | undefined,
    campaign: PlayCampaign,
  ): Promise<PlayCampaign | null>;
  /** Tasks that move in its campaigns (a task center's, a dice board's). */
  ownTasks?(db: Db, schemas: SchemaEngine | undefined, campaign: PlayCampaign): Promise<OwnTasks>;
  /** How a saved config of it looks, whatever its folder is called (engine/play/configShapes.ts). */
  configShape?(row: Pick<CampaignRow, 'kind' | 'mark'>, config: Config): boolean;
  /**
   * The job that settles its campaigns (a coin pool's round, an invite contest's ranking), planned
   * for a config of its shape whenever the campaign is published or changed.
   */
  settleJob?: SettleJob;
  /**
   * Hooks that run for every campaign, whatever its mechanic: each decides where it applies (a
   * task center embedded in a draw, a referral's invite).
   */
  hooks?: {
    /** A visit opened a session; answers reward deliveries written. */
    visit?(db: Kysely<Database>, visit: Visit): Promise<number>;
    /** An action reported a page event, inside its transaction, under the entry lock. */
    pageEvent?(
      trx: Transaction<Database>,
      input: PlayInput,
      entry: EntryRow,
      event: PageEvent,
    ): Promise<{ completions: number; deliveries: number }>;
    /** More of `me.progress` (the tasks a campaign takes its chances from). */
    progress?(
      db: Kysely<Database>,
      campaign: PlayCampaign,
      participant: ParticipantRow | undefined,
      view: ViewContext,
    ): Promise<Record<string, unknown>>;
    /** SDK events, inside the transaction that stored them. */
    sdkEvents?(trx: Transaction<Database>, batch: SdkBatch): Promise<unknown>;
    /** An attributed app install or open. */
    linkInstall?(db: Kysely<Database>, install: LinkInstall): Promise<unknown>;
  };
  /** Its parts of the activity report, each with its CSV exports. */
  report?: readonly ReportPart[];
  /** The migrations that make its tables, by their shipped names (never renamed). */
  migrations?: Readonly<Record<string, Migration>>;
  /** Console routes (settling, results). */
  routes?: FastifyPluginAsyncTypebox;
}

/**
 * A job a published campaign plans while it has not ended (campaigns/planOfflineJob.ts), asked only
 * for a config of its module's shape; planning again cancels the waiting one first.
 */
export interface SettleJob {
  /** The job's kind, as its handler is registered (the module's routes). */
  kind: string;
  /** When it runs (ms), or null when this campaign plans none. */
  runAt(row: Pick<CampaignRow, 'kind' | 'start_time' | 'end_time'>, config: Config, now: Date): number | null;
}

/** The registry as a module's code sees it: handed in, so no module imports the registry. */
export interface ModuleLookup {
  /** The module of a campaign's mechanic. */
  of(campaign: Pick<PlayCampaign, 'mechanic'>): MechanicModule | undefined;
}
