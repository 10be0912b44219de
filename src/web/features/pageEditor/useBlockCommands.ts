import { useCallback, useMemo, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBlock } from '../../../engine/page/pageModel';
import {
  duplicateBlock,
  insertBlock,
  moveBlock,
  newBlock,
  removeBlock,
  setBlockProps,
} from '../../../engine/page/pageEdits';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import { fullKinds, pruneEmpty } from './blockKinds';

interface Options {
  config: Config;
  blocks: PageBlock[];
  entryOf: ReadonlyMap<string, SchemaEntry>;
  blockEntries: readonly SchemaEntry[];
  setConfig(next: Config, group?: string): void;
  /** The settings panel starts again from the config. */
  restart(): void;
}

/**
 * The selected block and what the operator does to blocks: add one (after the selected block, or where it was dropped),
 * move the selected one up or down among the page's flow (backgrounds stay behind), duplicate,
 * delete, and edit its props or the campaign fields it binds (typing in one field is one undo step).
 */
export function useBlockCommands(options: Options) {
  const { config, blocks, entryOf, blockEntries, setConfig, restart } = options;
  const { t } = useTranslation('wizard');
  const { message } = App.useApp();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const full = useMemo(() => fullKinds(blockEntries, blocks), [blockEntries, blocks]);

  const setBlocks = useCallback(
    (next: PageBlock[], group?: string) => setConfig({ ...config, page: { blocks: next } }, group),
    [config, setConfig],
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
      restart();
    },
    [full, entryOf, blocks, selectedId, setBlocks, restart, message, t],
  );

  const remove = useCallback(
    (id: string) => {
      setBlocks(removeBlock(blocks, id));
      setSelectedId(null);
    },
    [blocks, setBlocks],
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

  const duplicate = () => {
    if (!selected) return;
    const copy = duplicateBlock(blocks, selected.id);
    if (full.has(selected.type)) {
      void message.warning(t('pageEditor.kindFull'));
      return;
    }
    setBlocks(copy.blocks);
    setSelectedId(copy.id);
    restart();
  };

  const setProps = (props: Config) =>
    selected && setBlocks(setBlockProps(blocks, selected.id, pruneEmpty(props)), `props:${selected.id}`);

  const setBound = (boundFields: readonly string[], values: Config) => {
    if (!selected) return;
    const next = { ...config };
    for (const field of boundFields) next[field] = values[field];
    setConfig(next, `bound:${selected.id}`);
  };

  return {
    selectedId,
    select: setSelectedId,
    selected,
    /** Kinds the page holds as many of as allowed. */
    full,
    canMoveUp: flowIndex > 0,
    canMoveDown: flowIndex >= 0 && flowIndex < flow.length - 1,
    setBlocks,
    add,
    remove,
    move,
    duplicate,
    setProps,
    setBound,
  };
}
