/**
 * "Can't receive damage" sentences: "It can't receive battle damage from enemy Units that are Lv.3
 * or lower during this turn" (a step), "This Unit can't receive effect damage from enemy Commands",
 * "This Base can't receive enemy effect damage" (constants). The part after "can't receive" is a
 * DamageGuard: the kind of damage and the cards it comes from.
 */
import type { DamageGuard, Filter, Immunity } from '../ir.js';
import { parseNoun, renderNoun } from './noun.js';
import { Unread } from './unread.js';

/** "can't receive [enemy] [battle|effect] damage [from <enemy noun>]" after the subject. */
export const GUARD_SRC = "can't receive (enemy )?(?:(battle|effect) )?damage(?: from (.+?))?";

/** The sources: "enemy Units that are Lv.2 or lower", "enemy Units with 3 or less AP", "enemy Commands". */
function sources(np: string): Filter {
  if (np === 'enemy Commands') return { side: 'enemy', type: 'command' };
  const n = parseNoun(np);
  // Only enemy Units, named in the plural, by what they are (never a zone's cards).
  if (n.card || !n.plural || n.filter.side !== 'enemy' || n.filter.type !== 'unit' || n.filter.other || n.filter.levelVsSelf) throw new Unread(np);
  return n.filter;
}

/** The guard from the regexp groups of GUARD_SRC: (enemy), (kind), (from). */
export function parseGuard(enemy: string | undefined, kind: string | undefined, from: string | undefined): DamageGuard {
  if (enemy && from) throw new Unread(`enemy ${kind ?? ''} damage from ${from}`);
  if (!enemy && !from && !kind) throw new Unread("can't receive damage");
  // "It can't receive battle damage during this battle": from any card.
  return { ...(kind ? { kind: kind as 'battle' | 'effect' } : {}), from: enemy ? { side: 'enemy' } : from ? sources(from) : { side: 'any' } };
}

/** "can't receive battle damage from enemy Units that are Lv.2 or lower". */
export function renderGuard(g: DamageGuard): string {
  const kind = g.kind ? `${g.kind} ` : '';
  const upTo = g.upTo !== undefined ? `${g.upTo} or less ` : '';
  if (g.from.type === undefined) return `can't receive ${upTo}${g.from.side === 'enemy' ? 'enemy ' : ''}${kind}damage`;
  const from = g.from.type === 'command' ? `${g.from.side === 'enemy' ? 'enemy ' : ''}Commands` : renderNoun(g.from, { plural: true });
  return `can't receive ${kind}damage from ${from}`;
}

/**
 * "'s AP can't be reduced by enemy effects" / " can't be destroyed by enemy effects" after the
 * subject (its groups: AP, verb). Only "enemy effects" is read: {side:'enemy'}.
 */
export const IMMUNE_SRC = "(?:('s AP) can't be reduced|( can't be (?:destroyed|rested|returned to (?:its|their) owners?'?s? hands?))) by enemy effects";

export function parseImmunity(m: RegExpExecArray, at = 1): { what: Immunity; from: Filter } {
  if (m[at]) return { what: 'ap-reduction', from: { side: 'enemy' } };
  const verb = m[at + 1]!;
  const what: Immunity = /destroyed/.test(verb) ? 'destroy' : /rested/.test(verb) ? 'rest' : 'return-to-hand';
  return { what, from: { side: 'enemy' } };
}

/** The predicate after the subject: "'s AP can't be reduced by enemy effects", " can't be destroyed by enemy effects". */
export function renderImmunity(what: Immunity, plural: boolean): string {
  if (what === 'ap-reduction') return `${plural ? "'" : "'s"} AP can't be reduced by enemy effects`;
  const verb = { destroy: 'destroyed', rest: 'rested', 'return-to-hand': `returned to ${plural ? "their owners' hands" : "its owner's hand"}` }[what];
  return ` can't be ${verb} by enemy effects`;
}
