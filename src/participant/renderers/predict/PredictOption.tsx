import { useT } from '../../i18n/texts';
import type { MatchView, PredictMatch } from './predictModel';

/** An option of a match: its picture and label, "Your pick", "Result" and its share of the picks. */
export function PredictOption(props: {
  option: PredictMatch['options'][number];
  index: number;
  view: MatchView;
  onChoose(): void;
}) {
  const t = useT();
  const { option, view } = props;
  const isMine = view.mine === option.id;
  const isResult = view.result === option.id;
  const selected = view.selected === option.id;
  return (
    <button
      type="button"
      className={`gp-predict-option${selected ? ' gp-predict-selected' : ''}${isResult ? ' gp-predict-winner' : ''}`}
      data-testid="predict-option"
      data-option-id={option.id}
      aria-pressed={selected}
      disabled={!view.canPick}
      onClick={props.onChoose}
    >
      {option.image ? <img src={option.image} alt="" /> : null}
      <span className="gp-predict-label">{option.label}</span>
      {isMine ? <span className="gp-predict-tag">{t('predict.yourPick')}</span> : null}
      {isResult ? (
        <span className="gp-predict-tag gp-predict-tag-result" data-testid="predict-result">
          {t('predict.result')}
        </span>
      ) : null}
      {view.totals ? (
        <span className="gp-predict-total" data-testid="predict-total" data-option-id={option.id}>
          <span className="gp-predict-bar" style={{ width: `${view.totals.shares[props.index]}%` }} />
          <span className="gp-predict-count">
            {t('predict.share', {
              percent: view.totals.shares[props.index],
              count: view.totals.counts[option.id] ?? 0,
            })}
          </span>
        </span>
      ) : null}
    </button>
  );
}
