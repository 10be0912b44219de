import type { SchemaEngine } from '../createSchemaEngine';
import type { RegistryEntry } from '../registry/registryTypes';
import { isBlockKind } from './blockKinds';

type Problem = (message: string, file?: string) => void;

/** Top-level fields of the campaign base (`_defs/campaign.json`) a block may bind. */
function campaignFields(engine: SchemaEngine): Set<string> | undefined {
  const base = engine.registry.defs.find((d) => String(d.$id).endsWith('/_defs/campaign.json'));
  const properties = base?.properties;
  return properties && typeof properties === 'object' ? new Set(Object.keys(properties)) : undefined;
}

/**
 * The `schemas:check` checks of a page block folder (schemas/blocks/<name>/): meta.json says
 * `block`; the kind has a participant component; every bound prop names a campaign field and is
 * not also a prop of its own; defaults.json holds only known props of valid values (props the
 * operator must still fill, such as a banner's image, may be missing). Other folders must not
 * say `block`.
 */
export function checkBlock(engine: SchemaEngine, entry: RegistryEntry, p: Problem): void {
  if (entry.kind !== 'block') {
    if (entry.meta.block !== undefined) p('block: only folders of blocks/ are page blocks', 'meta.json');
    return;
  }
  const block = entry.meta.block;
  if (block === undefined) {
    p('block: missing; a page block says where it sits, e.g. "block": { "max": 1 }', 'meta.json');
    return;
  }
  if (!isBlockKind(entry.mark))
    p(
      `no participant component draws a "${entry.mark}" block; a new kind of block needs code (src/participant/blocks/)`,
      'meta.json',
    );
  const own =
    entry.schema.properties && typeof entry.schema.properties === 'object' ? entry.schema.properties : {};
  const fields = campaignFields(engine);
  for (const [prop, field] of Object.entries(block.bind ?? {})) {
    if (fields && !fields.has(field))
      p(`block.bind.${prop}: "${field}" is not a campaign field`, 'meta.json');
    if (prop in own)
      p(
        `block.bind.${prop}: "${prop}" is also a prop of schema.json; a prop is bound or the block's own`,
        'meta.json',
      );
  }
  const result = engine.validate(entry.name, entry.defaults ?? {}, 'en-US');
  for (const issue of result.errors)
    if (issue.keyword !== 'required')
      p(`${issue.path || '/'}: ${issue.message} (${issue.keyword})`, 'defaults.json');
}
