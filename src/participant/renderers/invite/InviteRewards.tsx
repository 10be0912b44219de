import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import type { InviteState } from './inviteModel';

/** The rewards on both sides: what the invited friend gets and what the player gets per invite. */
export function InviteRewards({ state, prizes }: { state: InviteState; prizes: PlayPrize[] }) {
  const t = useT();
  const prizeOf = (id: string | null) => (id ? prizes.find((p) => p.id === id) : undefined);
  const prizeName = (id: string | null) => (id ? (prizeOf(id)?.name ?? id) : null);
  const perInvite = prizeName(state.perInvitePrizeId);
  const newUser = prizeName(state.newUserPrizeId);
  if (!newUser && !perInvite) return null;
  return (
    <ul className="gp-invite-rewards">
      {newUser ? (
        <li>
          <PrizeIcon prize={prizeOf(state.newUserPrizeId)} />
          {t('invite.friendGets', { prize: newUser })}
        </li>
      ) : null}
      {perInvite ? (
        <li>
          <PrizeIcon prize={prizeOf(state.perInvitePrizeId)} />
          {t('invite.youGet', { prize: perInvite })}
        </li>
      ) : null}
    </ul>
  );
}
