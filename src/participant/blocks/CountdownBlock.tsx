import type { BlockView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { splitCountdown } from '../page/formatTime';
import { useCountdown } from '../page/useCountdown';
import { usePage } from './PageContext';
import { textProp } from './safeValues';

/** Time left until the campaign starts or ends; once reached, says so. */
export function CountdownBlock({ block }: { block: BlockView }) {
  const { campaign } = usePage();
  const t = useT();
  const toStart = block.props.target === 'start';
  const at = Date.parse(toStart ? campaign.startTime : campaign.endTime);
  const left = useCountdown(Number.isNaN(at) ? null : at);
  const label = textProp(block.props.label) || t(toStart ? 'countdown.startsIn' : 'blocks.endsIn');
  const over = left === null || left <= 0;
  const { days, time } = splitCountdown(Math.max(0, left ?? 0));
  return (
    <section className="gp-card gp-countdown" data-testid="countdown">
      <p className="gp-start-label">{over ? t(toStart ? 'blocks.started' : 'blocks.ended') : label}</p>
      {over ? null : (
        <p className="gp-start-clock" role="timer">
          {days > 0 ? t('countdown.days', { days, time }) : time}
        </p>
      )}
    </section>
  );
}
