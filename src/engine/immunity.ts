/**
 * "Can't" effects that stop other effects (10-1-5-6: they take precedence): a Unit immune to being
 * destroyed, rested, returned, or having its AP reduced by enemy effects, from a constant or for a
 * duration; and a player's shield area that can't receive damage from some Units for a duration.
 */
import type { DamageGuard, Filter, Immunity } from '../abilities/ir.js';
import { unitMatches } from './filters.js';
import type { Base, CardFace, Game, PlayerId, Unit } from './state.js';
import { withFields } from './with-fields.js';

/** Who an effect comes from: its controller and the card (a Unit in play, or another card). */
export interface EffectSource {
  player: PlayerId | null;
  unit?: Unit | null;
  face?: CardFace | null;
}

/** Whether the source of an effect or damage matches a "from" filter, seen from the protected card's owner. */
export function sourceMatches(from: Filter, owner: PlayerId, src: EffectSource): boolean {
  if (src.player === null) return false; // a scenario's plain effect action has no known source
  if (from.side === 'enemy' && src.player === owner) return false;
  if (from.side === 'friendly' && src.player !== owner) return false;
  if (from.type === 'command' || from.type === 'base' || from.type === 'pilot') return src.face?.type === from.type;
  if (from.type === 'unit' || from.level || from.ap || from.hp || from.traits || from.token !== undefined) {
    return Boolean(src.unit) && unitMatches(src.unit!, withFields(from, { side: 'any' as const }), owner, null);
  }
  return true;
}

function timedTargets(game: Game, t: Extract<Game['timedEffects'][number], { kind: 'immune' }>, card: Unit | Base): boolean {
  if (t.target.type === 'all') {
    return 'timedKeywords' in card && unitMatches(card, t.target.filter, t.controller, null);
  }
  return t.ids.includes(card.id);
}

/** The effect that makes `card` immune to `what` from `src`, if any. */
export function immuneTo(game: Game, card: Unit | Base, what: Immunity, src: EffectSource): string | null {
  for (const i of card.constant.immunities) if (i.what === what && sourceMatches(i.from, card.owner, src)) return i.source;
  for (const t of game.timedEffects) {
    if (t.kind === 'immune' && t.what === what && timedTargets(game, t, card) && sourceMatches(t.from, card.owner, src)) return t.source;
  }
  return null;
}

/**
 * The effect that keeps `player`'s shield area card from this damage, if any: a "shield area
 * cards" effect for a duration covers the Base and the Shields (4-6-2); a "friendly Shields"
 * constant of one of the player's cards covers the Shields only.
 */
export function shieldAreaProtected(game: Game, player: PlayerId, kind: 'battle' | 'effect', src: EffectSource, card: 'shield' | 'base'): string | null {
  const matches = (guard: DamageGuard) => (!guard.kind || guard.kind === kind) && sourceMatches(guard.from, player, src);
  for (const t of game.timedEffects) {
    if (t.kind === 'protect-shield-area' && t.player === player && matches(t.guard)) return t.source;
  }
  if (card !== 'shield') return null;
  const st = game.players[player];
  for (const u of st.units) for (const g of u.constant.shieldGuards) if (matches(g.guard)) return g.source;
  for (const g of st.base?.constant.shieldGuards ?? []) if (matches(g.guard)) return g.source;
  return null;
}

export type { DamageGuard };
