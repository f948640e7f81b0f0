/**
 * Hostile search queries for the bench (and the search cost test): 500-character mixes of English and
 * Japanese words taken from the Comprehensive Rules themselves, so nearly every term is a real index
 * term with postings, many distinct, drawn with a fixed seed so every run measures the same pool.
 */
import type { RuleRecord } from '../src/corpus/types.js';

/** mulberry32: a small seeded generator, so the pool is the same in every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The distinct words of the rules' text: English words of 3+ letters, Japanese runs cut to 2-6 characters. */
export function corpusWords(records: readonly RuleRecord[]): { en: string[]; ja: string[] } {
  const en = new Set<string>();
  const ja = new Set<string>();
  for (const r of records) {
    const text = `${r.heading ?? ''} ${r.text}`;
    if (r.language === 'en') for (const w of text.match(/[A-Za-z]{3,}/g) ?? []) en.add(w.toLowerCase());
    else for (const run of text.match(/[\u3040-\u30ff\u4e00-\u9fff]{2,}/g) ?? []) ja.add(run.slice(0, 6));
  }
  return { en: [...en].sort(), ja: [...ja].sort() };
}

/** `count` queries of about `length` characters, English and Japanese words in random alternation. */
export function hostileQueries(records: readonly RuleRecord[], count = 200, length = 500, seed = 19): string[] {
  const { en, ja } = corpusWords(records);
  const rand = seeded(seed);
  const pick = (xs: string[]) => xs[Math.floor(rand() * xs.length)]!;
  const out: string[] = [];
  for (let q = 0; q < count; q++) {
    let s = '';
    while (s.length < length) s += `${rand() < 0.5 ? pick(en) : pick(ja)} `;
    out.push(s.slice(0, length).trim());
  }
  return out;
}
