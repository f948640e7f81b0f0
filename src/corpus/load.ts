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

/**
 * Every file the server reads at run time and the package ships, relative to the package root:
 * the bundle, the data, the rules page's files and the engine document (the scenario-format
 * resource). The startup snapshot is not shipped and is checked on its own (verifySnapshot).
 */
export function runtimeFiles(root = packageRoot()): string[] {
  const list = (dir: string, keep: (f: string) => boolean) =>
    fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)).filter(keep).sort().map((f) => `${dir}/${f}`) : [];
  return [
    ...list('dist/bundle', (f) => f.endsWith('.js')),
    ...list('dist/data', (f) => f.endsWith('.json') && f !== 'integrity.json'),
    ...list('public', (f) => !f.startsWith('.')),
    'docs/engine.md',
  ];
}

/** What integrity.json must cover: a record without one of these is not a build's record. */
const REQUIRED_PREFIXES = ['dist/bundle/', 'dist/data/', 'public/', 'docs/engine.md'];

/** Records the hash of every runtime file (the build's last step, once the bundle exists). */
export function writeIntegrity(): void {
  const root = packageRoot();
  fs.writeFileSync(integrityPath(), `${JSON.stringify({ sha256: Object.fromEntries(runtimeFiles(root).map((f) => [f, sha256(path.join(root, f))])) }, null, 1)}\n`);
}

/**
 * What the server checks before it serves anything, in both transports and from the startup
 * snapshot: the corpus files against the manifest's hashes (in a checkout) and every runtime file
 * (bundle, data, rules page, engine document) against the build's record, which must exist, name
 * each kind of file and list every data and page file there is. Throws IntegrityError on any
 * difference. A checkout that was never built (no dist/data) runs from the Markdown corpus.
 */
export function verifyIntegrity(): void {
  const root = packageRoot();
  const checkout = fs.existsSync(corpusDir());
  if (checkout) verifyCorpus();
  if (!fs.existsSync(dataDir())) {
    if (checkout) return;
    throw new IntegrityError(`build damaged: ${dataDir()} is missing; reinstall the package`);
  }
  if (!fs.existsSync(integrityPath())) throw new IntegrityError(`build damaged: ${integrityPath()} is missing; rebuild with npm run build`);
  let recorded: Record<string, string> | undefined;
  try {
    recorded = (JSON.parse(fs.readFileSync(integrityPath(), 'utf8')) as { sha256?: Record<string, string> }).sha256;
  } catch {
    recorded = undefined;
  }
  const files = recorded && typeof recorded === 'object' ? Object.keys(recorded) : [];
  const lacking = REQUIRED_PREFIXES.filter((p) => !files.some((f) => f.startsWith(p)));
  if (!recorded || lacking.length) throw new IntegrityError(`build damaged: ${integrityPath()} is empty or records no ${lacking.join(', ')} files; rebuild with npm run build`);
  // A data or page file the build did not write would be served unchecked.
  const unrecorded = runtimeFiles(root).filter((f) => !(f in recorded) && !f.startsWith('dist/bundle/'));
  const bad = [...mismatches(root, recorded), ...unrecorded.map((f) => `${f} (not recorded by the build)`)];
  if (bad.length) throw new IntegrityError(`build damaged: ${bad.join(', ')} do not match the hashes the build recorded; rebuild with npm run build`);
}

/**
 * A start from the V8 startup snapshot: its heap was made from the files verifyIntegrity checked
 * when the build made it (src/snapshot-entry.ts checks them first), so the start checks that the
 * blob is the one the build wrote (its size in dist/snapshot.json) rather than hashing 13 MB on
 * every start; Node.js itself refuses a blob made by another binary.
 */
export function verifySnapshot(blob: string): void {
  const record = path.join(packageRoot(), 'dist', 'snapshot.json');
  let size: number | undefined;
  try {
    size = (JSON.parse(fs.readFileSync(record, 'utf8')) as { size?: number }).size;
  } catch {
    size = undefined;
  }
  if (typeof size !== 'number') throw new IntegrityError(`startup snapshot: ${record} records no blob size; rebuild with npm run build`);
  const actual = fs.statSync(blob).size;
  if (actual !== size) throw new IntegrityError(`startup snapshot: ${blob} is ${actual} bytes, the build wrote ${size}; rebuild with npm run build`);
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
