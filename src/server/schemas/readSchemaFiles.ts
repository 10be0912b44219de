import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileError } from '../../engine/registry/buildRegistry';
import { inAssetFolder } from '../../engine/validation/schemaAssetUrl';

/**
 * schemas/ as the engine wants it: relative path -> parsed JSON, plus files that would not parse,
 * plus the artwork of the asset folders (`_assets/`, `<kind dir>/<mark>/assets/`) by path.
 */
export interface SchemaFiles {
  files: Record<string, unknown>;
  fileErrors: FileError[];
  assets: Record<string, Uint8Array>;
}

/**
 * Reads every .json file below `root` (schemas/) and every file of its asset folders.
 * Unreadable or non-JSON files are reported, not thrown.
 */
export async function readSchemaFiles(root: string): Promise<SchemaFiles> {
  const files: Record<string, unknown> = {};
  const fileErrors: FileError[] = [];
  const assets: Record<string, Uint8Array> = {};
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return walk(full);
        if (!entry.isFile()) return;
        const rel = path.relative(root, full).split(path.sep).join('/');
        if (inAssetFolder(rel)) {
          assets[rel] = new Uint8Array(await readFile(full));
          return;
        }
        if (!entry.name.endsWith('.json')) return;
        try {
          files[rel] = JSON.parse(await readFile(full, 'utf8'));
        } catch (error) {
          fileErrors.push({ path: rel, message: `not readable JSON: ${(error as Error).message}` });
        }
      }),
    );
  };
  try {
    await walk(root);
  } catch (error) {
    // No schemas/ at all: serve an empty registry and say why, rather than refusing to start.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fileErrors.push({ path: '_defs', message: 'the schemas directory does not exist' });
  }
  return { files, fileErrors, assets };
}
