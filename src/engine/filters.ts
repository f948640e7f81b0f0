/**
 * Reading an ability's filters and conditions against the game: which cards "1 rested enemy Unit
 * that is Lv.4 or lower" can mean, and whether "if you have 2 or more other Units in play" holds
 * (10-2-1). Pure reads; nothing here changes the game.
 */
import type { Cmp, Condition, Filter, Side } from '../abilities/ir.js';
import type { AbilityCtx } from './context.js';
import { players } from './context.js';
import { unitKeywords } from './keywords.js';
import { cardNames } from './names.js';
import { PLAYERS, findUnit, totalResources, type Base, type CardFace, type Game, type PlayerId, type Unit } from './state.js';
import { baseAp, baseHp, isLinked, unitAp, unitHp } from './stats.js';
import { withFields } from './with-fields.js';
import { currentCards } from './runtime.js';
import { faceFromRecord } from './cards.js';
import { historyAnswer, pairedThisTurnAnswer, selfDestroyedByAnswer } from './history.js';

export function compare(n: number, c: Cmp): boolean {
  if (c.op === '<=') return n <= c.value;
  if (c.op === '>=') return n >= c.value;
  return n === c.value;
}

function sideOk(side: Side, owner: PlayerId, controller: PlayerId): boolean {
  if (side === 'any') return true;
  return side === 'friendly' ? owner === controller : owner !== controller;
}

/** Trait and colour words compare without case or surrounding spaces. */
function sameWord(a: string, b: string): boolean {
  return a === b || a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The filter's card type against a card's type (a card in a hand, deck or trash). */
function typeMatches(face: CardFace, f: Filter): boolean {
  if (f.type && f.type !== 'unit-or-base' && face.type !== f.type) return false;
  if (f.types && f.types.length > 0 && !f.types.includes(face.type as 'unit')) return false;
  if (f.type === 'unit-or-base' && face.type !== 'unit' && face.type !== 'base') return false;
  return true;
}

/** The printed facts a filter can ask of any card but its type (the callers check that): traits, colour, Lv, cost, name, token. */
function faceMatches(face: CardFace, f: Filter, self?: CardFace | null): boolean {
  if (f.levelVsSelf && self && !compare(face.level, { op: f.levelVsSelf, value: self.level })) return false;
  if (f.traits && f.traits.length > 0 && !f.traits.some((t) => face.traits.some((h) => sameWord(h, t)))) return false;
  if (f.colors && f.colors.length > 0 && !f.colors.some((c) => sameWord(c, face.color ?? ''))) return false;
  if (f.notColors && f.notColors.some((c) => sameWord(c, face.color ?? ''))) return false;
  if (f.level && !compare(face.level, f.level)) return false;
  if (f.cost && !compare(face.cost, f.cost)) return false;
  if (f.token !== undefined && face.token !== f.token) return false;
  if (f.nameIncludes && !cardNames(face).some((n) => n.toLowerCase().includes(f.nameIncludes!.toLowerCase()))) return false;
  if (f.nameIncludesAny && !cardNames(face).some((n) => f.nameIncludesAny!.some((x) => n.toLowerCase().includes(x.toLowerCase())))) return false;
  if (f.nameExcludes && cardNames(face).some((n) => n.toLowerCase().includes(f.nameExcludes!.toLowerCase()))) return false;
  return true;
}

/** A Unit in play against a filter, seen from the ability's controller; `self` is excluded by "other". */
export function unitMatches(unit: Unit, f: Filter, controller: PlayerId, self: Unit | null): boolean {
  if (!sideOk(f.side, unit.owner, controller)) return false;
  if (f.type && f.type !== 'unit' && f.type !== 'unit-or-base') return false;
  if (f.other && self && unit.id === self.id) return false;
  // The type was checked above: a card in the battle area is a Unit whatever its printed type.
  // Traits a constant gives it count as its own ("All your Units gain (Neo Zeon)").
  const face = f.traits && unit.constant.traits.length > 0 ? withFields(unit.face, { traits: [...unit.face.traits, ...unit.constant.traits] }) : unit.face;
  if (!faceMatches(face, f, self?.face ?? null)) return false;
  if (f.ap && !compare(unitAp(unit), f.ap)) return false;
  if (f.hp && !compare(unitHp(unit), f.hp)) return false;
  if (f.levelOrAp && !compare(unit.face.level, f.levelOrAp.level) && !compare(unitAp(unit), f.levelOrAp.ap)) return false;
  if (f.rested !== undefined && unit.rested !== f.rested) return false;
  if (f.damaged !== undefined && unit.damage > 0 !== f.damaged) return false;
  if (f.keyword && !unitKeywords(unit).has(f.keyword)) return false;
  if (f.keywordsAny && !f.keywordsAny.some((k) => unitKeywords(unit).has(k))) return false;
  if (f.paired !== undefined && (unit.pilot !== null) !== f.paired) return false;
  if (f.linked !== undefined && isLinked(unit) !== f.linked) return false;
  // "paired with a (Newtype) Pilot": the Pilot's traits (2-5-5).
  if (f.pilotTraits && !(unit.pilot && f.pilotTraits.some((t) => unit.pilot!.face.traits.some((h) => sameWord(h, t))))) return false;
  if (f.pilotLevel && !(unit.pilot && compare(unit.pilot.face.level, f.pilotLevel))) return false;
  if (f.apVsSelf && !(self && compare(unitAp(unit), { op: f.apVsSelf, value: unitAp(self) }))) return false;
  if (f.anyKeyword && unitKeywords(unit).size === 0) return false;
  // "with a 【Destroyed】 effect": printed on the Unit or its Pilot (3-3-9-2), read or not.
  if (f.hasTiming && ![unit.face, unit.pilot?.face].some((face) => face?.abilities.some((a) => a.text.startsWith('【') && a.text.includes(`【${f.hasTiming}】`)))) return false;
  return true;
}

export function baseMatches(base: Base, f: Filter, controller: PlayerId): boolean {
  if (!sideOk(f.side, base.owner, controller)) return false;
  if (f.type !== 'unit-or-base' && f.type !== 'base') return false;
  if (f.types && f.types.length > 0 && !f.types.includes(base.face.type as 'unit')) return false;
  if (!faceMatches(base.face, f)) return false;
  if (f.ap && !compare(baseAp(base), f.ap)) return false;
  if (f.hp && !compare(baseHp(base), f.hp)) return false;
  if (f.rested !== undefined && base.rested !== f.rested) return false;
  if (f.damaged !== undefined && base.damage > 0 !== f.damaged) return false;
  return !(f.keyword || f.keywordsAny || f.paired !== undefined || f.linked !== undefined || f.pilotTraits || f.pilotLevel || f.apVsSelf || f.anyKeyword || f.hasTiming || f.levelOrAp);
}

/** A card outside play (trash, hand, deck) against a filter: only printed facts count. */
export function cardMatches(face: CardFace, f: Filter): boolean {
  if (f.anyOf) return f.anyOf.some((g) => cardMatches(face, g));
  if (f.ap && !compare(face.ap, f.ap)) return false;
  if (f.hp && !compare(face.hp, f.hp)) return false;
  if (f.rested !== undefined || f.damaged !== undefined || f.paired !== undefined || f.linked !== undefined || f.pilotTraits || f.pilotLevel || f.apVsSelf || f.anyKeyword || f.hasTiming || f.levelOrAp) return false;
  if (f.keyword && !face.keywords.some((k) => k.name === f.keyword)) return false;
  if (f.keywordsAny && !face.keywords.some((k) => f.keywordsAny!.includes(k.name as never))) return false;
  return typeMatches(face, f) && faceMatches(face, f);
}

/** Units in play matching a filter, active player's first. */
export function unitsMatching(game: Game, f: Filter, controller: PlayerId, self: Unit | null): Unit[] {
  const order: PlayerId[] = game.active === 'A' ? ['A', 'B'] : ['B', 'A'];
  return order.flatMap((p) => game.players[p].units.filter((u) => unitMatches(u, f, controller, self)));
}

/** Pilots paired in the battle area matching a filter (side: whose Unit they are paired with). */
function pilotsMatching(game: Game, f: Filter, controller: PlayerId): number {
  let n = 0;
  for (const p of PLAYERS) {
    for (const u of game.players[p].units) {
      if (!u.pilot || !sideOk(f.side, u.owner, controller)) continue;
      if (cardMatches(withFields(u.pilot.face, { type: 'pilot' as const }), withFields(f, { side: 'any' as const }))) n++;
    }
  }
  return n;
}

/** The face of a card id outside play, when the scenario or the game made it known. */
export function knownFace(game: Game, id: string): CardFace | null {
  return game.faces[id] ?? null;
}

/** How many cards in a player's trash match (the counts of conditions and of "for each"). */
export function trashMatching(game: Game, who: PlayerId, f: Filter): number {
  // "N or more cards in your trash" asks nothing of a card, so cards the scenario only counted count too.
  const anyCard = Object.keys(f).every((k) => k === 'side');
  return game.players[who].trash.filter((id) => {
    const face = knownFace(game, id);
    return face !== null ? cardMatches(face, f) : anyCard;
  }).length;
}

/** Evaluates a condition for the ability in `ctx` (10-2-1: an unmet condition means no effect). */
export function conditionHolds(game: Game, ctx: AbilityCtx, c: Condition): boolean {
  switch (c.type) {
    case 'turn':
      return c.whose === 'yours' ? game.active === ctx.controller : game.active !== ctx.controller;
    case 'count-in-play': {
      if (c.filter.type === 'pilot') return compare(pilotsMatching(game, c.filter, ctx.controller), c.cmp);
      let n = unitsMatching(game, c.filter, ctx.controller, ctx.unit).length;
      if (c.filter.type === 'unit-or-base' || c.filter.type === 'base') {
        for (const p of PLAYERS) {
          const b = game.players[p].base;
          if (b && baseMatches(b, c.filter, ctx.controller) && !(c.filter.other && ctx.base === b)) n++;
        }
      }
      return compare(n, c.cmp);
    }
    case 'count-in-trash':
      return players(ctx, c.who).some((p) => compare(trashMatching(game, p, c.filter), c.cmp));
    case 'hand-count':
      return players(ctx, c.who).some((p) => compare(game.players[p].hand, c.cmp));
    case 'shield-count':
      return players(ctx, c.who).some((p) => compare(game.players[p].shields.length, c.cmp));
    case 'player-level':
      return players(ctx, c.who).some((p) => compare(totalResources(game.players[p].resources), c.cmp));
    case 'self':
      if (ctx.unit) return unitMatches(ctx.unit, withFields(c.filter, { side: 'any' as const, other: false }), ctx.controller, null);
      if (ctx.base) return baseMatches(ctx.base, withFields(c.filter, { side: 'any' as const, type: 'base' as const }), ctx.controller);
      return cardMatches(ctx.face, withFields(c.filter, { side: 'any' as const }));
    case 'attacking': {
      const b = game.battle;
      if (!b || !ctx.unit || b.attacker !== ctx.unit.id) return false;
      if (c.target === 'player') return b.target === null;
      if (b.target === null) return false;
      // "a damaged enemy Unit": the current attack target as it is now.
      const t = c.filter ? findUnit(game, b.target) : undefined;
      return !c.filter || (t !== undefined && unitMatches(t, c.filter, ctx.controller, ctx.unit));
    }
    case 'ex-count':
      return players(ctx, c.who).some((p) => compare(game.players[p].resources.ex, c.cmp));
    case 'picked':
      return ctx.picked.some((id) => {
        const u = findUnit(game, id);
        return u !== undefined && unitMatches(u, c.filter, ctx.controller, null);
      });
    case 'paired': {
      const pilot = ctx.unit?.pilot;
      if (!pilot) return false;
      return c.pilot ? cardMatches(withFields(pilot.face, { type: 'pilot' as const }), withFields(c.pilot, { type: undefined })) : true;
    }
    case 'linked':
      return ctx.unit !== null && isLinked(ctx.unit);
    case 'not-paired':
      return ctx.unit !== null && ctx.unit.pilot === null;
    case 'paid-with-ex':
      return ctx.paidWithEx === true;
    case 'deployed-from-trash':
      return ctx.unit?.fromTrash === true;
    case 'discarded-with-effect':
      return (ctx.discarded ?? []).some((id) => {
        const rec = knownFace(game, id) === null ? currentCards()?.byId(id) : undefined;
        const face = knownFace(game, id) ?? (rec ? faceFromRecord(rec) : null);
        return face !== null && cardMatches(face, c.filter);
      });
    case 'placed-with-effect':
      return (ctx.placed ?? []).some((id) => {
        const rec = knownFace(game, id) === null ? currentCards()?.byId(id) : undefined;
        const face = knownFace(game, id) ?? (rec ? faceFromRecord(rec) : null);
        return face !== null && cardMatches(face, c.filter);
      });
    case 'paired-this-turn':
      return pairedThisTurnAnswer(game, ctx) === true;
    case 'self-destroyed-by':
      return selfDestroyedByAnswer(game, ctx, c) === true;
    case 'effect-destroyed':
      // A card this effect picked (its choose names whose: "Choose 1 rested enemy Unit"), destroyed
      // since: rules management acts the moment the damage is dealt (11-1-2).
      return ctx.picked.some((id) => game.destroyed.includes(id));
    case 'destroyed-with-battle-damage':
      return ctx.unit?.destroyedWithBattleDamage === true;
    case 'this-turn':
      // What happened earlier in this turn; a record that cannot say is not "holds" (history.ts leaves it open).
      return historyAnswer(game, ctx, c) === true;
    case 'enemy-players':
      // 12-2-6: a two-player game has one enemy player, the opponent.
      return compare(1, c.cmp);
    case 'battling': {
      // JA 5-22-p1/p2: the attacker and its current attack target are battling; a former target is not.
      const b = game.battle;
      const self = ctx.unit?.id;
      const other = b && self ? (b.attacker === self ? b.target : b.target === self ? b.attacker : null) : null;
      const u = other ? findUnit(game, other) : undefined;
      return u !== undefined && unitMatches(u, c.filter, ctx.controller, ctx.unit);
    }
  }
}

/** The rules a condition's answer rests on, beyond 10-2-1 (12-2-6: the number of enemy players). */
export function conditionCites(c: Condition): string[] {
  if (c.type === 'destroyed-with-battle-damage') return ['8-5-3-2-1'];
  return c.type === 'enemy-players' ? ['12-2-6'] : [];
}

export function allHold(game: Game, ctx: AbilityCtx, conds: readonly Condition[]): boolean {
  return conds.every((c) => conditionHolds(game, ctx, c));
}
