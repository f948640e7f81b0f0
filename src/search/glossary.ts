/**
 * Glossary search in English and Japanese. The entries are the glossary document's terms plus every
 * term the Comprehensive Rules name in a heading (Token, EX Base, 《ブロッカー》, 【起動・メイン】...) or
 * define in their text ("This damage is called battle damage"). Every entry points at the rules that
 * govern it, and at its counterpart in the other language through the rules' own EN↔JA links. A
 * question no term answers ("mulligan") falls back to the rules the rules search finds for it.
 */
import MiniSearch from 'minisearch';
import type { CorpusStore } from '../corpus/store.js';
import type { Language, RuleRecord } from '../corpus/types.js';
import { KEYWORDS } from '../corpus/keywords.js';
import { hasJapanese, processEnglish, processJapanese, tokenizeEnglish, tokenizeJapanese } from './text.js';
import { expandQuery } from './synonyms.js';
import { loadOrBuild } from './persist.js';
import { capQueryTerms, MAX_QUERY_TERMS } from './query-cap.js';

export interface GlossaryEntry {
  /** The entry's record id in `document`: a glossary slug ("link-unit") or a rule number ("5-17"). */
  id: string;
  term: string;
  definition: string;
  category: string | null;
  document: string;
  language: Language;
  /** Comprehensive Rules numbers (in `rules_document`) that define or govern the term. */
  rules: string[];
  rules_document: string;
  /** The same term in the other language's entries, when the rules link it. */
  counterpart: { id: string; term: string | null; document: string } | null;
}

type Indexed = { i: number; term: string; definition: string; category: string };

const OPTIONS = {
  en: { idField: 'i', fields: ['term', 'definition', 'category'], tokenize: tokenizeEnglish, processTerm: processEnglish },
  ja: { idField: 'i', fields: ['term', 'definition', 'category'], tokenize: tokenizeJapanese, processTerm: processJapanese },
};

/** A term as compared: no brackets, parentheses or case ("AP (Attack Points)" -> "ap"). */
function plain(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/\s*[(（][^)）]*[)）]\s*/g, ' ')
    .replace(/[<>【】《》「」“”"]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function stems(s: string): string[] {
  return tokenizeEnglish(plain(s))
    .map(processEnglish)
    .filter((t): t is string => !!t);
}

/** "… is called a Link Unit", "… are referred to as public": terms the rules define in running text. */
const CALLED = /\b(?:called|referred to as)\s+(?:an?\s+|the\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)(?=\s*(?:[,.;]|$|\s+whereas|\s+and\b))/g;

export class GlossarySearch {
  readonly entries: GlossaryEntry[] = [];
  readonly index: MiniSearch<Indexed>;
  readonly indexJa: MiniSearch<Indexed>;
  private readonly byLanguage: Record<Language, number[]> = { en: [], ja: [] };

  constructor(
    private readonly store: CorpusStore,
    /** Rules search for questions no term answers; none when the glossary is built alone (the build step). */
    private readonly fallback?: (query: string, language: Language) => RuleRecord[],
  ) {
    const crEn = store.comprehensiveRules('en').id;
    const crJa = store.comprehensiveRules('ja').id;
    const linked = new Set<string>();
    const glossary = store.documents.find((d) => d.kind === 'glossary' && d.language === 'en');
    for (const r of glossary ? store.recordsOf(glossary.id) : []) {
      if (r.parent === null) continue; // section headings are categories, not terms
      const term = r.heading ?? r.id;
      // A term the rules never name ("Ready") is linked to the rule its definition describes.
      const rule = this.ruleFor(term, crEn) ?? this.fallback?.(`${term}: ${r.text}`, 'en')[0];
      if (rule) linked.add(rule.id);
      const category = store.rule(r.document, r.parent)?.heading ?? null;
      this.add({ id: r.id, term, definition: r.text, category, document: r.document, language: 'en', rules: rule ? this.governing(rule) : [], rules_document: crEn, counterpart: null });
    }
    for (const [cr, language] of [[crEn, 'en'], [crJa, 'ja']] as const) {
      const seen = new Set(this.entries.filter((e) => e.language === language).map((e) => plain(e.term)));
      for (const r of store.recordsOf(cr)) {
        if (!r.heading || r.parent === null || r.id.startsWith('history')) continue;
        if (language === 'en' && linked.has(r.id)) continue; // the glossary's own entry already points here
        if (seen.has(plain(r.heading))) continue;
        seen.add(plain(r.heading));
        const definition = r.text || r.children.map((c) => store.rule(cr, c)?.text ?? '').filter(Boolean).join(' ').slice(0, 600);
        this.add({ id: r.id, term: r.heading, definition, category: this.chapter(r), document: cr, language, rules: this.governing(r), rules_document: cr, counterpart: null });
      }
      if (language !== 'en') continue;
      for (const r of store.recordsOf(cr)) {
        for (const m of r.text.matchAll(CALLED)) {
          const term = m[1]!;
          if (seen.has(plain(term)) || this.entries.some((e) => e.language === 'en' && stems(e.term).join(' ') === stems(term).join(' '))) continue;
          seen.add(plain(term));
          this.add({ id: r.id, term, definition: r.text, category: this.chapter(r), document: cr, language, rules: [r.id], rules_document: cr, counterpart: null });
        }
      }
    }
    this.linkCounterparts();
    this.index = loadOrBuild('glossary', OPTIONS.en, store.fingerprint, () => this.build('en'));
    this.indexJa = loadOrBuild('glossary-ja', OPTIONS.ja, store.fingerprint, () => this.build('ja'));
  }

  private add(e: GlossaryEntry): void {
    this.byLanguage[e.language].push(this.entries.length);
    this.entries.push(e);
  }

  private build(language: Language): MiniSearch<Indexed> {
    const index = new MiniSearch<Indexed>(OPTIONS[language]);
    index.addAll(this.byLanguage[language].map((i) => ({ i, term: plain(this.entries[i]!.term), definition: this.entries[i]!.definition, category: this.entries[i]!.category ?? '' })));
    return index;
  }

  private chapter(r: RuleRecord): string | null {
    return r.path[0]?.replace(/^\d+\.?\s*/, '') ?? null;
  }

  /** A rule and the rules under it: what a reader needs to rule on the term. */
  private governing(r: RuleRecord): string[] {
    return [r.id, ...r.children];
  }

  /**
   * The rule that governs a glossary term: the keyword's own rule; a heading that names it (fewest
   * extra words: "Active" -> "Active and Rested"); the rule that defines it ("called battle damage");
   * else the first rule whose text uses it as a phrase.
   */
  private ruleFor(term: string, cr: string): RuleRecord | undefined {
    const kw = KEYWORDS.find((k) => plain(term) === k.name.toLowerCase());
    if (kw) return this.store.rule(cr, kw.rule);
    const records = this.store.recordsOf(cr).filter((r) => !r.id.startsWith('history'));
    const exact = records.find((r) => r.heading && plain(r.heading) === plain(term));
    if (exact) return exact;
    const want = stems(term);
    if (want.length === 0) return undefined;
    let best: RuleRecord | undefined;
    let bestExtra = Infinity;
    for (const r of records) {
      if (!r.heading || r.parent === null) continue;
      const h = stems(r.heading);
      if (!want.every((w) => h.includes(w))) continue;
      if (h.length - want.length < bestExtra) {
        best = r;
        bestExtra = h.length - want.length;
      }
    }
    if (best) return best;
    const phrase = ` ${want.join(' ')} `;
    const uses = records.filter((r) => ` ${stems(r.text).join(' ')} `.includes(phrase));
    return uses.find((r) => [...r.text.matchAll(CALLED)].some((m) => stems(m[1]!).join(' ') === want.join(' '))) ?? uses[0];
  }

  /** Each entry's counterpart: the entry in the other language whose rule is its rule's counterpart. */
  private linkCounterparts(): void {
    const byRule = new Map<string, GlossaryEntry>();
    for (const e of this.entries) {
      const k = `${e.rules_document}\u0000${e.rules[0]}`;
      if (e.rules[0] && !byRule.has(k)) byRule.set(k, e);
    }
    for (const e of this.entries) {
      const rule = e.rules[0] ? this.store.rule(e.rules_document, e.rules[0]) : undefined;
      if (!rule?.counterpart) continue;
      const other = byRule.get(`${rule.counterpart.document}\u0000${rule.counterpart.id}`);
      // No entry for it in the other language: the counterpart rule itself.
      e.counterpart = other
        ? { id: other.id, term: other.term, document: other.document }
        : { id: rule.counterpart.id, term: this.store.rule(rule.counterpart.document, rule.counterpart.id)?.heading ?? null, document: rule.counterpart.document };
    }
  }

  search(query: string, limit: number, language?: Language): GlossaryEntry[] {
    const lang: Language = language ?? (hasJapanese(query) ? 'ja' : 'en');
    const pool = this.byLanguage[lang].map((i) => this.entries[i]!);
    const out: GlossaryEntry[] = [];
    const push = (e: GlossaryEntry) => {
      if (!out.includes(e)) out.push(e);
    };
    // Terms the question names, longest first: "EX Base" before "Base", "Link Unit" before "Unit".
    for (const e of this.named(query, pool, lang)) push(e);
    if (out.length === 0 && this.fallback) {
      // No term named: the rules that answer the question, as entries (not the changelog's
      // "Ver. 1.3.0 Update" records, which a rules search can find but which define no term).
      for (const r of this.fallback(query, lang).filter((r) => !r.id.startsWith('history')).slice(0, 2)) push(this.fromRule(r, lang));
    }
    const extra = lang === 'en' ? expandQuery(query) : '';
    const own = new Set(stems(query));
    const { tokenize, processTerm } = OPTIONS[lang];
    const hits = (lang === 'en' ? this.index : this.indexJa).search(extra ? `${query} ${extra}` : query, {
      // At most MAX_QUERY_TERMS distinct terms reach the index (query-cap.ts), the question's own first.
      tokenize: (text) => capQueryTerms(tokenize(text), processTerm, own, () => 1, MAX_QUERY_TERMS[lang]),
      boost: { term: 3, definition: 1, category: 0.3 },
      prefix: (t, i, all) => lang === 'en' && i === all.length - 1 && t.length >= 3,
      fuzzy: (t) => (lang === 'en' && t.length >= 6 ? 0.2 : false),
      boostTerm: (t) => (extra && !own.has(t) ? 0.4 : 1),
    });
    for (const h of hits) push(this.entries[h.id as number]!);
    return out.slice(0, limit);
  }

  private named(query: string, pool: GlossaryEntry[], lang: Language): GlossaryEntry[] {
    if (lang === 'ja') {
      // Japanese has no spaces to rely on: "EXベース" is the term "EX ベース".
      const q = plain(query).replace(/\s+/g, '');
      const t = (e: GlossaryEntry) => plain(e.term).replace(/\s+/g, '');
      const found = pool.filter((e) => {
        const t = plain(e.term).replace(/\s+/g, '');
        return t.length >= 1 && (q.includes(t) ? t.length >= 2 || q === t : q.length >= 2 && t.includes(q));
      });
      // Whole terms inside the question before terms the question is part of; longer first.
      const inside = (e: GlossaryEntry) => Number(q.includes(t(e)));
      return found.sort((a, b) => inside(b) - inside(a) || t(b).length - t(a).length);
    }
    const q = ` ${stems(query).join(' ')} `;
    return pool
      .map((e) => ({ e, s: stems(e.term) }))
      .filter(({ s }) => s.length > 0 && q.includes(` ${s.join(' ')} `))
      .sort((a, b) => b.s.length - a.s.length || Number(b.e.document.includes('glossary')) - Number(a.e.document.includes('glossary')))
      .map(({ e }) => e);
  }

  private fromRule(r: RuleRecord, lang: Language): GlossaryEntry {
    const existing = this.entries.find((e) => e.document === r.document && e.id === r.id && e.language === lang);
    if (existing) return existing;
    const cp = r.counterpart ? this.store.rule(r.counterpart.document, r.counterpart.id) : undefined;
    // A rule without a heading is named by the nearest heading above it: "Before the Game (6-2-1-6)".
    const above = [...r.path].reverse().map((p) => /^[\d-]+\.\s+(.+)$/.exec(p)?.[1]).find(Boolean);
    return {
      id: r.id,
      term: r.heading ?? (above ? `${above} (${r.id})` : r.id),
      definition: r.text,
      category: this.chapter(r),
      document: r.document,
      language: lang,
      rules: this.governing(r),
      rules_document: r.document,
      counterpart: cp ? { id: cp.id, term: cp.heading, document: cp.document } : null,
    };
  }
}
