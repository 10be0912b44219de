/** A participant's fragments of one kind in a campaign (m0012). */
export interface PlayFragmentsTable {
  campaign_id: string;
  participant_id: string;
  fragment_id: string;
  project_id: string;
  count: number;
  drawn: number;
}

/** A gift or a request of a fragment between friends (m0012). */
export interface PlayFragmentTransfersTable {
  id: string;
  project_id: string;
  campaign_id: string;
  kind: string;
  fragment_id: string;
  from_participant_id: string | null;
  to_participant_id: string | null;
  /** `open` or `done`. */
  state: string;
  created_at: string;
  done_at: string | null;
}

declare module '../../db/tables' {
  interface Database {
    play_fragments: PlayFragmentsTable;
    play_fragment_transfers: PlayFragmentTransfersTable;
  }
}
