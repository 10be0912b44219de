import { Fragment, type ComponentType, type ReactNode } from 'react';
import type { BlockKind } from '../../engine/page/blockKinds';
import type { BlockView } from '../api/playTypes';
import { BackgroundBlock } from './BackgroundBlock';
import { BannerBlock } from './BannerBlock';
import { ButtonsBlock } from './ButtonsBlock';
import { CountdownBlock } from './CountdownBlock';
import { GameBlock } from './GameBlock';
import { ImageBlock } from './ImageBlock';
import { LeaderboardBlock } from './LeaderboardBlock';
import { MyPrizesBlock } from './MyPrizesBlock';
import { blockElementId } from './PageContext';
import { PrizesBlock } from './PrizesBlock';
import { RichTextBlock } from './RichTextBlock';
import { RulesBlock } from './RulesBlock';
import { ShareBlock } from './ShareBlock';
import { SpacerBlock } from './SpacerBlock';
import { TasksBlock } from './TasksBlock';

export type BlockComponent = ComponentType<{ block: BlockView }>;

/**
 * One component per kind of page block (src/engine/page/blockKinds.ts lists the kinds, so a kind
 * without a component does not type-check). The player's page and the console's page editor
 * draw with these same components.
 */
export const BLOCK_COMPONENTS: Readonly<Record<BlockKind, BlockComponent>> = {
  background: BackgroundBlock,
  banner: BannerBlock,
  rules: RulesBlock,
  prizes: PrizesBlock,
  game: GameBlock,
  buttons: ButtonsBlock,
  countdown: CountdownBlock,
  share: ShareBlock,
  'my-prizes': MyPrizesBlock,
  leaderboard: LeaderboardBlock,
  tasks: TasksBlock,
  image: ImageBlock,
  'rich-text': RichTextBlock,
  spacer: SpacerBlock,
};

export function blockComponent(type: string): BlockComponent | undefined {
  return Object.hasOwn(BLOCK_COMPONENTS, type) ? BLOCK_COMPONENTS[type as BlockKind] : undefined;
}

/** Blocks drawn behind the page rather than in its column. */
const BEHIND = new Set(['background']);

export interface PageBlocksProps {
  blocks: BlockView[];
  /**
   * Wraps a flow block's drawing (the editor makes it selectable and draggable); by default a
   * section with the block's element id, the target of "jump to a block".
   */
  wrap?(block: BlockView, drawn: ReactNode): ReactNode;
  /** What sits at the top of the column before the blocks (preview banner, notices). */
  before?: ReactNode;
}

/** A page's blocks: background blocks behind, the others in order in the page column. */
export function PageBlocks({ blocks, wrap, before }: PageBlocksProps) {
  const behind = blocks.filter((b) => BEHIND.has(b.type));
  const flow = blocks.filter((b) => !BEHIND.has(b.type));
  return (
    <>
      {behind.map((block) => {
        const Block = blockComponent(block.type);
        return Block ? <Block key={block.id} block={block} /> : null;
      })}
      <main className="gp-column">
        {before}
        {flow.map((block) => {
          const Block = blockComponent(block.type);
          if (!Block) return null;
          const drawn = <Block block={block} />;
          return wrap ? (
            <Fragment key={block.id}>{wrap(block, drawn)}</Fragment>
          ) : (
            <section
              key={block.id}
              id={blockElementId(block.id)}
              className="gp-block"
              data-block={block.type}
            >
              {drawn}
            </section>
          );
        })}
      </main>
    </>
  );
}
