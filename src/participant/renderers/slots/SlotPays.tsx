import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { SlotSymbol } from './SlotSymbol';

/** The winning lines under the machine: three of a prize (its picture three times, else "×3"). */
export function SlotPays({ prizes, reels }: { prizes: PlayPrize[]; reels: number }) {
  const t = useT();
  const pays = prizes.filter((prize) => !prize.isThank);
  if (!pays.length) return null;
  return (
    <div className="gp-slots-pays">
      <p className="gp-slots-pays-title">{t('slots.pays')}</p>
      <ul>
        {pays.map((prize) => (
          <li key={prize.id} data-pay={prize.id}>
            <span className="gp-slots-pays-line" aria-hidden="true">
              {prize.image ? (
                Array.from({ length: reels }, (_, i) => <SlotSymbol key={i} prize={prize} />)
              ) : (
                <span className="gp-slots-times">×{reels}</span>
              )}
            </span>
            <span className="gp-sr-only">{t('slots.three')}: </span>
            <span className="gp-slots-pays-name">{prize.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
