/**
 * Reads the committed corpus (Markdown documents with frontmatter, the card catalog as JSON) into
 * typed records. No network, no paths from callers: only the files the manifest lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from './format.js';
import type { CardRecord, CardSet, DocumentMeta, RuleRecord } from './types.js';

export interface CorpusData {
  documents: DocumentMeta[];
  records: RuleRecord[];
  cards: CardRecord[];
  sets: CardSet[];
}

interface Manifest {
  documents: { id: string; file: string; records: number }[];
  cards: { file: string; printings: number; sets: string };
}

/** The package root: two levels above this file in both src/ (tsx) and dist/ (built). */
export function packageRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export function corpusDir(): string {
  return path.join(packageRoot(), 'corpus');
}

export function loadCorpusFromMarkdown(dir = corpusDir()): CorpusData {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const documents: DocumentMeta[] = [];
  const records: RuleRecord[] = [];
  for (const d of manifest.documents) {
    const parsed = parseDocument(fs.readFileSync(path.join(dir, d.file), 'utf8'));
    if (parsed.records.length !== d.records) {
      throw new Error(`corpus: ${d.file} has ${parsed.records.length} records, the manifest says ${d.records}`);
    }
    documents.push(parsed.meta);
    records.push(...parsed.records);
  }
  const cards = JSON.parse(fs.readFileSync(path.join(dir, manifest.cards.file), 'utf8')) as CardRecord[];
  const sets = JSON.parse(fs.readFileSync(path.join(dir, manifest.cards.sets), 'utf8')) as CardSet[];
  return { documents, records, cards, sets };
}

/** The prebuilt snapshot `npm run build` writes: the corpus as one JSON file, fast to load. */
export function snapshotPath(): string {
  return path.join(packageRoot(), 'dist', 'data', 'corpus.json');
}

export function writeSnapshot(data: CorpusData, file = snapshotPath()): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data));
}

/**
 * The corpus from the snapshot when there is one no older than the corpus, otherwise from the
 * Markdown (a checkout that was never built, or a corpus edited since the last build).
 */
export function loadCorpus(): CorpusData {
  const snap = snapshotPath();
  try {
    const manifest = path.join(corpusDir(), 'manifest.json');
    if (fs.statSync(snap).mtimeMs >= fs.statSync(manifest).mtimeMs) {
      return JSON.parse(fs.readFileSync(snap, 'utf8')) as CorpusData;
    }
  } catch {
    // No snapshot yet: fall through to the Markdown.
  }
  return loadCorpusFromMarkdown();
}
