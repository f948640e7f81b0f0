/**
 * Words read in the wrong sense. A keyword's name is made of ordinary words (<First Strike>,
 * 【Once per Turn】, 【Activate･Main】), and the rules that define or mention the keyword use those
 * words as its name: in them "first" means First Strike and "once" means Once per Turn. A question
 * that says "who picks first" or "blocker once per attack" uses the word in its everyday sense, so
 * when a question has some of a keyword name's words but not all, those words do not count for
 * the keyword's rules (its section, and every rule that names it in brackets).
 *
 * Built from the corpus: the names are the keyword headings (<…> and 【…】) of the documents given;
 * only names of two or more search terms can be named in part.
 */
import type { RuleRecord } from '../corpus/types.js';
import { processEnglish, tokenizeEnglish } from './text.js';

interface KeywordName {
  terms: string[];
  /** Per term, the record positions where it means the keyword: the name's section, and the rules that use the word only inside the bracketed name. */
  records: Map<string, Set<number>>;
}

/** A name's search terms; a hyphenated word counts by its parts ("High-Maneuver": high, maneuver). */
function termsOf(text: string): string[] {
  return [...new Set(tokenizeEnglish(text).filter((t) => !t.includes('-')).map(processEnglish).filter((t): t is string => !!t))];
}

/** Whether every use of the term in the text is inside the bracketed name. */
function onlyInName(text: string, bracketed: string[], term: string): boolean {
  let rest = text;
  for (const b of bracketed) rest = rest.split(b).join(' ');
  return !termsOf(rest).includes(term);
}

/** What the build stores (dist/data): each name's terms and, per term, the records where it means the keyword. */
export type SensesData = { terms: string[]; records: [string, number[]][] }[];

export function computeSenses(records: RuleRecord[], documents: Set<string>, byKey: (document: string, id: string) => number | undefined): SensesData {
  const out: SensesData = [];
  records.forEach((r, i) => {
    if (!documents.has(r.document) || !r.heading) return;
    const m = /^[<【]([^>】]+)[>】]$/.exec(r.heading.replace(/\\/g, '').trim());
    if (!m) return;
    const terms = termsOf(m[1]!);
    if (terms.length < 2) return;
    const inSection = new Set<number>();
    const visit = (k: number) => {
      inSection.add(k);
      const rec = records[k]!;
      for (const c of rec.children) {
        const ck = byKey(rec.document, c);
        if (ck !== undefined && !inSection.has(ck)) visit(ck);
      }
    };
    visit(i);
    // Rules elsewhere that name it ("If the attacking Unit has <First Strike>"), for the words
    // they use only inside the name (9-2 names 【Activate･Action】 but is also about the action step).
    const bracketed = [`<${m[1]}>`, `【${m[1]}】`];
    const byTerm = new Map(terms.map((t) => [t, new Set(inSection)]));
    records.forEach((o, k) => {
      if (inSection.has(k) || !documents.has(o.document) || !bracketed.some((b) => o.text.includes(b))) return;
      for (const t of terms) if (onlyInName(o.text, bracketed, t)) byTerm.get(t)!.add(k);
    });
    out.push({ terms, records: [...byTerm].map(([t, set]) => [t, [...set]]) });
  });
  return out;
}

export class KeywordSenses {
  private readonly names: KeywordName[];

  constructor(data: SensesData) {
    this.names = data.map((n) => ({ terms: n.terms, records: new Map(n.records.map(([t, list]) => [t, new Set(list)])) }));
  }

  /**
   * For a question's own terms: the weight of a term for a record, 0 where the term is part of a
   * keyword name the question names only in part and the record uses that name; undefined when the
   * question names no keyword in part (the common case costs nothing).
   */
  forQuery(asked: Set<string>): ((i: number, term: string) => number) | undefined {
    const partial: KeywordName[] = [];
    for (const n of this.names) {
      const has = n.terms.filter((t) => asked.has(t)).length;
      if (has > 0 && has < n.terms.length) partial.push(n);
    }
    if (partial.length === 0) return undefined;
    const off = new Map<string, Set<number>[]>();
    for (const n of partial) for (const t of n.terms) if (asked.has(t)) off.set(t, [...(off.get(t) ?? []), n.records.get(t)!]);
    return (i, term) => (off.get(term)?.some((s) => s.has(i)) ? 0 : 1);
  }
}
