/**
 * Words players bring from other card games, each mapped to this game's own word and the rule that
 * covers the idea, so an answer can say the term does not exist here and where to look instead
 * ("sideboard": no side decks are permitted, Tournament Rules Manual 2.4). Search already reads
 * these words as the rules' words for ranking (src/search/synonyms.ts); this says so to the reader.
 */
import { z } from 'zod';

export interface ForeignTerm {
  /** How players write it. */
  pattern: RegExp;
  term: string;
  /** This game's word or idea. */
  here: string;
  document: string;
  rule: string;
  /** The term is the question itself: the rule is listed first even when search ranked it lower. */
  lead?: boolean;
  /** Words of the rule that answer it, so the part of the rule shown is that one. */
  quote?: string;
}

const CR = 'gundam-cr-en';
const MANUAL = 'gundam-tournament-rules-en';

export const FOREIGN_TERMS: ForeignTerm[] = [
  { pattern: /\b(?:rush|haste|summoning sick(?:ness)?)\b/i, term: 'rush / haste / summoning sickness', here: 'no such keyword: a newly deployed Unit cannot attack on the turn it is deployed unless an effect says otherwise (Link Units can)', document: CR, rule: '3-2-4' },
  { pattern: /\btrample\b/i, term: 'trample', here: '<Breach> (a Unit that destroys an enemy Unit in battle also deals damage to the shield area)', document: CR, rule: '13-1-2' },
  { pattern: /\b(?:instants?|instant speed|quick ?(?:command|play|spell)s?)\b/i, term: 'instant / quick', here: 'no instant speed: Commands with 【Action】 timing are played in action steps', document: CR, rule: '9' },
  { pattern: /\b(?:the stack|a stack of (?:effects|triggers))\b/i, term: 'the stack', here: 'no stack: triggered effects wait and resolve one at a time, in the order the rules give', document: CR, rule: '10-1-6' },
  { pattern: /\b(?:side ?board(?:ing)?|side[- ]deck)\b/i, term: 'sideboard / side deck', here: 'none: the Tournament Rules Manual says no side decks are permitted', document: MANUAL, rule: '2.4', lead: true, quote: 'No side decks are permitted' },
  { pattern: /\bmulligan/i, term: 'mulligan', here: 'redraw: once, before the game, a player may return the whole hand and draw five', document: CR, rule: '6-2-1-6' },
  { pattern: /\b(?:un)?tap(?:s|ped)?\b/i, term: 'tap / untap', here: 'rest (turn sideways) / set active', document: CR, rule: '5-4' },
  { pattern: /\bcounter ?spell|\bcounter (?:a|the|their|my|that|his|her) (?:spell|command|card|effect)\b/i, term: 'counter (a spell)', here: 'no countering: counters in this game are markers, such as damage counters', document: CR, rule: '5-18' },
  { pattern: /\b(?:banish(?:ed)?|exile[ds]?)\b/i, term: 'banish / exile', here: 'the removal area', document: CR, rule: '4-7' },
  { pattern: /\b(?:graveyard|discard pile)\b/i, term: 'graveyard', here: 'the trash', document: CR, rule: '4-9' },
  { pattern: /\bmana\b/i, term: 'mana', here: 'Resources (one placed each turn from the resource deck)', document: CR, rule: '3-6' },
  { pattern: /\blife (?:points?|total)\b/i, term: 'life points', here: 'no life total: a player loses on taking battle damage with no Shields left', document: CR, rule: '1-2-2-1' },
];

export const termNoteSchema = z
  .object({ term: z.string(), here: z.string(), document: z.string(), rule: z.string(), note: z.string() })
  .describe('A term of another card game, not this one');

export type TermNote = z.infer<typeof termNoteSchema>;

/** The other games' terms an English query uses, with this game's word and rule. */
export function foreignTermsIn(query: string): TermNote[] {
  return FOREIGN_TERMS.filter((t) => t.pattern.test(query)).map((t) => ({
    term: t.term,
    here: t.here,
    document: t.document,
    rule: t.rule,
    note: `"${t.term}" is not a term of the Gundam Card Game; here: ${t.here} (${t.document === MANUAL ? 'Tournament Rules Manual' : 'Comprehensive Rules'} ${t.rule}).`,
  }));
}

export function leadsWith(query: string): ForeignTerm[] {
  return FOREIGN_TERMS.filter((t) => t.lead && t.pattern.test(query));
}
