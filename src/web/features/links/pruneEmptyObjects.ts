import type { EntityConfig } from './linkTypes';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The config without empty objects and unset fields, at any depth: a form leaves `{}` behind for
 * a group nobody filled in (RJSF), which means "not set" and must not be checked as a half-filled
 * group (a window without its unit).
 */
export function pruneEmptyObjects(config: EntityConfig): EntityConfig {
  const out: EntityConfig = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (isPlainObject(value)) {
      const inner = pruneEmptyObjects(value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else out[key] = value;
  }
  return out;
}
