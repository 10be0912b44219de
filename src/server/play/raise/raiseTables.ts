/** A participant's pet (m0017): the engine's state as JSON, and figures copied for the report. */
export interface PlayPetsTable {
  campaign_id: string;
  participant_id: string;
  project_id: string;
  state: string;
  stage: number;
  status: string;
  failure: string | null;
  revivals: number;
  /** Valid events and successful helps counted. */
  events: number;
  reward_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A friend's help (m0017): once per friend, pet and local day. */
export interface PlayPetHelpsTable {
  campaign_id: string;
  owner_id: string;
  helper_id: string;
  day: string;
  project_id: string;
  succeeded: number;
  created_at: string;
}

declare module '../../db/tables' {
  interface Database {
    play_pets: PlayPetsTable;
    play_pet_helps: PlayPetHelpsTable;
  }
}
