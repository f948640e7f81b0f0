/**
 * Tokenizers for the search indexes. English: words (stemmed, stop words dropped) and rule numbers
 * kept whole ("8-5-2-3"). Japanese has no spaces: each run of Japanese script gives its character
 * bigrams plus the words Intl.Segmenter finds (bigrams catch katakana keywords such as リペア that
 * the segmenter splits; segmenter words rank whole-word matches higher). Text is NFKC-normalized
 * first so full-width digits and letters (１, ＡＰ) match their ASCII forms.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/** Words the stop list drops that carry meaning in rules questions ("damage before the enemy"). */
const KEEP = new Set(['before', 'after', 'first', 'second', 'not', 'no', 'up', 'out', 'down', 'off', 'over', 'under', 'again', 'once', 'only', 'same', 'all', 'each', 'both', 'other', 'more', 'most', 'less', 'few', 'own']);
/** Question words that the stop list keeps but never help find a rule. */
const EXTRA_STOP = ['when', 'why', 'will', 'can', 'could', 'would', 'should', 'happens', 'happen', 'does', 'do', 'did', 'get', 'gets', 'work', 'works', 'mean', 'means', 'rule', 'rules', 'use', 'used', 'anything', 'something', 'someone', 'way', 'ways', 'per'];
const STOP = new Set([...eng.filter((w) => !KEEP.has(w)), ...EXTRA_STOP]);

const JA_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc々〆〇]/;
const JA_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc々〆〇]+/g;
const RULE_NUMBER = /\b\d{1,2}(?:-\d{1,2})+\b|\b\d{1,2}(?:\.\d{1,2})+\b/g;

export function hasJapanese(text: string): boolean {
  return JA_CHAR.test(text);
}

export function normalize(text: string): string {
  return text.normalize('NFKC');
}

/** Splits English text into raw terms: rule numbers whole, hyphenated words whole and in parts. */
export function tokenizeEnglish(text: string): string[] {
  const t = normalize(text);
  const out: string[] = [];
  for (const m of t.matchAll(RULE_NUMBER)) out.push(m[0]);
  const rest = t.replace(RULE_NUMBER, ' ');
  for (const w of rest.split(/[^\p{L}\p{N}'’-]+/u)) {
    const word = w.replace(/^['’-]+|['’-]+$/g, '').replace(/['’]s$/, '');
    if (!word) continue;
    if (word.includes('-')) {
      out.push(word);
      for (const part of word.split('-')) if (part) out.push(part);
    } else out.push(word);
  }
  return out;
}

/**
 * Processed terms, remembered: the stemmer is the costly part of tokenizing, and a query's words
 * are processed by several ranking steps and the corpus statistics by every record. Bounded, so
 * arbitrary input cannot grow it without limit.
 */
const processed = new Map<string, string | null>();

/** Lower-cases and stems an English term; drops stop words. Rule numbers pass unchanged. */
export function processEnglish(term: string): string | null {
  let out = processed.get(term);
  if (out !== undefined) return out;
  out = processUncached(term);
  if (processed.size >= 50_000) processed.clear();
  processed.set(term, out);
  return out;
}

function processUncached(term: string): string | null {
  if (/^\d{1,2}(?:[-.]\d{1,2})+$/.test(term)) return term;
  const lower = term.toLowerCase().replace(/[’]/g, "'");
  if (STOP.has(lower)) return null;
  if (/^\d+$/.test(lower)) return lower;
  if (lower.length === 1) return null;
  return stemmer(lower);
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The last few texts tokenized: one question is tokenized by several ranking steps, and the
 * segmenter made that the largest part of a long Japanese query's cost.
 */
const recentJapanese = new Map<string, string[]>();

/** Japanese text to terms: bigrams of each Japanese run, segmenter words, and ASCII words. */
export function tokenizeJapanese(text: string): string[] {
  const known = recentJapanese.get(text);
  if (known) return known.slice();
  const out = tokenizeJapaneseUncached(text);
  if (recentJapanese.size >= 8) recentJapanese.delete(recentJapanese.keys().next().value!);
  recentJapanese.set(text, out);
  return out.slice();
}

function tokenizeJapaneseUncached(text: string): string[] {
  const t = normalize(text);
  const out: string[] = [];
  for (const m of t.matchAll(JA_RUN)) {
    const run = m[0];
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
    for (const s of segmenter.segment(run)) {
      // Words of 3+ characters add a whole-word match on top of their bigrams.
      if (s.isWordLike && s.segment.length >= 3) out.push(s.segment);
    }
  }
  const ascii = t.replace(JA_RUN, ' ');
  for (const w of tokenizeEnglish(ascii)) out.push(w);
  return out;
}

export function processJapanese(term: string): string | null {
  if (hasJapanese(term)) return term;
  return processEnglish(term);
}
