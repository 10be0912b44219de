/** A pet as the page shows it: growth, stage, bowl, and when and why it would fail. */
export interface PetView {
  progress: number;
  stage: number;
  status: 'growing' | 'failed' | 'grown';
  failure: 'starved' | 'timeout' | null;
  food: number;
  failsAt: string | null;
  failsBy: 'starved' | 'timeout' | null;
  failedAt: string | null;
  revivals: number;
}

/** The player's raising (`me.progress.raise`): their pet and, on a friend's link, the friend's. */
export interface RaiseState {
  pet: (PetView & { adopted: boolean; events: number; rewarded: boolean }) | null;
  invitesSinceFailure: number;
  friend: (PetView & { code: string; helpedToday: boolean }) | null;
}

/** The raising's settings (`game.raise`). */
export interface RaiseGame {
  species: 'dog' | 'tree';
  stages: number[];
  foodFull: number;
  helpProbability: number;
  revivalInvites: number;
  rewardPrizeId: string | null;
  stageImages?: (string | null)[];
}

// The pet at each stage (0-3) when the config gives no picture for it.
const LOOKS = {
  dog: ['\u{1F95A}', '\u{1F436}', '\u{1F415}', '\u{1F9AE}'],
  tree: ['\u{1F331}', '\u{1F33F}', '\u{1FAB4}', '\u{1F333}'],
};

/** The pet at a stage: the configured picture, else the species' emoji for the stage (else its first). */
export function petLook(game: RaiseGame, stage: number): { image: string } | { emoji: string } {
  const image = game.stageImages?.[stage];
  return image ? { image } : { emoji: LOOKS[game.species][stage] ?? LOOKS[game.species][0] };
}

/** How full a bar is, in percent of its width, kept within 0-100. */
export const barPercent = (value: number, max: number) =>
  max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
