import type { MechanicModule, PlayAction } from '../mechanicModule';
import { draw } from './drawAction';
import { chanceCampaignOf, lockParentEntry, type ParentLink } from './parentChances';

const drawAction: PlayAction<ParentLink | null> = {
  // A sub-activity's draw on its bound campaign's chances locks that entry before its own.
  lockFirst: lockParentEntry,
  run: (trx, input, entry, parent) => draw(trx, input, entry, parent ?? undefined),
  countsAsPlay: true,
};

/** The draw: a wheel, boxes, cards or a lottery over the campaign's prizes. */
export const drawModule = {
  mechanic: 'draw',
  actions: { draw: drawAction },
  chanceHolder: chanceCampaignOf,
} satisfies MechanicModule;
