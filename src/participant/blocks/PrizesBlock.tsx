import type { BlockView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { usePage } from './PageContext';
import { numberProp, textProp } from './safeValues';

/** The campaign's prizes (not the thank-you one) with their images and names. */
export function PrizesBlock({ block }: { block: BlockView }) {
  const { campaign } = usePage();
  const t = useT();
  const prizes = campaign.prizes.filter((p) => !p.isThank);
  const columns = numberProp(block.props.columns, 3, 1, 4);
  return (
    <section className="gp-card gp-showcase" data-testid="prize-showcase">
      <h2>{textProp(block.props.title) || t('blocks.prizes')}</h2>
      {prizes.length === 0 ? <p className="gp-muted">{t('blocks.noPrizes')}</p> : null}
      <ul style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {prizes.map((prize) => (
          <li key={prize.id}>
            {prize.image ? (
              <img src={prize.image} alt="" />
            ) : (
              <span className="gp-showcase-blank" aria-hidden="true" />
            )}
            <span>{prize.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
