// Values from a block's props the page puts into styles and sources: the server validated them on
// save; these guard the reader against anything older or hand-made.

import { schemaAssetPath } from '../../engine/validation/schemaAssetUrl';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const IMAGE = /^(https?:\/\/\S+|\/uploads\/\S+)$/;

export const safeColor = (value: unknown): string | undefined =>
  typeof value === 'string' && HEX.test(value) ? value : undefined;

/** An image address: http(s), the console's `/uploads/...` or a schema folder's `/schema-assets/...` artwork. */
export const safeImage = (value: unknown): string | null =>
  typeof value === 'string' && (IMAGE.test(value) || schemaAssetPath(value) !== undefined) ? value : null;

export const textProp = (value: unknown): string => (typeof value === 'string' ? value : '');

export const numberProp = (value: unknown, fallback: number, min: number, max: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/**
 * A length in design px (the page is designed 750 wide) as CSS: `--gp-rem` is 100 design px
 * (1rem on the player's phone; the editor's canvas sets its own scale).
 */
export const designPx = (px: number) => `calc(${px / 100} * var(--gp-rem))`;

// Schemes that run code or read local data never become a link, whatever the config holds.
const FORBIDDEN = /^\s*(javascript|vbscript|data|file|about|blob|filesystem|view-source|jar):/i;

/** An address a hotzone or button may open: a scheme URL that runs no code. */
export const safeHref = (url: string | null) =>
  url && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(url) && !FORBIDDEN.test(url) ? url : null;
