/**
 * Scores rules search on question sets: lenient and strict recall@5, top-1, MRR and (where the
 * question names one) whether the right document family comes first. Shared by tools/search-eval.ts
 * and the quality tests, so the floors and the report measure the same thing.
 */
import type { SearchService } from '../../src/search/service.js';
import { familyFirst, isGoldHit, isStrictHit, type Question } from './gold.js';

export interface Outcome {
  q: Question;
  /** Rank (1-based) of the first lenient / strict hit in the top 5, or 0. */
  lenient: number;
  strict: number;
  family: boolean | undefined;
  ids: string[];
}

export interface Score {
  n: number;
  recall: number;
  top1: number;
  mrr: number;
  /** Over the questions with a strict gold (all of them: strict falls back to gold). */
  strictRecall: number;
  strictTop1: number;
  strictMrr: number;
  /** Over the questions naming a family; null when none does. */
  familyFirst: number | null;
}

export function runQuestion(search: SearchService, q: Question): Outcome {
  const { results } = search.searchRules({ query: q.q, language: q.lang, limit: 5 });
  const rank = (hit: (r: (typeof results)[number]) => boolean) => results.findIndex(hit) + 1;
  return {
    q,
    lenient: rank((r) => isGoldHit(q, r)),
    strict: rank((r) => isStrictHit(q, r)),
    family: familyFirst(q, results),
    ids: results.map((r) => (/floor/.test(r.document) ? `floor:${r.id}` : r.id)),
  };
}

export function score(outcomes: Outcome[]): Score {
  const n = outcomes.length || 1;
  const share = (f: (o: Outcome) => boolean) => outcomes.filter(f).length / n;
  const mrr = (rank: (o: Outcome) => number) => outcomes.reduce((s, o) => s + (rank(o) ? 1 / rank(o) : 0), 0) / n;
  const fam = outcomes.filter((o) => o.family !== undefined);
  return {
    n: outcomes.length,
    recall: share((o) => o.lenient > 0),
    top1: share((o) => o.lenient === 1),
    mrr: mrr((o) => o.lenient),
    strictRecall: share((o) => o.strict > 0),
    strictTop1: share((o) => o.strict === 1),
    strictMrr: mrr((o) => o.strict),
    familyFirst: fam.length ? fam.filter((o) => o.family).length / fam.length : null,
  };
}
