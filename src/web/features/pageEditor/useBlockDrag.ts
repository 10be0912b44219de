import { useState, type ComponentProps } from 'react';
import {
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DndContext,
  type DragEndEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { useTranslation } from 'react-i18next';
import type { PageBlock } from '../../../engine/page/pageModel';
import { moveBlock } from '../../../engine/page/pageEdits';

/** Palette items are dragged as `palette:<kind>`; the drop target after the last block is `canvas-end`. */
const PALETTE = 'palette:';
const CANVAS_END = 'canvas-end';

interface Options {
  blocks: PageBlock[];
  titleOf(type: string): string;
  /** Adds a block of a kind at an index (a palette item dropped on the canvas). */
  add(type: string, index?: number): void;
  setBlocks(next: PageBlock[]): void;
}

/**
 * Drag and drop on the page (pointer or keyboard): a palette kind dropped before a block (or at
 * the end) adds one there, a block dropped on another moves there; screen readers hear each step
 * by the blocks' names. Returns what is being dragged, what it is over and the DndContext's props.
 */
export function useBlockDrag({ blocks, titleOf, add, setBlocks }: Options) {
  const { t } = useTranslation('wizard');
  const [dragging, setDragging] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: string | number | undefined) => {
    const key = String(id ?? '');
    if (key.startsWith(PALETTE)) return titleOf(key.slice(PALETTE.length));
    if (key === CANVAS_END) return t('pageEditor.pageEnd');
    const block = blocks.find((b) => b.id === key);
    return block ? titleOf(block.type) : key;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('pageEditor.a11y.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('pageEditor.a11y.over', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('pageEditor.a11y.dropped', { name: nameOf(active.id), target: nameOf(over.id) })
        : t('pageEditor.a11y.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('pageEditor.a11y.cancelled', { name: nameOf(active.id) }),
  };

  const stop = () => {
    setDragging(null);
    setOverId(null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    stop();
    const active = String(event.active.id);
    const over = event.over ? String(event.over.id) : null;
    if (!over) return;
    if (active.startsWith(PALETTE)) {
      add(
        active.slice(PALETTE.length),
        over === CANVAS_END ? blocks.length : blocks.findIndex((b) => b.id === over),
      );
      return;
    }
    if (over === active) return;
    const to = over === CANVAS_END ? blocks.length - 1 : blocks.findIndex((b) => b.id === over);
    if (to >= 0) setBlocks(moveBlock(blocks, active, to));
  };

  const fromPalette = dragging?.startsWith(PALETTE) ?? false;
  const dndProps: ComponentProps<typeof DndContext> = {
    sensors,
    collisionDetection: closestCenter,
    modifiers: dragging && !fromPalette ? [restrictToVerticalAxis] : [],
    accessibility: {
      announcements,
      screenReaderInstructions: { draggable: t('pageEditor.a11y.instructions') },
    },
    onDragStart: (event) => setDragging(String(event.active.id)),
    onDragOver: (event) => setOverId(event.over ? String(event.over.id) : null),
    onDragEnd,
    onDragCancel: stop,
  };
  return {
    dragging,
    /** The kind dragged from the palette, if any. */
    draggedKind: fromPalette && dragging ? dragging.slice(PALETTE.length) : null,
    /** The block a palette kind would be inserted before. */
    insertBefore: fromPalette ? overId : null,
    dndProps,
  };
}
