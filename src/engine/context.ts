/**
 * Who an ability belongs to while it resolves: its controller, the card it is on (a Unit, the
 * Unit a Pilot is paired with, a Base, a Shield's card, a Command being played), and what earlier
 * steps picked ("it", "them"). Shared by the filters, the resolver and the trigger queue.
 */
import type { CompiledAbility, Who } from '../abilities/ir.js';
import { opponent, type Base, type CardFace, type Game, type PlayerId, type Unit } from './state.js';

export interface AbilityCtx {
  controller: PlayerId;
  /** The Unit the ability is on (its own text, or its Pilot's text, 3-3-9-2). */
  unit: Unit | null;
  base: Base | null;
  /** The card whose text it is (the Pilot's face for Pilot text). */
  face: CardFace;
  /** The id of the card in this scenario (unit id, shield id, command id). */
  cardId: string;
  /** "Guntank (a2)" for the log. */
  label: string;
  ability: CompiledAbility;
  /** Index of the ability on its card, for 【Once per Turn】 bookkeeping. */
  index: number;
  /** Ids picked by the last step that chose ("it", "them"). */
  picked: string[];
  /** For triggers of a battle: the Unit battling the ability's Unit. */
  battleOpponent: Unit | null;
  /** For triggers on another Unit's event ("when a friendly (G Team) Unit destroys …"): that Unit ("that friendly Unit"). */
  triggerUnit?: Unit | null;
  /** For 'pays-for-unit-effect': how many Resources that payment was ("an amount equal to the cost paid"). */
  paid?: number;
  /** Paying an activation cost (10-1-7-2): a rest then is not a rest "by an effect". */
  paying?: boolean;
  /** The cards this effect placed from the deck into the trash ("If you placed a (Vagan) card with this effect"). */
  placed?: string[];
  /** The cards this effect discarded ("If you discard a (Special Move) Command card with this effect"). */
  discarded?: string[];
  /** A Command played from the hand: whether an EX Resource paid part of its cost ("if you use an EX Resource to play this card"). */
  paidWithEx?: boolean;
  /** For 'activates-command': the id of the Command that triggered it ("pair that card from your trash"). */
  triggerCard?: string;
}

type CtxFields = Pick<AbilityCtx, 'controller' | 'face' | 'cardId' | 'label' | 'ability' | 'index'> & Partial<Pick<AbilityCtx, 'unit' | 'base' | 'battleOpponent' | 'paidWithEx' | 'triggerUnit' | 'paid' | 'triggerCard'>>;

/** A fresh context: no Unit, Base or battle opponent unless given, nothing picked yet. */
export function newCtx(f: CtxFields): AbilityCtx {
  return { unit: null, base: null, battleOpponent: null, ...f, picked: [] };
}

export function players(ctx: AbilityCtx, who: Who): PlayerId[] {
  if (who === 'you') return [ctx.controller];
  if (who === 'opponent') return [opponent(ctx.controller)];
  return [ctx.controller, opponent(ctx.controller)];
}

export function onceKey(ctx: AbilityCtx): string {
  return `${ctx.cardId}#${ctx.index}`;
}

/** "Guntank (a2)'s 【Deploy】" style label for a compiled ability. */
export function abilityLabel(ctx: AbilityCtx): string {
  return `${ctx.label}: "${ctx.ability.text}"`;
}

/** The Units in play, both sides, active player's first (10-1-6-6 order). */
export function unitsInOrder(game: Game): Unit[] {
  return [...game.players[game.active].units, ...game.players[opponent(game.active)].units];
}
