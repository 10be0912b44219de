import { Button } from 'antd';
import type { PageBlock } from '../../../engine/page/pageModel';

interface Props {
  blocks: readonly PageBlock[];
  selectedId: string | null;
  /** Blocks with problems. */
  problems: ReadonlyMap<string, unknown>;
  titleOf(type: string): string;
  onSelect(id: string): void;
}

/** Buttons selecting the background blocks, which lie behind the page and cannot be clicked on the canvas. */
export function BackgroundLayers({ blocks, selectedId, problems, titleOf, onSelect }: Props) {
  const backgrounds = blocks.filter((b) => b.type === 'background');
  if (backgrounds.length === 0) return null;
  return (
    <div className="gc-pe-layers">
      {backgrounds.map((b) => (
        <Button
          key={b.id}
          size="small"
          type={b.id === selectedId ? 'primary' : 'default'}
          danger={problems.has(b.id)}
          onClick={() => onSelect(b.id)}
          data-testid="select-background"
        >
          {titleOf(b.type)}
        </Button>
      ))}
    </div>
  );
}
