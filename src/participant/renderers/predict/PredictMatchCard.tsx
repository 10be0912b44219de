import type { CSSProperties } from 'react';
import { useT } from '../../i18n/texts';
import type { MatchView, PredictGame, PredictMatch } from './predictModel';
import { PredictOption } from './PredictOption';

/**
 * A match as a card: its options, whether the player was right once the result is in (a
 * prediction), and while it is open the confirm button ("a pick is final").
 */
export function PredictMatchCard(props: {
  match: PredictMatch;
  mode: PredictGame['mode'];
  view: MatchView;
  chosen: boolean;
  sending: string | null;
  buttonStyle: CSSProperties;
  onChoose(optionId: string): void;
  onConfirm(): void;
}) {
  const t = useT();
  const { match, view } = props;
  return (
    <section className="gp-card gp-predict-match" data-testid="predict-match" data-match-id={match.id}>
      <h2 className="gp-predict-title">{match.title}</h2>
      <div className="gp-predict-options">
        {match.options.map((option, i) => (
          <PredictOption
            key={option.id}
            option={option}
            index={i}
            view={view}
            onChoose={() => props.onChoose(option.id)}
          />
        ))}
      </div>
      {view.mine && view.result && props.mode === 'prediction' ? (
        <p className={view.mine === view.result ? 'gp-predict-right' : 'gp-predict-wrong'} role="status">
          {view.mine === view.result ? t('predict.right') : t('predict.wrong')}
        </p>
      ) : null}
      {view.canPick ? (
        <>
          <button
            type="button"
            className="gp-btn gp-btn-main"
            style={props.buttonStyle}
            disabled={!props.chosen || props.sending !== null}
            onClick={props.onConfirm}
            data-testid="predict-confirm"
          >
            {props.sending === match.id ? t('predict.sending') : t('predict.confirm')}
          </button>
          <p className="gp-hint">{t('predict.final')}</p>
        </>
      ) : view.closed ? (
        <p className="gp-hint">{t('predict.closed')}</p>
      ) : null}
    </section>
  );
}
