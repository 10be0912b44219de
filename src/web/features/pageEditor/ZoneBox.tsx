import type { PointerEvent as ReactPointerEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { Handle } from '../../../engine/page/hotzoneGeometry';
import { zoneStyle, type Zone } from './hotzones';

const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** One zone on the image: dragged to move, its handles (when selected) resize it. */
export function ZoneBox(props: {
  index: number;
  zone: Zone;
  selected: boolean;
  invalid: boolean;
  label: string;
  onSelect(): void;
  onResize(handle: Handle): (event: ReactPointerEvent) => void;
}) {
  const { index, zone, selected, invalid, label, onSelect, onResize } = props;
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: `zone:${index}` });
  return (
    <div
      ref={setNodeRef}
      className={`gc-hz-zone${selected ? ' gc-hz-selected' : ''}${invalid ? ' gc-hz-invalid' : ''}`}
      style={{
        ...zoneStyle(zone),
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
      }}
      data-testid="hotzone-box"
      aria-label={label}
      {...attributes}
      {...listeners}
      onFocus={onSelect}
      onPointerDownCapture={onSelect}
    >
      <span className="gc-hz-index">{index + 1}</span>
      {selected
        ? HANDLES.map((handle) => (
            <span
              key={handle}
              className={`gc-hz-handle gc-hz-${handle}`}
              onPointerDown={onResize(handle)}
              data-handle={handle}
            />
          ))
        : null}
    </div>
  );
}
