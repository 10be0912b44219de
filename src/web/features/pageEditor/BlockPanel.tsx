import { Button, Empty, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBlock } from '../../../engine/page/pageModel';
import type { FieldError } from '../../api/RequestError';
import { SchemaForm } from '../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';

interface PanelProps {
  block: PageBlock | null;
  /** The block's folder entry (its props schema, words). */
  blockEntry: SchemaEntry | undefined;
  /** The gameplay's entry, for the campaign fields the block binds. */
  entry: SchemaEntry;
  config: Config;
  /** Campaign fields this block shows and edits (meta.json block.bind values). */
  boundFields: string[];
  /** Problems of the block's own props (paths below props) and of its bound fields (from the root). */
  ownErrors: FieldError[];
  boundErrors: FieldError[];
  /** Changes when the panel must start again from the config (selection, undo, redo). */
  revision: number;
  title: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onProps(props: Config): void;
  onBound(values: Config): void;
  onMove(step: -1 | 1): void;
  onDuplicate(): void;
  onDelete(): void;
  /** Opens the hotzone editor (blocks with an image and hotzones). */
  onHotzones?: () => void;
  /** How many hotzones the block's image has. */
  zoneCount?: number;
}

/** A block's own props in its ui order. */
function propNames(entry: SchemaEntry | undefined): string[] {
  const names = Object.keys((entry?.schema.properties as object | undefined) ?? {});
  const order = Array.isArray(entry?.ui['ui:order']) ? (entry.ui['ui:order'] as string[]) : [];
  const placed = order.filter((f) => names.includes(f));
  return [...placed, ...names.filter((f) => !placed.includes(f))];
}

/** The selected block's settings, generated from its folder's schema, and the campaign fields it binds. */
export function BlockPanel(props: PanelProps) {
  const { t } = useTranslation('wizard');
  const { block, blockEntry, entry, config, boundFields, revision } = props;
  if (!block) {
    return (
      <aside className="gc-pe-panel" aria-label={t('pageEditor.properties')}>
        <Empty description={t('pageEditor.selectBlock')} />
      </aside>
    );
  }
  const languages = Array.isArray(config.languages) ? (config.languages as string[]) : undefined;
  // Hotzones are drawn in the hotzone editor, not typed as a list of numbers.
  const ownFields = propNames(blockEntry).filter((f) => f !== 'hotzones');
  const boundShown = boundFields.filter((f) => f !== 'hotzones');
  return (
    <aside className="gc-pe-panel" aria-label={t('pageEditor.properties')} data-testid="block-panel">
      <header className="gc-pe-panel-head">
        <h3>{props.title}</h3>
        <Space size={4} wrap>
          <Tooltip title={t('pageEditor.moveUp')}>
            <Button
              size="small"
              aria-label={t('pageEditor.moveUp')}
              disabled={!props.canMoveUp}
              onClick={() => props.onMove(-1)}
            >
              ↑
            </Button>
          </Tooltip>
          <Tooltip title={t('pageEditor.moveDown')}>
            <Button
              size="small"
              aria-label={t('pageEditor.moveDown')}
              disabled={!props.canMoveDown}
              onClick={() => props.onMove(1)}
            >
              ↓
            </Button>
          </Tooltip>
          <Button size="small" onClick={props.onDuplicate} data-testid="block-duplicate">
            {t('pageEditor.duplicate')}
          </Button>
          <Button size="small" danger onClick={props.onDelete} data-testid="block-delete">
            {t('pageEditor.delete')}
          </Button>
        </Space>
      </header>
      {props.ownErrors.some((e) => e.path === '/type' || e.path === '/id') ? (
        <p className="gc-pe-block-error" role="alert">
          {props.ownErrors
            .filter((e) => e.path === '/type' || e.path === '/id')
            .map((e) => e.message)
            .join(' ')}
        </p>
      ) : null}
      {props.onHotzones ? (
        <Button block onClick={props.onHotzones} data-testid="edit-hotzones">
          {t('pageEditor.editHotzones', { count: props.zoneCount ?? 0 })}
        </Button>
      ) : null}
      {blockEntry && ownFields.length > 0 ? (
        <SchemaForm
          key={`own:${block.id}:${revision}`}
          entry={blockEntry}
          fields={ownFields}
          initialData={block.props}
          languages={languages}
          errors={props.ownErrors.filter((e) => e.path !== '/type' && e.path !== '/id')}
          onChange={props.onProps}
        />
      ) : null}
      {boundShown.length > 0 ? (
        <>
          <p className="gc-pe-bound-note">{t('pageEditor.boundNote')}</p>
          <SchemaForm
            key={`bound:${block.id}:${revision}`}
            entry={entry}
            fields={boundShown}
            initialData={config}
            errors={props.boundErrors}
            onChange={props.onBound}
          />
        </>
      ) : null}
    </aside>
  );
}
