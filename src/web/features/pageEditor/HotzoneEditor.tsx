import {
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { restrictToParentElement } from '@dnd-kit/modifiers';
import { Alert, Button, Empty, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  clampRect,
  minZoneSize,
  moveRect,
  rectFromDrag,
  resizeRect,
  round4,
  snapLines,
  snapMove,
  snapResize,
  type Handle,
  type Rect,
} from '../../../engine/page/hotzoneGeometry';
import type { PageBlock } from '../../../engine/page/pageModel';
import { safeUrl } from '../../../engine/page/pageText';
import { setBlockProps } from '../../../engine/page/pageEdits';
import { useImageRatio } from '../../../participant/blocks/ImageZones';
import { useListOptions } from '../../schema-form/widgets/useListOptions';
import type { Config } from '../../schema-form/schemaEntry';

/** SPEC: hotzones are limited; `_defs/common.json` hotzones maxItems. */
export const MAX_ZONES = 10;
/** Edges within this many percent snap together. */
const SNAP = 1.5;
const ACTIONS = ['url', 'deeplink', 'share', 'play', 'rules', 'block'] as const;
const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

type Zone = Rect & {
  action?: string;
  url?: string;
  linkId?: string;
  blockId?: string;
  label?: Record<string, string>;
};

interface Props {
  block: PageBlock;
  config: Config;
  /** The zones and image are the campaign's own fields (the background block). */
  bound: boolean;
  blocks: readonly PageBlock[];
  titleOf(type: string): string;
  /** The language whose zone names are edited. */
  lang: string;
  onClose(): void;
  onSave(config: Config): void;
}

const asZones = (value: unknown): Zone[] =>
  Array.isArray(value)
    ? value
        .filter((z): z is Zone => !!z && typeof z === 'object')
        .map((z) => ({
          ...z,
          ...clampRect({
            x: Number(z.x) || 0,
            y: Number(z.y) || 0,
            width: Number(z.width) || 1,
            height: Number(z.height) || 1,
          }),
        }))
    : [];

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

/**
 * Hotzones on an image: draw a zone by dragging on the image, move it by dragging (or with the
 * arrow keys), resize it by its handles, type exact coordinates; edges snap to the image and to
 * the other zones; no zone is smaller than a tap (88 design px); at most 10. Each zone says what a
 * tap does and where it goes. Stored in percent of the image, four decimals.
 */
export function HotzoneEditor({ block, config, bound, blocks, titleOf, lang, onClose, onSave }: Props) {
  const { t } = useTranslation('wizard');
  const image = safeUrl(bound ? config.backgroundImage : block.props.image) ?? null;
  const [zones, setZones] = useState<Zone[]>(() => asZones(bound ? config.hotzones : block.props.hotzones));
  const [selected, setSelected] = useState<number | null>(zones.length > 0 ? 0 : null);
  const [drawing, setDrawing] = useState<{
    from: { x: number; y: number };
    to: { x: number; y: number };
  } | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const ratio = useImageRatio(image);
  const min = useMemo(() => minZoneSize(ratio), [ratio]);
  const links = useListOptions(
    '/api/links',
    (row) => String(row.id),
    (row) => `${String(row.name)} (${String(row.linkId)})`,
  );
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

  const onPointerDown = (event: ReactPointerEvent) => {
    if (
      event.target !== event.currentTarget &&
      !(event.target as HTMLElement).classList.contains('gc-hz-image')
    )
      return;
    if (zones.length >= MAX_ZONES) return;
    const at = percentAt(event);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    setDrawing({ from: at, to: at });
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (drawing) setDrawing({ ...drawing, to: percentAt(event) });
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (!drawing) return;
    // The release point itself: the last move may not have been drawn yet when the pointer lifts.
    const rect = snapMove(rectFromDrag(drawing.from, percentAt(event), min), snapLines(zones), SNAP);
    setDrawing(null);
    setZones((list) => [...list, { ...rect, action: 'url' }]);
    setSelected(zones.length);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const index = Number(String(event.active.id).slice(5));
    const box = boxRef.current?.getBoundingClientRect();
    if (!box || Number.isNaN(index)) return;
    const zone = zones[index];
    const moved = moveRect(zone, (event.delta.x / box.width) * 100, (event.delta.y / box.height) * 100);
    update(index, snapMove(moved, snapLines(others(index)), SNAP));
    setSelected(index);
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

  const zone = selected !== null ? zones[selected] : undefined;
  const problem = (z: Zone) =>
    (z.action ?? 'url') === 'url' && !z.url
      ? t('pageEditor.zones.needsUrl')
      : z.action === 'deeplink' && !z.linkId
        ? t('pageEditor.zones.needsLink')
        : z.action === 'block' && !z.blockId
          ? t('pageEditor.zones.needsBlock')
          : null;
  const firstProblem = zones.map(problem).findIndex((p) => p !== null);

  const save = () => {
    if (firstProblem >= 0) {
      setSelected(firstProblem);
      return;
    }
    const clean = zones.map(({ x, y, width, height, action, url, linkId, blockId, label }) => ({
      ...clampRect({ x, y, width, height }),
      action: action ?? 'url',
      ...(action === 'url' || !action ? { url } : {}),
      ...(action === 'deeplink' ? { linkId } : {}),
      ...(action === 'block' ? { blockId } : {}),
      ...(label && Object.values(label).some(Boolean) ? { label } : {}),
    }));
    onSave(
      bound
        ? { ...config, hotzones: clean }
        : {
            ...config,
            page: {
              blocks: setBlockProps(blocks as PageBlock[], block.id, { ...block.props, hotzones: clean }),
            },
          },
    );
  };

  const shown = drawing ? rectFromDrag(drawing.from, drawing.to, min) : null;
  return (
    <Modal
      open
      width={900}
      title={t('pageEditor.zones.title', { name: titleOf(block.type) })}
      onCancel={onClose}
      onOk={save}
      okText={t('pageEditor.zones.apply')}
      okButtonProps={{ 'data-testid': 'hotzones-apply' } as ComponentProps<typeof Button>}
      destroyOnHidden
    >
      {!image ? (
        <Empty description={t('pageEditor.zones.noImage')} />
      ) : (
        <div className="gc-hz">
          <div>
            <DndContext sensors={sensors} modifiers={[restrictToParentElement]} onDragEnd={onDragEnd}>
              <div
                ref={boxRef}
                className="gc-hz-box"
                style={{ aspectRatio: String(ratio) }}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                data-testid="hotzone-image"
              >
                <img className="gc-hz-image" src={image} alt="" draggable={false} />
                {zones.map((z, i) => (
                  <ZoneBox
                    key={i}
                    index={i}
                    zone={z}
                    selected={i === selected}
                    invalid={problem(z) !== null}
                    onSelect={() => setSelected(i)}
                    onResize={(handle) => startResize(i, handle)}
                    label={t('pageEditor.zones.zone', { index: i + 1 })}
                  />
                ))}
                {shown ? <div className="gc-hz-zone gc-hz-drawing" style={styleOf(shown)} /> : null}
              </div>
            </DndContext>
            <p className="gc-pe-hint">
              {t('pageEditor.zones.hint', { count: zones.length, max: MAX_ZONES })}
            </p>
          </div>
          <div className="gc-hz-form">
            {zone && selected !== null ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <strong>{t('pageEditor.zones.zone', { index: selected + 1 })}</strong>
                <Space wrap>
                  {(['x', 'y', 'width', 'height'] as const).map((key) => (
                    <label key={key} className="gc-hz-num">
                      <span>{t(`pageEditor.zones.${key}`)}</span>
                      <InputNumber
                        size="small"
                        min={key === 'width' ? min.width : key === 'height' ? min.height : 0}
                        max={100}
                        step={0.1}
                        precision={4}
                        value={zone[key]}
                        data-testid={`zone-${key}`}
                        onChange={(value) => {
                          if (typeof value !== 'number') return;
                          const next = clampRect({ ...zone, [key]: value });
                          update(selected, {
                            ...next,
                            width: round4(Math.max(min.width, next.width)),
                            height: round4(Math.max(min.height, next.height)),
                          });
                        }}
                      />
                    </label>
                  ))}
                </Space>
                <label className="gc-hz-field">
                  <span>{t('pageEditor.zones.action')}</span>
                  <Select
                    value={zone.action ?? 'url'}
                    data-testid="zone-action"
                    onChange={(action) => update(selected, { action })}
                    options={ACTIONS.map((a) => ({ value: a, label: t(`pageEditor.zones.actions.${a}`) }))}
                  />
                </label>
                {(zone.action ?? 'url') === 'url' ? (
                  <label className="gc-hz-field">
                    <span>{t('pageEditor.zones.url')}</span>
                    <Input
                      value={zone.url ?? ''}
                      placeholder="https:// or myapp://"
                      onChange={(e) => update(selected, { url: e.target.value.trim() })}
                    />
                  </label>
                ) : null}
                {zone.action === 'deeplink' ? (
                  <label className="gc-hz-field">
                    <span>{t('pageEditor.zones.link')}</span>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      value={zone.linkId}
                      loading={links.loading}
                      data-testid="zone-link"
                      notFoundContent={
                        links.failed ? t('pageEditor.zones.linksFailed') : t('pageEditor.zones.noLinks')
                      }
                      onChange={(linkId) => update(selected, { linkId })}
                      options={links.options}
                    />
                  </label>
                ) : null}
                {zone.action === 'block' ? (
                  <label className="gc-hz-field">
                    <span>{t('pageEditor.zones.block')}</span>
                    <Select
                      value={zone.blockId}
                      onChange={(blockId) => update(selected, { blockId })}
                      options={blocks
                        .filter((b) => b.type !== 'background')
                        .map((b) => ({ value: b.id, label: `${titleOf(b.type)} (${b.id})` }))}
                    />
                  </label>
                ) : null}
                <label className="gc-hz-field">
                  <span>{t('pageEditor.zones.label', { lang })}</span>
                  <Input
                    maxLength={30}
                    value={zone.label?.[lang] ?? ''}
                    onChange={(e) =>
                      update(selected, { label: { ...(zone.label ?? {}), [lang]: e.target.value } })
                    }
                  />
                </label>
                {problem(zone) ? <Alert type="error" showIcon title={problem(zone)} /> : null}
                <Button
                  danger
                  onClick={() => {
                    setZones((list) => list.filter((_, i) => i !== selected));
                    setSelected(null);
                  }}
                >
                  {t('pageEditor.zones.delete')}
                </Button>
              </Space>
            ) : (
              <Empty description={t('pageEditor.zones.drawFirst')} />
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}

const styleOf = (r: Rect) => ({
  left: `${r.x}%`,
  top: `${r.y}%`,
  width: `${r.width}%`,
  height: `${r.height}%`,
});

function ZoneBox(props: {
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
        ...styleOf(zone),
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
