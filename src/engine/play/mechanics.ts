import type { RegistryEntry } from '../registry/registryTypes';

/**
 * The mechanics a gameplay folder may name in `meta.json` `play: { mechanic, renderer }`: server
 * game logic written once and shared by every folder that names it, and the participant screens
 * (renderers) each can be drawn with. `playable` says whether this build runs it; a folder naming
 * one that is not playable yet is listed and configured, and its page says plainly that it cannot
 * be played yet.
 */
export interface MechanicSpec {
  renderers: readonly string[];
  playable: boolean;
}

export const MECHANICS: Readonly<Record<string, MechanicSpec>> = {
  draw: { renderers: ['wheel', 'boxes', 'cards', 'lottery'], playable: true },
  'check-in': { renderers: ['calendar'], playable: false },
  quiz: { renderers: ['quiz'], playable: false },
  predict: { renderers: ['predict'], playable: false },
  dice: { renderers: ['board'], playable: false },
  raise: { renderers: ['raise'], playable: false },
  pool: { renderers: ['pool'], playable: false },
  collect: { renderers: ['fragments'], playable: false },
  invite: { renderers: ['invite', 'leaderboard'], playable: false },
  tasks: { renderers: ['tasks'], playable: false },
};

export interface PlaySpec {
  mechanic: string;
  renderer: string;
  playable: boolean;
}

/** How an entry is played: its `meta.play`, when it names a known mechanic and renderer. */
export function playOf(entry: Pick<RegistryEntry, 'meta'>): PlaySpec | null {
  const play = entry.meta.play as { mechanic?: unknown; renderer?: unknown } | undefined;
  if (!play || typeof play.mechanic !== 'string' || typeof play.renderer !== 'string') return null;
  const spec = Object.hasOwn(MECHANICS, play.mechanic) ? MECHANICS[play.mechanic] : undefined;
  if (!spec || !spec.renderers.includes(play.renderer)) return null;
  return { mechanic: play.mechanic, renderer: play.renderer, playable: spec.playable };
}
