import { useT } from '../../i18n/texts';
import type { PetView, RaiseGame } from './raiseModel';

/** A failed pet: why it failed and, when the campaign allows it, reviving it with friends' invites. */
export function ReviveCard(props: {
  pet: PetView;
  game: RaiseGame;
  invites: number;
  locked: boolean;
  onRevive(): void;
}) {
  const t = useT();
  const { game } = props;
  return (
    <div className="gp-raise-revive">
      <p className="gp-invite-refused">{t(`raise.failure.${props.pet.failure ?? 'starved'}`)}</p>
      {game.revivalInvites > 0 ? (
        <>
          <p className="gp-hint">
            {t('raise.reviveHint', { need: game.revivalInvites, have: props.invites })}
          </p>
          <button
            type="button"
            className="gp-btn gp-btn-main"
            data-testid="raise-revive"
            disabled={props.locked || props.invites < game.revivalInvites}
            onClick={props.onRevive}
          >
            {t('raise.revive')}
          </button>
        </>
      ) : null}
    </div>
  );
}
