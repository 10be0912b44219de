import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Ref,
} from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { App, Button, Segmented, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageBlocks, type PageBlock } from '../../../engine/page/pageModel';
import {
  duplicateBlock,
  insertBlock,
  moveBlock,
  newBlock,
  placeIssue,
  removeBlock,
  setBlockProps,
} from '../../../engine/page/pageEdits';
import type { FieldError } from '../../api/RequestError';
import { validateConfig, type FormLang } from '../../schema-form/engineValidator';
import {
  entryText,
  type Config,
  type SchemaEntry,
  type ValidationIssue,
} from '../../schema-form/schemaEntry';
import { BlockPalette } from './BlockPalette';
import { BlockPanel } from './BlockPanel';
import { EditorCanvas, type Device } from './EditorCanvas';
import { HotzoneEditor } from './HotzoneEditor';
import { historyReducer, startHistory } from './history';
import { pageLanguages, previewPage } from './previewModel';
import './pageEditor.css';

/** What the page around the editor can ask it. */
export interface PageEditorHandle {
  /** The editor's problems (its blocks and the fields they bind), also marked on the canvas. */
  validate(): ValidationIssue[];
  getConfig(): Config;
}

export interface PageEditorProps {
  /** The gameplay being configured. */
  entry: SchemaEntry;
  /** The kinds of block (registry entries of kind `block`). */
  blockEntries: SchemaEntry[];
  /** The config to start from; the editor keeps its own history from there. */
  config: Config;
  /** After each edit: the whole config with the page and the fields its blocks bind. */
  onChange(config: Config): void;
  /** A refused save's field errors; shown on their blocks until the next edit. */
  serverErrors?: readonly FieldError[];
  ref?: Ref<PageEditorHandle>;
}

type Bindings = Record<string, Record<string, string>>;

/**
 * Props without empty objects: a form may hold `{}` for an optional text per language nobody
 * typed, which the engine would refuse as "at least 1 entry" although the operator left it out.
 */
function pruneEmpty(value: Config): Config {
  const out: Config = {};
  for (const [key, item] of Object.entries(value)) {
    const isEmptyObject =
      item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 0;
    if (!isEmptyObject && item !== undefined) out[key] = item;
  }
  return out;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The page editor: a palette of block kinds, the phone canvas drawing the real participant
 * blocks with the campaign's config and language, and the selected block's settings generated
 * from its folder's schema. Blocks are added and reordered by drag and drop (pointer or
 * keyboard), duplicated and deleted; every edit can be undone; the engine's problems are marked
 * on the block they belong to.
 */
export default function PageEditor({
  entry,
  blockEntries,
  config: initial,
  onChange,
  serverErrors,
  ref,
}: PageEditorProps) {
  const { t, i18n } = useTranslation('wizard');
  const { message } = App.useApp();
  const uiLang: FormLang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const [history, dispatch] = useReducer(historyReducer<Config>, initial, startHistory);
  const config = history.present;
  const [revision, setRevision] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [device, setDevice] = useState<Device>('phone');
  const { languages, defaultLanguage } = pageLanguages(config);
  const [pickedLang, setLang] = useState(defaultLanguage);
  const lang = languages.includes(pickedLang) ? pickedLang : defaultLanguage;
  const [dragging, setDragging] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [zonesOf, setZonesOf] = useState<string | null>(null);

  const blocks = useMemo(() => pageBlocks(config), [config]);
  const entryOf = useMemo(() => new Map(blockEntries.map((e) => [e.mark, e])), [blockEntries]);
  const bindings: Bindings = useMemo(
    () =>
      Object.fromEntries(
        blockEntries.map((e) => [
          e.mark,
          (e.meta.block as { bind?: Record<string, string> } | undefined)?.bind ?? {},
        ]),
      ),
    [blockEntries],
  );
  const titleOf = useCallback(
    (type: string) => entryText(entryOf.get(type), 'meta.title', uiLang),
    [entryOf, uiLang],
  );
  const descriptionOf = useCallback(
    (type: string) => entryText(entryOf.get(type), 'meta.description', uiLang),
    [entryOf, uiLang],
  );

  // Tell the page around every edit (not the first state, which it gave).
  const reported = useRef(initial);
  useEffect(() => {
    if (config === reported.current) return;
    reported.current = config;
    onChange(config);
  }, [config, onChange]);

  const setConfig = useCallback(
    (next: Config, group?: string) => dispatch({ type: 'set', state: next, group, at: Date.now() }),
    [],
  );
  const setBlocks = useCallback(
    (next: PageBlock[], group?: string) => setConfig({ ...config, page: { blocks: next } }, group),
    [config, setConfig],
  );
  const undo = useCallback(() => {
    dispatch({ type: 'undo' });
    setRevision((r) => r + 1);
  }, []);
  const redo = useCallback(() => {
    dispatch({ type: 'redo' });
    setRevision((r) => r + 1);
  }, []);

  // Problems: the engine's, on the whole config, placed on their blocks; a refused save's until the next edit.
  const [serverFor, setServerFor] = useState<{ config: Config; errors: readonly FieldError[] } | null>(null);
  const [seenServer, setSeenServer] = useState(serverErrors);
  if (serverErrors !== seenServer) {
    setSeenServer(serverErrors);
    setServerFor(serverErrors?.length ? { config, errors: serverErrors } : null);
  }
  const issues = useMemo(() => {
    const engine = validateConfig(entry.schema, config, uiLang);
    const server = serverFor && serverFor.config === config ? serverFor.errors : [];
    return [...engine, ...server.map((e) => ({ path: e.path, keyword: 'server', message: e.message }))];
  }, [entry, config, uiLang, serverFor]);
  const placed = useMemo(() => {
    const byBlock = new Map<string, { own: FieldError[]; bound: FieldError[]; words: string[] }>();
    const pageIssues: ValidationIssue[] = [];
    for (const issue of issues) {
      const places = placeIssue(blocks, bindings, issue.path);
      if (places.length > 0 || issue.path.startsWith('/page')) pageIssues.push(issue);
      for (const place of places) {
        const slot = byBlock.get(place.blockId) ?? { own: [], bound: [], words: [] };
        (place.area === 'bound' ? slot.bound : slot.own).push({ path: place.path, message: issue.message });
        slot.words.push(issue.message);
        byBlock.set(place.blockId, slot);
      }
    }
    return { byBlock, pageIssues };
  }, [issues, blocks, bindings]);
  const problems = useMemo(
    () => new Map([...placed.byBlock].map(([id, slot]) => [id, slot.words])),
    [placed],
  );

  useImperativeHandle(ref, () => ({ validate: () => placed.pageIssues, getConfig: () => config }), [
    placed,
    config,
  ]);

  const counts = useMemo(() => {
    const n = new Map<string, number>();
    for (const b of blocks) n.set(b.type, (n.get(b.type) ?? 0) + 1);
    return n;
  }, [blocks]);
  const full = useMemo(
    () =>
      new Set(
        blockEntries
          .filter((e) => {
            const max = (e.meta.block as { max?: number } | undefined)?.max;
            return typeof max === 'number' && (counts.get(e.mark) ?? 0) >= max;
          })
          .map((e) => e.mark),
      ),
    [blockEntries, counts],
  );

  const add = useCallback(
    (type: string, index?: number) => {
      if (full.has(type)) {
        void message.warning(t('pageEditor.kindFull'));
        return;
      }
      const defaults = entryOf.get(type)?.defaults ?? {};
      const block = newBlock(type, defaults, blocks);
      const at = index ?? (selectedId ? blocks.findIndex((b) => b.id === selectedId) + 1 : blocks.length);
      setBlocks(insertBlock(blocks, block, at <= 0 ? blocks.length : at));
      setSelectedId(block.id);
      setRevision((r) => r + 1);
    },
    [full, entryOf, blocks, selectedId, setBlocks, message, t],
  );

  const selected = blocks.find((b) => b.id === selectedId) ?? null;
  const flow = blocks.filter((b) => b.type !== 'background');
  const flowIndex = selected ? flow.findIndex((b) => b.id === selected.id) : -1;
  const move = (step: -1 | 1) => {
    if (!selected || flowIndex < 0) return;
    const target = flow[flowIndex + step];
    if (!target) return;
    setBlocks(
      moveBlock(
        blocks,
        selected.id,
        blocks.findIndex((b) => b.id === target.id),
      ),
    );
  };
  const remove = useCallback(
    (id: string) => {
      setBlocks(removeBlock(blocks, id));
      setSelectedId(null);
    },
    [blocks, setBlocks],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number | undefined) => {
    const key = String(id ?? '');
    if (key.startsWith('palette:')) return titleOf(key.slice(8));
    if (key === 'canvas-end') return t('pageEditor.pageEnd');
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

  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  const onDragOver = (event: DragOverEvent) => setOverId(event.over ? String(event.over.id) : null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    setOverId(null);
    const active = String(event.active.id);
    const over = event.over ? String(event.over.id) : null;
    if (!over) return;
    if (active.startsWith('palette:')) {
      add(active.slice(8), over === 'canvas-end' ? blocks.length : blocks.findIndex((b) => b.id === over));
      return;
    }
    if (over === active) return;
    const to = over === 'canvas-end' ? blocks.length - 1 : blocks.findIndex((b) => b.id === over);
    if (to >= 0) setBlocks(moveBlock(blocks, active, to));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (isTyping(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    } else if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      redo();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && selected && !dragging) {
      event.preventDefault();
      remove(selected.id);
    }
  };

  const data = useMemo(() => previewPage(entry, config, lang), [entry, config, lang]);
  const slot = selected ? placed.byBlock.get(selected.id) : undefined;
  const selectedEntry = selected ? entryOf.get(selected.type) : undefined;
  const boundFields = selected ? Object.values(bindings[selected.type] ?? {}) : [];
  const zonesBlock = blocks.find((b) => b.id === zonesOf) ?? null;
  const hasZones = (block: PageBlock) =>
    'hotzones' in ((entryOf.get(block.type)?.schema.properties as object | undefined) ?? {}) ||
    Object.keys(bindings[block.type] ?? {}).includes('hotzones');

  return (
    <div className="gc-pe" onKeyDown={onKeyDown} data-testid="page-editor">
      <div className="gc-pe-toolbar">
        <Space wrap>
          <Tooltip title="Ctrl+Z">
            <Button onClick={undo} disabled={history.past.length === 0} data-testid="undo">
              {t('pageEditor.undo')}
            </Button>
          </Tooltip>
          <Tooltip title="Ctrl+Shift+Z">
            <Button onClick={redo} disabled={history.future.length === 0} data-testid="redo">
              {t('pageEditor.redo')}
            </Button>
          </Tooltip>
          <Segmented<Device>
            value={device}
            onChange={setDevice}
            options={[
              { value: 'phone', label: t('pageEditor.phone') },
              { value: 'pc', label: t('pageEditor.pc') },
            ]}
          />
          <Select
            value={lang}
            onChange={setLang}
            style={{ minWidth: 120 }}
            aria-label={t('pageEditor.language')}
            options={languages.map((code) => ({ value: code, label: code }))}
          />
          {placed.pageIssues.length > 0 ? (
            <span className="gc-pe-count" role="status" data-testid="page-problems">
              {t('pageEditor.problems', { count: placed.pageIssues.length })}
            </span>
          ) : null}
        </Space>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={dragging && !dragging.startsWith('palette:') ? [restrictToVerticalAxis] : []}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('pageEditor.a11y.instructions') },
        }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setDragging(null);
          setOverId(null);
        }}
      >
        <div className="gc-pe-body">
          <BlockPalette
            blocks={blockEntries}
            titleOf={titleOf}
            descriptionOf={descriptionOf}
            full={full}
            onAdd={add}
          />
          <div className="gc-pe-stage">
            {blocks.some((b) => b.type === 'background') ? (
              <div className="gc-pe-layers">
                {blocks
                  .filter((b) => b.type === 'background')
                  .map((b) => (
                    <Button
                      key={b.id}
                      size="small"
                      type={b.id === selectedId ? 'primary' : 'default'}
                      danger={problems.has(b.id)}
                      onClick={() => setSelectedId(b.id)}
                      data-testid="select-background"
                    >
                      {titleOf(b.type)}
                    </Button>
                  ))}
              </div>
            ) : null}
            <EditorCanvas
              data={data}
              device={device}
              selectedId={selectedId}
              problems={problems}
              insertBefore={dragging?.startsWith('palette:') ? overId : null}
              titleOf={titleOf}
              onSelect={setSelectedId}
            />
          </div>
          <BlockPanel
            block={selected}
            blockEntry={selectedEntry}
            entry={entry}
            config={config}
            boundFields={boundFields}
            ownErrors={slot?.own ?? []}
            boundErrors={slot?.bound ?? []}
            revision={revision}
            title={selected ? titleOf(selected.type) : ''}
            canMoveUp={flowIndex > 0}
            canMoveDown={flowIndex >= 0 && flowIndex < flow.length - 1}
            onProps={(props) =>
              selected &&
              setBlocks(setBlockProps(blocks, selected.id, pruneEmpty(props)), `props:${selected.id}`)
            }
            onBound={(values) => {
              if (!selected) return;
              const next = { ...config };
              for (const field of boundFields) next[field] = values[field];
              setConfig(next, `bound:${selected.id}`);
            }}
            onMove={move}
            onDuplicate={() => {
              if (!selected) return;
              const copy = duplicateBlock(blocks, selected.id);
              if (full.has(selected.type)) {
                void message.warning(t('pageEditor.kindFull'));
                return;
              }
              setBlocks(copy.blocks);
              setSelectedId(copy.id);
              setRevision((r) => r + 1);
            }}
            onDelete={() => selected && remove(selected.id)}
            onHotzones={selected && hasZones(selected) ? () => setZonesOf(selected.id) : undefined}
            zoneCount={
              selected
                ? (Object.keys(bindings[selected.type] ?? {}).includes('hotzones')
                    ? (config.hotzones as unknown[] | undefined)
                    : (selected.props.hotzones as unknown[] | undefined)
                  )?.length
                : 0
            }
          />
        </div>
        <DragOverlay>
          {dragging?.startsWith('palette:') ? (
            <div className="gc-pe-kind gc-pe-overlay">{titleOf(dragging.slice(8))}</div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {zonesBlock ? (
        <HotzoneEditor
          block={zonesBlock}
          config={config}
          bound={Object.keys(bindings[zonesBlock.type] ?? {}).includes('hotzones')}
          blocks={blocks}
          titleOf={titleOf}
          lang={lang}
          onClose={() => setZonesOf(null)}
          onSave={(next) => {
            setConfig(next);
            setRevision((r) => r + 1);
            setZonesOf(null);
          }}
        />
      ) : null}
    </div>
  );
}
