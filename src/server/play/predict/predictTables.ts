/** One pick of one participant for one match (m0009; unique per participant and match). */
export interface PlayPredictPicksTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  match_id: string;
  option_id: string;
  created_at: string;
}

/** Picks per option of a match, counted in each pick's transaction. */
export interface PlayPredictTotalsTable {
  campaign_id: string;
  match_id: string;
  option_id: string;
  project_id: string;
  picks: number;
}

/** A match's result as the operator entered it. */
export interface PlayPredictResultsTable {
  campaign_id: string;
  match_id: string;
  project_id: string;
  option_id: string;
  entered_by: string | null;
  entered_at: string;
}

/** The campaign's one settlement. */
export interface PlayPredictSettlementsTable {
  campaign_id: string;
  project_id: string;
  settled_at: string;
  settled_by: string | null;
  audit: string;
  qualified: number;
  winners: number;
}

declare module '../../db/tables' {
  interface Database {
    play_predict_picks: PlayPredictPicksTable;
    play_predict_totals: PlayPredictTotalsTable;
    play_predict_results: PlayPredictResultsTable;
    play_predict_settlements: PlayPredictSettlementsTable;
  }
}
