import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import type { RendererProps } from '../rendererTypes';
import { useMechanicAction } from '../useMechanicAction';
import type { RaiseGame, RaiseState } from './raiseModel';
import { FriendHelp } from './FriendHelp';
import { RaisePet } from './RaisePet';

/**
 * Raising a dog or a tree: the pet at its stage, its growth and its bowl, when it would fail if
 * left alone, the way to revive it by inviting friends, and (on a friend's link) a button to help
 * the friend's pet.
 */
export function RaiseRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const { busy, run } = useMechanicAction(props);
  const game = props.game.raise as RaiseGame | undefined;
  const state = props.progress.raise as RaiseState | undefined;
  if (!game || !state) return null;
  const { pet, friend } = state;
  const locked = page.editing || page.reason !== null || busy !== null;

  return (
    <div className="gp-renderer gp-raise" data-testid="raise">
      {friend ? (
        <FriendHelp
          friend={friend}
          game={game}
          locked={locked}
          onHelp={() =>
            void run<{ succeeded?: unknown }>('help', 'help', { code: friend.code }, (r) =>
              page.say(r.succeeded ? t('raise.helped') : t('raise.helpMissed')),
            )
          }
        />
      ) : null}
      {pet ? (
        <RaisePet
          pet={pet}
          state={state}
          game={game}
          prizes={props.prizes}
          locked={locked}
          onRevive={() => void run('revive', 'revive', {}, () => page.say(t('raise.revived')))}
        />
      ) : (
        <p className="gp-hint">{t('raise.signIn')}</p>
      )}
    </div>
  );
}
