/**
 * For questions made almost entirely of stop words ("What does If you do mean?"), word search has
 * nothing to go on: look for the question's own phrases, verbatim, in headings and text instead.
 */
import type { RuleRecord } from '../corpus/types.js';
import { processEnglish, tokenizeEnglish } from './text.js';

/** Openers that say nothing about the rule asked for. */
const FILLER = /^(?:what|how|when|why|where|who|which|does|do|is|are|can|could|would|should|i|my|the|a|an|mean|means|on|in|of|to|card)$/;

export function phraseHits(query: string, records: RuleRecord[], allowed: Set<string>, max = 3): number[] {
  const content = tokenizeEnglish(query).map(processEnglish).filter((t) => t && !/^(?:card|mean)$/.test(t));
  if (content.length > 1) return [];
  const words = query.toLowerCase().replace(/[“”"'’?!.,:;()]/g, ' ').split(/\s+/).filter(Boolean);
  const grams: string[] = [];
  for (let n = Math.min(4, words.length); n >= 2; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const g = words.slice(i, i + n);
      if (g.every((w) => FILLER.test(w))) continue;
      grams.push(` ${g.join(' ')} `);
    }
  }
  if (grams.length === 0) return [];
  const out: { i: number; rank: number }[] = [];
  records.forEach((r, i) => {
    if (!allowed.has(r.document)) return;
    const heading = ` ${(r.heading ?? '').toLowerCase().replace(/[“”"'’?!.,:;()]/g, ' ').replace(/\s+/g, ' ')} `;
    const text = ` ${r.text.toLowerCase().replace(/[“”"'’?!.,:;()]/g, ' ').replace(/\s+/g, ' ')} `;
    const g = grams.find((x) => heading.includes(x) || text.includes(x));
    if (g) out.push({ i, rank: (heading.includes(g) ? 10 : 0) + g.split(' ').length });
  });
  return out.sort((a, b) => b.rank - a.rank).slice(0, max).map((x) => x.i);
}
