import type { BlockView } from '../api/playTypes';
import { MyPrizes } from '../page/MyPrizes';
import { usePage } from './PageContext';
import { textProp } from './safeValues';

/** The player's prizes with their award status, codes and forms (signed-in players only). */
export function MyPrizesBlock({ block }: { block: BlockView }) {
  const page = usePage();
  if (!page.me.participant && !page.editing) return null;
  return (
    <MyPrizes
      rewards={page.me.rewards}
      timezone={page.campaign.timezone}
      onClaim={page.onClaim}
      title={textProp(block.props.title) || undefined}
    />
  );
}
