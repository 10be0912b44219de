import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The built participant app as the page loads it: its entry script, the chunks it imports, its CSS. */
export interface ParticipantAssets {
  script: string;
  preload: string[];
  css: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The manifest key of the participant entry (vite.config.ts: build input participant.html). */
export const PARTICIPANT_ENTRY = 'participant.html';

/**
 * Reads an entry's files out of a Vite manifest (the participant entry unless named, e.g. the
 * offerwall's `offerwall.html`): its static imports, in order.
 */
export function assetsFromManifest(
  manifest: Record<string, ManifestChunk>,
  entryKey = PARTICIPANT_ENTRY,
): ParticipantAssets | null {
  const entry = manifest[entryKey];
  if (!entry?.file) return null;
  const preload: string[] = [];
  const css = new Set<string>(entry.css ?? []);
  const seen = new Set<string>([entryKey]);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    preload.push(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return { script: `/${entry.file}`, preload, css: [...css].map((file) => `/${file}`) };
}

/**
 * The participant app of the build in `webDir`, or null when there is no build (API tests, a
 * fresh checkout): the page is then the server's HTML alone. The manifest is read again when its
 * file changes, so a rebuild under a running server is picked up.
 */
export function participantAssets(
  webDir: string,
  entryKey = PARTICIPANT_ENTRY,
): () => ParticipantAssets | null {
  const file = join(webDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; assets: ParticipantAssets | null } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      cached = undefined;
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let assets: ParticipantAssets | null;
      try {
        assets = assetsFromManifest(
          JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>,
          entryKey,
        );
      } catch {
        // Half-written during a build: try again on the next request.
        return null;
      }
      cached = { mtimeMs, assets };
    }
    return cached.assets;
  };
}
