/**
 * What happened earlier in the turn, for conditions that read it back (10-2-1): "If you have
 * activated a (Special Move) Command card's 【Main】/【Action】 during this turn", "If one of your
 * Units has been destroyed by one of your (Neo Zeon) card's effects during this turn", "At the end
 * of a turn where you have paid ① or more for one of your other (Militia) Units' effects". The
 * engine records these events as the actions make them happen; what happened before the scenario's
 * board is known only when the scenario starts at the start of the turn (or a turn began in it).
 * When the record cannot settle a condition, the answer leaves the outcome open instead of guessing.
 */
import type { Condition, Filter } from '../abilities/ir.js';
import type { AbilityCtx } from './context.js';
import { cardMatches } from './filters.js';
import { emit } from './log.js';
import { leaveOpen } from './not-executed.js';
import { type CardFace, type Game, type PlayerId, type TurnEvent, type Unit } from './state.js';
import { withFields } from './with-fields.js';

type ThisTurn = Extract<Condition, { type: 'this-turn' }>;

/** Records an event of the turn. */
export function recordEvent(game: Game, e: TurnEvent): void {
  game.history.push(e);
}

/** A player activated a Command's 【Main】/【Action】 (played, 10-1-8-1, or by its 【Burst】, 13-2-5-1). */
export function recordCommand(game: Game, player: PlayerId, face: CardFace): void {
  recordEvent(game, { event: 'activated-command', player, face });
}

/** A Pilot was paired with one of a player's Units (5-9-1): "At the end of the turn when this Unit is paired with a Pilot". */
export function recordPaired(game: Game, unit: Unit): void {
  recordEvent(game, { event: 'paired', player: unit.owner, face: unit.face, unit: unit.id });
}

/** Whether a Pilot was paired with this Unit this turn: true, false, or null when the record cannot say (a scenario started mid-turn). */
export function pairedThisTurnAnswer(game: Game, ctx: AbilityCtx): boolean | null {
  if (game.history.some((e) => e.event === 'paired' && e.unit === ctx.unit?.id)) return true;
  return game.historyKnown ? false : null;
}

/** A player paid Resources for an effect of one of their Units (its own text or its Pilot's, 3-3-9-2; 2-10-1). */
export function recordPaid(game: Game, player: PlayerId, unit: Unit): void {
  recordEvent(game, { event: 'paid-for-unit-effect', player, face: unit.face, unit: unit.id });
}

/**
 * A Unit destroyed by an effect (5-10-1). `source` null: the card whose effect it was is not known
 * (the scenario's `destroy` action), or the Unit was destroyed by lethal effect damage (`damage`),
 * which the rules do not say is "destroyed by an effect": either may count, so it is kept as maybe.
 */
export function recordDestroyed(game: Game, unit: Unit, by: PlayerId | null, source: CardFace | null, damage: boolean): void {
  recordEvent(game, { event: 'destroyed-by-effect', player: unit.owner, face: unit.face, unit: unit.id, by: { player: by, face: source }, ...(source === null || damage ? { maybe: true as const } : {}) });
}

/** Whether the event is one the condition names, seen from the ability's controller: true, false, or null (it may be). */
function eventMatches(e: TurnEvent, c: ThisTurn, ctx: AbilityCtx): boolean | null {
  if (e.event !== c.event || e.player !== ctx.controller) return false;
  const printed = withFields(c.filter, { side: 'any' as const, other: undefined });
  // "one of your other … Units": not the Unit the ability belongs to.
  if (c.filter.other && ctx.unit && e.unit === ctx.unit.id) return false;
  if (!cardMatches(c.event === 'activated-command' ? e.face : withFields(e.face, { type: 'unit' as const }), printed)) return false;
  if (c.event !== 'destroyed-by-effect' || !c.by) return e.maybe ? null : true;
  return destroyedBy(e, c.by, ctx);
}

/**
 * "by one of your (Neo Zeon) card's effects": whether the recorded destruction was by an effect of a
 * card of the controller's matching `by` — true, false, or null when it may be (effect damage, or a
 * card the scenario does not name).
 */
function destroyedBy(e: TurnEvent, by: Filter, ctx: AbilityCtx): boolean | null {
  if (e.by?.player !== null && e.by?.player !== undefined && e.by.player !== ctx.controller) return false;
  if (e.by?.face && !cardMatches(e.by.face, withFields(by, { side: 'any' as const }))) return false;
  return e.maybe || !e.by?.face || e.by.player === null ? null : true;
}

type SelfDestroyedBy = Extract<Condition, { type: 'self-destroyed-by' }>;

/**
 * "【Destroyed】If this Unit is destroyed by one of your (Neo Zeon) card's effects": the record of the
 * destruction that triggered it (made as it happened, so known even in a scenario started mid-turn).
 * None: not destroyed by an effect (battle damage, 5-10-1) — false; by effect damage or an unnamed
 * card's effect — null, it may count.
 */
export function selfDestroyedByAnswer(game: Game, ctx: AbilityCtx, c: SelfDestroyedBy): boolean | null {
  const id = ctx.unit?.id;
  const e = [...game.history].reverse().find((x) => x.event === 'destroyed-by-effect' && x.unit === id);
  return e ? destroyedBy(e, c.by, ctx) : false;
}

/** Whether the condition holds on this turn's record: true, false, or null when the record cannot say. */
export function historyAnswer(game: Game, ctx: AbilityCtx, c: ThisTurn): boolean | null {
  let maybe = false;
  for (const e of game.history) {
    const m = eventMatches(e, c, ctx);
    if (m === true) return true;
    if (m === null) maybe = true;
  }
  return maybe || !game.historyKnown ? null : false;
}

/**
 * A condition on what happened ('this-turn', 'paired-this-turn', 'self-destroyed-by') that did not
 * hold because the record cannot settle it: the outcome is left open (once per ability and action),
 * and the log says how to settle it.
 */
export function openIfUnknown(game: Game, ctx: AbilityCtx, c: Condition): void {
  const open = (question: string, why: string, rules: string[]) => {
    const reason = `${ctx.label}'s "${ctx.ability.text}" asks ${question}, and ${why}`;
    if (game.undetermined.some((u) => u.action === game.actionIndex && u.reason === reason)) return;
    emit(game, reason, rules);
    leaveOpen(game, 'outcome', reason, { unit: ctx.unit?.id ?? ctx.base?.id ?? null, card: ctx.face.cardId, text: ctx.ability.text, rules });
  };
  if (c.type === 'paired-this-turn') {
    if (pairedThisTurnAnswer(game, ctx) !== null) return;
    open('whether a Pilot was paired with it during this turn', 'the scenario starts in the middle of the turn, so what happened before its board is not known (start it in the start phase and pair it with a "pair" action to settle it); the engine goes on as if it was not', ['10-2-1', '5-9-1']);
  } else if (c.type === 'self-destroyed-by') {
    if (selfDestroyedByAnswer(game, ctx, c) !== null) return;
    open('what destroyed it', 'it was destroyed by effect damage or by an effect whose card the scenario does not name, which may or may not count (5-10-1), so whether it applies is not settled (the engine goes on as if it does not)', ['5-10-1']);
  } else if (c.type === 'this-turn' && historyAnswer(game, ctx, c) === null) {
    const why = game.historyKnown
      ? 'an event of this turn may or may not count (a Unit destroyed by effect damage, or by an effect whose card the scenario does not name; 5-10-1)'
      : 'the scenario starts in the middle of the turn, so what happened before its board is not known (start it in the start phase and play the turn\'s actions to settle it)';
    open('what happened earlier in this turn', `${why}, so whether it applies is not settled (the engine goes on as if it does not)`, ['10-2-1']);
  }
}
