/**
 * Named concepts: a rule whose heading names something ("Damage Step", "Removal Area", "<Blocker>",
 * "【Attack】") is where that thing is defined. When a query names it, that rule is boosted. Generic
 * one-word headings ("Hand", "Play") only count when the query treats them as a name: bracketed,
 * capitalized mid-sentence, or followed by "effect"/"timing"/"keyword".
 */
import type { RuleRecord } from '../corpus/types.js';
import { processEnglish, tokenizeEnglish } from './text.js';

interface Concept {
  words: string[];
  record: number;
  /** Keyword and timing headings (<Blocker>, 【Attack】) are names even as one word. */
  keyword: boolean;
}

function stems(text: string): string[] {
  return tokenizeEnglish(text)
    .filter((t) => !t.includes('-') || /^\d/.test(t))
    .map((t) => processEnglish(t))
    .filter((t): t is string => !!t);
}

export class ConceptIndex {
  private readonly concepts: Concept[] = [];
  /** Concepts by their first word, so a query only checks the concepts it could name. */
  private readonly byFirstWord = new Map<string, Concept[]>();

  constructor(records: RuleRecord[], documents: Set<string>) {
    records.forEach((r, i) => {
      if (!documents.has(r.document) || !r.heading) return;
      const keyword = /^[<【]/.test(r.heading);
      const words = stems(r.heading.replace(/[<>【】]/g, ' '));
      if (words.length === 0) return;
      const concept = { words, record: i, keyword };
      this.concepts.push(concept);
      const list = this.byFirstWord.get(words[0]!) ?? [];
      list.push(concept);
      this.byFirstWord.set(words[0]!, list);
    });
  }

  /** Records whose heading the query names, and (separately) their descendants. */
  namedWithin(query: string, records: RuleRecord[], byKey: (document: string, id: string) => number | undefined): { named: Set<number>; within: Set<number> } {
    const named = this.named(query);
    const within = new Set<number>();
    const visit = (i: number) => {
      const r = records[i]!;
      for (const c of r.children) {
        const k = byKey(r.document, c);
        if (k !== undefined && !within.has(k)) {
          within.add(k);
          visit(k);
        }
      }
    };
    for (const i of named) visit(i);
    return { named, within };
  }

  /** Records whose heading the query names. */
  named(query: string): Set<number> {
    const q = stems(query);
    const out = new Set<number>();
    if (q.length === 0) return out;
    const joined = ` ${q.join(' ')} `;
    const candidates = new Set<Concept>();
    for (const w of q) for (const c of this.byFirstWord.get(w) ?? []) candidates.add(c);
    for (const c of candidates) {
      const phrase = ` ${c.words.join(' ')} `;
      if (!joined.includes(phrase)) continue;
      if (c.words.length >= 2 || (c.keyword && this.treatedAsName(query, c))) out.add(c.record);
    }
    return out;
  }

  private treatedAsName(query: string, c: Concept): boolean {
    const word = c.words[0]!;
    for (const m of query.matchAll(/[【<]?\b([A-Za-z][A-Za-z-]*)\b[】>]?(\s+(?:effects?|timing|keywords?|abilit(?:y|ies)|triggers?))?/g)) {
      if (processEnglish(m[1]!) !== word) continue;
      const bracketed = /^[【<]/.test(m[0]);
      const capitalizedMidSentence = /^[A-Z]/.test(m[1]!) && m.index! > 0;
      if (bracketed || capitalizedMidSentence || m[2]) return true;
    }
    return false;
  }
}
