import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { PageBlocks } from '../../../participant/blocks';
import { PageContext, type PageState } from '../../../participant/blocks/PageContext';
import { makeT, TextsContext, uiLang } from '../../../participant/i18n/texts';
import type { BlockView, PageData } from '../../../participant/api/playTypes';
import '../../../participant/participant.css';

export type Device = 'phone' | 'pc';

/** Canvas widths: a 375 px phone (100 design px = 50 px) and the 540 px column a PC shows. */
const SCALE: Record<Device, { width: number; rem: number }> = {
  phone: { width: 375, rem: 50 },
  pc: { width: 540, rem: 72 },
};

interface CanvasProps {
  data: PageData;
  device: Device;
  selectedId: string | null;
  /** Block id -> its problems in words. */
  problems: ReadonlyMap<string, string[]>;
  /** The block a palette item is dragged over (an insertion line shows above it). */
  insertBefore: string | null;
  titleOf(type: string): string;
  onSelect(id: string): void;
}

/**
 * The phone (or PC column) the page is composed on: the participant's own block components with
 * the campaign's current config and language, each block selectable and draggable by its handle
 * (pointer or keyboard), background blocks behind as on the page.
 */
export function EditorCanvas({
  data,
  device,
  selectedId,
  problems,
  insertBefore,
  titleOf,
  onSelect,
}: CanvasProps) {
  const { campaign } = data;
  const t = useMemo(
    () => makeT(uiLang(campaign.lang, campaign.defaultLanguage)),
    [campaign.lang, campaign.defaultLanguage],
  );
  const flowIds = campaign.page.blocks.filter((b) => b.type !== 'background').map((b) => b.id);
  const state: PageState = {
    campaign,
    me: data.me,
    rendererName: campaign.renderer,
    canPlay: false,
    reason: 'preview',
    link: '',
    drawIn: null,
    line: null,
    autoDraw: 0,
    onDraw: () => Promise.reject(new Error('preview')),
    act: () => Promise.reject(new Error('preview')),
    onLanded: () => undefined,
    onClaim: () => undefined,
    onShared: () => undefined,
    say: () => undefined,
    refresh: () => undefined,
    tap: () => undefined,
    editing: true,
  };
  const scale = SCALE[device];
  const { setNodeRef: endRef, isOver: overEnd } = useDroppable({ id: 'canvas-end' });
  return (
    <div
      className={`gc-pe-device gc-pe-${device}`}
      style={{ width: scale.width, '--gp-rem': `${scale.rem}px` } as CSSProperties}
      data-testid="page-canvas"
    >
      <TextsContext.Provider value={t}>
        <PageContext.Provider value={state}>
          <div className="gp-page gc-pe-page">
            <SortableContext items={flowIds} strategy={verticalListSortingStrategy}>
              <PageBlocks
                blocks={campaign.page.blocks}
                wrap={(block, drawn) => (
                  <SortableBlock
                    key={block.id}
                    block={block}
                    title={titleOf(block.type)}
                    selected={block.id === selectedId}
                    problems={problems.get(block.id) ?? []}
                    insertLine={insertBefore === block.id}
                    onSelect={onSelect}
                  >
                    {drawn}
                  </SortableBlock>
                )}
              />
            </SortableContext>
            <div
              ref={endRef}
              className={`gc-pe-end${overEnd || insertBefore === 'canvas-end' ? ' gc-pe-end-over' : ''}`}
            />
          </div>
        </PageContext.Provider>
      </TextsContext.Provider>
    </div>
  );
}

function SortableBlock(props: {
  block: BlockView;
  title: string;
  selected: boolean;
  problems: string[];
  insertLine: boolean;
  onSelect(id: string): void;
  children: ReactNode;
}) {
  const { block, title, selected, problems, insertLine, onSelect, children } = props;
  const { t } = useTranslation('wizard');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: block.id,
    });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const classes = [
    'gc-pe-block',
    selected ? 'gc-pe-selected' : '',
    problems.length > 0 ? 'gc-pe-has-problems' : '',
    isDragging ? 'gc-pe-dragging' : '',
    insertLine ? 'gc-pe-insert' : '',
  ].join(' ');
  return (
    <section
      ref={setNodeRef}
      style={style}
      className={classes}
      id={`gp-block-${block.id}`}
      data-block={block.type}
      data-block-id={block.id}
      data-testid="canvas-block"
      onClick={() => onSelect(block.id)}
    >
      <div className="gc-pe-block-bar">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="gc-pe-handle"
          aria-label={t('pageEditor.dragBlock', { name: title })}
          data-testid="block-handle"
          {...attributes}
          {...listeners}
          onFocus={() => onSelect(block.id)}
        >
          ⠿ {title}
        </button>
        {problems.length > 0 ? (
          <span
            className="gc-pe-problem"
            role="img"
            aria-label={problems.join('; ')}
            title={problems.join('\n')}
            data-testid="block-problem"
          >
            !
          </span>
        ) : null}
      </div>
      <div className="gc-pe-block-body" aria-hidden="true">
        {children}
      </div>
    </section>
  );
}
