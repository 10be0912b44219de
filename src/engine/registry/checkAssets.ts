import { SCHEMA_ASSET_PATH, SCHEMA_ASSET_PREFIX, schemaAssetPath } from '../validation/schemaAssetUrl';
import type { Registry, RegistryProblem } from './registryTypes';

/** The largest asset file a folder may ship (artwork is drawn small: gradients and shapes). */
export const ASSET_MAX_BYTES = 256 * 1024;

// Bytes as text, one character per byte: the markup looked for below is ASCII.
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  return text;
}

// What an SVG shipped with the product may not hold: anything that runs, loads or reaches out.
const SVG_REFUSED: ReadonlyArray<[RegExp, string]> = [
  [/<script\b/i, 'a <script> element'],
  [/<foreignObject\b/i, 'a <foreignObject> element'],
  [/<(?:iframe|embed|object|audio|video|animate|set)\b/i, 'an element that loads or animates content'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (on...)'],
  [/<!(?:DOCTYPE|ENTITY)\b/i, 'a DOCTYPE or ENTITY declaration'],
  [/<\?xml-stylesheet\b/i, 'an xml-stylesheet instruction'],
  [/@import\b/i, 'a CSS @import'],
  [
    /(?:^|[\s"'])(?:xlink:)?href\s*=\s*["']\s*(?!#)/i,
    'a reference to another file or address (href not starting with #)',
  ],
  [/url\(\s*["']?\s*(?!#)/i, 'a url() that is not a #fragment of the file itself'],
  [/javascript:/i, 'javascript:'],
];

const MAGIC: Readonly<Record<string, (b: Uint8Array) => boolean>> = {
  png: (b) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  jpg: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) => b.length > 12 && latin1(b.subarray(0, 4)) === 'RIFF' && latin1(b.subarray(8, 12)) === 'WEBP',
};

/** What is wrong with one asset file (its path below schemas/ and its bytes); empty when fine. */
export function assetFileProblems(path: string, bytes: Uint8Array): string[] {
  if (!SCHEMA_ASSET_PATH.test(path))
    return [
      'an asset file name is lower-case letters, digits and hyphens (at most 64) ending in .svg, .png, .jpg or .webp, directly in the assets folder',
    ];
  const problems: string[] = [];
  if (bytes.length === 0) problems.push('the file is empty');
  if (bytes.length > ASSET_MAX_BYTES)
    problems.push(`the file is ${bytes.length} bytes, more than ${ASSET_MAX_BYTES}`);
  const ext = path.slice(path.lastIndexOf('.') + 1);
  if (ext === 'svg') {
    const text = latin1(bytes);
    const start = text.replace(/^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*/, '');
    if (!/^<svg\b[^>]*\sxmlns\s*=\s*["']http:\/\/www\.w3\.org\/2000\/svg["']/.test(start))
      problems.push('an SVG file starts with <svg xmlns="http://www.w3.org/2000/svg" ...>');
    for (const [pattern, what] of SVG_REFUSED) if (pattern.test(text)) problems.push(`the SVG holds ${what}`);
  } else if (!MAGIC[ext]?.(bytes)) problems.push(`the content is not a .${ext} image`);
  return problems;
}

/** Every string of a config with its JSON pointer. */
function strings(value: unknown, path: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}/${i}`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      strings(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  return out;
}

/** Folder and file an asset path is reported against: `gameplays/x` + `assets/a.svg`, `_assets` + `a.svg`. */
function placeOf(path: string): { folder: string; file: string } {
  const at = path.indexOf('/assets/');
  return path.startsWith('_assets/')
    ? { folder: '_assets', file: path.slice('_assets/'.length) }
    : { folder: path.slice(0, at), file: path.slice(at + 1) };
}

/**
 * The artwork checks of `npm run schemas:check`: every asset file is well named, small and (an
 * SVG) free of scripts, handlers and outside references; every `/schema-assets/...` address a
 * template or a block's defaults names is a file of the asset folders. Nothing is checked when
 * the registry was built without its asset files.
 */
export function checkAssets(registry: Registry): RegistryProblem[] {
  const assets = registry.assets;
  if (!assets) return [];
  const problems: RegistryProblem[] = [];
  for (const [path, bytes] of Object.entries(assets).sort(([a], [b]) => a.localeCompare(b))) {
    const { folder, file } = placeOf(path);
    for (const message of assetFileProblems(path, bytes)) problems.push({ folder, file, message });
  }
  const named = (folder: string, file: string, config: unknown) => {
    for (const [pointer, value] of strings(config, '', [])) {
      if (!value.startsWith(SCHEMA_ASSET_PREFIX)) continue;
      const path = schemaAssetPath(value);
      // A malformed address is the image rule's to report (the template does not validate).
      if (path && !Object.hasOwn(assets, path))
        problems.push({
          folder,
          file,
          message: `${pointer}: ${value} names schemas/${path}, which does not exist`,
        });
    }
  };
  for (const entry of registry.entries) {
    for (const [name, config] of Object.entries(entry.templates))
      named(entry.folder, `templates/${name}.json`, config);
    if (entry.defaults) named(entry.folder, 'defaults.json', entry.defaults);
  }
  return problems;
}
