import type { BlockView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { textProp } from './safeValues';

/**
 * The leaderboard's place on the page. No gameplay that ranks participants is playable yet (the
 * invite contest, quiz and coin pool come with their mechanics), so it says that plainly rather
 * than showing a list.
 */
export function LeaderboardBlock({ block }: { block: BlockView }) {
  const t = useT();
  return (
    <section className="gp-card gp-leaderboard" data-testid="leaderboard">
      <h2>{textProp(block.props.title) || t('blocks.leaderboard')}</h2>
      <p className="gp-muted">{t('blocks.leaderboardLater')}</p>
    </section>
  );
}
