/**
 * Each rule's processed terms (its heading and text, as the index tokenizes them), made on first
 * use and kept: ranking steps after the index ask which of the question's words a candidate rule
 * itself has, which the index's scores do not say (they add up heading, text, ancestor headings and
 * children alike).
 */
import type { Language, RuleRecord } from '../corpus/types.js';
import { processEnglish, processJapanese, tokenizeEnglish, tokenizeJapanese } from './text.js';

export interface RecordTerms {
  /** Heading and text terms in order. */
  seq: string[];
  all: Set<string>;
  heading: Set<string>;
}

export class RecordTermsCache {
  private readonly cache = new Map<number, RecordTerms>();
  private readonly process: (t: string) => string | null;
  private readonly tokenize: (t: string) => string[];

  constructor(
    private readonly records: RuleRecord[],
    language: Language,
  ) {
    this.process = language === 'ja' ? processJapanese : processEnglish;
    this.tokenize = language === 'ja' ? tokenizeJapanese : tokenizeEnglish;
  }

  /** A text's processed terms, in order (stop words dropped). */
  terms(text: string): string[] {
    const out: string[] = [];
    for (const t of this.tokenize(text)) {
      const p = this.process(t);
      if (p) out.push(p);
    }
    return out;
  }

  of(i: number): RecordTerms {
    let r = this.cache.get(i);
    if (!r) {
      const rec = this.records[i]!;
      const seq = this.terms(`${rec.heading ?? ''} ${rec.text}`);
      r = { seq, all: new Set(seq), heading: new Set(this.terms(rec.heading ?? '')) };
      this.cache.set(i, r);
    }
    return r;
  }
}
