import { useEffect, useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { copyText } from '../../page/shareLink';
import type { RendererProps } from '../rendererTypes';
import { nextStep, readInvite } from './inviteModel';
import { PrizeIcon } from '../PrizeFace';

/** The QR code of a link as an image address, made in the browser (the library loads on demand). */
function useQrCode(link: string | null): string | null {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(link, { margin: 1, width: 320, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setImage({ link, url });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [link]);
  return image && image.link === link ? image.url : null;
}

/**
 * Referral ("old brings new"): the player's invite link and QR code, what makes an invite count,
 * the rewards on both sides, the ladder, and their invites as the server has decided them. Nothing
 * here counts an invite: the server does, from the installs and registrations it receives.
 */
export function InviteRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readInvite(props.progress);
  const qr = useQrCode(state?.link ?? null);
  const prizeOf = (id: string | null) => (id ? props.prizes.find((p) => p.id === id) : undefined);
  const prizeName = (id: string | null) => (id ? (prizeOf(id)?.name ?? id) : null);
  if (!state) return null;
  const next = nextStep(state);
  const perInvite = prizeName(state.perInvitePrizeId);
  const newUser = prizeName(state.newUserPrizeId);

  const copy = async () => {
    if (!state.link) return;
    if (await copyText(state.link)) page.say(t('invite.copied'));
    else page.say(t('share.copyFailed', { url: state.link }));
  };

  return (
    <div className="gp-renderer gp-invite" data-testid="invite">
      {state.rules.length > 0 ? (
        <p className="gp-hint">
          {t('invite.counts', {
            steps: state.rules.map((r) => t(`invite.rule.${r}`)).join(t('invite.then')),
          })}
        </p>
      ) : null}
      {newUser || perInvite ? (
        <ul className="gp-invite-rewards">
          {newUser ? (
            <li>
              <PrizeIcon prize={prizeOf(state.newUserPrizeId)} />
              {t('invite.friendGets', { prize: newUser })}
            </li>
          ) : null}
          {perInvite ? (
            <li>
              <PrizeIcon prize={prizeOf(state.perInvitePrizeId)} />
              {t('invite.youGet', { prize: perInvite })}
            </li>
          ) : null}
        </ul>
      ) : null}
      {state.link ? (
        <div className="gp-invite-link">
          {qr ? (
            <img className="gp-invite-qr" src={qr} alt={t('invite.qr')} width={160} height={160} />
          ) : null}
          <input
            className="gp-invite-url"
            readOnly
            value={state.link}
            aria-label={t('invite.myLink')}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="gp-btn gp-btn-main"
            style={{
              background: props.button.color ?? undefined,
              color: props.button.textColor ?? undefined,
            }}
            onClick={() => void copy()}
            disabled={page.editing}
          >
            {t('invite.copy')}
          </button>
          <p className="gp-hint">{t('invite.code', { code: state.code ?? '' })}</p>
        </div>
      ) : (
        <p className="gp-hint">{t('invite.noLink')}</p>
      )}
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
      {state.ladder.length > 0 ? (
        <ol className="gp-invite-ladder">
          {state.ladder.map((step) => (
            <li key={step.invites} className={step.reached ? 'gp-invite-reached' : undefined}>
              <PrizeIcon prize={prizeOf(step.prizeId)} />
              {t('invite.step', { count: step.invites, prize: prizeName(step.prizeId) ?? '' })}
              {step.reached ? <span aria-label={t('invite.reached')}> ✓</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {next && next.missing > 0 ? (
        <p className="gp-hint">{t('invite.toNext', { count: next.missing })}</p>
      ) : null}
      {state.rewardsLeft === 0 ? <p className="gp-banner">{t('invite.rewardsGone')}</p> : null}
      {state.recent.length > 0 ? (
        <ul className="gp-invite-recent" aria-label={t('invite.recent')}>
          {state.recent.map((r, i) => (
            <li key={`${r.invitee}-${i}`}>
              <span>{r.invitee}</span>
              <span className={`gp-invite-status gp-invite-${r.status}`}>
                {r.status === 'refused' && r.refusal
                  ? t(`invite.refusal.${r.refusal}`)
                  : t(`invite.status.${r.status}`)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
