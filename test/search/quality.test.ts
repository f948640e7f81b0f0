import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { SearchService } from '../../src/search/service.js';
import { isGoldHit, readQuestions, type Question } from './gold.js';
import { runQuestion, score } from './scoring.js';

const read = (file: string) => readQuestions(path.join(import.meta.dirname, '..', 'fixtures', file));
// Questions written for this project (not the evaluation's examples), with the rules that answer
// them: the set the search was tuned on, and a set written separately without looking at the search.
const tuned = read('search-questions.jsonl');
const heldOut = read('search-heldout.jsonl');
const heldOut2 = read('search-heldout-2.jsonl');

let search: SearchService;
beforeAll(() => {
  search = new SearchService(new CorpusStore(loadCorpusFromMarkdown()));
});

function recall(questions: Question[], lang: string, doc: string): { recall: number; misses: string[] } {
  const set = questions.filter((q) => q.lang === lang && q.doc === doc);
  const misses: string[] = [];
  for (const q of set) {
    const { results } = search.searchRules({ query: q.q, language: q.lang, limit: 5 });
    if (!results.some((r) => isGoldHit(q, r))) misses.push(`${q.q} -> ${results.map((r) => r.id).join(', ')}`);
  }
  return { recall: 1 - misses.length / set.length, misses };
}

// Floors per set: the tuning set's are the targets; the held-out sets' sit just under today's
// figures, to catch regressions on questions the tuning never saw.
const SETS: { name: string; set: typeof tuned; floors: Record<'en' | 'ja' | 'tournament', number> }[] = [
  { name: 'the tuning set', set: tuned, floors: { en: 0.9, ja: 0.85, tournament: 0.9 } },
  // English 0.83: this set's gold lists no ancestors, so a section heading listed after a sibling of
  // the gold counted as found; such headings now give their place in the first five to rules.
  { name: 'the held-out set', set: heldOut, floors: { en: 0.95, ja: 0.95, tournament: 0.95 } },
  { name: 'the second held-out set', set: heldOut2, floors: { en: 0.94, ja: 0.95, tournament: 0.95 } },
];

describe.each(SETS)('search quality: recall@5 on $name', ({ set, floors }) => {
  it(`English rules questions: at least ${floors.en}`, () => {
    const r = recall(set, 'en', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(floors.en);
  });
  it(`Japanese rules questions: at least ${floors.ja}`, () => {
    const r = recall(set, 'ja', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(floors.ja);
  });
  it(`tournament questions: at least ${floors.tournament}`, () => {
    const r = recall(set, 'en', 'tournament');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(floors.tournament);
  });
});

// The blind dev sets (test/fixtures/blind-dev: written from the rules text alone, as players,
// assistants, judges and Japanese players ask). Floors sit just under today's figures; the issue's
// targets (EN recall@5 0.95, strict 0.85, top-1 0.75; JA 0.95; tournament 0.95, family first) are
// measured on an untouched holdout (kept outside the project) with npm run search:eval.
const BLIND: { name: string; file: string; floors: { recall: number; strictRecall: number; top1: number; strictTop1: number; familyFirst?: number } }[] = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.98, strictRecall: 0.93, top1: 0.89, strictTop1: 0.69, familyFirst: 0.97 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.97, strictRecall: 0.95, top1: 0.92, strictTop1: 0.75 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.94, strictTop1: 0.8, familyFirst: 0.94 } },
];

// The first blind holdout (test/fixtures/blind-holdout-1), measured once untouched and now development
// data like blind-dev: floors just under today's figures (raised in round six, rule paraphrases).
const HOLDOUT_1: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.98, strictRecall: 0.92, top1: 0.78, strictTop1: 0.59, familyFirst: 0.97 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.95, strictTop1: 0.9 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.86, strictTop1: 0.83, familyFirst: 0.94 } },
];

// The second blind holdout (test/fixtures/blind-holdout-2), scored once untouched after round three
// and development data since round four: floors just under today's figures.
const HOLDOUT_2: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.97, strictRecall: 0.93, top1: 0.83, strictTop1: 0.7, familyFirst: 0.97 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.92, strictTop1: 0.72 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.94, strictRecall: 0.94, top1: 0.83, strictTop1: 0.83, familyFirst: 0.94 } },
];

// The third blind holdout (test/fixtures/blind-holdout-3), scored once untouched after round four
// and development data since round five: floors just under today's figures.
const HOLDOUT_3: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.97, strictRecall: 0.94, top1: 0.87, strictTop1: 0.69, familyFirst: 0.98 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.97, strictRecall: 0.95, top1: 0.9, strictTop1: 0.9 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.8, strictTop1: 0.8, familyFirst: 0.94 } },
];

// The fourth blind holdout (test/fixtures/blind-holdout-4), scored once untouched after round six
// (rule paraphrases) and development data since: floors just under today's figures.
const HOLDOUT_4: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.98, strictRecall: 0.93, top1: 0.83, strictTop1: 0.69, familyFirst: 0.98 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.92, strictTop1: 0.85 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.91, strictRecall: 0.91, top1: 0.83, strictTop1: 0.83, familyFirst: 0.88 } },
];

// The fifth blind holdout (test/fixtures/blind-holdout-5, 50 tournament questions), scored once
// untouched after round six and development data since: floors just under today's figures.
const HOLDOUT_5: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.96, strictRecall: 0.91, top1: 0.8, strictTop1: 0.64, familyFirst: 0.97 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.97, strictRecall: 0.97, top1: 0.92, strictTop1: 0.8 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.96, strictRecall: 0.92, top1: 0.76, strictTop1: 0.72, familyFirst: 0.96 } },
];

// The sixth blind holdout (test/fixtures/blind-holdout-6, 60 tournament questions), scored once
// untouched at the end of round six and development data since: floors just under today's figures.
const HOLDOUT_6: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.98, strictRecall: 0.91, top1: 0.86, strictTop1: 0.66, familyFirst: 0.98 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.96, strictRecall: 0.96, top1: 0.9, strictTop1: 0.9 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.96, strictRecall: 0.95, top1: 0.8, strictTop1: 0.78, familyFirst: 0.95 } },
];

// The seventh blind holdout (test/fixtures/blind-holdout-7: 70 tournament questions, 50 game
// questions of which 20 are set at events; no Japanese file), scored once untouched at the end of
// round six and development data since: floors just under today's figures.
const HOLDOUT_7: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.96, strictRecall: 0.94, top1: 0.84, strictTop1: 0.78, familyFirst: 0.92 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.94, strictRecall: 0.92, top1: 0.72, strictTop1: 0.71, familyFirst: 0.92 } },
];

// The eighth blind holdout (test/fixtures/blind-holdout-8), scored once untouched on the final code of
// round six and development data since: floors just under today's figures.
const HOLDOUT_8: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.92, strictRecall: 0.87, top1: 0.78, strictTop1: 0.64, familyFirst: 0.97 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.96, strictRecall: 0.9, top1: 0.96, strictTop1: 0.7 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.96, strictRecall: 0.95, top1: 0.81, strictTop1: 0.81, familyFirst: 0.93 } },
];

// The ninth blind holdout (test/fixtures/blind-holdout-9), scored once untouched on the final code of
// round six and development data since: floors just under today's figures.
const HOLDOUT_9: typeof BLIND = [
  { name: 'English rules', file: 'rules-en.jsonl', floors: { recall: 0.94, strictRecall: 0.92, top1: 0.77, strictTop1: 0.55, familyFirst: 0.91 } },
  { name: 'Japanese rules', file: 'rules-ja.jsonl', floors: { recall: 0.96, strictRecall: 0.96, top1: 0.93, strictTop1: 0.9 } },
  { name: 'tournament', file: 'tournament.jsonl', floors: { recall: 0.95, strictRecall: 0.94, top1: 0.78, strictTop1: 0.78, familyFirst: 0.95 } },
];

describe.each([
  ...BLIND.map((b) => ({ ...b, dir: 'blind-dev' })),
  ...HOLDOUT_1.map((b) => ({ ...b, dir: 'blind-holdout-1' })),
  ...HOLDOUT_2.map((b) => ({ ...b, dir: 'blind-holdout-2' })),
  ...HOLDOUT_3.map((b) => ({ ...b, dir: 'blind-holdout-3' })),
  ...HOLDOUT_4.map((b) => ({ ...b, dir: 'blind-holdout-4' })),
  ...HOLDOUT_5.map((b) => ({ ...b, dir: 'blind-holdout-5' })),
  ...HOLDOUT_6.map((b) => ({ ...b, dir: 'blind-holdout-6' })),
  ...HOLDOUT_7.map((b) => ({ ...b, dir: 'blind-holdout-7' })),
  ...HOLDOUT_8.map((b) => ({ ...b, dir: 'blind-holdout-8' })),
  ...HOLDOUT_9.map((b) => ({ ...b, dir: 'blind-holdout-9' })),
])('search quality on $dir: $name', ({ dir, file, floors }) => {
  it(`lenient and strict recall@5, top-1 and right family first stay at their floors`, () => {
    const outcomes = readQuestions(path.join(import.meta.dirname, '..', 'fixtures', dir, file)).map((q) => runQuestion(search, q));
    const s = score(outcomes);
    const misses = outcomes.filter((o) => o.strict !== 1).map((o) => `${o.q.q} [${(o.q.strict ?? o.q.gold).join(' ')}] -> ${o.ids.join(', ')}`);
    const got = { recall: s.recall, strictRecall: s.strictRecall, top1: s.top1, strictTop1: s.strictTop1, ...(floors.familyFirst ? { familyFirst: s.familyFirst ?? 0 } : {}) };
    for (const [k, floor] of Object.entries(floors)) expect(got[k as keyof typeof got], `${k}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(floor);
  });
});
