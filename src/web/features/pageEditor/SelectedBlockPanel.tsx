import { useState } from 'react';
import type { PageBlock } from '../../../engine/page/pageModel';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import { BlockPanel } from './BlockPanel';
import { hasHotzones, hotzoneCount, zonesAreBound, type Bindings } from './blockKinds';
import { HotzoneEditor } from './HotzoneEditor';
import type { BlockProblems } from './placeIssues';
import type { useBlockCommands } from './useBlockCommands';

interface Props {
  /** The gameplay's entry. */
  entry: SchemaEntry;
  config: Config;
  entryOf: ReadonlyMap<string, SchemaEntry>;
  bindings: Bindings;
  /** Problems by block id. */
  byBlock: ReadonlyMap<string, BlockProblems>;
  revision: number;
  titleOf(type: string): string;
  commands: ReturnType<typeof useBlockCommands>;
  blocks: readonly PageBlock[];
  /** The language whose zone names the hotzone editor edits. */
  lang: string;
  /** Applies the hotzone editor's config. */
  onZonesSaved(config: Config): void;
}

/**
 * The settings panel of the selected block: its folder's form with its own problems, the
 * campaign fields it binds with theirs, its move, duplicate and delete commands, and the editor
 * of its hotzones when it has any.
 */
export function SelectedBlockPanel(props: Props) {
  const { entry, config, entryOf, bindings, byBlock, commands, titleOf } = props;
  const { selected } = commands;
  const blockEntry = selected ? entryOf.get(selected.type) : undefined;
  const slot = selected ? byBlock.get(selected.id) : undefined;
  const boundFields = selected ? Object.values(bindings[selected.type] ?? {}) : [];
  const [zonesOf, setZonesOf] = useState<string | null>(null);
  return (
    <>
      <BlockPanel
        block={selected}
        blockEntry={blockEntry}
        entry={entry}
        config={config}
        boundFields={boundFields}
        ownErrors={slot?.own ?? []}
        boundErrors={slot?.bound ?? []}
        revision={props.revision}
        title={selected ? titleOf(selected.type) : ''}
        canMoveUp={commands.canMoveUp}
        canMoveDown={commands.canMoveDown}
        onProps={commands.setProps}
        onBound={(values) => commands.setBound(boundFields, values)}
        onMove={commands.move}
        onDuplicate={commands.duplicate}
        onDelete={() => selected && commands.remove(selected.id)}
        onHotzones={
          selected && hasHotzones(selected, blockEntry, bindings) ? () => setZonesOf(selected.id) : undefined
        }
        zoneCount={selected ? hotzoneCount(selected, config, bindings) : 0}
      />
      {selected && selected.id === zonesOf ? (
        <HotzoneEditor
          block={selected}
          config={config}
          bound={zonesAreBound(bindings, selected.type)}
          blocks={props.blocks}
          titleOf={titleOf}
          lang={props.lang}
          onClose={() => setZonesOf(null)}
          onSave={(next) => {
            props.onZonesSaved(next);
            setZonesOf(null);
          }}
        />
      ) : null}
    </>
  );
}
