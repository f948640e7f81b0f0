/**
 * Prebuilt search indexes: `npm run build` serializes each MiniSearch index next to the corpus
 * snapshot, and the server loads it instead of re-tokenizing the corpus (several times faster).
 * An index is used only with the data it was built from (same fingerprint); otherwise it is rebuilt.
 */
import fs from 'node:fs';
import path from 'node:path';
import MiniSearch, { type Options } from 'minisearch';
import { dataDir } from '../corpus/load.js';

interface Stored {
  fingerprint: string;
  index: unknown;
}

export function indexPath(name: string): string {
  return path.join(dataDir(), `index-${name}.json`);
}

export function saveIndex(name: string, index: MiniSearch<never> | MiniSearch<unknown>, fingerprint: string): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(indexPath(name), JSON.stringify({ fingerprint, index: index.toJSON() } satisfies Stored));
}

export function loadIndex<T>(name: string, options: Options<T>, fingerprint: string | undefined): MiniSearch<T> | undefined {
  if (!fingerprint) return undefined;
  let stored: Stored;
  try {
    stored = JSON.parse(fs.readFileSync(indexPath(name), 'utf8')) as Stored;
  } catch {
    return undefined;
  }
  if (stored.fingerprint !== fingerprint) return undefined;
  return MiniSearch.loadJS(stored.index as Parameters<typeof MiniSearch.loadJS>[0], options);
}

/** An index loaded from disk when it matches the data, else built (and the caller may save it). */
export function loadOrBuild<T>(name: string, options: Options<T>, fingerprint: string | undefined, build: () => MiniSearch<T>): MiniSearch<T> {
  return loadIndex(name, options, fingerprint) ?? build();
}

/** Plain data computed from the corpus (term statistics, family model), stored like the indexes. */
export function saveData(name: string, data: unknown, fingerprint: string): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(indexPath(name), JSON.stringify({ fingerprint, index: data } satisfies Stored));
}

export function loadOrBuildData<T>(name: string, fingerprint: string | undefined, build: () => T): T {
  if (fingerprint) {
    try {
      const stored = JSON.parse(fs.readFileSync(indexPath(name), 'utf8')) as Stored;
      if (stored.fingerprint === fingerprint) return stored.index as T;
    } catch {
      // not built yet: compute it below
    }
  }
  return build();
}
