/** Events counted toward a task's next completion (m0014). */
export interface PlayTaskProgressTable {
  campaign_id: string;
  participant_id: string;
  task_id: string;
  project_id: string;
  progress: number;
  updated_at: string;
}

/** A task completed (m0014), with the period keys its limits count it under. */
export interface PlayTaskCompletionsTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  task_id: string;
  day: string;
  week: string;
  source: string;
  ref: string;
  prize_id: string | null;
  reward_id: string | null;
  outcome: string;
  chances: number;
  created_at: string;
}

/**
 * A participant's tasks in a campaign as one row (m0027): `summary` is the JSON of each task's
 * progress and completions by day, by week and in all (taskSummary.ts).
 */
export interface PlayTaskSummariesTable {
  campaign_id: string;
  participant_id: string;
  project_id: string;
  summary: string;
  updated_at: string;
}

declare module '../../db/tables' {
  interface Database {
    play_task_progress: PlayTaskProgressTable;
    play_task_completions: PlayTaskCompletionsTable;
    play_task_summaries: PlayTaskSummariesTable;
  }
}
