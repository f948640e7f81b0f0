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

/**
 * Card-text phrases the rules explain: what a Comprehensive Rules heading or rule quotes (5-20
 * “If you do” and “Then”; 8-2-3 Effects worded “during this battle”; 10-1-3 “you may”). They are
 * made of stop words wholly or partly, so the word index cannot see them: "if you do" has no search
 * term at all. Each becomes one search term of its own ("phraseifyoudo"), given to the rules that
 * quote it and to a question that uses it, so it weighs by how few rules quote it, like any word.
 * Only phrases with a word the index drops: "Unit cards" is found by its words already.
 */
export interface CardPhrase {
  /** Lower-case words, space-padded, as compared with a question's words. */
  words: string;
  term: string;
  /** One word from a heading (“Then”): used by a question only when it treats it as a name. */
  single: boolean;
}

/** Words as card text spells them: lower case, apostrophes kept ("can’t" is one word). */
function cardWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/’/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/**
 * The phrases each record quotes (record position -> phrases), over the given records. A one-word
 * phrase counts when some heading quotes it (5-20 names “Then”), then in every rule that quotes it.
 */
export function cardPhrasesOf(records: RuleRecord[], include: (r: RuleRecord) => boolean): Map<number, CardPhrase[]> {
  const quotes = (i: number) =>
    [r(i).heading ?? '', r(i).text].flatMap((source, k) =>
      [...source.matchAll(/“([^”]{1,60})”/g)]
        // Placeholders ("choose (something)") and bracketed names are not words a question uses.
        .filter((m) => !/[()（）【<[]/.test(m[1]!))
        .map((m) => ({ words: cardWords(m[1]!), inHeading: k === 0 })),
    );
  const r = (i: number) => records[i]!;
  const headingWords = new Set<string>();
  records.forEach((rec, i) => {
    if (include(rec)) for (const q of quotes(i)) if (q.inHeading && q.words.length === 1) headingWords.add(q.words[0]!);
  });
  const out = new Map<number, CardPhrase[]>();
  records.forEach((rec, i) => {
    if (!include(rec)) return;
    for (const { words } of quotes(i)) {
      const single = words.length === 1;
      if (words.length === 0 || words.length > 6 || (single && !headingWords.has(words[0]!))) continue;
      if (words.every((w) => processEnglish(w) !== null)) continue;
      const term = `phrase${words.join('').replace(/'/g, '')}`;
      const list = out.get(i) ?? [];
      if (!list.some((p) => p.term === term)) list.push({ words: ` ${words.join(' ')} `, term, single });
      out.set(i, list);
    }
  });
  return out;
}

/** Spans of a question inside quotes ('…', "…", “…”), where card text is quoted. */
function quotedSpans(query: string): string {
  const spans: string[] = [];
  for (const m of query.matchAll(/["“]([^"“”]{1,300})["”]|(?<![\w])['‘]([^'‘’]{1,300})['’](?![\w])/g)) spans.push(m[1] ?? m[2]!);
  return ` ${cardWords(spans.join(' | ')).join(' ')} `;
}

/** The phrase terms a question uses: its words in order; a one-word phrase ("then") only inside a quotation of card text. */
export function cardPhraseTerms(query: string, phrases: Iterable<CardPhrase>): string[] {
  const words = ` ${cardWords(query).join(' ')} `;
  let quoted: string | undefined;
  const out = new Set<string>();
  for (const p of phrases) {
    if (out.has(p.term) || !words.includes(p.words)) continue;
    if (p.single && !(quoted ??= quotedSpans(query)).includes(p.words)) continue;
    out.add(p.term);
  }
  return [...out];
}
