import type { ButtonLook } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { copyText } from '../../page/shareLink';
import type { InviteState } from './inviteModel';
import { useQrCode } from './useQrCode';

/** The player's invite link with its QR code, a copy button and their code; or why there is none. */
export function InviteLink({ state, button }: { state: InviteState; button: ButtonLook }) {
  const t = useT();
  const page = usePage();
  const qr = useQrCode(state.link);
  if (!state.link) return <p className="gp-hint">{t('invite.noLink')}</p>;
  const link = state.link;

  const copy = async () => {
    if (await copyText(link)) page.say(t('invite.copied'));
    else page.say(t('share.copyFailed', { url: link }));
  };

  return (
    <div className="gp-invite-link">
      {qr ? <img className="gp-invite-qr" src={qr} alt={t('invite.qr')} width={160} height={160} /> : null}
      <input
        className="gp-invite-url"
        readOnly
        value={link}
        aria-label={t('invite.myLink')}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={{
          background: button.color ?? undefined,
          color: button.textColor ?? undefined,
        }}
        onClick={() => void copy()}
        disabled={page.editing}
      >
        {t('invite.copy')}
      </button>
      <p className="gp-hint">{t('invite.code', { code: state.code ?? '' })}</p>
    </div>
  );
}
