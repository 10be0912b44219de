import type { PageBlock } from '../../../engine/page/pageModel';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';

/** Block kind -> the campaign fields its blocks show and edit (meta.json `block.bind`: prop -> field). */
export type Bindings = Record<string, Record<string, string>>;

export function blockBindings(blockEntries: readonly SchemaEntry[]): Bindings {
  return Object.fromEntries(
    blockEntries.map((e) => [
      e.mark,
      (e.meta.block as { bind?: Record<string, string> } | undefined)?.bind ?? {},
    ]),
  );
}

/** The kinds the page already holds as many blocks of as their meta.json `block.max` allows. */
export function fullKinds(blockEntries: readonly SchemaEntry[], blocks: readonly PageBlock[]): Set<string> {
  const counts = new Map<string, number>();
  for (const b of blocks) counts.set(b.type, (counts.get(b.type) ?? 0) + 1);
  return new Set(
    blockEntries
      .filter((e) => {
        const max = (e.meta.block as { max?: number } | undefined)?.max;
        return typeof max === 'number' && (counts.get(e.mark) ?? 0) >= max;
      })
      .map((e) => e.mark),
  );
}

/** The block's hotzones are the campaign's own `hotzones` field (the background block binds it). */
export const zonesAreBound = (bindings: Bindings, type: string) =>
  Object.keys(bindings[type] ?? {}).includes('hotzones');

/** The block has hotzones to edit: its own prop or a bound campaign field. */
export const hasHotzones = (block: PageBlock, blockEntry: SchemaEntry | undefined, bindings: Bindings) =>
  'hotzones' in ((blockEntry?.schema.properties as object | undefined) ?? {}) ||
  zonesAreBound(bindings, block.type);

/** How many hotzones the block's image has, wherever they are kept. */
export const hotzoneCount = (block: PageBlock, config: Config, bindings: Bindings) =>
  (zonesAreBound(bindings, block.type)
    ? (config.hotzones as unknown[] | undefined)
    : (block.props.hotzones as unknown[] | undefined)
  )?.length;

/**
 * Props without empty objects: a form may hold `{}` for an optional text per language nobody
 * typed, which the engine would refuse as "at least 1 entry" although the operator left it out.
 */
export function pruneEmpty(value: Config): Config {
  const out: Config = {};
  for (const [key, item] of Object.entries(value)) {
    const isEmptyObject =
      item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 0;
    if (!isEmptyObject && item !== undefined) out[key] = item;
  }
  return out;
}
