import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { petLook, type RaiseGame, type RaiseState } from './raiseModel';
import { RaiseBar } from './RaiseBar';
import { ReviveCard } from './ReviveCard';

/**
 * The player's pet at its stage with its growth and bowl, when it would fail if left alone, its
 * reward once grown, and reviving it once failed.
 */
export function RaisePet(props: {
  pet: NonNullable<RaiseState['pet']>;
  state: RaiseState;
  game: RaiseGame;
  prizes: PlayPrize[];
  locked: boolean;
  onRevive(): void;
}) {
  const t = useT();
  const page = usePage();
  const { pet, game } = props;
  const prize = game.rewardPrizeId ? props.prizes.find((p) => p.id === game.rewardPrizeId) : undefined;
  const look = petLook(game, pet.stage);
  return (
    <>
      <div
        className={`gp-raise-pet gp-raise-${pet.status}`}
        data-testid="raise-pet"
        data-stage={pet.stage}
        data-status={pet.status}
      >
        {'image' in look ? (
          <img className="gp-raise-image" src={look.image} alt="" />
        ) : (
          <span className="gp-raise-look" aria-hidden="true">
            {look.emoji}
          </span>
        )}
        <strong>{t(`raise.status.${pet.status}`, { stage: pet.stage })}</strong>
      </div>
      <p className="gp-hint">{t('raise.growth', { pct: pet.progress.toFixed(2), stage: pet.stage })}</p>
      <RaiseBar value={pet.progress} max={100} label={t('raise.growthLabel')} testId="raise-growth" />
      <p className="gp-hint">{t('raise.food', { g: pet.food.toFixed(2), full: game.foodFull })}</p>
      <RaiseBar value={pet.food} max={game.foodFull} label={t('raise.foodLabel')} testId="raise-food" />
      {pet.status === 'growing' && pet.failsAt ? (
        <p className="gp-muted">
          {t(pet.failsBy === 'timeout' ? 'raise.timeLeft' : 'raise.hungryAt', {
            time: formatTime(pet.failsAt, page.campaign.timezone),
          })}
        </p>
      ) : null}
      {pet.status === 'grown' ? (
        <p className="gp-invite-qualified">
          {pet.rewarded && prize ? t('raise.rewarded', { prize: prize.name }) : t('raise.grownNoPrize')}
        </p>
      ) : null}
      {pet.status === 'failed' ? (
        <ReviveCard
          pet={pet}
          game={game}
          invites={props.state.invitesSinceFailure}
          locked={props.locked}
          onRevive={props.onRevive}
        />
      ) : null}
      <p className="gp-hint">{t('raise.howTo')}</p>
    </>
  );
}
