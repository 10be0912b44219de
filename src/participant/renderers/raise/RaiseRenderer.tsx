import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';

interface PetView {
  progress: number;
  stage: number;
  status: 'growing' | 'failed' | 'grown';
  failure: 'starved' | 'timeout' | null;
  food: number;
  failsAt: string | null;
  failsBy: 'starved' | 'timeout' | null;
  failedAt: string | null;
  revivals: number;
}

interface RaiseState {
  pet: (PetView & { adopted: boolean; events: number; rewarded: boolean }) | null;
  invitesSinceFailure: number;
  friend: (PetView & { code: string; helpedToday: boolean }) | null;
}

interface RaiseGame {
  species: 'dog' | 'tree';
  stages: number[];
  foodFull: number;
  helpProbability: number;
  revivalInvites: number;
  rewardPrizeId: string | null;
  stageImages?: (string | null)[];
}

// The pet at each stage (0-3) when the config gives no picture for it.
const LOOKS = {
  dog: ['\u{1F95A}', '\u{1F436}', '\u{1F415}', '\u{1F9AE}'],
  tree: ['\u{1F331}', '\u{1F33F}', '\u{1FAB4}', '\u{1F333}'],
};

function Bar({ value, max, label, testId }: { value: number; max: number; label: string; testId: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div
      className="gp-raise-bar"
      role="meter"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
      data-testid={testId}
    >
      <span style={{ width: `${pct}%` }} />
    </div>
  );
}

/**
 * Raising a dog or a tree: the pet at its stage, its growth and its bowl, when it would fail if
 * left alone, the way to revive it by inviting friends, and (on a friend's link) a button to help
 * the friend's pet.
 */
export function RaiseRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const [busy, setBusy] = useState(false);
  const game = props.game.raise as RaiseGame | undefined;
  const state = props.progress.raise as RaiseState | undefined;
  if (!game || !state) return null;
  const { pet, friend } = state;
  const locked = page.editing || page.reason !== null || busy;
  const tz = page.campaign.timezone;
  const prize = game.rewardPrizeId ? props.prizes.find((p) => p.id === game.rewardPrizeId) : undefined;

  async function run(action: string, body: object, done: (result: Record<string, unknown>) => string) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await props.act<Record<string, unknown>>(action, body);
      page.say(done(result));
      props.onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="gp-renderer gp-raise" data-testid="raise">
      {friend ? (
        <div className="gp-raise-friend" data-testid="raise-friend">
          <p>{t('raise.friend', { stage: friend.stage })}</p>
          <button
            type="button"
            className="gp-btn"
            disabled={locked || friend.helpedToday || friend.status !== 'growing'}
            onClick={() =>
              void run('help', { code: friend.code }, (r) =>
                r.succeeded ? t('raise.helped') : t('raise.helpMissed'),
              )
            }
          >
            {friend.helpedToday ? t('raise.helpedToday') : t('raise.help', { chance: game.helpProbability })}
          </button>
        </div>
      ) : null}
      {pet ? (
        <>
          <div
            className={`gp-raise-pet gp-raise-${pet.status}`}
            data-testid="raise-pet"
            data-stage={pet.stage}
            data-status={pet.status}
          >
            {game.stageImages?.[pet.stage] ? (
              <img className="gp-raise-image" src={game.stageImages[pet.stage] as string} alt="" />
            ) : (
              <span className="gp-raise-look" aria-hidden="true">
                {LOOKS[game.species][pet.stage] ?? LOOKS[game.species][0]}
              </span>
            )}
            <strong>{t(`raise.status.${pet.status}`, { stage: pet.stage })}</strong>
          </div>
          <p className="gp-hint">{t('raise.growth', { pct: pet.progress.toFixed(2), stage: pet.stage })}</p>
          <Bar value={pet.progress} max={100} label={t('raise.growthLabel')} testId="raise-growth" />
          <p className="gp-hint">{t('raise.food', { g: pet.food.toFixed(2), full: game.foodFull })}</p>
          <Bar value={pet.food} max={game.foodFull} label={t('raise.foodLabel')} testId="raise-food" />
          {pet.status === 'growing' && pet.failsAt ? (
            <p className="gp-muted">
              {t(pet.failsBy === 'timeout' ? 'raise.timeLeft' : 'raise.hungryAt', {
                time: formatTime(pet.failsAt, tz),
              })}
            </p>
          ) : null}
          {pet.status === 'grown' ? (
            <p className="gp-invite-qualified">
              {pet.rewarded && prize ? t('raise.rewarded', { prize: prize.name }) : t('raise.grownNoPrize')}
            </p>
          ) : null}
          {pet.status === 'failed' ? (
            <div className="gp-raise-revive">
              <p className="gp-invite-refused">{t(`raise.failure.${pet.failure ?? 'starved'}`)}</p>
              {game.revivalInvites > 0 ? (
                <>
                  <p className="gp-hint">
                    {t('raise.reviveHint', { need: game.revivalInvites, have: state.invitesSinceFailure })}
                  </p>
                  <button
                    type="button"
                    className="gp-btn gp-btn-main"
                    data-testid="raise-revive"
                    disabled={locked || state.invitesSinceFailure < game.revivalInvites}
                    onClick={() => void run('revive', {}, () => t('raise.revived'))}
                  >
                    {t('raise.revive')}
                  </button>
                </>
              ) : null}
            </div>
          ) : null}
          <p className="gp-hint">{t('raise.howTo')}</p>
        </>
      ) : (
        <p className="gp-hint">{t('raise.signIn')}</p>
      )}
    </div>
  );
}
