import { useId } from 'react';
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

/**
 * The kinds of block. A click, or Enter, adds one after the selected block; dragging (pointer, or
 * Space and the arrow keys) places it where it is dropped. The hint under the list says exactly
 * that, and is each item's description for screen readers.
 */
export function BlockPalette({ blocks, titleOf, descriptionOf, full, onAdd }: PaletteProps) {
  const { t } = useTranslation('wizard');
  const hintId = useId();
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
            hintId={hintId}
            onAdd={onAdd}
          />
        ))}
      </ul>
      <p className="gc-pe-hint" id={hintId}>
        {t('pageEditor.paletteHint')}
      </p>
    </nav>
  );
}

function PaletteItem(props: {
  type: string;
  title: string;
  description: string;
  disabled: boolean;
  hintId: string;
  onAdd(type: string): void;
}) {
  const { type, title, description, disabled, hintId, onAdd } = props;
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
        // What the palette's hint says, rather than dnd-kit's instructions (Enter adds here).
        aria-describedby={hintId}
        {...listeners}
        onClick={(event) => {
          onAdd(type);
          // A mouse click (detail > 0; Enter and screen readers click with 0) leaves the item
          // unfocused, so a later Enter does not add the block a second time.
          if (event.detail > 0) event.currentTarget.blur();
        }}
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
