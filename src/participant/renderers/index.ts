import { Suspense, createElement, type ComponentType } from 'react';
import type { RendererProps } from './rendererTypes';
import { onDemand, type OnDemandRenderer } from './onDemand';
import { TasksRenderer } from './tasks/TasksRenderer';

/**
 * The player's screens by the name a gameplay folder gives in `meta.json` (`play.renderer`). A
 * folder naming a renderer missing here is shown as "not playable yet". A renderer behind
 * `onDemand` is a chunk of its own that only its pages load. The task center's screen is the
 * task list the page's tasks block draws anyway, so it is part of the page itself.
 */
export const RENDERERS: Readonly<Record<string, ComponentType<RendererProps>>> = {
  wheel: onDemand(() => import('./wheel/WheelRenderer').then((module) => module.WheelRenderer)),
  boxes: onDemand(() => import('./boxes/BoxesRenderer').then((module) => module.BoxesRenderer)),
  cards: onDemand(() => import('./cards/CardsRenderer').then((module) => module.CardsRenderer)),
  lottery: onDemand(() => import('./lottery/LotteryRenderer').then((module) => module.LotteryRenderer)),
  quiz: onDemand(() => import('./quiz/QuizRenderer').then((module) => module.QuizRenderer)),
  predict: onDemand(() => import('./predict/PredictRenderer').then((module) => module.PredictRenderer)),
  invite: onDemand(() => import('./invite/InviteRenderer').then((module) => module.InviteRenderer)),
  leaderboard: onDemand(() =>
    import('./leaderboard/LeaderboardRenderer').then((module) => module.LeaderboardRenderer),
  ),
  fragments: onDemand(() =>
    import('./fragments/FragmentsRenderer').then((module) => module.FragmentsRenderer),
  ),
  pool: onDemand(() => import('./pool/PoolRenderer').then((module) => module.PoolRenderer)),
  calendar: onDemand(() => import('./calendar/CalendarRenderer').then((module) => module.CalendarRenderer)),
  tasks: TasksRenderer,
  board: onDemand(() => import('./board/BoardRenderer').then((module) => module.BoardRenderer)),
  raise: onDemand(() => import('./raise/RaiseRenderer').then((module) => module.RaiseRenderer)),
  slots: onDemand(() => import('./slots/SlotsRenderer').then((module) => module.SlotsRenderer)),
  scratch: onDemand(() => import('./scratch/ScratchRenderer').then((module) => module.ScratchRenderer)),
};

export function rendererOf(name: string | null | undefined): ComponentType<RendererProps> | undefined {
  return name && Object.hasOwn(RENDERERS, name) ? RENDERERS[name] : undefined;
}

/**
 * Fetches the chunk of a renderer loaded on demand, so the page that then shows it draws it at
 * once; nothing to do for an unknown name or a renderer that is part of the page.
 */
export async function loadRenderer(name: string | null | undefined): Promise<void> {
  const renderer: Partial<OnDemandRenderer> | undefined = rendererOf(name);
  await renderer?.load?.();
}

/**
 * The renderer of a name with its props (the registry's lookup as one stable component); nothing
 * while a renderer loaded on demand is on its way.
 */
export function RendererView({ name, ...props }: RendererProps & { name: string }) {
  const renderer = rendererOf(name);
  return renderer ? createElement(Suspense, { fallback: null }, createElement(renderer, props)) : null;
}

export type { RendererProps, DrawResult } from './rendererTypes';
