/**
 * Rules for another way to play. Chapter 12 of the Comprehensive Rules (Multiplayer Battle: battle
 * royale and team battle) restates the two-player rules for games of three or more players: who goes
 * first, shields, the six-Unit limit, Blockers. Its rules share those words with the rules they vary,
 * so a two-player question ("I already have 6 units out") finds "12-3-14-1" (team battle) as readily
 * as 11-4-2. A question about multiplayer says so with a word only that chapter uses (team,
 * teammate, royale, チーム, バトロワ…); without one, the chapter's rules weigh less.
 *
 * The mode's words come from the corpus: terms that two or more of the chapter's rules use and no
 * other rule of the document does. A question with such a word is treated as about the mode (its
 * rules keep full weight), so a stray word costs nothing against the search before this step.
 */
import type { Language, RuleRecord } from '../corpus/types.js';
import type { RecordTermsCache } from './record-terms.js';

/** Chapters that are a variant of the game, by document kind: the rules' multiplayer chapter. */
const VARIANT_CHAPTERS = new Set(['12']);

/** What the build stores (dist/data): the variant chapters' records and the mode's words. */
export interface VariantData {
  records: number[];
  modeTerms: string[];
}

export function computeVariants(records: RuleRecord[], language: Language, comprehensive: Set<string>, terms: RecordTermsCache): VariantData {
  const flagged: number[] = [];
  const inside = new Map<string, number>();
  const outside = new Set<string>();
  records.forEach((r, i) => {
    if (r.language !== language || !comprehensive.has(r.document)) return;
    const variant = VARIANT_CHAPTERS.has(r.id.split('-')[0]!);
    if (variant) flagged.push(i);
    for (const t of terms.of(i).all) {
      if (variant) inside.set(t, (inside.get(t) ?? 0) + 1);
      else outside.add(t);
    }
  });
  // Numbers are no one's words: "6" (six players in the rules' team examples) is not a mode. Nor
  // is Japanese with hiragana in it, the script of particles and endings: "じゃ" of じゃんけん
  // (rock paper scissors, only the team rules spell it) would name the mode in "じゃなくても".
  const modeTerms = [...inside].filter(([t, n]) => n >= 2 && !outside.has(t) && !/^\d+$/.test(t) && !/[\u3040-\u309f]/.test(t)).map(([t]) => t);
  return { records: flagged, modeTerms };
}

export class VariantRules {
  /** Per record: 1 when it is in a variant chapter of this language's Comprehensive Rules. */
  readonly flags: Uint8Array;
  private readonly modeTerms: Set<string>;

  constructor(data: VariantData, recordCount: number) {
    this.flags = new Uint8Array(recordCount);
    for (const i of data.records) this.flags[i] = 1;
    this.modeTerms = new Set(data.modeTerms);
  }

  /** Whether the question (its processed terms) uses a word only the variant chapters use. */
  named(asked: readonly string[]): boolean {
    return asked.some((t) => this.modeTerms.has(t));
  }
}
