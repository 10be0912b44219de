import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { readInvite, recentStatusKey } from './inviteModel';
import { InviteRewards } from './InviteRewards';
import { InviteLink } from './InviteLink';
import { InviteLadder } from './InviteLadder';

/**
 * Referral ("old brings new"): the player's invite link and QR code, what makes an invite count,
 * the rewards on both sides, the ladder, and their invites as the server has decided them. Nothing
 * here counts an invite: the server does, from the installs and registrations it receives.
 */
export function InviteRenderer(props: RendererProps) {
  const t = useT();
  const state = readInvite(props.progress);
  if (!state) return null;

  return (
    <div className="gp-renderer gp-invite" data-testid="invite">
      {state.rules.length > 0 ? (
        <p className="gp-hint">
          {t('invite.counts', {
            steps: state.rules.map((r) => t(`invite.rule.${r}`)).join(t('invite.then')),
          })}
        </p>
      ) : null}
      <InviteRewards state={state} prizes={props.prizes} />
      <InviteLink state={state} button={props.button} />
      <dl className="gp-invite-stats" aria-label={t('invite.stats')}>
        <div>
          <dt>{t('invite.invited')}</dt>
          <dd data-testid="invite-invited">{state.invited}</dd>
        </div>
        <div>
          <dt>{t('invite.pending')}</dt>
          <dd data-testid="invite-pending">{state.pending}</dd>
        </div>
        <div>
          <dt>{t('invite.qualified')}</dt>
          <dd data-testid="invite-qualified">{state.qualified}</dd>
        </div>
      </dl>
      <InviteLadder state={state} prizes={props.prizes} />
      {state.rewardsLeft === 0 ? <p className="gp-banner">{t('invite.rewardsGone')}</p> : null}
      {state.recent.length > 0 ? (
        <ul className="gp-invite-recent" aria-label={t('invite.recent')}>
          {state.recent.map((r, i) => (
            <li key={`${r.invitee}-${i}`}>
              <span>{r.invitee}</span>
              <span className={`gp-invite-status gp-invite-${r.status}`}>{t(recentStatusKey(r))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
