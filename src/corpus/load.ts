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
  /**
   * Identifies the build the data came from; prebuilt search indexes carry the same value and are
   * only used with data that has it. Absent for data read from Markdown (indexes are rebuilt).
   */
  fingerprint?: string;
}

interface Manifest {
  documents: { id: string; file: string; records: number }[];
  cards: { file: string; printings: number; sets: string };
}

/** The package root: two levels above this file in both src/ (tsx) and dist/ (built). */
export function packageRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

/** docs/engine.md, the engine's documentation (the scenario-format resource is a part of it): a fixed path. */
export function readEngineDoc(): string {
  return fs.readFileSync(path.join(packageRoot(), 'docs', 'engine.md'), 'utf8');
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

/** Where `npm run build` writes prebuilt data: the corpus snapshot and the serialized indexes. */
export function dataDir(): string {
  return path.join(packageRoot(), 'dist', 'data');
}

/** The prebuilt snapshot: the rules part (documents, records) and the cards part, as JSON. */
export function snapshotPath(part: 'rules' | 'cards' = 'rules'): string {
  return path.join(dataDir(), `corpus-${part}.json`);
}

export function writeSnapshot(data: CorpusData): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(snapshotPath('rules'), JSON.stringify({ documents: data.documents, records: data.records, fingerprint: data.fingerprint }));
  fs.writeFileSync(snapshotPath('cards'), JSON.stringify({ cards: data.cards, sets: data.sets }));
}

/**
 * The corpus from the snapshot when there is one no older than the corpus, otherwise from the
 * Markdown (a checkout that was never built, or a corpus edited since the last build). The cards
 * part of the snapshot is read on first use: a rules question never waits for the catalog.
 */
export function loadCorpus(): CorpusData {
  try {
    const manifest = path.join(corpusDir(), 'manifest.json');
    if (fs.statSync(snapshotPath('rules')).mtimeMs >= fs.statSync(manifest).mtimeMs) {
      const rules = JSON.parse(fs.readFileSync(snapshotPath('rules'), 'utf8')) as Pick<CorpusData, 'documents' | 'records' | 'fingerprint'>;
      let cards: Pick<CorpusData, 'cards' | 'sets'> | undefined;
      const cardsPart = () => (cards ??= JSON.parse(fs.readFileSync(snapshotPath('cards'), 'utf8')) as Pick<CorpusData, 'cards' | 'sets'>);
      return {
        ...rules,
        get cards() {
          return cardsPart().cards;
        },
        get sets() {
          return cardsPart().sets;
        },
      };
    }
  } catch {
    // No snapshot yet: fall through to the Markdown.
  }
  return loadCorpusFromMarkdown();
}
