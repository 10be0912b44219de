import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import { nextStep, type InviteState } from './inviteModel';

/** The ladder of rewards by counted invites, the steps reached ticked, and what the next one needs. */
export function InviteLadder({ state, prizes }: { state: InviteState; prizes: PlayPrize[] }) {
  const t = useT();
  const next = nextStep(state);
  const prizeOf = (id: string) => (id ? prizes.find((p) => p.id === id) : undefined);
  return (
    <>
      {state.ladder.length > 0 ? (
        <ol className="gp-invite-ladder">
          {state.ladder.map((step) => (
            <li key={step.invites} className={step.reached ? 'gp-invite-reached' : undefined}>
              <PrizeIcon prize={prizeOf(step.prizeId)} />
              {t('invite.step', {
                count: step.invites,
                prize: step.prizeId ? (prizeOf(step.prizeId)?.name ?? step.prizeId) : '',
              })}
              {step.reached ? <span aria-label={t('invite.reached')}> ✓</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {next && next.missing > 0 ? (
        <p className="gp-hint">{t('invite.toNext', { count: next.missing })}</p>
      ) : null}
    </>
  );
}
