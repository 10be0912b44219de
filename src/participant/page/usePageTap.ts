import { useCallback } from 'react';
import type { BlockView, TapView } from '../api/playTypes';
import type { T } from '../i18n/texts';
import { blockElementId } from '../blocks/PageContext';
import { shareLink } from './shareLink';

/** What a tap does on the page: scroll to a block, share the link, start a draw. */
export interface TapPlan {
  scrollTo?: string;
  share?: true;
  play?: true;
}

/**
 * The plan of a tap that is not an address: a block or the rules scroll into view; share goes to
 * the page's share block when it has channels, else shares the link; play scrolls to the game
 * and starts a draw.
 */
export function tapPlan(target: TapView, blocks: readonly BlockView[], shareChannels: number): TapPlan {
  const firstOf = (type: string) => blocks.find((b) => b.type === type)?.id;
  if (target.action === 'block') return { scrollTo: target.blockId ?? undefined };
  if (target.action === 'rules') return { scrollTo: firstOf('rules') };
  if (target.action === 'share') {
    const shareBlock = firstOf('share');
    return shareBlock && shareChannels > 0 ? { scrollTo: shareBlock } : { share: true };
  }
  if (target.action === 'play') return { scrollTo: firstOf('game'), play: true };
  return {};
}

interface Input {
  blocks: BlockView[];
  shareChannels: number;
  pageTitle: string;
  link: string;
  canPlay: boolean;
  say(text: string): void;
  t: T;
  startDraw(): void;
}

/** Carries out a tap of a hotzone or button that is not an address (see `tapPlan`). */
export function usePageTap({ blocks, shareChannels, pageTitle, link, canPlay, say, t, startDraw }: Input) {
  return useCallback(
    (target: TapView) => {
      const plan = tapPlan(target, blocks, shareChannels);
      if (plan.scrollTo)
        document.getElementById(blockElementId(plan.scrollTo))?.scrollIntoView({ behavior: 'smooth' });
      if (plan.share) void shareLink(link, pageTitle).then((said) => said && say(t(said.key, said.params)));
      if (plan.play && canPlay) startDraw();
    },
    [blocks, shareChannels, pageTitle, link, canPlay, say, t, startDraw],
  );
}
