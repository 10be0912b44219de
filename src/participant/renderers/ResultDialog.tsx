import { useEffect, useRef } from 'react';
import type { RewardView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import type { DrawResult } from './rendererTypes';

interface Props {
  result: DrawResult;
  onClose(): void;
  onClaim(reward: RewardView): void;
}

/** The prize just drawn (or the thank-you), over the page until the player closes it. */
export function ResultDialog({ result, onClose, onClaim }: Props) {
  const t = useT();
  const close = useRef<HTMLButtonElement>(null);
  const { prize, reward } = result;
  const win = !prize.isThank;

  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const claim = reward?.form?.state === 'pending' ? reward : null;
  return (
    <div className="gp-overlay" onClick={onClose}>
      <div
        className={`gp-dialog gp-result ${win ? 'gp-result-win' : 'gp-result-thanks'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="gp-result-title"
        data-testid="play-result"
        data-prize-id={prize.id ?? ''}
        data-reward-id={result.rewardId ?? ''}
        onClick={(event) => event.stopPropagation()}
      >
        {/* A thank-you speaks in the operator's words when the prize has a name. */}
        <p className="gp-result-lead" id="gp-result-title">
          {win ? t('result.win') : prize.name || t('result.thanks')}
        </p>
        {prize.image ? <img className="gp-result-image" src={prize.image} alt="" /> : null}
        {win ? <p className="gp-result-name">{prize.name}</p> : null}
        {reward?.couponCode ? (
          <p className="gp-result-extra">
            {t('mine.coupon')}: <code>{reward.couponCode}</code>
          </p>
        ) : null}
        {reward?.contactInfo ? (
          <p className="gp-result-extra">{t('mine.contact', { info: reward.contactInfo })}</p>
        ) : null}
        <div className="gp-dialog-actions">
          {claim ? (
            <button
              type="button"
              className="gp-btn"
              onClick={() => {
                onClose();
                onClaim(claim);
              }}
            >
              {t('result.fillForm')}
            </button>
          ) : null}
          <button ref={close} type="button" className="gp-btn gp-btn-ghost" onClick={onClose}>
            {t('result.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
