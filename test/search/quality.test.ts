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

// Floors per blind set (test/fixtures/<dir>: written blind from the rules text; every holdout was
// scored once untouched and is development data since), just under today's figures. The issue's
// targets (EN recall@5 0.95, strict 0.85, top-1 0.75; JA 0.95; tournament 0.95, family first) are
// measured on an untouched holdout (kept outside the project) with npm run search:eval.
type Floors = { recall: number; strictRecall: number; top1: number; strictTop1: number; familyFirst?: number };
const KINDS = { en: ['English rules', 'rules-en.jsonl'], ja: ['Japanese rules', 'rules-ja.jsonl'], tournament: ['tournament', 'tournament.jsonl'] } as const;
const BLIND_FLOORS: Record<string, Partial<Record<keyof typeof KINDS, Floors>>> = {
  // written from the rules text alone, as players, assistants, judges and Japanese players ask; tuned on
  'blind-dev': {
    // recall 0.98 -> 0.97 when the tournament manual's sections were split into items: two game
    // questions whose rule sat fifth by under 1% of score ("2 AP unit -3 AP", "EX Base out") fell to
    // sixth as the 26 new records moved the English index's term statistics; no tournament change.
    en: { recall: 0.97, strictRecall: 0.93, top1: 0.89, strictTop1: 0.69, familyFirst: 0.97 },
    ja: { recall: 0.97, strictRecall: 0.95, top1: 0.92, strictTop1: 0.75 },
    tournament: { recall: 0.97, strictRecall: 0.97, top1: 0.94, strictTop1: 0.8, familyFirst: 0.94 },
  },
  // scored once untouched after round two
  'blind-holdout-1': {
    en: { recall: 0.98, strictRecall: 0.92, top1: 0.78, strictTop1: 0.59, familyFirst: 0.97 },
    ja: { recall: 0.97, strictRecall: 0.97, top1: 0.95, strictTop1: 0.9 },
    tournament: { recall: 0.97, strictRecall: 0.97, top1: 0.86, strictTop1: 0.83, familyFirst: 0.94 },
  },
  // scored once untouched after round three
  'blind-holdout-2': {
    en: { recall: 0.97, strictRecall: 0.93, top1: 0.83, strictTop1: 0.7, familyFirst: 0.97 },
    ja: { recall: 0.97, strictRecall: 0.97, top1: 0.92, strictTop1: 0.72 },
    tournament: { recall: 0.94, strictRecall: 0.94, top1: 0.83, strictTop1: 0.83, familyFirst: 0.94 },
  },
  // scored once untouched after round four
  'blind-holdout-3': {
    en: { recall: 0.97, strictRecall: 0.94, top1: 0.87, strictTop1: 0.69, familyFirst: 0.98 },
    ja: { recall: 0.97, strictRecall: 0.95, top1: 0.9, strictTop1: 0.9 },
    tournament: { recall: 0.97, strictRecall: 0.97, top1: 0.8, strictTop1: 0.8, familyFirst: 0.94 },
  },
  // scored once untouched after round six (rule paraphrases)
  'blind-holdout-4': {
    // top-1 0.83 -> 0.82 with the Floor Rules item by item (their paraphrases moved to the items,
    // which shifts the English index's field statistics): "a 【Destroyed】 effect checks whether it
    // was paired" now has 3-3-6 (the Pilot goes with its Unit) first and its keyed 13-2-8-2-1's
    // parent 13-2-8-1 third (strict top-1 0.69 -> 0.68 with it); and family first 0.98 -> 0.97: one
    // more game question has the Tournament Rules Manual first ("ask opp how many cards they have":
    // 4.11; "resource deck ran out": 2.4.1.1), with the rule second to fifth.
    en: { recall: 0.98, strictRecall: 0.93, top1: 0.82, strictTop1: 0.68, familyFirst: 0.97 },
    ja: { recall: 0.97, strictRecall: 0.97, top1: 0.92, strictTop1: 0.85 },
    // top-1 0.83 -> 0.82 with the manual item by item: "online event, my opponent's effect looks at
    // a card in my hand" now ranks the infraction 7.4.1.3 (Looking at Unnecessary Cards) above the
    // online guidelines 8.2 it was keyed to, which stay second. 0.82 -> 0.80 with the Floor Rules
    // item by item: "who issues match loss or disqualification" now has the manual's 7.2 (penalty
    // types) first by 0.1 of score over the Floor Rules' section 12, its keyed 7.3 fourth.
    tournament: { recall: 0.91, strictRecall: 0.91, top1: 0.8, strictTop1: 0.8, familyFirst: 0.88 },
  },
  // 50 tournament questions; scored once untouched during round six
  'blind-holdout-5': {
    en: { recall: 0.96, strictRecall: 0.91, top1: 0.8, strictTop1: 0.64, familyFirst: 0.97 },
    ja: { recall: 0.97, strictRecall: 0.97, top1: 0.92, strictTop1: 0.8 },
    tournament: { recall: 0.96, strictRecall: 0.92, top1: 0.76, strictTop1: 0.72, familyFirst: 0.96 },
  },
  // 60 tournament questions; scored once untouched during round six
  'blind-holdout-6': {
    en: { recall: 0.98, strictRecall: 0.91, top1: 0.86, strictTop1: 0.66, familyFirst: 0.98 },
    ja: { recall: 0.96, strictRecall: 0.96, top1: 0.9, strictTop1: 0.9 },
    tournament: { recall: 0.96, strictRecall: 0.95, top1: 0.8, strictTop1: 0.78, familyFirst: 0.95 },
  },
  // 70 tournament questions, 20 game questions set at events, no Japanese file; scored once untouched during round six
  'blind-holdout-7': {
    en: { recall: 0.96, strictRecall: 0.94, top1: 0.84, strictTop1: 0.78, familyFirst: 0.92 },
    tournament: { recall: 0.94, strictRecall: 0.92, top1: 0.72, strictTop1: 0.71, familyFirst: 0.92 },
  },
  // scored once untouched during round six
  'blind-holdout-8': {
    en: { recall: 0.92, strictRecall: 0.87, top1: 0.78, strictTop1: 0.64, familyFirst: 0.97 },
    ja: { recall: 0.96, strictRecall: 0.9, top1: 0.96, strictTop1: 0.7 },
    tournament: { recall: 0.96, strictRecall: 0.95, top1: 0.81, strictTop1: 0.81, familyFirst: 0.93 },
  },
  // scored once untouched on the final code of round six
  'blind-holdout-9': {
    en: { recall: 0.94, strictRecall: 0.92, top1: 0.77, strictTop1: 0.55, familyFirst: 0.91 },
    ja: { recall: 0.96, strictRecall: 0.96, top1: 0.93, strictTop1: 0.9 },
    tournament: { recall: 0.95, strictRecall: 0.94, top1: 0.78, strictTop1: 0.78, familyFirst: 0.95 },
  },
};

describe.each(
  Object.entries(BLIND_FLOORS).flatMap(([dir, kinds]) =>
    Object.entries(kinds).map(([kind, floors]) => {
      const [name, file] = KINDS[kind as keyof typeof KINDS];
      return { dir, name, file, floors: floors as Floors };
    }),
  ),
)('search quality on $dir: $name', ({ dir, file, floors }) => {
  it(`lenient and strict recall@5, top-1 and right family first stay at their floors`, () => {
    const outcomes = readQuestions(path.join(import.meta.dirname, '..', 'fixtures', dir, file)).map((q) => runQuestion(search, q));
    const s = score(outcomes);
    const misses = [
      ...outcomes.filter((o) => o.strict !== 1).map((o) => `${o.q.q} [${(o.q.strict ?? o.q.gold).join(' ')}] -> ${o.ids.join(', ')}`),
      ...outcomes.filter((o) => o.family === false).map((o) => `family first missed (${o.q.family}): ${o.q.q} -> ${o.ids.join(', ')}`),
    ];
    const got = { recall: s.recall, strictRecall: s.strictRecall, top1: s.top1, strictTop1: s.strictTop1, ...(floors.familyFirst ? { familyFirst: s.familyFirst ?? 0 } : {}) };
    for (const [k, floor] of Object.entries(floors)) expect(got[k as keyof typeof got], `${k}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(floor);
  });
});
