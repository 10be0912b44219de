import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { SchemaEntry } from '../../schema-form/schemaEntry';

interface PaletteProps {
  blocks: SchemaEntry[];
  titleOf(type: string): string;
  descriptionOf(type: string): string;
  /** Kinds the page already holds as many of as it may. */
  full: ReadonlySet<string>;
  onAdd(type: string): void;
}

/** The kinds of block, dragged onto the canvas or added after the selected block with Enter. */
export function BlockPalette({ blocks, titleOf, descriptionOf, full, onAdd }: PaletteProps) {
  const { t } = useTranslation('wizard');
  return (
    <nav className="gc-pe-palette" aria-label={t('pageEditor.palette')}>
      <h3>{t('pageEditor.palette')}</h3>
      <ul>
        {blocks.map((entry) => (
          <PaletteItem
            key={entry.mark}
            type={entry.mark}
            title={titleOf(entry.mark)}
            description={descriptionOf(entry.mark)}
            disabled={full.has(entry.mark)}
            onAdd={onAdd}
          />
        ))}
      </ul>
      <p className="gc-pe-hint">{t('pageEditor.paletteHint')}</p>
    </nav>
  );
}

function PaletteItem(props: {
  type: string;
  title: string;
  description: string;
  disabled: boolean;
  onAdd(type: string): void;
}) {
  const { type, title, description, disabled, onAdd } = props;
  const { t } = useTranslation('wizard');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${type}`,
    data: { type },
    disabled,
  });
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        className={`gc-pe-kind${isDragging ? ' gc-pe-dragging' : ''}`}
        title={disabled ? t('pageEditor.kindFull') : description}
        disabled={disabled}
        data-testid="palette-item"
        data-kind={type}
        {...attributes}
        {...listeners}
        // A click (no drag) or Enter adds the block after the selected one; Space picks it up to drag.
        onClick={() => onAdd(type)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onAdd(type);
            return;
          }
          listeners?.onKeyDown?.(event);
        }}
      >
        {title}
      </button>
    </li>
  );
}
