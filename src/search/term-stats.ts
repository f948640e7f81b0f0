/**
 * What this corpus says about words, for weighing a question's words: how many rules use each term
 * (its discriminative power: "concede" names one rule, "unit" hundreds), and which adjacent term
 * pairs the rules use (multi-word concepts: "battle damage", "removal area", "same time"), so a
 * question's pairs count only where a rule has them side by side. Computed once per language.
 */
import type { Language, RuleRecord } from '../corpus/types.js';
import { processEnglish, processJapanese, tokenizeEnglish, tokenizeJapanese } from './text.js';

/** What the build stores (dist/data) so a server does not tokenize the corpus again at start. */
export interface TermStatsData {
  n: number;
  df: [string, number][];
  pairs: [number, string[]][];
}

export function computeTermStats(records: RuleRecord[], language: Language): TermStatsData {
  const df = new Map<string, number>();
  const pairs: [number, string[]][] = [];
  let n = 0;
  records.forEach((r, i) => {
    if (r.language !== language) return;
    n++;
    for (const t of new Set(termsOf(`${r.heading ?? ''} ${r.text}`, language))) df.set(t, (df.get(t) ?? 0) + 1);
    if (language === 'en') pairs.push([i, [...new Set(adjacentPairs(`${r.heading ?? ''}. ${r.text}`))]]);
  });
  return { n, df: [...df], pairs };
}

export class TermStats {
  readonly n: number;
  private readonly df: Map<string, number>;
  /** Per record position: its adjacent term pairs ("battl damag"), English only. */
  readonly pairs = new Map<number, Set<string>>();
  private readonly pairDf = new Map<string, number>();
  private readonly median: number;

  constructor(data: TermStatsData) {
    this.n = data.n;
    this.df = new Map(data.df);
    for (const [i, list] of data.pairs) {
      this.pairs.set(i, new Set(list));
      for (const p of list) this.pairDf.set(p, (this.pairDf.get(p) ?? 0) + 1);
    }
    const idfs = [...this.df.values()].map((d) => this.idfOf(d)).sort((a, b) => a - b);
    this.median = idfs[Math.floor(idfs.length / 2)] ?? 1;
  }

  private idfOf(df: number): number {
    return Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
  }

  /** Whether some rule uses the term. */
  has(term: string): boolean {
    return this.df.has(term);
  }

  idf(term: string): number {
    return this.idfOf(this.df.get(term) ?? 0);
  }

  /**
   * How much a query term should count relative to a typical one: rare terms more, terms that half
   * the rules use much less. BM25 already weighs by IDF inside each field; this sharpens it across
   * the question, so one deciding word outweighs several incidental ones.
   */
  weight(term: string, sharpness: number): number {
    if (!this.df.has(term)) return 1;
    return Math.min(2.5, Math.max(0.15, (this.idf(term) / this.median) ** sharpness));
  }

  /** A question's adjacent term pairs that some rule also has side by side, with their IDF. */
  conceptPairs(query: string): { pair: string; idf: number }[] {
    const out: { pair: string; idf: number }[] = [];
    for (const p of new Set(adjacentPairs(query))) {
      const df = this.pairDf.get(p);
      if (df && df <= this.n / 4) out.push({ pair: p, idf: this.idfOf(df) });
    }
    return out;
  }
}

function termsOf(text: string, language: Language): string[] {
  const tokens = language === 'ja' ? tokenizeJapanese(text) : tokenizeEnglish(text);
  const process = language === 'ja' ? processJapanese : processEnglish;
  return tokens.map(process).filter((t): t is string => !!t);
}

/**
 * Adjacent content terms within a sentence, stop words skipped but sentence and clause breaks kept
 * ("at the same time" -> "same time"; "damage. Battle" is no pair).
 */
export function adjacentPairs(text: string): string[] {
  const out: string[] = [];
  for (const clause of text.split(/[.,;:?!()"“”\n]+/)) {
    const terms = tokenizeEnglish(clause)
      .filter((t) => !t.includes('-') || /^\d/.test(t))
      .map(processEnglish)
      .filter((t): t is string => !!t && !/^\d/.test(t));
    for (let i = 0; i + 1 < terms.length; i++) if (terms[i] !== terms[i + 1]) out.push(`${terms[i]} ${terms[i + 1]}`);
  }
  return out;
}
