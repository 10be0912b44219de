import { Suspense, createElement, lazy, type ComponentType } from 'react';
import type { RendererProps } from './rendererTypes';
import { WheelRenderer } from './wheel/WheelRenderer';
import { BoxesRenderer } from './boxes/BoxesRenderer';
import { CardsRenderer } from './cards/CardsRenderer';
import { LotteryRenderer } from './lottery/LotteryRenderer';
import { QuizRenderer } from './quiz/QuizRenderer';
import { PredictRenderer } from './predict/PredictRenderer';
import { InviteRenderer } from './invite/InviteRenderer';
import { LeaderboardRenderer } from './leaderboard/LeaderboardRenderer';
import { FragmentsRenderer } from './fragments/FragmentsRenderer';
import { PoolRenderer } from './pool/PoolRenderer';
import { CalendarRenderer } from './calendar/CalendarRenderer';
import { TasksRenderer } from './tasks/TasksRenderer';
import { BoardRenderer } from './board/BoardRenderer';
import { RaiseRenderer } from './raise/RaiseRenderer';

/**
 * A renderer loaded when a page shows it (its own chunk, CSS included), so the pages of the
 * other renderers do not carry its code.
 */
const onDemand = (load: () => Promise<ComponentType<RendererProps>>): ComponentType<RendererProps> =>
  lazy(async () => ({ default: await load() }));

/**
 * The player's screens by the name a gameplay folder gives in `meta.json` (`play.renderer`). A
 * folder naming a renderer missing here is shown as "not playable yet". A renderer behind
 * `onDemand` is a chunk of its own that only its pages load.
 */
export const RENDERERS: Readonly<Record<string, ComponentType<RendererProps>>> = {
  wheel: WheelRenderer,
  boxes: BoxesRenderer,
  cards: CardsRenderer,
  lottery: LotteryRenderer,
  quiz: QuizRenderer,
  predict: PredictRenderer,
  invite: InviteRenderer,
  leaderboard: LeaderboardRenderer,
  fragments: FragmentsRenderer,
  pool: PoolRenderer,
  calendar: CalendarRenderer,
  tasks: TasksRenderer,
  board: BoardRenderer,
  raise: RaiseRenderer,
  slots: onDemand(() => import('./slots/SlotsRenderer').then((module) => module.SlotsRenderer)),
  scratch: onDemand(() => import('./scratch/ScratchRenderer').then((module) => module.ScratchRenderer)),
};

export function rendererOf(name: string | null | undefined): ComponentType<RendererProps> | undefined {
  return name && Object.hasOwn(RENDERERS, name) ? RENDERERS[name] : undefined;
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
