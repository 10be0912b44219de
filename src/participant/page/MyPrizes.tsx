import { useState } from 'react';
import type { RewardView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { formatTime } from './formatTime';
import { copyText } from './shareLink';

interface Props {
  rewards: RewardView[];
  timezone: string;
  onClaim(reward: RewardView): void;
  /** The heading the page gives the list (default "My prizes"). */
  title?: string;
}

const STATUSES = ['success', 'pending', 'failure', 'manual', 'reissued'];

/** "My prizes": the player's reward records with award status, code, contact and form. */
export function MyPrizes({ rewards, timezone, onClaim, title }: Props) {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <section className="gp-card gp-mine" data-testid="my-prizes">
      <h2>{title ?? t('mine.title')}</h2>
      {rewards.length === 0 ? <p className="gp-muted">{t('mine.empty')}</p> : null}
      <ul>
        {rewards.map((reward) => (
          <li key={reward.id} data-reward-id={reward.id} data-status={reward.awardStatus}>
            {reward.image ? (
              <img src={reward.image} alt="" />
            ) : (
              <span className="gp-mine-dot" aria-hidden="true" />
            )}
            <div className="gp-mine-body">
              <p className="gp-mine-name">
                {reward.prizeName}
                <span className={`gp-tag gp-tag-${reward.awardStatus}`}>
                  {STATUSES.includes(reward.awardStatus)
                    ? t(`mine.status.${reward.awardStatus}`)
                    : reward.awardStatus}
                </span>
              </p>
              <p className="gp-muted">{t('mine.wonAt', { time: formatTime(reward.createdAt, timezone) })}</p>
              {reward.couponCode ? (
                <p>
                  {t('mine.coupon')}: <code>{reward.couponCode}</code>{' '}
                  <button
                    type="button"
                    className="gp-link"
                    onClick={() =>
                      void copyText(reward.couponCode as string).then((ok) => ok && setCopied(reward.id))
                    }
                  >
                    {copied === reward.id ? t('mine.copied') : t('mine.copy')}
                  </button>
                </p>
              ) : null}
              {reward.contactInfo ? <p>{t('mine.contact', { info: reward.contactInfo })}</p> : null}
              {reward.form?.state === 'pending' ? (
                <button
                  type="button"
                  className="gp-btn gp-btn-small"
                  onClick={() => onClaim(reward)}
                  data-testid="claim"
                >
                  {t('form.fill')}
                </button>
              ) : null}
              {reward.form?.state === 'submitted' ? (
                <p className="gp-ok" data-testid="form-submitted">
                  {t('form.submitted')}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
