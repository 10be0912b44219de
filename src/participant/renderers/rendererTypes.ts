import type { ButtonLook, GameConfig, PlayPrize, RewardView } from '../api/playTypes';

/** A draw as a renderer shows it: the prize in the page language and the reward it made. */
export interface DrawResult {
  prize: { id: string | null; name: string; image: string | null; isThank: boolean };
  rewardId: string | null;
  reward: RewardView | null;
}

/** What every renderer gets from the page. */
export interface RendererProps {
  /** The campaign's prizes in config order, thank-you included, in the page language. */
  prizes: PlayPrize[];
  game: GameConfig;
  /** Runs the draw on the server; rejects (after the page has said why) when it is refused. */
  onDraw(): Promise<DrawResult>;
  /** Nothing can be drawn now (reason shown by the page). */
  disabled: boolean;
  /** The configured button look. */
  button: ButtonLook;
  /** Goes up by one each time the page starts a draw by itself (drawCountdown >= 0). */
  autoDraw: number;
  /** The result is on screen: the page shows the new chances and prizes now, not before. */
  onLanded(result: DrawResult): void;
  /** The winner wants to fill in the reward's form. */
  onClaim(reward: RewardView): void;
  /**
   * Runs another action of the mechanic (a quiz's `startQuiz` and `answer`) and answers its
   * result; `me` waits for `onLanded`. Rejects after the page has said why.
   */
  act<R>(action: string, body: object): Promise<R>;
  /** The mechanic's state of this participant (`me.progress`: a prediction's picks and results). */
  progress: Record<string, unknown>;
}

/** What an action that gives no prize here (a stake, a check-in, a help) lands: `me` updates, nothing to show. */
export const NOTHING_LANDED: DrawResult = {
  prize: { id: null, name: '', image: null, isThank: true },
  rewardId: null,
  reward: null,
};
