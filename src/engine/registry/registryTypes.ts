import type { SchemaObject } from 'ajv';
import type { Lang } from '../validation/lang';

/**
 * What a schema folder configures. `template` entries are the ready-made configs of another entry;
 * `block` entries are the kinds of block a campaign page is composed of (schemas/blocks/).
 */
export type EntryKind = 'gameplay' | 'sub-activity' | 'entity' | 'block' | 'template';

/** The goals a campaign can be created for. */
export type CampaignGoal = 'download-register' | 'event-conversion' | 'engagement-retention' | 'web-to-app';

/** One wizard step: a locale key for its title and the top-level config fields it holds. */
export interface WizardStep {
  key: string;
  title: string;
  fields: string[];
}

/** meta.json of a folder. `title`/`description` and step titles are locale keys. */
export interface EntryMeta {
  mark: string;
  title: string;
  description?: string;
  goals?: CampaignGoal[];
  steps?: WizardStep[];
  templates?: string[];
  version: string;
  /**
   * How a gameplay or sub-activity is played: a mechanic of src/engine/play/mechanics.ts and one
   * of its renderers. Required for gameplays and sub-activities (schemas:check), absent on entities.
   */
  play?: { mechanic: string; renderer: string };
  /** A page block's place on the page (blocks/ folders only). */
  block?: BlockMeta;
  [extra: string]: unknown;
}

/** meta.json `block` of a page block folder. */
export interface BlockMeta {
  /**
   * Props that are the campaign's own top-level fields (`{ "rules": "rules" }`): the block shows
   * and edits that field, so a campaign has one rules text whether or not its page was laid out.
   */
  bind?: Record<string, string>;
  /** How many blocks of this kind a page may hold (unlimited when absent). */
  max?: number;
  /** `background` blocks are drawn behind the page, whatever their position; `flow` by default. */
  placement?: 'flow' | 'background';
}

export type LocaleStrings = Record<string, string>;

/** One gameplay, sub-activity or entity folder. `name` is the CLI/API name (`gameplay/lucky-wheel`). */
export interface RegistryEntry {
  kind: Exclude<EntryKind, 'template'>;
  mark: string;
  name: string;
  /** Folder below schemas/, e.g. `gameplays/lucky-wheel`. */
  folder: string;
  meta: EntryMeta;
  /** The schema as written, with `$id` filled in when the folder left it out. */
  schema: SchemaObject;
  ui: Record<string, unknown>;
  /** The folder's strings over the shared ones of schemas/_defs/locales. */
  locales: Record<Lang, LocaleStrings>;
  /** Template name -> template config. */
  templates: Record<string, unknown>;
  /** A block's props when an operator adds one (blocks/<name>/defaults.json); absent elsewhere. */
  defaults?: Record<string, unknown>;
}

/** A ready-made config of a gameplay or sub-activity (`lucky-wheel/classic`). */
export interface TemplateEntry {
  kind: 'template';
  mark: string;
  name: string;
  owner: string;
  template: string;
  title: string;
  config: unknown;
}

/** A folder or file the registry could not load; the rest still loads. */
export interface RegistryProblem {
  /** Folder below schemas/ (`gameplays/lucky-wheel`), or `_defs`, `_meta`. */
  folder: string;
  file?: string;
  message: string;
}

export interface Registry {
  entries: RegistryEntry[];
  templates: TemplateEntry[];
  /** Shared schemas of schemas/_defs, each with its `$id`. */
  defs: SchemaObject[];
  /** Meta-schemas of schemas/_meta by file name without `.json` (`meta`, `locale`, ...). */
  metaSchemas: Record<string, SchemaObject>;
  /** Shared strings (schemas/_defs/locales). */
  sharedLocales: Record<Lang, LocaleStrings>;
  problems: RegistryProblem[];
  /**
   * Artwork of the asset folders by path below schemas/ (`_assets/gift.svg`), served under
   * `/schema-assets/<path>`; absent when the reader gave none (then templates' asset addresses
   * are not checked).
   */
  assets?: Readonly<Record<string, Uint8Array>>;
}
