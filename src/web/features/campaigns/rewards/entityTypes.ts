/** A supporting list's row (docs/campaigns.md): id, summary fields, the entity config and times. */
export interface EntityRow {
  id: string;
  config: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface PrizeRow extends EntityRow {
  /** In the prize's default language. */
  name: string;
}

export interface QuestionRow extends EntityRow {
  bankId: string;
  title: string;
}

export interface QuestionBank {
  id: string;
  name: string;
  questionCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface UserTypeRow extends EntityRow {
  name: string;
  identifier: string;
}

export interface CallbackAddressRow extends EntityRow {
  name: string;
  url: string;
}

export interface RewardFormRow extends EntityRow {
  title: string;
  /** Submission counts. */
  pending: number;
  submitted: number;
}

export type SubmissionState = 'pending' | 'submitted';

export interface Submission {
  id: string;
  campaignId: string | null;
  participant: string;
  state: SubmissionState;
  /** Answers by form item label. */
  values: Record<string, unknown>;
  createdAt: string;
  submittedAt: string | null;
}
