import { useT } from '../i18n/texts';
import { splitCountdown } from './formatTime';
import { useCountdown } from './useCountdown';

interface Props {
  startTime: string;
  /** The preheat image, shown above the countdown while the campaign warms up. */
  image: string | null;
  /** Called when the start is reached (the page reloads its state). */
  onStart(): void;
}

/** "Starts in": the preheat image and the time left until the campaign starts. */
export function StartCountdown({ startTime, image, onStart }: Props) {
  const t = useT();
  const start = Date.parse(startTime);
  const left = useCountdown(Number.isNaN(start) ? null : start, onStart);
  if (left === null || left <= 0) return image ? <img className="gp-preheat" src={image} alt="" /> : null;
  const { days, time } = splitCountdown(left);
  return (
    <section className="gp-card gp-start" data-testid="start-countdown">
      {image ? <img className="gp-preheat" src={image} alt="" /> : null}
      <p className="gp-start-label">{t('countdown.startsIn')}</p>
      <p className="gp-start-clock" role="timer">
        {days > 0 ? t('countdown.days', { days, time }) : time}
      </p>
    </section>
  );
}
