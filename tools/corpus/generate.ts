/**
 * The whole corpus build as one pure function: raw sources in, file contents out. Used by
 * tools/build-corpus.ts (to write or check corpus/) and by the staleness test.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentMeta, RuleRecord } from '../../src/corpus/types.js';
import { renderDocument } from '../../src/corpus/format.js';
import { splitBundle, squash } from './bundle.js';
import { buildRules, CR_EN, CR_JA } from './rules-doc.js';
import { parseGlossary } from './glossary.js';
import { keywordLookup } from './restore-keywords.js';
import { finishRecords, type Draft, type FinishOptions } from './records.js';
import { isoDate, manualParent, parseFloorRules, parseTournamentManual } from './tournament.js';
import { parseGundamWar, parseMarkdownSections } from './sectioned.js';
import { buildCatalog } from './cards.js';
import { parentRuleId } from './rule-numbers.js';
import { readAsks } from './asks.js';
import { catalogProblems, parseRestrictionList } from '../../src/restrictions/load.js';
import { itemizeFloorRules, itemizeManual } from './tournament-items.js';
import type { DifferenceNotes } from './differences.js';

const SOURCES = {
  bundle: '000_2fda1a0a7e07f200.txt',
  ja: '001_cea56ce86bb3c3d5.txt',
  gundamWar: '002_5dfb5e39cd99dfb5.txt',
  unofficial: '003_259c5ec659f598f6.txt',
  official: 'cards-official',
} as const;

const BANDAI_RULES = 'https://www.gundam-gcg.com/en/rules/';

const DIFFERENCES_NOTE =
  'The English and Japanese texts differ in places: a record with no counterpart in the other language, or whose counterpart says something else, carries `difference` with a summary of what the one says that the other does not.';

/**
 * The errata document's one record, in the project's words: the sources hold no errata text (their
 * errata part is a note about the export, which says nothing about the game and is not served).
 */
const ERRATA_STATUS =
  'This corpus holds no published errata or rulings for the Gundam Card Game. Answers cite the Comprehensive Rules and card texts as printed; ' +
  `errata, when the publisher issues them, are published on its rules page (${BANDAI_RULES}).`;

/** Change history entries ("### Ver. 1.7.0 (May 22, 2026) Update ・13-1-8. Added") as records. */
function changeHistory(changes: string): Draft[] {
  const text = squash(changes);
  const parts = [...text.matchAll(/### Ver\. ([\d.]+) \(([^)]+)\) Update (.*?)(?= ### Ver\.|$)/g)];
  return [
    { id: 'history', heading: 'Change history', text: '', parent: null },
    ...parts.map((m) => ({
      id: `history-${m[1]}`,
      heading: `Ver. ${m[1]} (${m[2]}) Update`,
      text: m[3]!.split('・').map((s) => s.trim()).filter(Boolean).map((s) => `・${s}`).join('\n'),
      parent: 'history',
    })),
  ];
}

function jaChangeHistory(changes: string): Draft[] {
  const lines = changes.split('\n').slice(1);
  const drafts: Draft[] = [{ id: 'history', heading: '更新履歴', text: lines[0] ?? '', parent: null }];
  let cur: Draft | null = null;
  for (const line of lines.slice(1)) {
    const m = /^Ver\.([\d.]+)\s*\((.+)\)$/.exec(line.trim());
    if (m) {
      cur = { id: `history-${m[1]}`, heading: `Ver.${m[1]} (${m[2]})`, text: '', parent: 'history' };
      drafts.push(cur);
    } else if (cur) cur.text = cur.text ? `${cur.text}\n${line.trim()}` : line.trim();
  }
  return drafts;
}

/** History references print rule numbers as a list ("・10-1-8-1-2. 10-2-2-1. Added"). */
function historyReferences(text: string): { cited: string; title: string | null }[] {
  return [...new Set([...text.matchAll(/(?<![\d-])(\d{1,2}(?:-\d{1,2})+)(?![\d-])/g)].map((m) => m[1]!))].map((cited) => ({ cited, title: null }));
}

/**
 * Change-history records, whose rule numbers point into the rules of the same document (history
 * records have no titles of their own to resolve them against).
 */
function historyRecords(drafts: Draft[], rules: RuleRecord[], meta: DocumentMeta, versionLabel: string): RuleRecord[] {
  const records = finishRecords(drafts, { document: meta.id, language: meta.language, version: meta.version, versionLabel, references: historyReferences });
  const ids = new Set(rules.map((r) => r.id));
  for (const h of records) for (const c of h.cites) if (c.target === null && ids.has(c.cited)) c.target = c.cited;
  return records;
}

function tournamentReferences(text: string): { cited: string; title: string | null }[] {
  const out: { cited: string; title: string | null }[] = [];
  for (const m of text.matchAll(/\b[Ss]ection (\d+(?:\.\d+)+)\b/g)) out.push({ cited: m[1]!, title: null });
  return out;
}

/**
 * What a document says of its version and history, in its own words: the version it is headed with
 * and its change history's last entry. Nothing more is claimed (neither copy says which is newer).
 */
function versionNote(headed: string, history: RuleRecord[]): string {
  const entries = history.filter((h) => h.parent === 'history');
  const number = (h: RuleRecord) => h.id.replace('history-', '').split('.').map(Number);
  const last = [...entries].sort((a, b) => {
    const [x, y] = [number(a), number(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
    return 0;
  })[0];
  const said = last ? `its change history's last entry is ${last.heading} (${last.text.replace(/\n/g, ' ')})` : 'it prints no change history';
  return `The document is headed ${headed}; ${said}. The corpus claims no more about its version than this.`;
}

export interface GeneratedCorpus {
  files: Map<string, string>;
  report: string;
}

/** `asksDir`: the project's paraphrases of rules (asks.ts), beside the sources by default. */
export function generateCorpus(sourcesDir: string, asksDir = path.join(sourcesDir, '..', 'asks')): GeneratedCorpus {
  const read = (f: string) => fs.readFileSync(path.join(sourcesDir, f), 'utf8');
  const bundleSource = read(SOURCES.bundle);
  const bundle = splitBundle(bundleSource);
  const enVersion = /Comprehensive Rules Ver\. ([\d.]+\d)/.exec(bundleSource)?.[1] ?? 'unknown';
  const enDate = isoDate(/\*\*Updated ([A-Za-z]+ \d{1,2}, \d{4})\*\*/.exec(bundleSource)?.[1] ?? '');
  const notesFile = path.join(asksDir, '..', 'notes', 'cr-differences.json');
  const differenceNotes = JSON.parse(fs.readFileSync(notesFile, 'utf8')) as DifferenceNotes;
  const rules = buildRules(bundle.rules, read(SOURCES.ja), enVersion, differenceNotes);
  if (rules.unresolvedHoles.length) throw new Error(`keyword holes left unnamed: ${JSON.stringify(rules.unresolvedHoles)}`);

  const docs: { meta: DocumentMeta; records: RuleRecord[]; file: string }[] = [];
  const src = (f: string) => `sources/${f}`;
  /** A document whose records are its drafts finished; document, language and version come from `meta`. */
  const addDocument = (file: string, meta: DocumentMeta, drafts: Draft[], options: Omit<FinishOptions, 'document' | 'language' | 'version'>) => {
    docs.push({ file, meta, records: finishRecords(drafts, { document: meta.id, language: meta.language, version: meta.version, ...options }) });
  };
  const noReferences = () => [];
  const outlineParent = (id: string) => parentRuleId(id, '.');

  // 1. Comprehensive Rules EN, with its change history.
  const enMeta: DocumentMeta = {
    id: CR_EN, title: `Gundam Card Game Comprehensive Rules Ver. ${enVersion}`, game: 'gundam', kind: 'comprehensive-rules',
    language: 'en', version: enVersion, date: enDate, authority: 'official', source: src(SOURCES.bundle), publisher_url: BANDAI_RULES,
    notes: [
      'Keyword names the source lost (<Repair>, <Blocker>, ...) were restored by the corpus build; restored records say so.',
      'Cross-references whose printed number and title disagree point at the rule the title names and record the discrepancy.',
    ],
  };
  const enHistory = historyRecords(changeHistory(bundle.changes), rules.en, enMeta, `Comprehensive Rules EN Ver. ${enVersion}`);
  enMeta.notes!.push(versionNote(`Ver. ${enVersion}`, enHistory), DIFFERENCES_NOTE);
  docs.push({ file: 'documents/gundam/en/comprehensive-rules.md', meta: enMeta, records: [...rules.en, ...enHistory] });

  // 2. Comprehensive Rules JA.
  const jaMeta: DocumentMeta = {
    id: CR_JA, title: `ガンダムカードゲーム 総合ルール Ver.${rules.jaVersion}`, game: 'gundam', kind: 'comprehensive-rules',
    language: 'ja', version: rules.jaVersion, date: null, authority: 'official', source: src(SOURCES.ja),
    publisher_url: 'https://www.gundam-gcg.com/jp/rules/',
    notes: [
      'Paragraph numbers are inferred by order against the English section where the counts agree (alignment: inferred); where they differ, paragraphs are matched by content (matched) or left unnumbered (unaligned, ids like 5-22-p1).',
    ],
  };
  const jaHistory = historyRecords(jaChangeHistory(rules.jaChanges), rules.ja, jaMeta, `総合ルール Ver.${rules.jaVersion}`);
  jaMeta.notes!.push(versionNote(`Ver.${rules.jaVersion}`, jaHistory), DIFFERENCES_NOTE);
  docs.push({ file: 'documents/gundam/ja/comprehensive-rules.md', meta: jaMeta, records: [...rules.ja, ...jaHistory] });

  // 3. Glossary.
  const glossary = parseGlossary(bundle.glossary, keywordLookup(() => rules.en.map((r) => r.text)));
  addDocument('documents/gundam/en/glossary.md', {
    id: 'gundam-glossary-en', title: 'Gundam Card Game Glossary', game: 'gundam', kind: 'glossary', language: 'en',
    version: enVersion, date: null, authority: 'official', source: src(SOURCES.bundle),
    notes: ['Terms as the bundle defines them, built from the Comprehensive Rules; keyword names restored where the source lost them.'],
  }, glossary.drafts, { versionLabel: 'the glossary' });

  // 4. Tournament Rules Manual and 4b. Sanctioned Tournament Floor Rules.
  const manual = parseTournamentManual(bundle.tournamentManual);
  manual.drafts = itemizeManual(manual.drafts);
  addDocument('documents/gundam/en/tournament-rules-manual.md', {
    id: 'gundam-tournament-rules-en', title: manual.meta.title, game: 'gundam', kind: 'tournament', language: 'en',
    version: manual.meta.updated ?? 'unknown', date: manual.meta.updated, authority: 'official', source: src(SOURCES.bundle),
    publisher_url: 'https://www.gundam-gcg.com/en/pdf/floor_rule_en.pdf',
    notes: ['One record per numbered section, each infraction of 7.4.1–7.4.3 (7.4.2.5) and each match structure of 3.5 (3.5.2) a record of its own, tables kept as Markdown tables; the table of contents and printed page numbers are dropped.'],
  }, manual.drafts, { versionLabel: 'the Tournament Rules Manual', parentOf: manualParent, references: tournamentReferences });
  const floor = parseFloorRules(bundle.floorRules);
  floor.drafts = itemizeFloorRules(floor.drafts);
  addDocument('documents/gundam/en/floor-rules.md', {
    id: 'gundam-floor-rules-en', title: floor.meta.title, game: 'gundam', kind: 'tournament', language: 'en',
    version: floor.version, date: floor.meta.updated, authority: 'official', source: src(SOURCES.bundle),
    publisher_url: 'https://www.gundam-gcg.com/en/pdf/tournament-rules_en.pdf',
    notes: ['One record per section; the parts of Section 8 (I. Shuffling, II. Time Limits, …) and the penalties of Section 12 (① Caution … ④ Disqualification) are records of their own (section-8.2, section-12.4).'],
  }, floor.drafts, { versionLabel: 'the Floor Rules', references: noReferences });

  // 5. Errata note.
  addDocument('documents/gundam/en/errata.md', {
    id: 'gundam-errata-en', title: 'Gundam Card Game Errata & Rulings', game: 'gundam', kind: 'errata', language: 'en',
    version: 'none', date: null, authority: 'official', source: src(SOURCES.bundle), publisher_url: BANDAI_RULES,
    notes: ['The status is the project\'s statement, not the publisher\'s text.'],
  }, [{ id: 'status', heading: 'Status', text: ERRATA_STATUS, parent: null }], { versionLabel: 'the errata note', references: noReferences });

  // 6. Gundam War rulebook and errata: a separate, older game.
  const gw = parseGundamWar(read(SOURCES.gundamWar));
  const gwNote = 'Gundam War is an older, different Bandai card game; its rules never answer Gundam Card Game questions.';
  addDocument('documents/gundam-war/en/rulebook.md', {
    id: 'gundam-war-rulebook-en', title: 'Gundam War Rulebook', game: 'gundam-war', kind: 'rulebook', language: 'en',
    version: 'starter deck manual', date: null, authority: 'official', source: src(SOURCES.gundamWar), notes: [gwNote],
  }, gw.rulebook, { versionLabel: 'the Gundam War rulebook', parentOf: outlineParent, references: noReferences });
  addDocument('documents/gundam-war/en/errata.md', {
    id: 'gundam-war-errata-en', title: 'Gundam War Master Errata and Numbering Errata', game: 'gundam-war', kind: 'errata', language: 'en',
    version: 'as printed with the rulebook', date: null, authority: 'official', source: src(SOURCES.gundamWar), notes: [gwNote],
  }, gw.errata, { versionLabel: 'the Gundam War errata', references: noReferences });

  // 7. The unofficial "v1.0.0" document.
  const un = parseMarkdownSections(read(SOURCES.unofficial));
  addDocument('documents/gundam/en/unofficial-comprehensive-rules-v1.0.0.md', {
    id: 'gundam-unofficial-v1-en', title: `${un.title} (UNOFFICIAL)`, game: 'gundam', kind: 'comprehensive-rules', language: 'en',
    version: un.version ?? 'unknown', date: un.date ? isoDate(un.date) : null, authority: 'unofficial', source: src(SOURCES.unofficial),
    notes: [
      'Not from the publisher. It contradicts the official Comprehensive Rules (base HP 20, hand size 7, keywords that do not exist).',
      'Searchable only on request; never an answer to a question the official rules answer.',
    ],
  }, un.drafts, { versionLabel: 'the unofficial document', parentOf: outlineParent, references: noReferences });

  const files = new Map<string, string>();
  for (const d of docs) files.set(d.file, renderDocument(d.meta, d.records));

  // The card catalog.
  const catalog = buildCatalog(bundle.cards, path.join(sourcesDir, SOURCES.official));
  files.set('cards/cards.json', JSON.stringify(catalog.cards, null, 1) + '\n');
  files.set('cards/sets.json', JSON.stringify(catalog.sets, null, 1) + '\n');

  // The hand-written difference notes, written back sorted so the manifest hashes them.
  files.set('notes/cr-differences.json', JSON.stringify(Object.fromEntries(Object.entries(differenceNotes).sort(([a], [b]) => (a < b ? -1 : 1))), null, 1) + '\n');

  const asks = readAsks(asksDir, docs.map((d) => ({ id: d.meta.id, records: d.records })));
  for (const a of asks) files.set(a.file, a.content);

  // The restriction lists (hand-written data, corpus/restrictions): each must parse, name only
  // catalog card numbers, and list exactly the catalog's cards that fit each pair group's description.
  const restrictionsDir = path.join(sourcesDir, '..', 'restrictions');
  const restrictions: { file: string; effective: string }[] = [];
  for (const name of fs.existsSync(restrictionsDir) ? fs.readdirSync(restrictionsDir).filter((f) => f.endsWith('.json')).sort() : []) {
    const content = fs.readFileSync(path.join(restrictionsDir, name), 'utf8');
    const list = parseRestrictionList(content, `corpus/restrictions/${name}`);
    const problems = catalogProblems(list, catalog.cards, true);
    if (problems.length) throw new Error(`corpus/restrictions/${name}: ${problems.join('; ')}`);
    if (name !== `${list.effective}.json`) throw new Error(`corpus/restrictions/${name}: a list's file is named by its effective date (${list.effective}.json)`);
    files.set(`restrictions/${name}`, content);
    restrictions.push({ file: `restrictions/${name}`, effective: list.effective });
  }

  const manifest = {
    documents: docs.map((d) => ({ id: d.meta.id, file: d.file, records: d.records.length })),
    cards: { file: 'cards/cards.json', printings: catalog.cards.length, sets: 'cards/sets.json' },
    asks: asks.map((a) => ({ document: a.document, file: a.file, records: a.records })),
    restrictions,
    // Content hashes: the build and the server refuse a corpus file that is not exactly this one
    // (a truncated document still parses, with its rules' text gone).
    sha256: Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, content]) => [file, createHash('sha256').update(content).digest('hex')])),
  };
  files.set('manifest.json', JSON.stringify(manifest, null, 1) + '\n');

  const restored = rules.en.filter((r) => r.restored).length;
  const report = [
    ...docs.map((d) => `${d.meta.id}: ${d.records.length} records`),
    `cross-references renumbered: ${rules.renumbered}`,
    `EN-JA differences: ${JSON.stringify(rules.differences)}`,
    `rules EN restored: ${restored} records; JA alignment: ${JSON.stringify(countBy(rules.ja, (r) => r.alignment ?? 'none'))}` + `; EN-JA links: ${JSON.stringify(rules.links)}`,
    `cards: ${JSON.stringify(catalog.stats)}`,
    `asks: ${asks.map((a) => `${a.document} ${a.records} rules`).join(', ') || 'none'}`,
    `restriction lists: ${restrictions.map((r) => r.file).join(', ') || 'none'}`,
  ].join('\n');
  return { files, report };
}

function countBy<T>(xs: T[], key: (x: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
}
