/**
 * Second-stage ranking. MiniSearch's BM25 adds up every matched word in every field; over its
 * candidates this step asks a few questions of each rule that BM25 does not, and multiplies its
 * score by exp(Σ weight × feature):
 *
 * - cover: the share of the question's words (weighted by IDF) the rule's own heading and text have
 *   (BM25 also credits words found only in ancestor headings or children);
 * - coverExtra: the same for the rules' words the question's players' words stand for;
 * - heading: the share (IDF-weighted) that its heading has;
 * - proximity: the most IDF-weight of the question's words found within a few words of each other
 *   in the rule (the deciding words together, not scattered over a long rule);
 * - depth: how deep the rule is numbered (a sub-rule decides; a section introduces);
 * - length: log of the rule's length in words (long rules match many words by size alone).
 *
 * The weights are fitted offline on the blind question sets by coordinate ascent
 * (tools/fit-rerank.ts) and read from rerank-weights.json; with all weights 0 this step changes
 * nothing. Features are computed only for the candidates (at most the pool, 40 deep), from
 * per-record term lists made on first use.
 */
import type { Language, RuleRecord } from '../corpus/types.js';
import type { TermStats } from './term-stats.js';
import type { RecordTermsCache } from './record-terms.js';
import stored from './rerank-weights.json' with { type: 'json' };

export const FEATURES = ['cover', 'coverExtra', 'heading', 'proximity', 'depth', 'length'] as const;
export type Feature = (typeof FEATURES)[number];
export type RerankWeights = Record<Feature, number>;
export type RerankModel = Record<Language, RerankWeights>;

/** Words within this many positions of each other count as together. */
const WINDOW = 6;

export const ZERO: RerankWeights = { cover: 0, coverExtra: 0, heading: 0, proximity: 0, depth: 0, length: 0 };

export function storedModel(): RerankModel {
  const s = stored as unknown as { weights: Partial<Record<Language, Partial<RerankWeights>>> };
  return { en: { ...ZERO, ...s.weights.en }, ja: { ...ZERO, ...s.weights.ja } };
}

interface QueryTerm {
  t: string;
  idf: number;
}

export class Reranker {
  constructor(
    private readonly records: RuleRecord[],
    private readonly recordTerms: RecordTermsCache,
    private readonly stats: TermStats,
    public weights: RerankWeights,
  ) {}

  get active(): boolean {
    return FEATURES.some((f) => this.weights[f] !== 0);
  }

  /** The question's terms that some rule uses, with their IDF; own words and added words apart. */
  queryTerms(query: string, extra: string): { own: QueryTerm[]; added: QueryTerm[] } {
    const seen = new Set<string>();
    const pick = (text: string) => {
      const out: QueryTerm[] = [];
      for (const t of this.recordTerms.terms(text)) {
        if (seen.has(t) || !this.stats.has(t)) continue;
        seen.add(t);
        out.push({ t, idf: this.stats.idf(t) });
      }
      return out;
    };
    const own = pick(query);
    return { own, added: extra ? pick(extra) : [] };
  }

  features(i: number, own: QueryTerm[], added: QueryTerm[]): RerankWeights {
    const r = this.recordTerms.of(i);
    const ownTotal = own.reduce((s, q) => s + q.idf, 0) || 1;
    const addedTotal = added.reduce((s, q) => s + q.idf, 0) || 1;
    let cover = 0;
    let heading = 0;
    for (const q of own) {
      if (r.all.has(q.t)) cover += q.idf;
      if (r.heading.has(q.t)) heading += q.idf;
    }
    let coverExtra = 0;
    for (const q of added) {
      if (r.all.has(q.t)) coverExtra += q.idf;
      if (r.heading.has(q.t)) heading += 0.5 * q.idf;
    }
    // Proximity: the best window of WINDOW positions by the IDF of the distinct question words in it.
    const weightOf = new Map<string, number>();
    for (const q of own) weightOf.set(q.t, q.idf);
    for (const q of added) if (!weightOf.has(q.t)) weightOf.set(q.t, 0.5 * q.idf);
    let proximity = 0;
    const seq = r.seq;
    const hits: number[] = [];
    for (let k = 0; k < seq.length; k++) if (weightOf.has(seq[k]!)) hits.push(k);
    for (let a = 0; a < hits.length; a++) {
      const inWindow = new Set<string>();
      let w = 0;
      for (let b = a; b < hits.length && hits[b]! - hits[a]! < WINDOW; b++) {
        const t = seq[hits[b]!]!;
        if (inWindow.has(t)) continue;
        inWindow.add(t);
        w += weightOf.get(t)!;
      }
      if (inWindow.size >= 2 && w > proximity) proximity = w;
    }
    const rec = this.records[i]!;
    return {
      cover: cover / ownTotal,
      coverExtra: added.length ? coverExtra / addedTotal : 0,
      heading: heading / ownTotal,
      proximity: proximity / ownTotal,
      depth: rec.id.split(/[-.]/).length / 5,
      length: Math.log(1 + seq.length) / 5,
    };
  }

  /** Multiplies each candidate's score by exp(Σ weight × feature) and sorts again. */
  rerank<T extends { i: number; score: number }>(pool: T[], query: string, extra: string): T[] {
    if (!this.active || pool.length === 0) return pool;
    const { own, added } = this.queryTerms(query, extra);
    if (own.length + added.length === 0) return pool;
    const w = this.weights;
    for (const h of pool) {
      const f = this.features(h.i, own, added);
      let s = 0;
      for (const k of FEATURES) s += w[k] * f[k];
      h.score *= Math.exp(s);
    }
    return pool.sort((a, b) => b.score - a.score);
  }
}
