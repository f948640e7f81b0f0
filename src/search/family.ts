/**
 * Which document family a question is about, from the question as a whole: a word model of each
 * family built from the documents themselves (the Comprehensive Rules talk of units, shields and
 * effects; the tournament documents of matches, judges, penalties and time), compared over all the
 * question's words rather than by one trigger word. English only: the tournament documents are.
 */
import type { CorpusStore } from '../corpus/store.js';
import { processEnglish, tokenizeEnglish } from './text.js';

/** Word counts per family, as the build stores them (dist/data). */
export interface FamilyData {
  game: [string, number][];
  event: [string, number][];
}

export function computeFamilies(store: CorpusStore): FamilyData {
  const game = new Map<string, number>();
  const event = new Map<string, number>();
  for (const d of store.documents) {
    if (d.language !== 'en' || d.game !== 'gundam' || d.authority !== 'official') continue;
    const target = d.kind === 'tournament' ? event : d.kind === 'comprehensive-rules' ? game : undefined;
    if (!target) continue;
    for (const r of store.recordsOf(d.id)) for (const t of terms(`${r.heading ?? ''} ${r.text}`)) target.set(t, (target.get(t) ?? 0) + 1);
  }
  return { game: [...game], event: [...event] };
}

export class FamilyModel {
  private readonly game: Map<string, number>;
  private readonly event: Map<string, number>;
  private readonly gameTotal: number;
  private readonly eventTotal: number;
  private readonly vocabulary: number;

  constructor(data: FamilyData) {
    this.game = new Map(data.game);
    this.event = new Map(data.event);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    this.gameTotal = total(this.game);
    this.eventTotal = total(this.event);
    this.vocabulary = new Set([...this.game.keys(), ...this.event.keys()]).size;
  }

  /**
   * Mean log-odds per known word that the question is about events rather than the game: above 0
   * leans to the tournament documents. Words neither family uses say nothing.
   */
  eventLean(query: string): number {
    let sum = 0;
    let n = 0;
    for (const t of new Set(terms(query))) {
      const g = this.game.get(t) ?? 0;
      const e = this.event.get(t) ?? 0;
      if (g + e === 0) continue;
      sum += Math.log((e + 0.5) / (this.eventTotal + 0.5 * this.vocabulary)) - Math.log((g + 0.5) / (this.gameTotal + 0.5 * this.vocabulary));
      n++;
    }
    return n ? sum / n : 0;
  }
}

function terms(text: string): string[] {
  return tokenizeEnglish(text)
    .map(processEnglish)
    .filter((t): t is string => !!t && !/^\d/.test(t));
}
