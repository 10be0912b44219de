import { useRef, type Dispatch, type PointerEvent as ReactPointerEvent, type SetStateAction } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { restrictToParentElement } from '@dnd-kit/modifiers';
import { useTranslation } from 'react-i18next';
import {
  moveRect,
  resizeRect,
  snapLines,
  snapMove,
  snapResize,
  type Handle,
} from '../../../engine/page/hotzoneGeometry';
import { MAX_ZONES, zoneProblem, zoneStyle, type Zone } from './hotzones';
import { useZoneDrawing } from './useZoneDrawing';
import { ZoneBox } from './ZoneBox';

/** Edges within this many percent snap together. */
const SNAP = 1.5;

/** Arrow keys move a focused zone by 1 % of the image (Shift: 0.1 %); the zone's parent is the image box. */
const percentKeys: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const rect = (event.target as HTMLElement | null)?.parentElement?.getBoundingClientRect();
  if (!rect) return undefined;
  const step = event.shiftKey ? 0.001 : 0.01;
  const dx = { ArrowLeft: -1, ArrowRight: 1 }[event.code] ?? 0;
  const dy = { ArrowUp: -1, ArrowDown: 1 }[event.code] ?? 0;
  if (!dx && !dy) return undefined;
  return {
    x: currentCoordinates.x + dx * step * rect.width,
    y: currentCoordinates.y + dy * step * rect.height,
  };
};

interface Props {
  image: string;
  /** The image's width over its height. */
  ratio: number;
  /** The smallest zone, in percent of the image. */
  min: { width: number; height: number };
  zones: Zone[];
  setZones: Dispatch<SetStateAction<Zone[]>>;
  selected: number | null;
  onSelect(index: number): void;
}

/**
 * The image with its zones: dragging on the image draws a new zone, dragging a zone (or the arrow
 * keys) moves it, its handles resize it; edges snap to the image and to the other zones.
 */
export function HotzoneCanvas({ image, ratio, min, zones, setZones, selected, onSelect }: Props) {
  const { t } = useTranslation('wizard');
  const boxRef = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 3 } }),
    useSensor(KeyboardSensor, { coordinateGetter: percentKeys }),
  );

  const percentAt = (event: { clientX: number; clientY: number }) => {
    const rect = boxRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return {
      x: ((event.clientX - rect.left) / rect.width) * 100,
      y: ((event.clientY - rect.top) / rect.height) * 100,
    };
  };
  const update = (index: number, change: Partial<Zone>) =>
    setZones((list) => list.map((z, i) => (i === index ? { ...z, ...change } : z)));
  const others = (index: number) => zones.filter((_, i) => i !== index);

  const drawing = useZoneDrawing({
    zones,
    min,
    snap: SNAP,
    percentAt,
    onDrawn: (rect) => {
      setZones((list) => [...list, { ...rect, action: 'url' }]);
      onSelect(zones.length);
    },
  });

  const onDragEnd = (event: DragEndEvent) => {
    const index = Number(String(event.active.id).slice(5));
    const box = boxRef.current?.getBoundingClientRect();
    if (!box || Number.isNaN(index)) return;
    const zone = zones[index];
    const moved = moveRect(zone, (event.delta.x / box.width) * 100, (event.delta.y / box.height) * 100);
    update(index, snapMove(moved, snapLines(others(index)), SNAP));
    onSelect(index);
  };

  const startResize = (index: number, handle: Handle) => (event: ReactPointerEvent) => {
    event.stopPropagation();
    event.preventDefault();
    const start = percentAt(event);
    const original = zones[index];
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    const onMove = (e: PointerEvent) => {
      const now = percentAt(e);
      const resized = resizeRect(original, handle, now.x - start.x, now.y - start.y, min);
      update(index, snapResize(resized, handle, snapLines(others(index)), SNAP, min));
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
  };

  return (
    <div>
      <DndContext sensors={sensors} modifiers={[restrictToParentElement]} onDragEnd={onDragEnd}>
        <div
          ref={boxRef}
          className="gc-hz-box"
          style={{ aspectRatio: String(ratio) }}
          {...drawing.handlers}
          data-testid="hotzone-image"
        >
          <img className="gc-hz-image" src={image} alt="" draggable={false} />
          {zones.map((z, i) => (
            <ZoneBox
              key={i}
              index={i}
              zone={z}
              selected={i === selected}
              invalid={zoneProblem(z) !== null}
              onSelect={() => onSelect(i)}
              onResize={(handle) => startResize(i, handle)}
              label={t('pageEditor.zones.zone', { index: i + 1 })}
            />
          ))}
          {drawing.shown ? (
            <div className="gc-hz-zone gc-hz-drawing" style={zoneStyle(drawing.shown)} />
          ) : null}
        </div>
      </DndContext>
      <p className="gc-pe-hint">{t('pageEditor.zones.hint', { count: zones.length, max: MAX_ZONES })}</p>
    </div>
  );
}
