/**
 * The bound on what one query may ask of MiniSearch. A search costs about the sum of its terms'
 * posting lists, so a 500-character mix of corpus words (hundreds of distinct terms, Japanese
 * bigrams among them) cost as much as a hundred questions. Past MAX_QUERY_TERMS distinct terms, the
 * query keeps its own words before the expansion's (synonyms.ts) and, among each, the rarest first:
 * those decide a question, and they are the cheapest to look up. A query within the cap (all but
 * 17 of the evaluation sets' 1,944 questions) reaches MiniSearch unchanged.
 */
import type { Language } from '../corpus/types.js';

/**
 * Distinct terms one search sends to MiniSearch, by language. The evaluation sets' 1,944 questions
 * have at most 32 in English and 80 in Japanese (bigrams), where 17 have more than 64; every quality
 * floor holds at these caps (at 40 for Japanese one does not).
 */
export const MAX_QUERY_TERMS: Record<Language, number> = { en: 32, ja: 64 };

/**
 * `tokens` (raw, in query order) cut to at most `max` distinct processed terms. `own` holds the
 * processed terms of the question itself (the rest came from its expansion); `weight` is a processed
 * term's weight, higher for rarer terms. Order is kept: MiniSearch gives the first words fuzzy
 * matching and the last one prefix matching.
 */
export function capQueryTerms(
  tokens: string[],
  process: (term: string) => string | null,
  own: ReadonlySet<string>,
  weight: (term: string) => number,
  max: number,
): string[] {
  const first = new Map<string, number>();
  tokens.forEach((t, i) => {
    const p = process(t);
    if (p && !first.has(p)) first.set(p, i);
  });
  if (first.size <= max) return tokens;
  const keep = new Set(
    [...first.keys()]
      .map((term, order) => ({ term, order, own: own.has(term) ? 1 : 0, w: weight(term) }))
      .sort((a, b) => b.own - a.own || b.w - a.w || a.order - b.order)
      .slice(0, max)
      .map((x) => x.term),
  );
  return tokens.filter((t, i) => {
    const p = process(t);
    return p !== null && keep.has(p) && first.get(p) === i;
  });
}
