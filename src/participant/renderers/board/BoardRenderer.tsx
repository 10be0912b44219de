import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { ResultDialog } from '../ResultDialog';
import { prefersReducedMotion, wait } from '../loadImage';
import type { RewardView } from '../../api/playTypes';
import { NOTHING_LANDED, type DrawResult, type RendererProps } from '../rendererTypes';
import { PrizeIcon } from '../PrizeFace';
import { TaskList } from '../tasks/TaskList';
import { readTasks } from '../tasks/taskProgress';
import type { TaskView } from '../../api/playTypes';

interface DiceGame {
  boardSize: number;
  cells: { index: number; prizeId: string }[];
}

interface RollAnswer {
  roll: number;
  from: number;
  position: number;
  laps: number;
  lapsAdded: number;
  outcome: string;
  prize: { id: string | null; name: string; image: string | null; isThank: boolean } | null;
  rewardId: string | null;
  reward: RewardView | null;
}

const FACES = ['\u2680', '\u2681', '\u2682', '\u2683', '\u2684', '\u2685'];

/**
 * The dice board: the cells round the board with their prizes, the player's token, the rolls
 * left and a roll button. The server throws the die; the token then walks to the cell it names.
 */
export function BoardRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const game = props.game.dice as DiceGame | undefined;
  const place = (props.progress.dice ?? { position: 0, laps: 0, rolls: 0 }) as {
    position: number;
    laps: number;
  };
  const [walking, setWalking] = useState<number | null>(null);
  const [face, setFace] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<DrawResult | null>(null);
  if (!game) return null;
  const position = walking ?? place.position;
  const prizeOf = (id: string) => props.prizes.find((p) => p.id === id);
  const prizeName = (id: string) => prizeOf(id)?.name ?? id;
  const cellOf = new Map(game.cells.map((c) => [c.index, c.prizeId]));

  async function throwDie() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await props.act<RollAnswer>('roll', {});
      setFace(answer.roll);
      // The token walks cell by cell (at once when the player prefers less motion).
      if (!prefersReducedMotion()) {
        for (let step = 1; step <= answer.roll; step++) {
          setWalking((answer.from + step) % game!.boardSize);
          await wait(180);
        }
      }
      setWalking(null);
      page.say(
        answer.prize
          ? t('dice.won', { roll: answer.roll, prize: answer.prize.name })
          : answer.lapsAdded > 0
            ? t('dice.lap', { roll: answer.roll, laps: answer.laps })
            : t('dice.moved', { roll: answer.roll }),
      );
      if (answer.prize && answer.prize.id)
        setShown({ prize: answer.prize, rewardId: answer.rewardId, reward: answer.reward });
      props.onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setWalking(null);
      setBusy(false);
    }
  }

  return (
    <div className="gp-renderer gp-board" data-testid="board">
      <dl className="gp-invite-stats">
        <div>
          <dt>{t('dice.cell')}</dt>
          <dd data-testid="dice-position">{position}</dd>
        </div>
        <div>
          <dt>{t('dice.laps')}</dt>
          <dd data-testid="dice-laps">{place.laps}</dd>
        </div>
        <div>
          <dt>{t('dice.face')}</dt>
          <dd data-testid="dice-face" aria-label={face ? String(face) : undefined}>
            {face ? FACES[face - 1] : '\u2013'}
          </dd>
        </div>
      </dl>
      <ol className="gp-board-cells" aria-label={t('dice.board')}>
        {Array.from({ length: game.boardSize }, (_, index) => {
          const prize = cellOf.get(index);
          return (
            <li
              key={index}
              className={`gp-board-cell${index === position ? ' gp-board-here' : ''}${prize ? ' gp-board-prize' : ''}`}
              data-cell={index}
              aria-current={index === position ? 'location' : undefined}
            >
              <span className="gp-board-n">{index === 0 ? t('dice.start') : index}</span>
              {prize ? <PrizeIcon prize={prizeOf(prize)} /> : null}
              {prize ? <span className="gp-board-name">{prizeName(prize)}</span> : null}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        data-testid="dice-roll"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={props.disabled || busy || page.editing}
        onClick={() => void throwDie()}
      >
        {busy ? t('dice.rolling') : (props.button.text ?? t('dice.roll'))}
      </button>
      {Array.isArray(props.progress.taskViews) && readTasks(props.progress).length > 0 ? (
        // The tasks that earn more rolls.
        <TaskList
          tasks={props.progress.taskViews as TaskView[]}
          progress={readTasks(props.progress)}
          prizes={props.prizes}
          button={props.button}
          more={null}
        />
      ) : null}
      {shown ? <ResultDialog result={shown} onClose={() => setShown(null)} onClaim={props.onClaim} /> : null}
    </div>
  );
}
