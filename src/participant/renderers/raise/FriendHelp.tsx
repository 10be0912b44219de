import { useT } from '../../i18n/texts';
import type { RaiseGame, RaiseState } from './raiseModel';

/** On a friend's link: the friend's pet and a button to help it once a day (it may miss). */
export function FriendHelp(props: {
  friend: NonNullable<RaiseState['friend']>;
  game: RaiseGame;
  locked: boolean;
  onHelp(): void;
}) {
  const t = useT();
  const { friend } = props;
  return (
    <div className="gp-raise-friend" data-testid="raise-friend">
      <p>{t('raise.friend', { stage: friend.stage })}</p>
      <button
        type="button"
        className="gp-btn"
        disabled={props.locked || friend.helpedToday || friend.status !== 'growing'}
        onClick={props.onHelp}
      >
        {friend.helpedToday
          ? t('raise.helpedToday')
          : t('raise.help', { chance: props.game.helpProbability })}
      </button>
    </div>
  );
}
