import type { SchemaObject } from 'ajv';
import type { RegistryEntry } from '../registry/registryTypes';
import { schemaIdFor } from '../registry/schemaIds';

/** `$id` of the page schema the engine makes from the block folders (`/_defs/page.json`). */
export const PAGE_SCHEMA_ID = schemaIdFor('_defs/page.json');

/** Most blocks a page may hold. */
export const MAX_BLOCKS = 60;

/** A block's id: unique in its page, the target of "jump to a block" hotzones. */
export const BLOCK_ID_PATTERN = '^[A-Za-z0-9_-]{1,32}$';

/**
 * The schema of a campaign's `page` (`{ blocks: [{ id, type, props }] }`), made from the block
 * folders that compile: `type` names a folder of schemas/blocks/, `props` must satisfy that
 * folder's schema.json, ids are unique, and a kind with `block.max` in its meta.json appears at
 * most that often. A gameplay's schema takes it in as `"page": { "$ref": "/_defs/page.json" }`.
 */
export function pageSchema(blocks: readonly RegistryEntry[]): SchemaObject {
  const limits: Record<string, number> = {};
  for (const block of blocks)
    if (typeof block.meta.block?.max === 'number') limits[block.mark] = block.meta.block.max;
  return {
    $id: PAGE_SCHEMA_ID,
    title: 'campaign.page',
    type: 'object',
    properties: {
      blocks: {
        title: 'campaign.page.blocks',
        type: 'array',
        maxItems: blocks.length > 0 ? MAX_BLOCKS : 0,
        uniqueBy: { fields: ['id'], message: 'duplicateBlockId' },
        maxPerValue: { field: 'type', limits, message: 'blockLimit' },
        items: {
          title: 'campaign.page.block',
          type: 'object',
          properties: {
            id: { type: 'string', pattern: BLOCK_ID_PATTERN, title: 'campaign.page.block.id' },
            // No block folders at all: no block can be placed (maxItems 0 above).
            type:
              blocks.length > 0
                ? { enum: blocks.map((b) => b.mark), title: 'campaign.page.block.type' }
                : { type: 'string' },
            props: { type: 'object', title: 'campaign.page.block.props' },
          },
          required: ['id', 'type', 'props'],
          additionalProperties: false,
          ...(blocks.length > 0
            ? {
                allOf: blocks.map((block) => ({
                  if: { properties: { type: { const: block.mark } }, required: ['type'] },
                  then: { properties: { props: { $ref: String(block.schema.$id) } } },
                })),
              }
            : {}),
        },
      },
    },
    required: ['blocks'],
    additionalProperties: false,
  };
}
