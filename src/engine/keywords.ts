/**
 * Keyword sets on Units (13-1): parsing the scenario's keyword strings, collecting copies from the
 * card, its Pilot and temporary grants, and the stacking rules. The keyword *effects* that change
 * the game (Repair, Breach, Support) live in abilities.ts; the battle ones in battle.ts.
 */
import { KEYWORDS, parseKeyword } from '../corpus/keywords.js';
import type { KeywordInstance, KeywordName, Unit } from './state.js';

/** 13-1-1-2, 13-1-2-5, 13-1-3-2: a second copy adds its amount instead of being a second copy. */
const STACKING: ReadonlySet<KeywordName> = new Set<KeywordName>(['Repair', 'Breach', 'Support']);

const ORDER = new Map(KEYWORDS.map((k, i) => [k.name, i]));

export const ACCEPTED_KEYWORDS =
  'Repair N, Breach N, Support N, Blocker, First Strike, High-Maneuver, Suppression (angle brackets and any case accepted, e.g. "<Breach 3>", "first strike")';

export function isKeywordName(name: string): name is KeywordName {
  return ORDER.has(name);
}

/** "Breach 3" -> {Breach, 3}; a string describing what is wrong otherwise. */
export function parseKeywordSpec(spec: string): KeywordInstance | string {
  const parsed = parseKeyword(spec);
  if (!parsed || !isKeywordName(parsed.def.name)) return `unknown keyword "${spec}"; accepted: ${ACCEPTED_KEYWORDS}`;
  const name = parsed.def.name;
  if (parsed.def.amount && parsed.amount === null) {
    return `keyword "${spec}": <${name}> takes an amount, e.g. "${name} 2" (${parsed.def.rule})`;
  }
  if (!parsed.def.amount && parsed.amount !== null) {
    return `keyword "${spec}": <${name}> takes no amount (${parsed.def.rule})`;
  }
  return { name, amount: parsed.amount };
}

/** A keyword and its total amount (null: takes none, or a copy's amount is unknown). */
export type KeywordSet = Map<KeywordName, number | null>;

/** Applies the stacking rules to a list of copies. */
export function combineKeywords(copies: Iterable<KeywordInstance>): KeywordSet {
  const set: KeywordSet = new Map();
  for (const k of copies) {
    if (!set.has(k.name)) {
      set.set(k.name, k.amount);
    } else if (STACKING.has(k.name)) {
      // A copy whose amount the card data lost makes the total unknown (null), never a smaller sum.
      const prev = set.get(k.name) ?? null;
      set.set(k.name, prev === null || k.amount === null ? null : prev + k.amount);
    }
    // 13-1-4-2, 13-1-5-3, 13-1-6-2, 13-1-7-2: no multiple copies of the others; the first stands.
  }
  return set;
}

/**
 * Every copy a Unit has right now: its own, the paired Pilot's (3-3-9-2: text below the Pilot's
 * name is gained by the Unit), those constant abilities give while their conditions hold
 * (【During Pair】/【During Link】 13-2-10-1, 13-2-12-1, "while …" 10-1-5-3; see constants.ts), and
 * temporary grants (5-16-1), less what a temporary loss took away.
 */
export function unitKeywordCopies(unit: Unit): KeywordInstance[] {
  const copies: KeywordInstance[] = [...unit.face.keywords];
  if (unit.pilot) copies.push(...unit.pilot.face.keywords);
  copies.push(...unit.constant.keywords);
  if (!unit.timedKeywords.some((k) => k.lost)) return copies.concat(unit.timedKeywords);
  // Applied in the order they came: a loss removes what was there, a later grant stands.
  let out = copies;
  for (const k of unit.timedKeywords) out = k.lost ? out.filter((c) => c.name !== k.name) : [...out, k];
  return out;
}

export function unitKeywords(unit: Unit): KeywordSet {
  return combineKeywords(unitKeywordCopies(unit));
}

export function hasKeyword(unit: Unit, name: KeywordName): boolean {
  return unitKeywords(unit).has(name);
}

/** The effective amount; an amount the catalog lost counts as 0 (nothing is invented). */
export function keywordAmount(unit: Unit, name: KeywordName): number {
  return unitKeywords(unit).get(name) ?? 0;
}

/** "Breach 3", "Blocker" ... in the order of 13-1. */
export function formatKeywords(set: KeywordSet): string[] {
  return [...set.entries()]
    .sort((a, b) => (ORDER.get(a[0]) ?? 99) - (ORDER.get(b[0]) ?? 99))
    .map(([name, amount]) => (amount === null ? name : `${name} ${amount}`));
}
