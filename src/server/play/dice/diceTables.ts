/** A participant's place on a dice board (m0016). */
export interface PlayDicePositionsTable {
  campaign_id: string;
  participant_id: string;
  project_id: string;
  /** The cell they stand on (0 = start). */
  position: number;
  laps: number;
  rolls: number;
  updated_at: string;
}

declare module '../../db/tables' {
  interface Database {
    play_dice_positions: PlayDicePositionsTable;
  }
}
