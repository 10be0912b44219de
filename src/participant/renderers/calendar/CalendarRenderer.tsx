import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { ResultDialog } from '../ResultDialog';
import type { RewardView } from '../../api/playTypes';
import { NOTHING_LANDED, type DrawResult, type RendererProps } from '../rendererTypes';
import { PrizeIcon } from '../PrizeFace';

interface CheckInState {
  today: string;
  checkedToday: boolean;
  canCheckIn: boolean;
  refusal: string | null;
  next: { cycle: number; position: number } | null;
  cycle: number;
  position: number;
  streak: number;
  cycleStreak: number;
  total: number;
  days: { day: string; position: number; makeUp: boolean }[];
  makeUpDays: string[];
  makeUpsLeft: number | null;
}

interface CheckInGame {
  cycleDays: number;
  allowMakeUp: boolean;
  makeUpShares: number;
  daily: { day: number; prizeId: string }[];
  consecutive: { days: number; prizeId: string }[];
  accumulated: { days: number; prizeId: string }[];
}

interface CheckInAnswer {
  day: string;
  position: number;
  streak: number;
  rewards: {
    kind: string;
    prizeId: string;
    outcome: string;
    rewardId: string | null;
    reward: RewardView | null;
  }[];
}

function readState(progress: Record<string, unknown>): CheckInState | null {
  const raw = progress.checkIn as CheckInState | undefined;
  return raw && typeof raw === 'object' && Array.isArray(raw.days) ? raw : null;
}

/**
 * The daily sign-in: the cycle's days with their rewards (signed, today, to come), the streak and
 * total, today's button, the missed days one may make up, and the streak and total reward steps.
 */
export function CalendarRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readState(props.progress);
  const game = props.game.checkIn as CheckInGame | undefined;
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<DrawResult | null>(null);
  if (!state || !game) return null;
  const prizeOf = (id: string) => props.prizes.find((p) => p.id === id);
  const prizeName = (id: string) => prizeOf(id)?.name ?? id;
  const locked = page.editing || page.reason !== null || busy;
  // Today's check-in starts a new cycle: the grid shows the new one, empty.
  const fresh = state.next !== null && state.next.cycle !== state.cycle;
  const signed = new Map(fresh ? [] : state.days.map((d) => [d.position, d]));
  const nextPosition = state.next?.position ?? null;
  const cycleStreak = fresh ? 0 : state.cycleStreak;

  async function run(body: object) {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await props.act<CheckInAnswer>('checkIn', body);
      const won = answer.rewards.filter((r) => r.outcome === 'win');
      page.say(
        won.length > 0
          ? t('checkIn.doneWith', {
              day: answer.position,
              prizes: won.map((r) => prizeName(r.prizeId)).join(', '),
            })
          : t('checkIn.done', { day: answer.position }),
      );
      const first = won[0];
      const listed = first ? props.prizes.find((p) => p.id === first.prizeId) : undefined;
      if (first && listed)
        setShown({
          prize: { id: listed.id, name: listed.name, image: listed.image, isThank: false },
          rewardId: first.rewardId,
          reward: first.reward,
        });
      props.onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setBusy(false);
    }
  }

  const buttonText = state.checkedToday
    ? t('checkIn.signedToday')
    : state.refusal === 'cycleComplete'
      ? t('checkIn.complete')
      : (props.button.text ?? t('checkIn.signIn'));
  return (
    <div className="gp-renderer gp-calendar" data-testid="calendar">
      <dl className="gp-invite-stats">
        <div>
          <dt>{t('checkIn.streak')}</dt>
          <dd data-testid="checkin-streak">{state.streak}</dd>
        </div>
        <div>
          <dt>{t('checkIn.total')}</dt>
          <dd data-testid="checkin-total">{state.total}</dd>
        </div>
        <div>
          <dt>{t('checkIn.cycleDay')}</dt>
          <dd>
            {fresh ? 0 : state.position}/{game.cycleDays}
          </dd>
        </div>
      </dl>
      <ol className="gp-calendar-days" aria-label={t('checkIn.days')}>
        {Array.from({ length: game.cycleDays }, (_, i) => i + 1).map((position) => {
          const mark = signed.get(position);
          const reward = game.daily.find((d) => d.day === position);
          const isNext = !state.checkedToday && nextPosition === position && state.canCheckIn;
          const look = mark ? 'signed' : isNext ? 'today' : 'later';
          return (
            <li
              key={position}
              className={`gp-calendar-day gp-calendar-${look}`}
              data-day={position}
              data-state={look}
            >
              <span className="gp-calendar-n">{t('checkIn.day', { n: position })}</span>
              {reward ? <PrizeIcon prize={prizeOf(reward.prizeId)} /> : null}
              <span className="gp-calendar-prize">{reward ? prizeName(reward.prizeId) : '\u00a0'}</span>
              <span className="gp-calendar-mark">
                {mark
                  ? mark.makeUp
                    ? t('checkIn.madeUp')
                    : t('checkIn.signed')
                  : isNext
                    ? t('checkIn.today')
                    : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        data-testid="checkin-button"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={locked || !state.canCheckIn || state.checkedToday}
        onClick={() => void run({})}
      >
        {buttonText}
      </button>
      {state.makeUpDays.length > 0 ? (
        <div className="gp-calendar-makeup">
          <p className="gp-hint">
            {game.makeUpShares > 0
              ? t('checkIn.makeUpPaid', { count: game.makeUpShares, left: state.makeUpsLeft ?? 0 })
              : t('checkIn.makeUpFree')}
          </p>
          <ul className="gp-invite-recent">
            {state.makeUpDays.map((day, i) => (
              <li key={day}>
                <span>{day}</span>
                <button
                  type="button"
                  className="gp-btn"
                  // Days fill in order: the earliest missed day first.
                  disabled={locked || i > 0 || (state.makeUpsLeft !== null && state.makeUpsLeft <= 0)}
                  onClick={() => void run({ day })}
                >
                  {t('checkIn.makeUp')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {game.consecutive.length > 0 || game.accumulated.length > 0 ? (
        <ul className="gp-collect-prizes" aria-label={t('checkIn.steps')}>
          {game.consecutive.map((step) => (
            <li key={`c${step.days}`}>
              <PrizeIcon prize={prizeOf(step.prizeId)} />
              <span className="gp-grow">
                {t('checkIn.consecutiveStep', { days: step.days, prize: prizeName(step.prizeId) })}
              </span>
              <span className={cycleStreak >= step.days ? 'gp-invite-qualified' : 'gp-muted'}>
                {Math.min(cycleStreak, step.days)}/{step.days}
              </span>
            </li>
          ))}
          {game.accumulated.map((step) => (
            <li key={`a${step.days}`}>
              <PrizeIcon prize={prizeOf(step.prizeId)} />
              <span className="gp-grow">
                {t('checkIn.accumulatedStep', { days: step.days, prize: prizeName(step.prizeId) })}
              </span>
              <span className={state.total >= step.days ? 'gp-invite-qualified' : 'gp-muted'}>
                {Math.min(state.total, step.days)}/{step.days}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? <ResultDialog result={shown} onClose={() => setShown(null)} onClaim={props.onClaim} /> : null}
    </div>
  );
}
