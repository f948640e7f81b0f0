/**
 * Glossary search: the glossary's terms and the Comprehensive Rules' keyword explanations (13-1
 * keyword effects and 13-2 keywords), each pointing at the rules that define it.
 */
import MiniSearch from 'minisearch';
import type { CorpusStore } from '../corpus/store.js';
import type { RuleRecord } from '../corpus/types.js';
import { KEYWORDS } from '../corpus/keywords.js';
import { processEnglish, tokenizeEnglish } from './text.js';
import { expandQuery } from './synonyms.js';
import { loadOrBuild } from './persist.js';

export interface GlossaryEntry {
  id: string;
  term: string;
  definition: string;
  category: string | null;
  document: string;
  /** Comprehensive Rules numbers that define or govern the term. */
  rules: string[];
}

const GLOSSARY_OPTIONS = { idField: 'i', fields: ['term', 'definition', 'category'], tokenize: tokenizeEnglish, processTerm: processEnglish };

function plain(s: string): string {
  return s.replace(/[<>【】]/g, '').trim().toLowerCase();
}

export class GlossarySearch {
  readonly entries: GlossaryEntry[] = [];
  readonly index: MiniSearch<{ i: number; term: string; definition: string; category: string }>;

  constructor(store: CorpusStore) {
    const cr = store.comprehensiveRules('en').id;
    const crRecords = store.recordsOf(cr);
    const headed = new Map<string, RuleRecord>();
    for (const r of crRecords) if (r.heading) headed.set(plain(r.heading), r);
    const glossary = store.documents.find((d) => d.kind === 'glossary' && d.language === 'en');
    for (const r of glossary ? store.recordsOf(glossary.id) : []) {
      if (r.parent === null) continue; // section headings are categories, not terms
      const term = r.heading ?? r.id;
      const kw = KEYWORDS.find((k) => plain(term) === k.name.toLowerCase());
      const rule = kw ? kw.rule : headed.get(plain(term))?.id;
      const category = r.parent ? store.rule(r.document, r.parent)?.heading ?? null : null;
      this.entries.push({ id: r.id, term, definition: r.text, category, document: r.document, rules: rule ? [rule] : [] });
    }
    // Keyword explanations straight from the rules: 13-1-N (keyword effects) and 13-2-N (keywords).
    for (const r of crRecords) {
      if (!/^13-[12]-\d+$/.test(r.id) || !r.heading) continue;
      const definition = r.children.map((c) => store.rule(cr, c)?.text ?? '').filter(Boolean).join(' ');
      this.entries.push({ id: `rule-${r.id}`, term: r.heading, definition, category: store.rule(cr, r.parent ?? '')?.heading ?? null, document: cr, rules: [r.id, ...r.children] });
    }
    this.index = loadOrBuild('glossary', GLOSSARY_OPTIONS, store.fingerprint, () => {
      const index = new MiniSearch<{ i: number; term: string; definition: string; category: string }>(GLOSSARY_OPTIONS);
      index.addAll(this.entries.map((e, i) => ({ i, term: e.term, definition: e.definition, category: e.category ?? '' })));
      return index;
    });
  }

  search(query: string, limit: number): GlossaryEntry[] {
    const want = plain(query);
    const exact = this.entries.filter((e) => plain(e.term) === want);
    const extra = expandQuery(query);
    const hits = this.index.search(extra ? `${query} ${extra}` : query, {
      boost: { term: 3, definition: 1, category: 0.3 },
      prefix: (t, i, all) => i === all.length - 1 && t.length >= 3,
      fuzzy: (t) => (t.length >= 6 ? 0.2 : false),
    });
    const out = [...exact];
    for (const h of hits) {
      const e = this.entries[h.id as number]!;
      if (!out.includes(e)) out.push(e);
    }
    return out.slice(0, limit);
  }
}
