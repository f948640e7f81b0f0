/**
 * Phrases looked for verbatim in headings and text, ahead of the word search: what a question puts
 * in quotes ('If you do' and 'Then'), and, for a question made almost entirely of stop words
 * ("What does If you do mean?") where word search has nothing to go on, its own phrases.
 */
import type { RuleRecord } from '../corpus/types.js';
import { processEnglish, tokenizeEnglish } from './text.js';

/** Openers that say nothing about the rule asked for. */
const FILLER = /^(?:what|how|when|why|where|who|which|does|do|is|are|can|could|would|should|i|my|the|a|an|mean|means|on|in|of|to|card)$/;

/** Words of a query looked at for its own phrases (each costs a scan of the corpus per n-gram). */
const MAX_PHRASE_WORDS = 12;

/** Lower case without quotes and punctuation, so phrases compare word for word. */
function flatten(s: string): string {
  return s.toLowerCase().replace(/[“”"'’?!.,:;()]/g, ' ');
}

/** Each record's heading and text flattened and space-padded, once per records array (not per query). */
const flattened = new WeakMap<RuleRecord[], { heading: string; text: string }[]>();
function flatRecords(records: RuleRecord[]): { heading: string; text: string }[] {
  let flat = flattened.get(records);
  if (!flat) {
    flat = records.map((r) => ({ heading: ` ${flatten(r.heading ?? '').replace(/\s+/g, ' ')} `, text: ` ${flatten(r.text).replace(/\s+/g, ' ')} ` }));
    flattened.set(records, flat);
  }
  return flat;
}

/** Phrases the question puts in quotes: 'If you do', “during this turn”. */
function quoted(query: string): string[] {
  const out: string[] = [];
  // Single quotes only around whole words, so apostrophes ("opponent's") do not open a quote.
  for (const m of query.matchAll(/["“]([^"“”]{2,60})["”]|(?<![\w])['‘]([^'‘’]{2,60})['’](?![\w])/g)) {
    // Flattened like the records, so an apostrophe inside ("opponent’s shield area") still matches.
    const words = flatten(m[1] ?? m[2]!).split(/\s+/).filter(Boolean);
    if (words.length >= 2 && words.length <= 8) out.push(` ${words.join(' ')} `);
  }
  return out;
}

export function phraseHits(query: string, records: RuleRecord[], allowed: Set<string>, max = 3): number[] {
  const content = tokenizeEnglish(query).map(processEnglish).filter((t) => t && !/^(?:card|mean)$/.test(t));
  const quotes = quoted(query);
  if (content.length > 1 && quotes.length === 0) return [];
  // A question of stop words is short: its first MAX_PHRASE_WORDS words are enough, and a query of
  // hundreds of one-letter words must not cost hundreds of phrase scans of the corpus.
  const words = flatten(query).split(/\s+/).filter(Boolean).slice(0, MAX_PHRASE_WORDS);
  // Quoted phrases are looked for as they are; a question of stop words is looked for by its own phrases.
  const grams: string[] = [...quotes];
  for (let n = Math.min(4, words.length); n >= 2 && content.length <= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const g = words.slice(i, i + n);
      if (g.every((w) => FILLER.test(w))) continue;
      grams.push(` ${g.join(' ')} `);
    }
  }
  if (grams.length === 0) return [];
  const out: { i: number; rank: number }[] = [];
  const flat = flatRecords(records);
  records.forEach((r, i) => {
    if (!allowed.has(r.document)) return;
    const { heading, text } = flat[i]!;
    const g = grams.find((x) => heading.includes(x) || text.includes(x));
    if (g) out.push({ i, rank: (heading.includes(g) ? 10 : 0) + g.split(' ').length });
  });
  return out.sort((a, b) => b.rank - a.rank).slice(0, max).map((x) => x.i);
}
