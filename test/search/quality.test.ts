import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { SearchService } from '../../src/search/service.js';

type Question = { q: string; lang: 'en' | 'ja'; doc: 'rules' | 'tournament'; gold: string[] };
const read = (file: string): Question[] =>
  fs
    .readFileSync(path.join(import.meta.dirname, '..', 'fixtures', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
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
    const hit = results.some(
      (r) =>
        (q.doc === 'tournament') === /tournament|floor/.test(r.document) &&
        q.gold.some((g) => r.id === g || r.id.startsWith(`${g}-`) || r.id.startsWith(`${g}.`) || (g.startsWith(`${r.id}-`) && r.id.split('-').length >= 2)),
    );
    if (!hit) misses.push(`${q.q} -> ${results.map((r) => r.id).join(', ')}`);
  }
  return { recall: 1 - misses.length / set.length, misses };
}

describe('search quality: recall@5 on the tuning set', () => {
  it('English rules questions: at least 0.9', () => {
    const r = recall(tuned, 'en', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
  it('Japanese rules questions: at least 0.85', () => {
    const r = recall(tuned, 'ja', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
  });
  it('tournament questions: at least 0.9', () => {
    const r = recall(tuned, 'en', 'tournament');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});

describe('search quality: recall@5 on the held-out set (floors just under today, to catch regressions)', () => {
  it('English rules questions: at least 0.85', () => {
    const r = recall(heldOut, 'en', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
  });
  it('Japanese rules questions: at least 0.9', () => {
    const r = recall(heldOut, 'ja', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
  it('tournament questions: at least 0.88', () => {
    const r = recall(heldOut, 'en', 'tournament');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.88);
  });
});

describe('search quality: recall@5 on the second held-out set (floors just under today)', () => {
  it('English rules questions: at least 0.9', () => {
    const r = recall(heldOut2, 'en', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
  it('Japanese rules questions: at least 0.9', () => {
    const r = recall(heldOut2, 'ja', 'rules');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
  it('tournament questions: at least 0.9', () => {
    const r = recall(heldOut2, 'en', 'tournament');
    expect(r.recall, r.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
