/**
 * Reads the committed corpus (Markdown documents with frontmatter, the card catalog as JSON) into
 * typed records. No network, no paths from callers: only the files the manifest lists.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from './format.js';
import type { CardRecord, CardSet, DocumentMeta, RuleAsks, RuleRecord } from './types.js';

export interface CorpusData {
  documents: DocumentMeta[];
  records: RuleRecord[];
  cards: CardRecord[];
  sets: CardSet[];
  /** The project's own paraphrases of rules (corpus/asks), by document and rule id: search data, not rules text. */
  asks?: RuleAsks;
  /**
   * Identifies the build the data came from; prebuilt search indexes carry the same value and are
   * only used with data that has it. Absent for data read from Markdown (indexes are rebuilt).
   */
  fingerprint?: string;
}

interface Manifest {
  documents: { id: string; file: string; records: number }[];
  cards: { file: string; printings: number; sets: string };
  asks?: { document: string; file: string; records: number }[];
  /** Content hash of every corpus file, by path under corpus/. */
  sha256?: Record<string, string>;
}

/** A corpus or data file is not the one the corpus or the build recorded: the server must not serve it. */
export class IntegrityError extends Error {}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The files of `dir` listed with hashes in `recorded` (relative paths) that are missing or differ. */
function mismatches(dir: string, recorded: Record<string, string>): string[] {
  const bad: string[] = [];
  for (const [rel, hash] of Object.entries(recorded)) {
    const file = path.join(dir, rel);
    if (!fs.existsSync(file)) bad.push(`${rel} (missing)`);
    else if (sha256(file) !== hash) bad.push(`${rel} (content differs)`);
  }
  return bad;
}

/** Checks every corpus file against the hashes in its manifest; throws IntegrityError naming the damaged ones. */
export function verifyCorpus(dir = corpusDir()): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (!manifest.sha256) throw new IntegrityError(`corpus: ${path.join(dir, 'manifest.json')} records no content hashes; rebuild it with npm run corpus`);
  const bad = mismatches(dir, manifest.sha256);
  if (bad.length) throw new IntegrityError(`corpus damaged: ${bad.join(', ')} do not match the hashes in corpus/manifest.json; restore them (git checkout corpus/) or rebuild with npm run corpus`);
}

/** Where the build records the hash of each file it wrote to dist/data. */
export function integrityPath(): string {
  return path.join(dataDir(), 'integrity.json');
}

/** Records the hash of every file in dist/data (the build's last step). */
export function writeIntegrity(): void {
  const files = fs.readdirSync(dataDir()).filter((f) => f.endsWith('.json') && f !== 'integrity.json').sort();
  fs.writeFileSync(integrityPath(), `${JSON.stringify({ sha256: Object.fromEntries(files.map((f) => [f, sha256(path.join(dataDir(), f))])) }, null, 1)}\n`);
}

/**
 * What the server checks before it serves anything, in both transports: the corpus files against
 * the manifest's hashes and, when the server was built, every data file against the build's record.
 * Hashing ~5 MB takes milliseconds. Throws IntegrityError on any difference.
 */
export function verifyIntegrity(): void {
  // An installed package ships the built data and no corpus/ (the files list): the build's own
  // hashes then cover what it serves.
  if (fs.existsSync(corpusDir())) verifyCorpus();
  if (!fs.existsSync(dataDir())) return;
  if (!fs.existsSync(integrityPath())) {
    if (fs.readdirSync(dataDir()).some((f) => f.endsWith('.json'))) throw new IntegrityError(`build damaged: ${integrityPath()} is missing; rebuild with npm run build`);
    return;
  }
  const recorded = (JSON.parse(fs.readFileSync(integrityPath(), 'utf8')) as { sha256: Record<string, string> }).sha256;
  const bad = mismatches(dataDir(), recorded);
  if (bad.length) throw new IntegrityError(`build damaged: dist/data/${bad.join(', dist/data/')} do not match the hashes the build recorded; rebuild with npm run build`);
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
  verifyCorpus(dir);
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
  const asks: RuleAsks = {};
  for (const a of manifest.asks ?? []) asks[a.document] = parseAsks(fs.readFileSync(path.join(dir, a.file), 'utf8'));
  return { documents, records, cards, sets, asks };
}

/** One document's asks file: a JSON line per rule, {"id", "asks": [...]}. */
export function parseAsks(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const { id, asks } = JSON.parse(line) as { id: string; asks: string[] };
    out[id] = asks;
  }
  return out;
}

/** Where `npm run build` writes prebuilt data: the corpus snapshot and the serialized indexes. */
export function dataDir(): string {
  return path.join(packageRoot(), 'dist', 'data');
}

/**
 * The prebuilt snapshot: the rules part (documents, records), the cards part and the rule
 * paraphrases (read only to rebuild a search index), as JSON.
 */
export function snapshotPath(part: 'rules' | 'cards' | 'asks' = 'rules'): string {
  return path.join(dataDir(), `corpus-${part}.json`);
}

export function writeSnapshot(data: CorpusData): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(snapshotPath('rules'), JSON.stringify({ documents: data.documents, records: data.records, fingerprint: data.fingerprint }));
  fs.writeFileSync(snapshotPath('cards'), JSON.stringify({ cards: data.cards, sets: data.sets }));
  fs.writeFileSync(snapshotPath('asks'), JSON.stringify(data.asks ?? {}));
}

/**
 * The corpus from the snapshot when there is one no older than the corpus, otherwise from the
 * Markdown (a checkout that was never built, or a corpus edited since the last build). The cards
 * part of the snapshot is read on first use: a rules question never waits for the catalog.
 */
export function loadCorpus(): CorpusData {
  try {
    const manifest = path.join(corpusDir(), 'manifest.json');
    // An installed package ships the snapshot without the Markdown corpus: the snapshot is all there is.
    const corpusTime = fs.existsSync(manifest) ? fs.statSync(manifest).mtimeMs : -Infinity;
    if (fs.statSync(snapshotPath('rules')).mtimeMs >= corpusTime) {
      const rules = JSON.parse(fs.readFileSync(snapshotPath('rules'), 'utf8')) as Pick<CorpusData, 'documents' | 'records' | 'fingerprint'>;
      let cards: Pick<CorpusData, 'cards' | 'sets'> | undefined;
      let asks: RuleAsks | undefined;
      const cardsPart = () => (cards ??= JSON.parse(fs.readFileSync(snapshotPath('cards'), 'utf8')) as Pick<CorpusData, 'cards' | 'sets'>);
      return {
        ...rules,
        get cards() {
          return cardsPart().cards;
        },
        get sets() {
          return cardsPart().sets;
        },
        // Only an index rebuilt at run time reads them (the build ships the indexes made with them).
        get asks() {
          return (asks ??= JSON.parse(fs.readFileSync(snapshotPath('asks'), 'utf8')) as RuleAsks);
        },
      };
    }
  } catch {
    // No snapshot yet: fall through to the Markdown.
  }
  return loadCorpusFromMarkdown();
}
