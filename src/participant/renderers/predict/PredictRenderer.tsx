import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import type { RendererProps } from '../rendererTypes';
import { useMechanicAction } from '../useMechanicAction';
import { matchView, readProgress, type PredictGame } from './predictModel';
import { PredictMatchCard } from './PredictMatchCard';

/**
 * Match prediction and voting: each match as a card of options (image and label); the player taps
 * one and confirms it (a pick is final), then sees their pick, the totals (voting: live;
 * prediction: once the match has a result) and, once entered, the result and whether they were
 * right. Prizes come at settlement and show in "my prizes".
 */
export function PredictRenderer(props: RendererProps) {
  const t = useT();
  const { campaign } = usePage();
  const { game, disabled, button } = props;
  const predict = game.predict as PredictGame | undefined;
  const progress = readProgress(props.progress);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  // A refused pick has been said by the page (already picked elsewhere, picks closed, ...).
  const { busy: sending, run } = useMechanicAction(props);
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  if (!predict) return null;

  const confirm = (matchId: string) => {
    const optionId = chosen[matchId];
    if (optionId) void run(matchId, 'predict', { matchId, optionId });
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
      {predict.matches.map((match) => (
        <PredictMatchCard
          key={match.id}
          match={match}
          mode={predict.mode}
          view={matchView(match, progress, chosen[match.id], disabled)}
          chosen={!!chosen[match.id]}
          sending={sending}
          buttonStyle={buttonStyle}
          onChoose={(optionId) => setChosen({ ...chosen, [match.id]: optionId })}
          onConfirm={() => confirm(match.id)}
        />
      ))}
    </div>
  );
}
