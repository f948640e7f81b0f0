/** The bound on the terms one query sends to MiniSearch (query-cap.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capQueryTerms, MAX_QUERY_TERMS } from '../../src/search/query-cap.js';
import { processEnglish, processJapanese, tokenizeJapanese } from '../../src/search/text.js';
import { loadCorpus } from '../../src/corpus/load.js';
import { hostileQueries } from '../../tools/hostile-queries.js';

const distinct = (tokens: string[], process: (t: string) => string | null) => new Set(tokens.map(process).filter(Boolean)).size;

describe('capQueryTerms', () => {
  it('leaves a query within the cap unchanged and cuts any other to the cap', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{2,8}$/), { maxLength: 120 }), fc.integer({ min: 1, max: 40 }), (tokens, max) => {
        const out = capQueryTerms(tokens, processEnglish, new Set(), () => 1, max);
        if (distinct(tokens, processEnglish) <= max) expect(out).toEqual(tokens);
        else expect(distinct(out, processEnglish)).toBe(max);
        // Order is kept: what remains is a subsequence of the query.
        let at = 0;
        for (const t of out) at = tokens.indexOf(t, at) + 1;
        expect(at).toBeGreaterThan(out.length ? 0 : -1);
      }),
    );
  });

  it('keeps the question\'s own terms before its expansion\'s, and rarer terms before common ones', () => {
    const tokens = ['common', 'rare', 'extra', 'own'];
    const weight = (t: string) => (t === 'rare' ? 2 : 0.5);
    expect(capQueryTerms(tokens, (t) => t, new Set(['common', 'rare', 'own']), weight, 1)).toEqual(['rare']);
    expect(capQueryTerms(tokens, (t) => t, new Set(['rare', 'own']), weight, 2)).toEqual(['rare', 'own']);
    expect(capQueryTerms(tokens, (t) => t, new Set(['common', 'rare', 'own']), weight, 3)).toEqual(['common', 'rare', 'own']);
  });

  it('bounds every query of the hostile pool (500-character mixes of English and Japanese rule words)', () => {
    const queries = hostileQueries(loadCorpus().records, 50);
    expect(queries.every((q) => q.length >= 450)).toBe(true);
    for (const q of queries) {
      const tokens = tokenizeJapanese(q);
      expect(distinct(tokens, processJapanese)).toBeGreaterThan(MAX_QUERY_TERMS.ja);
      expect(distinct(capQueryTerms(tokens, processJapanese, new Set(), () => 1, MAX_QUERY_TERMS.ja), processJapanese)).toBe(MAX_QUERY_TERMS.ja);
    }
  });
});
