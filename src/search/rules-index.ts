/**
 * Full-text search over rule records, one MiniSearch index per language. Each record is indexed
 * with its heading, its text, the headings above it (so "Damage Step" context reaches 8-5-2-3-1),
 * and, for headings without text of their own, their children's text, and the project's paraphrases
 * of it (corpus/asks: the questions and situations it decides, in players' words).
 */
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type { RuleRecord, Language } from '../corpus/types.js';
import { processEnglish, processJapanese, tokenizeEnglish, tokenizeJapanese } from './text.js';
import { cardPhrasesOf, type CardPhrase } from './phrases.js';
import { ownText } from './specific.js';
import { capQueryTerms, MAX_QUERY_TERMS } from './query-cap.js';

export interface IndexedRule {
  /** Position in the records array the index was built from. */
  i: number;
  heading: string;
  text: string;
  path: string;
  children: string;
  /** The project's paraphrases of the rule (corpus/asks): the situations it decides in players' words. */
  asks: string;
  document: string;
}

const FIELDS = ['heading', 'text', 'path', 'children', 'asks'] as const;

export function miniSearchOptions(language: Language) {
  return {
    idField: 'i',
    fields: [...FIELDS],
    storeFields: [] as string[],
    tokenize: language === 'ja' ? tokenizeJapanese : tokenizeEnglish,
    processTerm: language === 'ja' ? processJapanese : processEnglish,
  };
}

function childText(r: RuleRecord, byKey: Map<string, RuleRecord>): string {
  if (ownText(r) || r.children.length === 0) return '';
  return r.children
    .map((c) => byKey.get(`${r.document}\u0000${c}`))
    .filter((c): c is RuleRecord => !!c)
    .map((c) => c.heading ?? c.text)
    .join(' ')
    .slice(0, 2000);
}

/**
 * What the rules above a record say it is about: their headings, or for a rule that heads others
 * without a heading ("12-3. Team battle rules are for..."), its opening words.
 */
function ancestorContext(r: RuleRecord, byKey: Map<string, RuleRecord>): string {
  const out: string[] = [];
  for (let p = r.parent ? byKey.get(`${r.document}\u0000${r.parent}`) : undefined; p; p = p.parent ? byKey.get(`${p.document}\u0000${p.parent}`) : undefined) {
    out.push(p.heading ?? p.text.split(/\s+/).slice(0, 12).join(' '));
  }
  return out.join(' ');
}

/** `cardText`: the documents whose quoted card-text phrases become search terms (the Comprehensive Rules). */
export function buildRulesIndex(
  records: RuleRecord[],
  language: Language,
  cardText: Set<string> = new Set(),
  asksOf: (r: RuleRecord) => string[] = () => [],
): MiniSearch<IndexedRule> {
  const byKey = new Map(records.map((r) => [`${r.document}\u0000${r.id}`, r]));
  const phrases = language === 'en' ? cardPhrasesOf(records, (r) => cardText.has(r.document)) : new Map<number, CardPhrase[]>();
  const index = new MiniSearch<IndexedRule>(miniSearchOptions(language));
  const docs: IndexedRule[] = [];
  // A section the build split into items (7.4.2 into its infractions) is still found as the whole
  // it was: a question told across several of its items ("forgot a trigger two turns ago") names the
  // section, whose items then follow it (specific.ts).
  const items = (r: RuleRecord) =>
    r.repairs.some((x) => x.kind === 'split-into-items') ? r.children.map((c) => byKey.get(`${r.document}\u0000${c}`)).filter((c): c is RuleRecord => !!c) : [];
  records.forEach((r, i) => {
    if (r.language !== language) return;
    const parts = items(r);
    const own = parts.length ? [ownText(r), ...parts.map((c) => `${c.heading ?? ''} ${c.text}`)].join(' ') : ownText(r);
    docs.push({
      i,
      heading: r.heading ?? '',
      // The card-text phrases it quotes join its text as one search term each (phrases.ts: "phraseifyoudo").
      text: phrases.has(i) ? `${own} ${phrases.get(i)!.map((p) => p.term).join(' ')}` : own,
      path: ancestorContext(r, byKey),
      children: childText(r, byKey),
      asks: [...asksOf(r), ...parts.flatMap(asksOf)].join(' \n '),
      document: r.document,
    });
  });
  index.addAll(docs);
  return index;
}

function dedupe(terms: string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const k = t.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export interface RuleHit {
  i: number;
  score: number;
}

/**
 * Field weights: a heading naming the topic counts most. The path (the headings above a rule) gives
 * a terse sub-rule the words of the topic it belongs to, which a question describing the situation
 * uses ("2-4-3. The color of a Unit… is not affected by…" sits under "Color"); at half a text word.
 * The paraphrases (asks) weigh as much as the rule's text: they carry the players' words and
 * situations the text lacks. Leave-one-set-out on eight blind sets (0.4–3.0), every fold picks 2–3;
 * Japanese is best at 0.8–1.5, and more would lean on our own wording over the rule's
 * (docs/search.md, round six).
 */
const BOOST = { heading: 2.8, text: 1, path: 0.5, children: 0.3, asks: 1 };

/** Words of a query (in order) that may match with a typo. */
const MAX_FUZZY_TERMS = 12;

/** How words match: English words of 6+ letters forgive a typo; the last word may be unfinished. */
export function matchOptions(language: Language): SearchOptions {
  return {
    boost: BOOST,
    combineWith: 'OR',
    // Fuzzy matching is the costly part of a lookup: only a question's first MAX_FUZZY_TERMS words get it,
    // so a query of many long made-up words costs no more than a few ordinary questions.
    fuzzy: (term, i) => (language === 'en' && i < MAX_FUZZY_TERMS && term.length >= 6 && !/\d/.test(term) ? 0.2 : false),
    prefix: (term, i, terms) => language === 'en' && i === terms.length - 1 && term.length >= 4,
    weights: { fuzzy: 0.35, prefix: 0.5 },
  };
}

/**
 * Searches one language's index. `allow` filters by record position (document, game, authority).
 * Query words count fully; `extra`, the rules' words for its players' words (expansionFor), at 0.45.
 */
export function searchRules(
  index: MiniSearch<IndexedRule>,
  query: string,
  extra: string,
  language: Language,
  allow: (i: number) => boolean,
  limit: number,
  weight: (i: number) => number = () => 1,
  termWeight: (term: string) => number = () => 1,
  /** A term's weight in one record (KeywordSenses), when the question needs one. */
  termInRecord?: (i: number, term: string) => number,
): RuleHit[] {
  const process = language === 'ja' ? processJapanese : processEnglish;
  const tokenize = language === 'ja' ? tokenizeJapanese : tokenizeEnglish;
  const own = new Set(tokenize(query).map(process).filter((t): t is string => !!t));
  const expanded = extra ? `${query} ${extra}` : query;
  // Object.assign rather than a spread-then-override literal: per query, and on Node 20 that literal
  // makes the GC promote what it points to.
  const options: SearchOptions = Object.assign(matchOptions(language), {
    // A word asked twice ("2 AP unit -3 AP ... negative AP") counts once: repeats would outweigh
    // the words that make the question. At most MAX_QUERY_TERMS reach the index (query-cap.ts).
    tokenize: (text: string) => capQueryTerms(dedupe(tokenize(text)), process, own, termWeight, MAX_QUERY_TERMS[language]),
    filter: (r: SearchResult) => allow(r.id as number),
    boostTerm: (term: string) => (own.has(term) ? 1 : 0.45) * termWeight(term),
    boostDocument: termInRecord ? (id: unknown, term: string) => weight(id as number) * termInRecord(id as number, term) : (id: unknown) => weight(id as number),
  });
  const results: SearchResult[] = index.search(expanded, options);
  return results.slice(0, limit).map((r) => ({ i: r.id as number, score: r.score }));
}
