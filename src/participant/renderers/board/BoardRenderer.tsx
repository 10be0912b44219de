import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { ResultDialog } from '../ResultDialog';
import type { TaskView } from '../../api/playTypes';
import type { RendererProps } from '../rendererTypes';
import { TaskList } from '../tasks/TaskList';
import { readTasks } from '../tasks/taskProgress';
import { readPlace, type DiceGame } from './boardModel';
import { useDiceRoll } from './useDiceRoll';
import { BoardCells } from './BoardCells';

const FACES = ['\u2680', '\u2681', '\u2682', '\u2683', '\u2684', '\u2685'];

/**
 * The dice board: the cells round the board with their prizes, the player's token, the rolls
 * left and a roll button. The server throws the die; the token then walks to the cell it names.
 */
export function BoardRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const game = props.game.dice as DiceGame | undefined;
  const place = readPlace(props.progress);
  const roll = useDiceRoll(props, game?.boardSize ?? 0);
  if (!game) return null;
  const position = roll.walking ?? place.position;
  const { face } = roll;

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
      <BoardCells game={game} position={position} prizes={props.prizes} />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        data-testid="dice-roll"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={props.disabled || roll.busy || page.editing}
        onClick={() => void roll.throwDie()}
      >
        {roll.busy ? t('dice.rolling') : (props.button.text ?? t('dice.roll'))}
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
      {roll.shown ? <ResultDialog result={roll.shown} onClose={roll.close} onClaim={props.onClaim} /> : null}
    </div>
  );
}
