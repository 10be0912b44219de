import type { PlayerView, PlayReason } from '../api/playTypes';
import { useT } from '../i18n/texts';

interface Props {
  me: PlayerView;
  /** Why playing is off (the server's reason, or notPlayable without a renderer). */
  reason: PlayReason | null;
  preview: boolean;
}

/** Chances left, or why the player cannot play now. */
export function StatusLine({ me, reason, preview }: Props) {
  const t = useT();
  const shown = preview ? 'preview' : reason;
  if (shown) {
    return (
      <p className="gp-status gp-status-off" data-testid="play-state" data-reason={shown}>
        {t(`reason.${shown}`)}
      </p>
    );
  }
  const chances = me.chances;
  if (!chances) return null;
  return (
    <p
      className="gp-status"
      data-testid="play-state"
      data-reason=""
      data-chances={chances.unlimited ? 'unlimited' : chances.left}
    >
      {chances.unlimited ? t('chances.unlimited') : t('chances.left', { count: chances.left })}
      {chances.dailyFree > 0 && !chances.unlimited ? (
        <span className="gp-muted"> · {t('chances.dailyLeft', { count: chances.dailyLeft })}</span>
      ) : null}
    </p>
  );
}
