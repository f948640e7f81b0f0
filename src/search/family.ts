/**
 * Which document family a question is about, from the question as a whole: a logistic regression
 * over the rules' paraphrases (corpus/asks), which are questions people ask, each labelled by the
 * family of the rule it belongs to (Comprehensive Rules: the game; Tournament Rules Manual and
 * Floor Rules: the event). Earlier this was a word model of the documents' own text; a question is
 * not worded like a rule, and a tournament question told in game actions ("I attacked with the
 * wrong unit, can I take it back?") read as a game question. The paraphrases of the tournament
 * documents are worded that way, so the fit learns it. English only: the tournament documents are.
 */
import type { CorpusStore } from '../corpus/store.js';
import { processEnglish, tokenizeEnglish } from './text.js';

/** The fitted model, as the build stores it (dist/data). */
export interface FamilyData {
  bias: number;
  weights: [string, number][];
}

/**
 * The scale that puts the model's log-odds on the range of the lean the tournament weight reads
 * (about −3 for a game question to +3 for an event one); 0.2–0.3 score alike on the blind sets.
 */
const LEAN_SCALE = 0.25;
const EPOCHS = 20;
const L2 = 1e-4;
const RATE = 0.1;

/** A question's features: its words (stemmed; stop words kept, "take it back" needs them) and word pairs. */
export function questionFeatures(text: string): string[] {
  const words = tokenizeEnglish(text)
    .filter((t) => !t.includes('-') && !/^\d/.test(t))
    .map((t) => processEnglish(t) ?? t.toLowerCase());
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    out.add(words[i]!);
    if (i + 1 < words.length) out.add(`${words[i]} ${words[i + 1]}`);
  }
  return [...out];
}

/**
 * A document's paraphrases, record by record in the corpus's order, except that a section the build
 * split into items (7.4.2 into its infractions) gives its items' and then its own as one whole, as it
 * did before the split: which record of a section holds a paraphrase does not change the model.
 */
function sectionAsks(store: CorpusStore, document: string): string[][] {
  const asks = store.asks[document] ?? {};
  const records = store.recordsOf(document);
  const split = new Set(records.filter((r) => r.repairs.some((x) => x.kind === 'split-into-items')).map((r) => r.id));
  const out: string[][] = [];
  for (const id of Object.keys(asks)) {
    const r = store.rule(document, id);
    if (r?.parent && split.has(r.parent)) continue;
    if (split.has(id)) for (const c of r!.children) out.push(asks[c] ?? []);
    out.push(asks[id]!);
  }
  return out;
}

/** Fits the model on the official English documents' paraphrases; deterministic (fixed order, no randomness). */
export function computeFamilies(store: CorpusStore): FamilyData {
  const examples: { f: string[]; y: 0 | 1 }[] = [];
  for (const d of store.documents) {
    if (d.language !== 'en' || d.game !== 'gundam' || d.authority !== 'official') continue;
    const y = d.kind === 'tournament' ? 1 : d.kind === 'comprehensive-rules' ? 0 : undefined;
    if (y === undefined) continue;
    for (const list of sectionAsks(store, d.id)) for (const q of list) examples.push({ f: questionFeatures(q), y });
  }
  const events = examples.filter((e) => e.y === 1).length;
  if (events === 0 || events === examples.length) return { bias: 0, weights: [] };
  // Each family weighs the same in the fit, however many paraphrases it has.
  const classWeight = [examples.length / (2 * (examples.length - events)), examples.length / (2 * events)] as const;
  const w = new Map<string, number>();
  let bias = 0;
  // Interleaved by a fixed stride rather than shuffled, so the build gives the same model every time.
  const order = examples.map((_, i) => i).sort((a, b) => ((a * 7919) % examples.length) - ((b * 7919) % examples.length));
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const lr = RATE / (1 + epoch);
    for (const i of order) {
      const e = examples[i]!;
      let z = bias;
      for (const f of e.f) z += w.get(f) ?? 0;
      const g = (1 / (1 + Math.exp(-z)) - e.y) * classWeight[e.y];
      bias -= lr * g;
      for (const f of e.f) {
        const old = w.get(f) ?? 0;
        w.set(f, old - lr * (g + L2 * old));
      }
    }
  }
  // Weights under 0.05 (half of all) move no question's family on the blind sets; dropping them and
  // rounding keeps the stored model a fourth of the size, read at every start.
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { bias: round(bias), weights: [...w].filter(([, v]) => Math.abs(v) >= 0.05).map(([f, v]) => [f, round(v)]) };
}

export class FamilyModel {
  private readonly weights: Map<string, number>;
  private readonly bias: number;

  constructor(data: FamilyData) {
    this.weights = new Map(data.weights);
    this.bias = data.bias;
  }

  /** How much the question leans to the event rather than the game: above 0 leans to the tournament documents. */
  eventLean(query: string): number {
    let z = this.bias;
    for (const f of questionFeatures(query)) z += this.weights.get(f) ?? 0;
    return LEAN_SCALE * z;
  }
}
