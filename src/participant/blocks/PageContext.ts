import { createContext, useContext } from 'react';
import type { CampaignView, PlayerView, PlayReason, RewardView, TapView } from '../api/playTypes';
import type { DrawResult } from '../renderers';
import { safeHref } from './safeValues';

/** What the blocks of a page share: the campaign, the player, and what taps and buttons do. */
export interface PageState {
  campaign: CampaignView;
  me: PlayerView;
  /** The renderer of the game area; null when the gameplay is not playable on this page. */
  rendererName: string | null;
  canPlay: boolean;
  reason: PlayReason | null;
  /** The player's invite link. */
  link: string;
  /** Seconds until the automatic first draw; null when none is pending. */
  drawIn: number | null;
  /** The line the page says (a result, a copied link, an error). */
  line: { text: string; error: boolean } | null;
  autoDraw: number;
  onDraw(): Promise<DrawResult>;
  /** Runs another action of the mechanic (a quiz's start and answer); rejects after saying why. */
  act<R>(action: string, body: object): Promise<R>;
  onLanded(): void;
  onClaim(reward: RewardView): void;
  onShared(channel: string): void;
  say(text: string, error?: boolean): void;
  /** Reload the page state (the campaign started, a draw was refused). */
  refresh(): void;
  /** A tap of a hotzone or button that is not an address: share, play, rules, a block. */
  tap(target: TapView): void;
  /**
   * The page editor's canvas: nothing is sent, addresses do not open, and blocks show what they
   * will hold even when a player would see them empty.
   */
  editing: boolean;
}

export const PageContext = createContext<PageState | null>(null);

export function usePage(): PageState {
  const page = useContext(PageContext);
  if (!page) throw new Error('a page block is drawn outside a page');
  return page;
}

/** The element id of a block on the page (the target of "jump to a block"). */
export const blockElementId = (blockId: string) => `gp-block-${blockId}`;

/** Where a tap goes: `href` to open, or a handler for the other actions. */
export function tapTarget(target: TapView, page: PageState): { href?: string; onClick?: () => void } {
  // On the editor's canvas every zone and button shows, and none goes anywhere.
  if (page.editing) return { onClick: () => undefined };
  if (target.action === 'url' || target.action === 'deeplink') {
    const href = safeHref(target.href);
    return href ? { href } : {};
  }
  return { onClick: () => page.tap(target) };
}
