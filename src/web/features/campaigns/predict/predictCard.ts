/** `GET /api/campaigns/:id/predict` (src/server/play/predict/predictRoutes.ts). */
export interface PredictConsoleView {
  mode: 'prediction' | 'voting';
  method: 'each' | 'draw';
  closesAt: string;
  matches: {
    id: string;
    title: string;
    result: string | null;
    options: { id: string; label: string; picks: number }[];
  }[];
  pickers: number;
  settlement: { settledAt: string; winners: number; qualified: number; by: string | null } | null;
}

/** Why "Settle now" cannot run yet (null: it can), as the server would refuse it. */
export function settleBlock(view: PredictConsoleView, nowMs: number): 'settled' | 'results' | 'early' | null {
  if (view.settlement) return 'settled';
  if (view.mode === 'prediction' && view.matches.some((m) => m.result === null)) return 'results';
  if (nowMs < Date.parse(view.closesAt)) return 'early';
  return null;
}

/** Whole percentages that add up to 100: the player's page's own arithmetic. */
export { percentages as shares } from '../../../../participant/renderers/predict/predictModel';
