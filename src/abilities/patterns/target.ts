/**
 * Who a step acts on, as its object ("Rest it", "Deal 1 damage to all enemy Units that are Lv.4 or
 * lower") or its subject ("It gets AP+2", "All your Units get AP+1"); and "Choose 1 to 2 …".
 */
import type { Extreme, Selector } from '../ir.js';
import { parseNoun } from './noun.js';
import { Unread, type Used } from './unread.js';

/** "it", "them", "this Unit", "all enemy Units …" (the lower-case object form). */
export function parseTarget(phrase: string, used: Used): Selector {
  const p = phrase.trim();
  if (/^(?:it|them|they)$/i.test(p)) return { type: 'previous' };
  // "If you use an EX Resource to play this card, rest the enemy Unit." (the one chosen before).
  if (/^the enemy Unit$/.test(p)) return { type: 'previous', words: 'the enemy Unit' };
  if (/^this (?:Unit|Base|card)$/i.test(p)) return { type: 'self' };
  // Pilot text: "this gets AP+1" (the Unit it is paired with).
  if (/^this$/i.test(p)) return { type: 'self' };
  if (/^this Unit's paired Pilot$/i.test(p)) return { type: 'paired-pilot' };
  if (/^the card paired with this Unit$/.test(p)) return { type: 'paired-pilot', card: true };
  const pilotOf = /^an? (.+ Pilot) paired with this Unit$/.exec(p);
  if (pilotOf) {
    // "a blue Pilot paired with this Unit": its Pilot, if it is one.
    const n = parseNoun(pilotOf[1]!);
    if (n.card || n.plural || n.filter.type !== 'pilot' || n.filter.side !== 'any') throw new Unread(p);
    return { type: 'paired-pilot', filter: n.filter };
  }
  // After "when this Unit deals battle damage to an enemy Unit": the Unit dealt it (compile.ts checks the trigger).
  if (/^that enemy Unit$/.test(p)) return { type: 'damaged-enemy' };
  // After "when a friendly (G Team) Unit destroys an enemy Unit with battle damage": that Unit (compile.ts checks the trigger).
  if (/^that friendly Unit$/i.test(p)) return { type: 'trigger-unit', words: 'that friendly Unit' };
  // After "When another Unit attacks an enemy Unit, ": the Unit that attacked (compile.ts checks the trigger).
  if (/^the attacking Unit$/i.test(p)) return { type: 'trigger-unit', words: 'the attacking Unit' };
  // After "When this Base receives battle damage from an enemy Unit …": the Unit that dealt it (compile.ts checks the trigger).
  if (/^that Unit$/.test(p)) return { type: 'trigger-unit', words: 'that Unit' };
  const all = /^all (.+)$/i.exec(p);
  if (all) {
    const n = parseNoun(all[1]!.replace(/^your /, 'friendly '));
    if (n.card || !n.plural || n.filter.type === 'pilot') throw new Unread(p);
    used.add('target.all');
    return { type: 'all', filter: n.filter, zone: 'battle' };
  }
  throw new Unread(p);
}

/** "1 enemy Unit with 3 or less HP", "1 to 2 of your Units" → a choose selector (battle area). */
export function parseChoice(phrase: string, used: Used): { selector: Extract<Selector, { type: 'choose' }>; card: boolean } {
  const m = /^(\d+)(?: to (\d+))? (.+)$/.exec(phrase.trim());
  if (!m) throw new Unread(phrase.trim());
  // "1 enemy Unit with the highest Lv." (the sentence's period may have taken the abbreviation's).
  const most = /^(.+) with the (highest|lowest) (Lv\.?|AP|HP)$/.exec(m[3]!);
  const extreme: Extreme | undefined = most ? { stat: most[3]!.startsWith('Lv') ? 'level' : (most[3]!.toLowerCase() as 'ap' | 'hp'), end: most[2] as 'highest' | 'lowest' } : undefined;
  const n = parseNoun(most ? most[1]! : m[3]!);
  // A Pilot in play ("Choose 1 enemy Pilot") is chosen only to destroy it or return it (sequence.ts checks).
  const min = Number(m[1]);
  const max = m[2] !== undefined ? Number(m[2]) : min;
  if (n.filter.type === 'pilot' && !n.card && (min !== 1 || max !== 1)) throw new Unread(phrase.trim());
  // "1 enemy Unit" is singular, "1 of your Units" / "1 to 2 enemy Units" plural; anything else is a misread.
  const ofYour = m[3]!.startsWith('of your ');
  if (n.plural !== (ofYour || max > 1)) throw new Unread(phrase.trim());
  // The highest/lowest of a stat is a choice among Units in play, one at a time.
  if (extreme && (n.card || max !== 1 || min !== 1)) throw new Unread(phrase.trim());
  used.add(ofYour ? 'choose.of-your' : 'choose.count');
  if (extreme) used.add('choose.extreme');
  return { selector: { type: 'choose', min, max, filter: n.filter, zone: 'battle', ...(extreme ? { extreme } : {}) }, card: n.card };
}
