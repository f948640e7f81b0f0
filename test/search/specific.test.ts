import { describe, expect, it } from 'vitest';
import type { RuleRecord } from '../../src/corpus/types.js';
import { headingsAfterSubRules, mostSpecificFirst, parentFollows } from '../../src/search/specific.js';

const rec = (id: string, parent: string | null, text: string): RuleRecord =>
  ({ id, document: 'd', language: 'en', version: '1', heading: text ? null : id, path: [], parent, children: [], text, cites: [], repairs: [], restored: false, counterpart: null }) as RuleRecord;

const records = [rec('6-1-1', null, 'A deck has 50 cards.'), rec('6-1-1-2', '6-1-1', 'One or two colors.'), rec('6-1-1-2-1', '6-1-1-2', 'Colorless cards count as none.'), rec('7', null, ''), rec('7-1', '7', 'Start phase.'), rec('2-4', null, 'Colors.')];
const byKey = (_d: string, id: string) => { const i = records.findIndex((r) => r.id === id); return i < 0 ? undefined : i; };

describe('parentFollows: the rule a sub-rule qualifies follows it', () => {
  it('lists the parent right after a top sub-rule, once per sub-rule', () => {
    const hits = [{ i: 2, score: 10 }, { i: 5, score: 9 }, { i: 4, score: 8 }, { i: 1, score: 2 }];
    expect(parentFollows(hits, records, byKey).map((h) => records[h.i]!.id)).toEqual(['6-1-1-2-1', '6-1-1-2', '2-4', '7-1']);
  });
  it('does not pull up a heading without text, a parent that is not a candidate, or an ineligible document', () => {
    const hits = [{ i: 4, score: 10 }, { i: 3, score: 1 }];
    expect(parentFollows(hits, records, byKey).map((h) => h.i)).toEqual([4, 3]);
    expect(parentFollows([{ i: 2, score: 5 }], records, byKey).map((h) => h.i)).toEqual([2]);
    expect(parentFollows([{ i: 2, score: 5 }, { i: 5, score: 4 }, { i: 1, score: 1 }], records, byKey, () => false).map((h) => h.i)).toEqual([2, 5, 1]);
  });
});

describe('mostSpecificFirst: a heading without text gives way to its sub-rule', () => {
  // records[3] is '7', a heading with no text; records[4] its sub-rule '7-1'.
  it('to any sub-rule among the candidates, however far below it scores, when the question asks more than the heading names', () => {
    const ranked = mostSpecificFirst([{ i: 3, score: 10 }, { i: 5, score: 3 }, { i: 4, score: 1 }], records, byKey, () => true);
    expect(ranked.map((h) => records[h.i]!.id)).toEqual(['7-1', '7', '2-4']);
    expect(ranked[1]!.matchedChildren).toEqual([4]);
  });
  it('not when the question only names the heading', () => {
    const ranked = mostSpecificFirst([{ i: 3, score: 10 }, { i: 5, score: 3 }, { i: 4, score: 1 }], records, byKey, () => false);
    expect(ranked.map((h) => records[h.i]!.id)).toEqual(['7', '2-4', '7-1']);
  });
  it('a rule with text keeps its place unless its sub-rule comes close', () => {
    expect(mostSpecificFirst([{ i: 0, score: 10 }, { i: 1, score: 5 }], records, byKey).map((h) => h.i)).toEqual([0, 1]);
    expect(mostSpecificFirst([{ i: 0, score: 10 }, { i: 1, score: 8 }], records, byKey).map((h) => h.i)).toEqual([1, 0]);
  });
});

describe('headingsAfterSubRules: a heading listed after its sub-rule leaves the first five to citable rules', () => {
  it('moves the heading to just after the fifth result, and keeps a heading listed before its sub-rules', () => {
    const more = [rec('1-1', null, 'a'), rec('1-2', null, 'b'), rec('1-3', null, 'c'), rec('1-4', null, 'd')];
    const all = [...records.map((r) => (r.id === '7' ? { ...r, children: ['7-1'] } : r)), ...more];
    const key = (_d: string, id: string) => { const i = all.findIndex((r) => r.id === id); return i < 0 ? undefined : i; };
    const ids = (order: number[]) => headingsAfterSubRules(order.map((i) => ({ i, score: 1 })), all, key).map((h) => all[h.i]!.id);
    // '7' (a heading, position 3) follows its sub-rule '7-1' (4).
    expect(ids([4, 3, 6, 7, 8, 9, 0])).toEqual(['7-1', '1-1', '1-2', '1-3', '1-4', '7', '6-1-1']);
    expect(ids([3, 4, 6])).toEqual(['7', '7-1', '1-1']);
  });
});
