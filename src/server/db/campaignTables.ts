import type { Generated, Selectable } from 'kysely';
import type { CampaignPhase } from '../../engine/rules/campaignStatus';

// Tables of m0002 (campaigns). They join the `Database` interface of ./tables by
// module augmentation, so features add tables without editing one shared file.

export type CampaignArea = 'growth' | 'ads';
export type CampaignKind = 'gameplay' | 'sub-activity';
export type ChannelType = 'inApp' | 'offSite';
export type JobState = 'pending' | 'running' | 'done' | 'cancelled' | 'failed';
export type SubmissionState = 'pending' | 'submitted';
export type UploadKind = 'image' | 'video' | 'audio';

export interface CampaignsTable {
  id: string;
  project_id: string;
  area: CampaignArea;
  kind: CampaignKind;
  mark: string;
  template_mark: string | null;
  title: string;
  goal: string | null;
  /** The config as JSON text. */
  config: string;
  phase: CampaignPhase;
  /** Activity start and end as UTC ISO (for filters and the status machine). */
  start_time: string;
  end_time: string;
  /** The same instants as written in the config (with the operator's offset). */
  start_text: string;
  end_text: string;
  timezone: string | null;
  /** Planned online time while a scheduled goOnline waits; null otherwise. */
  online_at: string | null;
  whitelist_enabled: number;
  parent_id: string | null;
  download_page_id: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
  /** Raised by the database on every change of the row (m0026). */
  revision: Generated<number>;
}

export interface CampaignChannelsTable {
  campaign_id: string;
  type: ChannelType;
  key: string;
  name: string;
  position: number;
}

export interface CampaignEventsTable {
  id: string;
  campaign_id: string;
  project_id: string;
  action: string;
  from_phase: string | null;
  to_phase: string;
  from_status: string | null;
  to_status: string;
  actor_id: string | null;
  via: 'user' | 'scheduler';
  detail: string | null;
  created_at: string;
}

export interface ScheduledJobsTable {
  id: string;
  project_id: string;
  kind: string;
  subject_id: string;
  payload: string | null;
  run_at: string;
  state: JobState;
  attempts: number;
  claim_token: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
  finished_at: string | null;
  error: string | null;
  created_by: string | null;
  created_at: string;
}

export interface PreviewTokensTable {
  id: string;
  token_hash: string;
  campaign_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface CampaignDraftsTable {
  id: string;
  project_id: string;
  user_id: string;
  area: CampaignArea;
  kind: CampaignKind;
  mark: string;
  template_mark: string | null;
  /** The campaign id being edited, or '' for a new campaign. */
  campaign_key: string;
  step: string;
  config: string;
  created_at: string;
  updated_at: string;
}

/** Columns every supporting list table has. */
export interface ListRowColumns {
  id: string;
  project_id: string;
  name: string;
  config: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export type PrizesTable = ListRowColumns;
export type RewardFormsTable = ListRowColumns;
export interface UserTypesTable extends ListRowColumns {
  identifier: string;
}
export interface CallbackAddressesTable extends ListRowColumns {
  url: string;
}
export interface QuestionsTable extends ListRowColumns {
  bank_id: string;
}

export interface QuestionBanksTable {
  id: string;
  project_id: string;
  name: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface RewardFormSubmissionsTable {
  id: string;
  project_id: string;
  form_id: string;
  campaign_id: string | null;
  participant: string;
  state: SubmissionState;
  /** JSON object: form item label -> answer. */
  answers: string | null;
  created_at: string;
  submitted_at: string | null;
}

export interface UploadsTable {
  id: string;
  project_id: string;
  kind: UploadKind;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  file_name: string;
  original_name: string | null;
  created_by: string | null;
  created_at: string;
}

export interface CampaignDatabase {
  campaigns: CampaignsTable;
  campaign_channels: CampaignChannelsTable;
  campaign_events: CampaignEventsTable;
  scheduled_jobs: ScheduledJobsTable;
  preview_tokens: PreviewTokensTable;
  campaign_drafts: CampaignDraftsTable;
  prizes: PrizesTable;
  user_types: UserTypesTable;
  callback_addresses: CallbackAddressesTable;
  reward_forms: RewardFormsTable;
  question_banks: QuestionBanksTable;
  questions: QuestionsTable;
  reward_form_submissions: RewardFormSubmissionsTable;
  uploads: UploadsTable;
}

declare module './tables' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the m0002 tables in
  interface Database extends CampaignDatabase {}
}

export type CampaignRow = Selectable<CampaignsTable>;
export type ScheduledJobRow = Selectable<ScheduledJobsTable>;
