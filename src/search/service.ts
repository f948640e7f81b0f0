/**
 * Search over the corpus as the tools need it: which documents a query may reach (official Gundam
 * Card Game documents by default; the unofficial one only on request; Gundam War only when asked
 * for by game), rule numbers looked up directly, the rest through the language's index.
 */
import type MiniSearch from 'minisearch';
import type { CorpusStore } from '../corpus/store.js';
import type { DocumentMeta, GameId, Language, RuleRecord } from '../corpus/types.js';
import { buildRulesIndex, miniSearchOptions, searchRules, type IndexedRule } from './rules-index.js';
import { loadOrBuild, loadOrBuildData } from './persist.js';
import { ConceptIndex } from './concepts.js';
import { hasJapanese } from './text.js';
import { cardPhrasesOf, cardPhraseTerms, phraseHits, type CardPhrase } from './phrases.js';
import { expansionFor } from './synonyms.js';
import { TermStats, computeTermStats } from './term-stats.js';
import { headingsAfterSubRules, mostSpecificFirst, ownText, parentFollows } from './specific.js';
import { FamilyModel, computeFamilies } from './family.js';
import { Reranker, storedModel, type RerankModel } from './rerank.js';
import { RecordTermsCache } from './record-terms.js';
import { KeywordSenses, computeSenses, type SensesData } from './senses.js';
import { VariantRules, computeVariants, type VariantData } from './variants.js';
import { FLOOR_RULES, TOURNAMENT_MANUAL, TOURNAMENT_OVERLAPS, overlapNote, type OverlapNote } from './overlaps.js';

export interface RuleSearchParams {
  query: string;
  language?: Language;
  game?: GameId;
  document?: string;
  include_unofficial?: boolean;
  limit?: number;
}

export interface RuleSearchResult {
  id: string;
  document: string;
  document_title: string;
  kind: string;
  authority: string;
  language: Language;
  version: string;
  heading: string | null;
  path: string[];
  text: string;
  score: number;
  /** True when more specific rules under this one matched (they are listed, and ranked above it when they score close). */
  parent_of_match: boolean;
  matched_children: { id: string; heading: string | null; text: string }[];
}

export class SearchError extends Error {}

/**
 * Words that only tournament play uses. Searching all documents, a question with none of them is
 * about the game, and the Comprehensive Rules answer it; one with them may be about the event.
 */
const TOURNAMENT_WORDS =
  /\b(?:tournaments?|events?|judges?|head judge|floor judge|organi[sz]ers?|matche?s?|rounds?|swiss|top cut|single[- ]elimination|penalt(?:y|ies)|warnings?|infractions?|disqualif\w*|game loss|sleev\w*|languages?|regionals?|nationals?|championships?|locals?|best[- ]of|accident\w*|mistakes?|misplay\w*|deck ?lists?|deck registration|deck checks?|spectators?|appeals?|slow play|time limits?|time called|intentional(?:ly)? draws?|pairings?|tie[- ]?breakers?|standings|byes?|invitations?|bandai|tcg\+|registration|register|webcam|online events?|discord|playmats?|notes?|note[- ]taking|public knowledge|private knowledge|cheat\w*|bribe\w*|stream\w*|media|photo|identification|id card|proxy|proxies|counterfeit|marked cards?|game state|dice|counter sheets?|gamesmanship|unsportsmanlike|hygiene|drop(?:ping)? out|drop from|withdraw\w*|convention|floor rules|seating|scorekeeper|prizes?|headphones|electronic devices?|phones?|forgetting|forgot|forget)\b/i;

/**
 * How much a rule whose heading the query names is preferred, and the rules under it. Questions
 * that describe a situation name keywords as its setting ("my unit with Breach 2…", "their EX Base
 * is still out…", "my Destroyed effect…") more often than as its subject, so the boost is modest:
 * 1.8 put the keyword's own sub-rules first over the general rule asked about (round five).
 */
const CONCEPT_BOOST = 1.3;
const SHARPNESS = 1;
const PAIR_WEIGHT = 0.08;
/**
 * The tournament documents' weight in a search of all documents: LEAN_BASE · e^(LEAN_SLOPE · lean),
 * the lean from the question family model (family.ts). 0.5 and 1 since that model replaced the word
 * model of the documents (0.35 and 0.6 were set for the old lean's scale), chosen leave-one-set-out on
 * the blind sets: an undecided question (lean 0) weighs the tournament rules at half.
 */
const LEAN_SLOPE = 1;
const LEAN_BASE = 0.5;
const WITHIN_BOOST = 1.25;
/** The multiplayer chapter's weight when the question names no multiplayer mode (variants.ts). */
const VARIANT_WEIGHT = 0.7;

const RULE_NUMBER = /(?<![\d.-])(\d{1,2}(?:-\d{1,2})+|\d{1,2}\.\d{1,2}(?:\.\d{1,2})*)(?![\d-])/g;

/** A per-language value, made on first use and kept. */
function perLanguage<T>(cache: Map<Language, T>, language: Language, make: () => T): T {
  let value = cache.get(language);
  if (value === undefined) {
    value = make();
    cache.set(language, value);
  }
  return value;
}

export class SearchService {
  private readonly indexes = new Map<Language, MiniSearch<IndexedRule>>();
  private conceptIndex: ConceptIndex | null = null;
  private readonly stats = new Map<Language, TermStats>();
  /** Per record: its ranking prior when one document is searched, and when several are (hot path: computed once). */
  private priors?: { single: Float64Array; mixed: Float64Array; event: Float64Array };

  private readonly rerankers = new Map<Language, Reranker>();
  private readonly termsOfRecords = new Map<Language, RecordTermsCache>();
  private rerankModel: RerankModel = storedModel();

  constructor(private readonly store: CorpusStore) {}

  /** The second-stage weights (tools/fit-rerank.ts tries others; the server uses the stored ones). */
  setRerankModel(model: RerankModel): void {
    this.rerankModel = model;
    for (const [lang, r] of this.rerankers) r.weights = model[lang];
  }

  private reranker(language: Language): Reranker {
    return perLanguage(this.rerankers, language, () => new Reranker(this.store.records, this.recordTerms(language), this.termStats(language), this.rerankModel[language]));
  }

  private recordTerms(language: Language): RecordTermsCache {
    return perLanguage(this.termsOfRecords, language, () => new RecordTermsCache(this.store.records, language));
  }

  /** Builds the indexes now rather than on first use (a server warms up before answering). */
  warm(): void {
    this.index('en');
    this.index('ja');
    this.termStats('en');
    this.termStats('ja');
    this.family();
  }

  index(language: Language): MiniSearch<IndexedRule> {
    return perLanguage(this.indexes, language, () =>
      loadOrBuild(`rules-${language}`, miniSearchOptions(language), this.store.fingerprint, () =>
        buildRulesIndex(this.store.records, language, this.cardTextDocuments(), (r) => this.store.asks[r.document]?.[r.id] ?? []),
      ),
    );
  }

  /** The documents whose quoted card-text phrases are search terms: the Comprehensive Rules. */
  private cardTextDocuments(): Set<string> {
    return new Set(this.store.documents.filter((d) => d.kind === 'comprehensive-rules').map((d) => d.id));
  }

  private phraseList?: CardPhrase[];

  /** Every card-text phrase the English rules quote (phrases.ts), once each. */
  private cardPhrases(): CardPhrase[] {
    this.phraseList ??= loadOrBuildData('card-phrases', this.store.fingerprint, () => this.computeCardPhrases());
    return this.phraseList;
  }

  /** The data behind cardPhrases(), as the build stores it. */
  computeCardPhrases(): CardPhrase[] {
    const docs = this.cardTextDocuments();
    const byTerm = new Map<string, CardPhrase>();
    for (const list of cardPhrasesOf(this.store.records, (r) => docs.has(r.document)).values()) for (const p of list) byTerm.set(p.term, p);
    return [...byTerm.values()];
  }

  termStats(language: Language): TermStats {
    return perLanguage(this.stats, language, () => new TermStats(loadOrBuildData(`terms-${language}`, this.store.fingerprint, () => computeTermStats(this.store.records, language))));
  }

  private familyModel?: FamilyModel;
  private tournamentRecords?: Uint8Array;

  family(): FamilyModel {
    this.familyModel ??= new FamilyModel(loadOrBuildData('families', this.store.fingerprint, () => computeFamilies(this.store)));
    return this.familyModel;
  }

  /** Per record: 1 when it is from a tournament document. */
  private tournamentFlags(): Uint8Array {
    this.tournamentRecords ??= Uint8Array.from(this.store.records, (r) => (this.store.document(r.document)?.kind === 'tournament' ? 1 : 0));
    return this.tournamentRecords;
  }

  private readonly variantRules = new Map<Language, VariantRules>();

  /** The multiplayer chapter's rules and the words that name that way of playing (variants.ts). */
  private variants(language: Language): VariantRules {
    return perLanguage(this.variantRules, language, () =>
      new VariantRules(loadOrBuildData(`variants-${language}`, this.store.fingerprint, () => this.computeVariants(language)), this.store.records.length),
    );
  }

  /** The data behind variants(), as the build stores it. */
  computeVariants(language: Language): VariantData {
    const comprehensive = new Set(this.store.documents.filter((d) => d.kind === 'comprehensive-rules' && d.authority === 'official').map((d) => d.id));
    return computeVariants(this.store.records, language, comprehensive, this.recordTerms(language));
  }

  private keywordSenses?: KeywordSenses;

  /** Keyword names read from the English Comprehensive Rules' headings (senses.ts). */
  private senses(): KeywordSenses {
    this.keywordSenses ??= new KeywordSenses(loadOrBuildData('senses', this.store.fingerprint, () => this.computeSenses()));
    return this.keywordSenses;
  }

  /** The data behind senses(), as the build stores it. */
  computeSenses(): SensesData {
    const docs = new Set(this.store.documents.filter((d) => d.language === 'en' && d.kind === 'comprehensive-rules').map((d) => d.id));
    return computeSenses(this.store.records, docs, (d, id) => this.store.ruleIndex(d, id));
  }

  private concepts(): ConceptIndex {
    this.conceptIndex ??= new ConceptIndex(this.store.records, new Set(this.store.documents.filter((d) => d.language === 'en').map((d) => d.id)));
    return this.conceptIndex;
  }

  /** Documents a search may reach, by the same defaults as search_rules. */
  scope(p: Omit<RuleSearchParams, 'query' | 'limit'>, language: Language): DocumentMeta[] {
    if (p.document) {
      const d = this.store.document(p.document);
      if (!d) {
        throw new SearchError(this.store.unknownDocument(p.document));
      }
      if (d.authority === 'unofficial' && p.include_unofficial === false) {
        throw new SearchError(`"${d.id}" is unofficial; pass include_unofficial: true to search it`);
      }
      return [d];
    }
    const game = p.game ?? 'gundam';
    return this.store.documents.filter(
      (d) =>
        d.game === game &&
        d.language === language &&
        d.kind !== 'glossary' &&
        (d.authority === 'official' || p.include_unofficial === true),
    );
  }

  searchRules(p: RuleSearchParams): { language: Language; documents: string[]; results: RuleSearchResult[]; note?: OverlapNote } {
    const limit = p.limit ?? 10;
    const docLanguage = p.document ? this.store.document(p.document)?.language : undefined;
    const language: Language = p.language ?? docLanguage ?? (hasJapanese(p.query) ? 'ja' : 'en');
    const docs = this.scope(p, language);
    const lang = docs[0]?.language ?? language;
    const allowed = new Set(docs.map((d) => d.id));
    const out: RuleSearchResult[] = [];
    const seen = new Set<number>();
    let note: OverlapNote | undefined;
    // A rule number in the query is looked up directly, ahead of the text search.
    for (const m of p.query.matchAll(RULE_NUMBER)) {
      for (const d of docs) {
        const i = this.store.ruleIndex(d.id, m[1]!);
        if (i !== undefined && !seen.has(i)) {
          seen.add(i);
          out.push(this.result(i, 100));
        }
      }
    }
    if (docs.length > 0) {
      const extra = expansionFor(p.query, lang);
      const { named, within } =
        lang === 'en'
          ? // Players' words name concepts too, through the rules' words they stand for ("untap": the active step).
            this.concepts().namedWithin(`${p.query} ${extra}`, this.store.records, (d, id) => this.store.ruleIndex(d, id))
          : { named: new Set<number>(), within: new Set<number>() };
      for (const i of phraseHits(p.query, this.store.records, allowed)) {
        if (!seen.has(i)) {
          seen.add(i);
          out.push(this.result(i, 50));
        }
      }
      const mixed = docs.length > 1;
      const priors = this.priorsFor(mixed, true);
      // The tournament documents' weight, from the question as a whole (FamilyModel) and its event words.
      const eventWords = TOURNAMENT_WORDS.test(p.query) || /\bTOs?\b/.test(p.query);
      const lean = mixed && lang === 'en' ? this.family().eventLean(p.query) : 0;
      const tournament = !mixed ? 1 : Math.min(1.3, Math.max(eventWords && lean > -0.5 ? 1 : 0.12, LEAN_BASE * Math.exp(LEAN_SLOPE * lean)));
      const isTournament = this.tournamentFlags();
      const records = this.store.records;
      const stats = this.termStats(lang);
      const boosted = named.size > 0 || within.size > 0;
      // A deeper pool than asked for: the sub-rules that decide a question may rank below their sections.
      const recordTerms = this.recordTerms(lang);
      const asked = recordTerms.terms(`${p.query} ${extra}`).filter((t) => stats.has(t));
      const sense = lang === 'en' ? this.senses().forQuery(new Set(asked)) : undefined;
      const variants = this.variants(lang);
      const variant = variants.named(asked) ? 1 : VARIANT_WEIGHT;
      const isVariant = variants.flags;
      // Card-text phrases the question uses ("if you do") join it as the terms the index gave them.
      const phraseTerms = lang === 'en' ? cardPhraseTerms(p.query, this.cardPhrases()) : [];
      const query = phraseTerms.length ? `${p.query} ${phraseTerms.join(' ')}` : p.query;
      const pool = searchRules(this.index(lang), query, extra, lang, (i) => allowed.has(records[i]!.document), Math.max(40, limit + seen.size), (i) =>
        (boosted ? priors[i]! * (named.has(i) ? CONCEPT_BOOST : within.has(i) ? WITHIN_BOOST : 1) : priors[i]!) *
        (isTournament[i] ? tournament : 1) *
        (isVariant[i] ? variant : 1),
        (t) => stats.weight(t, SHARPNESS),
        sense,
      );
      // Multi-word concepts: a rule that has the question's word pairs side by side ("battle damage",
      // "same time") is about that concept, not just about its words.
      const pairs = lang === 'en' ? stats.conceptPairs(p.query) : [];
      if (pairs.length) {
        for (const h of pool) {
          const has = stats.pairs.get(h.i);
          let bonus = 0;
          for (const x of pairs) if (has?.has(x.pair)) bonus += x.idf;
          h.score *= 1 + PAIR_WEIGHT * bonus;
        }
        pool.sort((a, b) => b.score - a.score);
      }
      this.reranker(lang).rerank(pool, p.query, extra);
      const byKey = (d: string, id: string) => this.store.ruleIndex(d, id);
      const asksMore = (rule: number) => {
        const named = recordTerms.of(rule).heading;
        return asked.some((t) => !named.has(t));
      };
      const hits = headingsAfterSubRules(parentFollows(mostSpecificFirst(pool, records, byKey, asksMore), records, byKey, (i) => !isTournament[i]), records, byKey);
      for (const h of hits) {
        if (seen.has(h.i)) continue;
        seen.add(h.i);
        out.push(this.result(h.i, h.score, h.matchedChildren));
        if (out.length >= limit) break;
      }
      if (allowed.has(FLOOR_RULES) && allowed.has(TOURNAMENT_MANUAL)) note = this.bothTournamentDocuments(out, hits);
    }
    return { language: lang, documents: docs.map((d) => d.id), results: out.slice(0, limit), ...(note ? { note } : {}) };
  }

  /**
   * Both tournament documents on one topic (TOURNAMENT_OVERLAPS). When the first result is a
   * tournament rule on such a topic and the other document's rule on it is among the candidates
   * (the search found it speaking to the question too), that rule follows the first; when both are among the
   * first five, however they got there, the search says they differ. A question whose first result
   * is a game rule keeps its places.
   */
  private bothTournamentDocuments(out: RuleSearchResult[], hits: { i: number }[]): OverlapNote | undefined {
    const shown = out.slice(0, 5);
    const sideOf = (x: RuleSearchResult) => (x.document === FLOOR_RULES ? 'floor' : x.document === TOURNAMENT_MANUAL ? 'manual' : null);
    for (const o of TOURNAMENT_OVERLAPS) {
      const floor = shown.find((x) => sideOf(x) === 'floor' && o.floor.includes(x.id));
      const manual = shown.find((x) => sideOf(x) === 'manual' && o.manual.includes(x.id));
      if (floor && manual) return overlapNote(o, floor.id, manual.id);
    }
    const first = out[0];
    const side = first ? sideOf(first) : null;
    if (!first || !side) return undefined;
    const o = TOURNAMENT_OVERLAPS.find((x) => x[side].includes(first.id));
    if (!o) return undefined;
    const otherDoc = side === 'floor' ? TOURNAMENT_MANUAL : FLOOR_RULES;
    const otherIds = side === 'floor' ? o.manual : o.floor;
    const best = hits.find((h) => this.store.records[h.i]!.document === otherDoc && otherIds.includes(this.store.records[h.i]!.id));
    if (!best) return undefined;
    const id = this.store.records[best.i]!.id;
    const at = out.findIndex((x) => x.document === otherDoc && x.id === id);
    if (at >= 0) out.splice(at, 1);
    out.splice(1, 0, this.result(best.i, first.score * 0.9999));
    return side === 'floor' ? overlapNote(o, first.id, id) : overlapNote(o, id, first.id);
  }

  private priorsFor(mixed: boolean, aboutEvents: boolean): Float64Array {
    if (!this.priors) {
      const n = this.store.records.length;
      const single = new Float64Array(n);
      const mixedPriors = new Float64Array(n);
      const event = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        single[i] = this.weight(i, 'single');
        mixedPriors[i] = this.weight(i, 'game');
        event[i] = this.weight(i, 'event');
      }
      this.priors = { single, mixed: mixedPriors, event };
    }
    return !mixed ? this.priors.single : aboutEvents ? this.priors.event : this.priors.mixed;
  }

  /**
   * Ranking prior of a record. Across several documents the Comprehensive Rules lead for questions
   * about the game; tournament documents rank level with them when the question speaks of events
   * (judges, matches, sleeves: TOURNAMENT_WORDS). A heading with no text of its
   * own is a table of contents entry: a chapter ranks below the rules it contains.
   */
  private weight(i: number, mode: 'single' | 'game' | 'event'): number {
    const r = this.store.records[i]!;
    let w = 1;
    if (mode !== 'single') {
      const kind = this.store.document(r.document)?.kind;
      if (kind === 'tournament') w *= mode === 'event' ? 1 : 0.35;
      else if (kind === 'errata') w *= 0.5;
    }
    if (!ownText(r) && r.heading !== null) w *= r.parent === null ? 0.45 : 0.75;
    return w;
  }

  /** A record as a search result; a heading without text of its own shows its children's text. */
  result(i: number, score: number, matchedChildren?: number[]): RuleSearchResult {
    const r = this.store.records[i]!;
    const children = (matchedChildren ?? []).map((k) => {
      const c = this.store.records[k]!;
      return { id: c.id, heading: c.heading, text: c.text.length > 240 ? `${c.text.slice(0, 240)}…` : c.text };
    });
    const d = this.store.document(r.document)!;
    return {
      id: r.id,
      document: r.document,
      document_title: d.title,
      kind: d.kind,
      authority: d.authority,
      language: r.language,
      version: r.version,
      heading: r.heading,
      path: r.path,
      text: ownText(r) || this.childrenText(r),
      score: Math.round(score * 1000) / 1000,
      parent_of_match: children.length > 0,
      matched_children: children,
    };
  }

  private childrenText(r: RuleRecord): string {
    const parts: string[] = [];
    let len = 0;
    for (const c of r.children) {
      const child = this.store.rule(r.document, c);
      if (!child) continue;
      const t = `${c}. ${child.heading ?? child.text}`;
      parts.push(t);
      len += t.length;
      if (len > 600) break;
    }
    return parts.join('\n');
  }
}
