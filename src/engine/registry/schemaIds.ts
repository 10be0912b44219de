/**
 * Base of every schema `$id`. It only names schemas (nothing is fetched from it): a folder's
 * schema is `<base>/gameplays/lucky-wheel/schema.json` and shared pieces are
 * `<base>/_defs/campaign.json`, so a folder refers to them as `/_defs/campaign.json#/$defs/x`.
 */
export const SCHEMA_BASE = 'https://schemas.growth-console.local';

/** The `$id` a file at `folderPath` (below schemas/) gets when it has none. */
export function schemaIdFor(pathBelowSchemas: string): string {
  return `${SCHEMA_BASE}/${pathBelowSchemas}`;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Resolves `ref` against `base` like a URL (absolute, root-relative, relative or fragment-only). */
export function resolveUri(base: string, ref: string): string {
  if (SCHEME.test(ref)) return ref;
  const baseNoFragment = base.split('#')[0];
  if (ref.startsWith('#')) return baseNoFragment + ref;
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/]*)(\/.*)?$/i.exec(baseNoFragment);
  const origin = m ? m[1] : '';
  const basePath = m ? (m[2] ?? '/') : baseNoFragment;
  const [refPath, fragment] = ref.split('#', 2) as [string, string | undefined];
  const parts = refPath.startsWith('/') ? [] : basePath.split('/').slice(0, -1);
  for (const seg of refPath.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  const joined = `${origin}/${parts.filter((p) => p !== '').join('/')}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/** Reads a JSON pointer (`/$defs/title`) inside a document; undefined when it leads nowhere. */
export function readPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return doc;
  let value: unknown = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[seg];
  }
  return value;
}
