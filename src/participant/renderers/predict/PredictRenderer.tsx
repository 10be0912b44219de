import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';
import { percentages, readProgress, type PredictGame } from './predictModel';

/**
 * Match prediction and voting: each match as a card of options (image and label); the player taps
 * one and confirms it (a pick is final), then sees their pick, the totals (voting: live;
 * prediction: once the match has a result) and, once entered, the result and whether they were
 * right. Prizes come at settlement and show in "my prizes".
 */
export function PredictRenderer(props: RendererProps) {
  const t = useT();
  const { campaign } = usePage();
  const { game, disabled, button, act, onLanded } = props;
  const predict = game.predict as PredictGame | undefined;
  const progress = readProgress(props.progress);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [sending, setSending] = useState<string | null>(null);
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  if (!predict) return null;

  const confirm = async (matchId: string) => {
    const optionId = chosen[matchId];
    if (!optionId || sending) return;
    setSending(matchId);
    try {
      await act('predict', { matchId, optionId });
      onLanded(NOTHING_LANDED);
    } catch {
      // The page says why (already picked elsewhere, picks closed, ...).
    } finally {
      setSending(null);
    }
  };

  return (
    <div className="gp-renderer gp-predict" data-testid="predict" data-mode={predict.mode}>
      {predict.closesAt ? (
        <p className="gp-hint">
          {progress.open
            ? t('predict.closesAt', { time: formatTime(predict.closesAt, campaign.timezone) })
            : t('predict.closed')}
        </p>
      ) : null}
      {progress.settled ? (
        <p className="gp-banner" role="status">
          {t('predict.settled')}
        </p>
      ) : null}
      {predict.matches.map((match) => {
        const mine = progress.picks[match.id];
        const result = progress.results[match.id];
        const counts = progress.totals?.[match.id];
        const shares = counts ? percentages(match.options.map((o) => counts[o.id] ?? 0)) : null;
        const canPick = !mine && !result && progress.open && !disabled;
        const selected = mine ?? chosen[match.id];
        return (
          <section
            key={match.id}
            className="gp-card gp-predict-match"
            data-testid="predict-match"
            data-match-id={match.id}
          >
            <h2 className="gp-predict-title">{match.title}</h2>
            <div className="gp-predict-options">
              {match.options.map((option, i) => {
                const isMine = mine === option.id;
                const isResult = result === option.id;
                return (
                  <button
                    key={option.id}
                    type="button"
                    className={`gp-predict-option${selected === option.id ? ' gp-predict-selected' : ''}${isResult ? ' gp-predict-winner' : ''}`}
                    data-testid="predict-option"
                    data-option-id={option.id}
                    aria-pressed={selected === option.id}
                    disabled={!canPick}
                    onClick={() => setChosen({ ...chosen, [match.id]: option.id })}
                  >
                    {option.image ? <img src={option.image} alt="" /> : null}
                    <span className="gp-predict-label">{option.label}</span>
                    {isMine ? <span className="gp-predict-tag">{t('predict.yourPick')}</span> : null}
                    {isResult ? (
                      <span className="gp-predict-tag gp-predict-tag-result" data-testid="predict-result">
                        {t('predict.result')}
                      </span>
                    ) : null}
                    {shares && counts ? (
                      <span
                        className="gp-predict-total"
                        data-testid="predict-total"
                        data-option-id={option.id}
                      >
                        <span className="gp-predict-bar" style={{ width: `${shares[i]}%` }} />
                        <span className="gp-predict-count">
                          {t('predict.share', { percent: shares[i], count: counts[option.id] ?? 0 })}
                        </span>
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
            {mine && result && predict.mode === 'prediction' ? (
              <p className={mine === result ? 'gp-predict-right' : 'gp-predict-wrong'} role="status">
                {mine === result ? t('predict.right') : t('predict.wrong')}
              </p>
            ) : null}
            {canPick ? (
              <>
                <button
                  type="button"
                  className="gp-btn gp-btn-main"
                  style={buttonStyle}
                  disabled={!chosen[match.id] || sending !== null}
                  onClick={() => void confirm(match.id)}
                  data-testid="predict-confirm"
                >
                  {sending === match.id ? t('predict.sending') : t('predict.confirm')}
                </button>
                <p className="gp-hint">{t('predict.final')}</p>
              </>
            ) : !mine && !result && !progress.open ? (
              <p className="gp-hint">{t('predict.closed')}</p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
