/**
 * Derived numbers: a Unit's or Base's current AP and HP, and whether a Unit is a Link Unit.
 * Computed on demand from the face, the Pilot and the modifiers, so nothing can go stale.
 */
import { cardNames } from './names.js';
import type { Base, CardFace, Modifier, Unit } from './state.js';

/** What satisfied a link condition: 3-2-6-4 a [name] part contained in the Pilot's name, or 2-12-1 a trait. */
export type LinkMatch = { by: 'name'; value: string } | { by: 'trait'; value: string };

export function linkMatch(unit: CardFace, pilot: CardFace): LinkMatch | null {
  if (!unit.link) return null;
  // 2-2-4 a name the Pilot "is also treated as" meets a link condition too.
  const pilotNames = cardNames(pilot).map((n) => n.toLowerCase());
  const name = unit.link.names.find((n) => n.trim() !== '' && pilotNames.some((p) => p.includes(n.trim().toLowerCase())));
  if (name !== undefined) return { by: 'name', value: name };
  const traits = new Set(pilot.traits.map((t) => t.trim().toLowerCase()));
  const trait = unit.link.traits.find((t) => traits.has(t.trim().toLowerCase()));
  return trait !== undefined ? { by: 'trait', value: trait } : null;
}

export function meetsLinkCondition(unit: CardFace, pilot: CardFace): boolean {
  return linkMatch(unit, pilot) !== null;
}

/** 3-2-6-2 a Unit with a Pilot meeting its link condition is a Link Unit (or the scenario says so). */
export function isLinked(unit: Unit): boolean {
  if (unit.linkedOverride !== null) return unit.linkedOverride;
  return unit.pilot !== null && meetsLinkCondition(unit.face, unit.pilot.face);
}

function sum(mods: readonly Modifier[], key: 'ap' | 'hp'): number {
  let total = 0;
  for (const m of mods) total += m[key];
  return total;
}

/** 1-3-6 a modified value below zero counts as zero (after every modifier is applied). */
function floorZero(n: number): number {
  return n < 0 ? 0 : n;
}

/** 3-3-8-1 the Pilot's AP is added while paired; constant effects (10-1-5) and modifiers for this turn/battle on top. */
export function unitAp(unit: Unit): number {
  return floorZero(unit.face.ap + (unit.pilot?.face.ap ?? 0) + unit.constant.ap + sum(unit.modifiers, 'ap'));
}

export function unitHp(unit: Unit): number {
  return floorZero(unit.face.hp + (unit.pilot?.face.hp ?? 0) + unit.constant.hp + sum(unit.modifiers, 'hp'));
}

/** 3-5-4 Bases have AP and HP too (most printed Bases have AP 0). */
export function baseAp(base: Base): number {
  return floorZero(base.face.ap + base.constant.ap + sum(base.modifiers, 'ap'));
}

export function baseHp(base: Base): number {
  return floorZero(base.face.hp + base.constant.hp + sum(base.modifiers, 'hp'));
}

/** 5-5-2 / 2-8-2 damage equal to or above HP (or HP 0) means destruction at the next rules management. */
export function isLethal(damage: number, hp: number): boolean {
  return hp <= 0 || damage >= hp;
}
