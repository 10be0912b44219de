import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { pageBlocks } from '../../../engine/page/pageModel';
import type { FieldError } from '../../api/RequestError';
import type { FormLang } from '../../schema-form/engineValidator';
import type { Config, SchemaEntry, ValidationIssue } from '../../schema-form/schemaEntry';
import { BackgroundLayers } from './BackgroundLayers';
import { BlockPalette } from './BlockPalette';
import { blockBindings } from './blockKinds';
import { EditorCanvas, type Device } from './EditorCanvas';
import { PageEditorToolbar } from './PageEditorToolbar';
import { previewPage } from './previewModel';
import { SelectedBlockPanel } from './SelectedBlockPanel';
import { useBlockCommands } from './useBlockCommands';
import { useBlockTexts } from './useBlockTexts';
import { useBlockDrag } from './useBlockDrag';
import { useEditorShortcuts } from './useEditorShortcuts';
import { usePageHistory } from './usePageHistory';
import { usePageProblems } from './usePageProblems';
import { usePreviewLanguage } from './usePreviewLanguage';
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
  const { i18n } = useTranslation('wizard');
  const uiLang: FormLang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const history = usePageHistory(initial, onChange);
  const { config, revision, restart, setConfig } = history;
  const [device, setDevice] = useState<Device>('phone');
  const { lang, languages, setLang } = usePreviewLanguage(config);

  const blocks = useMemo(() => pageBlocks(config), [config]);
  const { entryOf, titleOf, descriptionOf } = useBlockTexts(blockEntries, uiLang);
  const bindings = useMemo(() => blockBindings(blockEntries), [blockEntries]);

  const { byBlock, pageIssues, problems } = usePageProblems(
    entry,
    config,
    uiLang,
    serverErrors,
    blocks,
    bindings,
  );
  useImperativeHandle(ref, () => ({ validate: () => pageIssues, getConfig: () => config }), [
    pageIssues,
    config,
  ]);

  const commands = useBlockCommands({
    config,
    blocks,
    entryOf,
    blockEntries,
    setConfig,
    restart,
  });
  const { selected, selectedId, select: setSelectedId, full } = commands;
  const drag = useBlockDrag({ blocks, titleOf, add: commands.add, setBlocks: commands.setBlocks });

  const onKeyDown = useEditorShortcuts(
    history.undo,
    history.redo,
    selected && !drag.dragging ? () => commands.remove(selected.id) : undefined,
  );

  const data = useMemo(() => previewPage(entry, config, lang), [entry, config, lang]);

  return (
    <div className="gc-pe" onKeyDown={onKeyDown} data-testid="page-editor">
      <PageEditorToolbar
        history={history}
        device={device}
        onDevice={setDevice}
        lang={lang}
        languages={languages}
        onLang={setLang}
        problemCount={pageIssues.length}
      />
      <DndContext {...drag.dndProps}>
        <div className="gc-pe-body">
          <BlockPalette
            blocks={blockEntries}
            titleOf={titleOf}
            descriptionOf={descriptionOf}
            full={full}
            onAdd={commands.add}
          />
          <div className="gc-pe-stage">
            <BackgroundLayers
              blocks={blocks}
              selectedId={selectedId}
              problems={problems}
              titleOf={titleOf}
              onSelect={setSelectedId}
            />
            <EditorCanvas
              data={data}
              device={device}
              selectedId={selectedId}
              problems={problems}
              insertBefore={drag.insertBefore}
              titleOf={titleOf}
              onSelect={setSelectedId}
            />
          </div>
          <SelectedBlockPanel
            entry={entry}
            config={config}
            entryOf={entryOf}
            bindings={bindings}
            byBlock={byBlock}
            revision={revision}
            titleOf={titleOf}
            commands={commands}
            blocks={blocks}
            lang={lang}
            onZonesSaved={(next) => {
              setConfig(next);
              restart();
            }}
          />
        </div>
        <DragOverlay>
          {drag.draggedKind !== null ? (
            <div className="gc-pe-kind gc-pe-overlay">{titleOf(drag.draggedKind)}</div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
