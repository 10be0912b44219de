/**
 * Artwork shipped inside the schema folders (`schemas/_assets/<file>`, shared, and
 * `schemas/<kind dir>/<mark>/assets/<file>`, a folder's own), served read-only by the server under
 * `/schema-assets/<the same path>`. A template names its pictures by that address, so a new folder
 * carries its own art with no code change. The shape is strict: one flat file name of lower-case
 * letters, digits and hyphens with an image extension, no way up, out or across.
 */
export const SCHEMA_ASSET_PREFIX = '/schema-assets/';

/** Where an asset may sit below schemas/, and the file name it may have. */
export const SCHEMA_ASSET_PATH =
  /^(?:_assets|(?:gameplays|sub-activities|entities|blocks)\/[a-z][a-z0-9-]*\/assets)\/[a-z0-9][a-z0-9-]{0,63}\.(?:svg|png|jpg|webp)$/;

/** The content types of the asset extensions. */
export const SCHEMA_ASSET_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The path below schemas/ an address names (`/schema-assets/_assets/gift.svg` -> `_assets/gift.svg`), or undefined. */
export function schemaAssetPath(url: string): string | undefined {
  if (!url.startsWith(SCHEMA_ASSET_PREFIX)) return undefined;
  const path = url.slice(SCHEMA_ASSET_PREFIX.length);
  return SCHEMA_ASSET_PATH.test(path) ? path : undefined;
}

/**
 * Whether a path below schemas/ lies in an asset folder, at any depth and whatever its name (the
 * reader collects them all; schemas:check reports those not shaped as SCHEMA_ASSET_PATH, which
 * are never served).
 */
export function inAssetFolder(path: string): boolean {
  return /^(?:_assets|(?:gameplays|sub-activities|entities|blocks)\/[^/]+\/assets)\/./.test(path);
}
