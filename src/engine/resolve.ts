/**
 * Resolving a compiled ability's effect (chapter 10): its steps in printed order (1-3-7), each with
 * its conditions (10-2-1), "you may" (10-1-3), "Then" (5-20-2) and "If you do" (5-20-1), targets
 * chosen when the text reaches them (10-3-3), and an impossible part simply not done (1-3-2).
 * Every event quotes the ability it came from.
 */
import type { Count, EffectStep, Extreme, Filter, Immunity, IrKeyword, Selector, Step, Who } from '../abilities/ir.js';
import { immuneTo } from './immunity.js';
import { faceFromRecord } from './cards.js';
import { ChoiceProblem, chooseCards, chooseTargets, chooseWhere, decideUse, namesCards, skipDecision } from './choices.js';
import { inputProblem } from './problems.js';
import { onceKey, players, type AbilityCtx } from './context.js';
import { changeAttackTarget, damageStepBattle } from './battle.js';
import { applyDraw, damageBase, damageFirstShieldAreaCard, damageUnit, destroyTopShields, recover } from './effects.js';
import { countOf, countWords } from './counts.js';
import { allHold, baseMatches, cardMatches, compare, conditionHolds, conditionCites, knownFace, unitMatches, unitsMatching } from './filters.js';
import { emit, signed } from './log.js';
import { addToHand, destroyBase, destroyUnit, putIntoBattleArea, returnToDeckBottom, returnToHand, runRulesManagement } from './management.js';
import { renderCondition } from '../abilities/patterns/condition.js';
import { renderNoun } from '../abilities/patterns/noun.js';
import { renderInsteadBody } from '../abilities/patterns/instead.js';
import { leaveOpen, reportUnsupported } from './not-executed.js';
import { openIfUnknown, recordCommand, recordPaid } from './history.js';
import { playCost } from './constants.js';
import { currentCards } from './runtime.js';
import { hasTrigger, queueOwnerEvent, queueTriggers } from './triggers.js';
import { pairByEffect, spendResources, splitPayment } from './play.js';
import { RESOURCE_LIMIT } from './turn.js';
import { exBaseFace } from './setup.js';
import { cannotBe, describeCard, describeUnit, findCardInPlay, findUnit, newUnit, noConstants, nextSerial, opponent, PLAYERS, totalResources, type Base, type CardFace, type Choice, type Game, type PlayerId, type Unit } from './state.js';
import { baseAp, baseHp, unitAp, unitHp } from './stats.js';
import { withFields } from './with-fields.js';
import { mark } from './happened.js';

type Target = { kind: 'unit'; unit: Unit } | { kind: 'base'; base: Base } | { kind: 'card'; id: string; player: PlayerId; face: CardFace | null } | { kind: 'pilot'; unit: Unit };

function src(ctx: AbilityCtx): string {
  return `${ctx.label}'s effect "${ctx.ability.text}"`;
}

function targetName(t: Target): string {
  if (t.kind === 'pilot') return `${t.unit.pilot?.face.name ?? 'the Pilot'} (the Pilot of ${describeUnit(t.unit)})`;
  if (t.kind === 'unit') return describeUnit(t.unit);
  if (t.kind === 'base') return describeCard(t.base);
  return t.face ? `${t.face.name} (${t.id})` : t.id;
}

function targetId(t: Target): string {
  return t.kind === 'unit' ? t.unit.id : t.kind === 'base' ? t.base.id : t.kind === 'pilot' ? (t.unit.pilot?.id ?? `${t.unit.id}-pilot`) : t.id;
}


function asTarget(x: Unit | Base): Target {
  return 'timedKeywords' in x ? { kind: 'unit', unit: x } : { kind: 'base', base: x };
}

/** A card outside play by id: the face the game knows, else the catalog's when the id is a card number. */
export function faceOf(game: Game, id: string): CardFace | null {
  const known = knownFace(game, id);
  if (known) return known;
  const rec = currentCards()?.byId(id);
  return rec ? faceFromRecord(rec) : null;
}

/** The candidates of a choose/all selector. */
function candidates(game: Game, ctx: AbilityCtx, sel: Extract<Selector, { type: 'choose' | 'all' }>): Target[] {
  const f = sel.filter;
  if (sel.zone === 'battle' && f.type === 'pilot') {
    // "Choose 1 enemy Pilot" / "… Pilot paired with an enemy Unit that is Lv.5 or lower": Pilots in play (3-3-3).
    const out: Target[] = [];
    for (const u of unitsMatching(game, withFields(f.pairedWith ?? { side: 'any' as const }, { side: f.side }), ctx.controller, null)) {
      const { side: _s, pairedWith: _p, type: _t, ...rest } = f;
      if (u.pilot && cardMatches(withFields(u.pilot.face, { type: 'pilot' as const }), { side: 'any', ...rest, type: 'pilot' })) out.push({ kind: 'pilot', unit: u });
    }
    return out;
  }
  if (sel.zone === 'battle') {
    let out: Target[] = [];
    if (f.type !== 'base') for (const u of unitsMatching(game, f, ctx.controller, ctx.unit)) out.push({ kind: 'unit', unit: u });
    if (f.type === 'base' || f.type === 'unit-or-base') {
      for (const p of PLAYERS) {
        const b = game.players[p].base;
        if (b && baseMatches(b, f, ctx.controller) && !(f.other && ctx.base === b)) out.push({ kind: 'base', base: b });
      }
    }
    if (f.battling) out = out.filter((t) => t.kind === 'unit' && battlingMatch(game, ctx, t.unit, f.battling!));
    // "that is being attacked": the current battle's attack target (8-1; after a block, the blocker, 8-3-2).
    if (f.attacked) out = out.filter((t) => t.kind === 'unit' && game.battle?.target === t.unit.id);
    // "non-battling Units": not the attacker nor its attack target now (JA 5-22-p1).
    if (f.notBattling) out = out.filter((t) => t.kind !== 'unit' || !game.battle || (game.battle.attacker !== t.unit.id && game.battle.target !== t.unit.id));
    if (f.levelVsPrevious) out = levelVsPicked(game, ctx, out, f.levelVsPrevious);
    if (f.levelVsTrigger) {
      // "than that Unit": the Unit the trigger named (the attacker), as it is now; gone, none match.
      const ref = ctx.triggerUnit && findCardInPlay(game, ctx.triggerUnit.id) === ctx.triggerUnit ? ctx.triggerUnit.face.level : null;
      out = ref === null ? [] : out.filter((t) => t.kind === 'unit' && compare(t.unit.face.level, { op: f.levelVsTrigger!, value: ref }));
    }
    if (sel.type === 'choose' && sel.extreme) out = extremeOf(out, sel.extreme);
    return out;
  }
  // Outside the battle area "your trash"/"your hand" is meant unless the text says enemy.
  const side: PlayerId[] = f.side === 'enemy' ? players(ctx, 'opponent') : [ctx.controller];
  const out: Target[] = [];
  for (const p of side) {
    const st = game.players[p];
    const ids = sel.zone === 'trash' ? st.trash : sel.zone === 'hand' ? st.handCards : st.shields.map((s) => s.id);
    for (const id of ids) {
      const face = sel.zone === 'shields' ? (st.shields.find((s) => s.id === id)?.face ?? null) : faceOf(game, id);
      if (face && cardMatches(face, f)) out.push({ kind: 'card', id, player: p, face });
    }
  }
  return out;
}

/**
 * A choice from a trash or hand that holds cards the scenario did not name (given as a count): the
 * engine cannot tell whether they qualify, so what the choice leads to is left open, and the log
 * says how to name them.
 */
function unnamedCardsMatter(game: Game, ctx: AbilityCtx, sel: Extract<Selector, { type: 'choose' }>, step: Step): void {
  if (sel.zone !== 'trash' && sel.zone !== 'hand') return;
  const who = sel.filter.side === 'enemy' ? players(ctx, 'opponent') : [ctx.controller];
  for (const p of who) {
    const st = game.players[p];
    const unnamed = sel.zone === 'trash' ? st.trash.filter((id) => !faceOf(game, id)).length : st.hand - st.handCards.length;
    if (unnamed === 0) continue;
    const what = `player ${p}'s ${sel.zone} holds ${unnamed} card${unnamed === 1 ? '' : 's'} the scenario does not name, and ${src(ctx)} chooses from it (${step.do})`;
    emit(game, `${what}: only named cards can be chosen here; list the ${sel.zone}'s cards by card number to settle it`, ['10-2-2-1']);
    leaveOpen(game, 'outcome', `${what}; whether they could be chosen is not known, so the outcome is not settled. List the ${sel.zone} by card number.`, { unit: ctx.unit?.id ?? ctx.base?.id ?? null, card: ctx.face.cardId, text: ctx.ability.text, rules: ['10-2-2-1'] });
    return;
  }
}

/** "battling this Unit" / "battling a friendly Unit with <Blocker>": the Unit's partner in the current battle (JA 5-22-p1/p2). */
function battlingMatch(game: Game, ctx: AbilityCtx, unit: Unit, b: NonNullable<Filter['battling']>): boolean {
  const battle = game.battle;
  if (!battle) return false;
  const other = battle.attacker === unit.id ? battle.target : battle.target === unit.id ? battle.attacker : null;
  if (other === null) return false;
  if (b.self) return other === ctx.unit?.id;
  const u = findCardInPlay(game, other);
  return u !== undefined && 'timedKeywords' in u && unitMatches(u, b.unit!, ctx.controller, ctx.unit);
}

/** "whose Lv. is equal to or lower than that Unit": against the Lv. of the Unit the effect picked before (none picked: none match). */
function levelVsPicked(game: Game, ctx: AbilityCtx, out: Target[], op: '<=' | '>='): Target[] {
  const id = ctx.picked[0];
  const ref = id === undefined ? undefined : (findCardInPlay(game, id)?.face ?? faceOf(game, id));
  if (!ref) return [];
  return out.filter((t) => t.kind !== 'card' && t.kind !== 'pilot' && compare((t.kind === 'unit' ? t.unit : t.base).face.level, { op, value: ref.level }));
}

/** "with the highest Lv." / "with the lowest HP": the candidates at that end (all of them on a tie: the controller chooses). */
function extremeOf(out: Target[], e: Extreme): Target[] {
  const value = (t: Target): number => {
    if (t.kind === 'card' || t.kind === 'pilot') return 0;
    const card = t.kind === 'unit' ? t.unit : t.base;
    if (e.stat === 'level') return card.face.level;
    if (t.kind === 'unit') return e.stat === 'ap' ? unitAp(t.unit) : unitHp(t.unit);
    return e.stat === 'ap' ? baseAp(t.base) : baseHp(t.base);
  };
  if (out.length === 0) return out;
  const values = out.map(value);
  const best = e.end === 'highest' ? Math.max(...values) : Math.min(...values);
  return out.filter((_, i) => values[i] === best);
}

/** Who a step acts on. `entry` is the choice already taken by a "you may choose". */
function select(game: Game, ctx: AbilityCtx, sel: Selector, step: Step, entry: Choice | undefined): Target[] {
  switch (sel.type) {
    case 'self': {
      const id = ctx.unit?.id ?? ctx.base?.id;
      const here = id !== undefined ? findCardInPlay(game, id) : undefined;
      return here ? [asTarget(here)] : [];
    }
    case 'paired-pilot': {
      const pilot = ctx.unit?.pilot;
      if (!pilot) return [];
      // "a blue Pilot paired with this Unit": none when its Pilot is not one.
      if (sel.filter && !cardMatches(withFields(pilot.face, { type: 'pilot' as const }), withFields(sel.filter, { side: 'any' as const }))) return [];
      // Still paired in play: the Pilot itself; after a 【Destroyed】 it is a card in the trash (3-3-6).
      const inPlay = findCardInPlay(game, ctx.unit!.id) === ctx.unit && ctx.unit!.pilot === pilot;
      return inPlay && sel.filter ? [{ kind: 'pilot', unit: ctx.unit! }] : [{ kind: 'card', id: pilot.id, player: ctx.unit!.owner, face: pilot.face }];
    }
    case 'previous':
      return ctx.picked.flatMap((id): Target[] => {
        const here = findCardInPlay(game, id);
        if (here) return [asTarget(here)];
        for (const p of PLAYERS) {
          const st = game.players[p];
          if (st.trash.includes(id) || st.handCards.includes(id)) return [{ kind: 'card', id, player: p, face: faceOf(game, id) }];
        }
        return [];
      });
    case 'trigger-unit':
      // "that friendly Unit": the Unit whose event triggered the ability, while it is in play.
      if (sel.words) return ctx.triggerUnit && findCardInPlay(game, ctx.triggerUnit.id) === ctx.triggerUnit ? [{ kind: 'unit', unit: ctx.triggerUnit }] : [];
      return ctx.battleOpponent && findCardInPlay(game, ctx.battleOpponent.id) ? [{ kind: 'unit', unit: ctx.battleOpponent }] : [];
    case 'battle-opponent':
    case 'damaged-enemy':
      // For 'deals-battle-damage' the trigger's battleOpponent is the Unit the damage was dealt to.
      return ctx.battleOpponent && findCardInPlay(game, ctx.battleOpponent.id) ? [{ kind: 'unit', unit: ctx.battleOpponent }] : [];
    case 'all':
      return candidates(game, ctx, sel);
    case 'choose': {
      const all = candidates(game, ctx, sel);
      if (all.length < sel.max) unnamedCardsMatter(game, ctx, sel, step);
      const cardZone = sel.zone === 'trash' || sel.zone === 'hand';
      // "All enemy players each choose 1 of their active Units" (12-2-6): the opponent's decision.
      const by = sel.chooser === 'opponent' ? opponent(ctx.controller) : null;
      const ids = chooseTargets(
        game,
        { prompt: `${src(ctx)} (${step.do}${by ? `; player ${by} chooses` : ''})`, min: sel.min, max: sel.max, legal: all.map(targetId), rules: by ? ['10-2-2-1', '12-2-6'] : ['10-2-2-1'], cardZone },
        entry,
      );
      const chosen = all.filter((t) => ids.includes(targetId(t)));
      // Who decides is part of the ruling: the player whose effect says "choose" (10-3-3), or the
      // opponent where the text hands them the choice (12-2-6).
      if (chosen.length) emit(game, `Player ${by ?? ctx.controller} chooses ${chosen.map(targetName).join(', ')} for ${src(ctx)}${by ? '' : ' (the player whose effect it is chooses)'}`, by ? ['12-2-6', '10-2-2-1'] : ['10-3-3', '10-2-2-1']);
      return chosen;
    }
  }
}

function durationWords(game: Game, d: 'turn' | 'battle'): string {
  return d === 'turn' ? 'during this turn' : game.inBattle ? 'during this battle' : 'during the next battle';
}

function durationRules(d: 'turn' | 'battle'): string[] {
  return d === 'turn' ? ['7-6-6-1'] : ['8-2-3', '8-6-1'];
}

const IMMUNITY_WORDS: Record<string, string> = { 'ap-reduction': 'given less AP', destroy: 'destroyed', rest: 'rested', 'return-to-hand': 'returned to the hand' };

/** A step done by each player it names; whether any of them did something (counts > 0). */
function forEachPlayer(ctx: AbilityCtx, who: Who, act: (p: PlayerId) => number): boolean {
  let any = false;
  for (const p of players(ctx, who)) any = act(p) > 0 || any;
  return any;
}

/** Runs one step; returns whether it did something (for "If you do", 5-20-1). */
function runStep(game: Game, ctx: AbilityCtx, step: Step, entry: Choice | undefined): boolean {
  const s = src(ctx);
  // 10-1-5-6 a "can't" effect on the target stops this part of the effect for it.
  const blocked = (t: Target, what: Immunity): boolean => {
    if (t.kind === 'card' || t.kind === 'pilot') return false;
    const card = t.kind === 'unit' ? t.unit : t.base;
    const by = immuneTo(game, card, what, { player: ctx.controller, unit: ctx.unit, face: ctx.face });
    if (by) emit(game, `${targetName(t)} can't be ${IMMUNITY_WORDS[what]} by ${s}: ${by}`, ['10-1-5-6', '1-3-3']);
    return by !== null;
  };
  const targetsOf = (sel: Selector): Target[] => {
    const ts = select(game, ctx, sel, step, entry);
    // "It"/"them" in a later sentence is whatever this step acted on ("Set this Unit as active. It can't …").
    if (sel.type !== 'previous') ctx.picked = ts.map(targetId);
    if (ts.length === 0) emit(game, `${s}: no target can be chosen for "${step.do}", so that part does not activate`, ['10-2-2', '10-3-3-1']);
    return ts;
  };
  switch (step.do) {
    case 'damage': {
      // Counted before the targets are chosen: "the number of Units rested with this effect" reads the earlier pick.
      const amount = scaled(game, ctx, step.amount, step.forEach, s);
      let any = false;
      for (const t of targetsOf(step.target)) {
        const by = { kind: 'effect' as const, from: ctx.controller, unit: ctx.unit, face: ctx.face };
        if (t.kind === 'unit') any = damageUnit(game, t.unit, amount, s, ['5-5-4'], by) || any;
        else if (t.kind === 'base') any = damageBase(game, t.base, amount, s, ['5-5-4'], by) || any;
      }
      return any;
    }
    case 'destroy': {
      const ts = targetsOf(step.target).filter((t) => !blocked(t, 'destroy'));
      for (const t of ts) {
        if (t.kind === 'pilot') removePilot(game, t.unit, 'trash', s);
        else if (t.kind === 'unit') destroyUnit(game, t.unit, `by ${s}`, ['5-10-1'], { kind: 'effect', by: ctx.controller, source: ctx.face });
        else if (t.kind === 'base') destroyBase(game, t.base, `by ${s}`, ['5-10-1']);
      }
      return ts.length > 0;
    }
    case 'rest':
    case 'set-active': {
      const rest = step.do === 'rest';
      let any = false;
      for (const t of targetsOf(step.target)) {
        if (t.kind === 'card' || t.kind === 'pilot' || (rest && blocked(t, 'rest'))) continue;
        const card = t.kind === 'unit' ? t.unit : t.base;
        if (card.rested === rest) {
          emit(game, `${targetName(t)} is already ${rest ? 'rested' : 'active'} (${s})`, ['1-3-2-1']);
          continue;
        }
        const instead = rest ? restSubstitute(game, ctx, t) : null;
        if (instead) {
          any = true;
          continue;
        }
        const barred = !rest && t.kind === 'unit' ? cannotBe(t.unit, 'set-active') : null;
        if (barred) {
          emit(game, `${targetName(t)} can't be set as active (${barred}), so it stays rested (${s})`, ['1-3-3', '10-1-5-6']);
          continue;
        }
        card.rested = rest;
        any = true;
        emit(game, `${targetName(t)} is now ${rest ? 'rested' : 'active'} (${s})`, [rest ? '5-4-1-2' : '5-4-1-1']);
        if (rest && t.kind === 'unit' && !ctx.paying) queueTriggers(game, 'rested-by-effect', { unit: t.unit });
        if (rest && t.kind === 'unit' && !ctx.paying) queueOwnerEvent(game, 'friendly-rested-by-effect', t.unit.owner, { subject: t.unit, by: ctx.controller });
        if (!rest && t.kind === 'unit') queueTriggers(game, 'set-active-by-effect', { unit: t.unit });
      }
      return any;
    }
    case 'recover': {
      let any = false;
      for (const t of targetsOf(step.target)) {
        if (t.kind === 'card' || t.kind === 'pilot') continue;
        any = recover(game, t.kind === 'unit' ? t.unit : t.base, targetName(t), step.amount, s, []) > 0 || any;
      }
      return any;
    }
    case 'modify': {
      const times = step.forEach ? scaled(game, ctx, 1, step.forEach, s) : 1;
      const ts = targetsOf(step.target);
      for (const t of ts) {
        if (t.kind === 'card' || t.kind === 'pilot') continue;
        if (times === 0) continue; // 1-3-2-2: zero times is not done
        const ap = step.ap < 0 && blocked(t, 'ap-reduction') ? 0 : step.ap * times;
        const hp = step.hp * times;
        if (ap === 0 && hp === 0 && step.ap !== 0) continue;
        const mod = { ap, hp, duration: step.duration, source: s };
        // "When this Unit's AP is reduced by an enemy effect" (its AP went down; at 0 it cannot, 1-3-6): read only where it can trigger.
        const watched = t.kind === 'unit' && t.unit.owner !== ctx.controller && hasTrigger(t.unit, 'ap-reduced-by-enemy') ? t.unit : null;
        const apBefore = watched ? unitAp(watched) : 0;
        if (t.kind === 'unit') t.unit.modifiers.push(mod);
        else t.base.modifiers.push(mod);
        if (watched && unitAp(watched) < apBefore) queueTriggers(game, 'ap-reduced-by-enemy', { unit: watched });
        const now = t.kind === 'unit' ? `AP ${unitAp(t.unit)}, HP ${unitHp(t.unit)}` : `HP ${baseHp(t.base)}`;
        const change = [ap !== 0 || hp === 0 ? `AP${signed(ap)}` : '', hp !== 0 ? `HP${signed(hp)}` : ''].filter(Boolean).join(' ');
        emit(game, `${targetName(t)} gets ${change} ${durationWords(game, step.duration)} (${s}): now ${now}`, [...durationRules(step.duration), '1-3-6']);
      }
      return ts.length > 0 && times > 0;
    }
    case 'grant': {
      const ts = targetsOf(step.target);
      const label = step.keyword.amount === null ? step.keyword.name : `${step.keyword.name} ${step.keyword.amount}`;
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        t.unit.timedKeywords.push({ name: step.keyword.name, amount: step.keyword.amount, duration: step.duration, source: s });
        emit(game, `${targetName(t)} gains <${label}> ${durationWords(game, step.duration)} (${s})`, ['5-16-1', ...durationRules(step.duration)]);
      }
      return ts.length > 0;
    }
    case 'allow-attack-active':
    case 'forbid-attack':
    case 'forbid-attack-player': {
      const ts = targetsOf(step.target);
      const what =
        step.do === 'allow-attack-active' ? 'may choose an active enemy Unit as its attack target' : step.do === 'forbid-attack' ? "can't attack" : "can't choose the enemy player as its attack target";
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        t.unit.timedPermissions.push({
          type: step.do === 'allow-attack-active' ? 'attack-active' : step.do,
          filter: step.do === 'allow-attack-active' ? step.filter : null,
          duration: step.duration,
          source: s,
        });
        emit(game, `${targetName(t)} ${what} ${durationWords(game, step.duration)} (${s})`, ['1-3-1', ...durationRules(step.duration)]);
      }
      return ts.length > 0;
    }
    case 'return-to-hand': {
      const ts = targetsOf(step.target);
      let any = false;
      for (const t of ts) {
        if (t.kind === 'pilot') any = removePilot(game, t.unit, 'hand', s) || any;
        else if (t.kind !== 'card') {
          if (blocked(t, 'return-to-hand')) continue;
          returnToHand(game, t.kind === 'unit' ? t.unit : t.base, s);
          any = true;
        } else any = trashToHandById(game, t, s) || any;
      }
      return any;
    }
    case 'return-to-deck-bottom': {
      let any = false;
      for (const t of targetsOf(step.target)) {
        if (t.kind === 'card' || t.kind === 'pilot') continue;
        returnToDeckBottom(game, t.kind === 'unit' ? t.unit : t.base, s);
        any = true;
      }
      return any;
    }
    case 'draw':
      return forEachPlayer(ctx, step.who, (p) => {
        const n = applyDraw(game, p, step.count, s);
        // "When you draw with an effect" (10-1-6-1, 10-1-6-3: one draw of one effect is one event).
        if (n > 0) queueOwnerEvent(game, 'draws-with-effect', p, {});
        return n;
      });
    case 'discard': {
      // What it put into the trash, for "If you discard a (Special Move) Command card with this effect".
      const before = PLAYERS.map((p) => game.players[p].trash.length);
      const done = step.filter ? forEachPlayer(ctx, step.who, (p) => discardMatching(game, p, step.count, step.filter!, s, entry)) : forEachPlayer(ctx, step.who, (p) => discard(game, p, step.count, s));
      const now = PLAYERS.flatMap((p, k) => game.players[p].trash.slice(before[k]));
      ctx.discarded = [...(ctx.discarded ?? []), ...now];
      const unnamed = now.filter((id) => faceOf(game, id) === null).length;
      if (unnamed > 0 && 'effect' in ctx.ability && ctx.ability.effect.some((e) => e.when?.some((w) => w.type === 'discarded-with-effect'))) {
        leaveOpen(game, 'outcome', `${s} asks what it discarded, and ${unnamed} discarded card${unnamed === 1 ? ' was' : 's were'} not named in the scenario (list the hand to settle it)`, { unit: ctx.unit?.id ?? null, card: ctx.face.cardId, text: ctx.ability.text, rules: ['5-11-1'] });
      }
      return done;
    }
    case 'mill':
      return forEachPlayer(ctx, step.who, (p) => mill(game, ctx, p, step.count, s));
    case 'placed-to-hand':
      return placedToHand(game, ctx, step, s, entry);
    case 'self-trash-to-hand': {
      // "add it from your trash to your hand": this Unit's card, from its owner's trash (1-3-2 if not there).
      const id = ctx.unit?.id;
      const owner = ctx.unit?.owner ?? ctx.controller;
      const st = game.players[owner];
      const at = id === undefined ? -1 : st.trash.indexOf(id);
      if (at < 0 || !ctx.unit) {
        emit(game, `${ctx.face.name} is not in player ${owner}'s trash, so it is not added to the hand (${s})`, ['1-3-2']);
        return false;
      }
      st.trash.splice(at, 1);
      const face = ctx.unit.card ?? ctx.unit.face;
      addToHand(game, owner, face.cardId ?? id!, face);
      emit(game, `${face.name} returns from player ${owner}'s trash to the hand (${s}; hand ${st.hand})`, ['13-2-8-2-1', '4-9-1']);
      return true;
    }
    case 'exile-self': {
      // "Exile this card in your trash from the game": only from its owner's trash (5-12-1).
      const st = game.players[ctx.controller];
      const at = st.trash.indexOf(ctx.cardId);
      if (at < 0) {
        emit(game, `${ctx.face.name} is not in player ${ctx.controller}'s trash, so it is not exiled (${s})`, ['1-3-2']);
        return false;
      }
      st.trash.splice(at, 1);
      st.removed.push(ctx.cardId);
      emit(game, `${ctx.face.name} (${ctx.cardId}) is exiled from player ${ctx.controller}'s trash (${s})`, ['5-12-1', '4-7-1']);
      return true;
    }
    case 'hand-to-deck-bottom':
      return handToDeckBottom(game, ctx, step, s, entry);
    case 'pair-from-trash': {
      const unit = ctx.unit && findCardInPlay(game, ctx.unit.id) === ctx.unit ? ctx.unit : null;
      if (!unit || unit.pilot) {
        emit(game, `${s}: the Unit is ${unit ? 'already paired (a Unit has one Pilot, 3-3-4)' : 'no longer in play'}, so nothing is paired`, ['3-3-4', '1-3-2']);
        return false;
      }
      const [t] = select(game, ctx, { type: 'choose', min: 1, max: 1, filter: step.filter, zone: 'trash' }, step, entry).filter((x): x is Extract<Target, { kind: 'card' }> => x.kind === 'card');
      if (!t?.face) {
        emit(game, `${s}: no card in the trash can be chosen, so that part does not activate`, ['10-2-2', '10-3-3-1']);
        return false;
      }
      const st = game.players[ctx.controller];
      st.trash.splice(st.trash.indexOf(t.id), 1);
      ctx.picked = [t.id];
      pairByEffect(game, unit, t.id, t.face, s);
      return true;
    }
    case 'shield-to-hand':
      return forEachPlayer(ctx, step.who, (p) => shieldToHand(game, p, step.count, s));
    case 'copy-keywords':
      return copyKeywords(game, ctx, step, s, entry);
    case 'pair-trigger-command':
      return pairTriggerCommand(game, ctx, step, s, entry);
    case 'self-to-hand':
      return selfToHand(game, ctx, s);
    case 'deploy-self':
      return deploySelf(game, ctx, s, step.asUnit);
    case 'deploy-token':
      return deployTokens(game, ctx, step, s);
    case 'resource-active':
      // "All players each choose …": each player, the controller (the active player) first (1-3-4).
      return forEachPlayer(ctx, step.who ?? 'you', (p) => {
        // 1-3-2-1 an active Resource cannot be set active: the rested ones are the ones that change.
        const r = game.players[p].resources;
        const n = Math.min(step.count, r.rested);
        if (n === 0) {
          emit(game, `Player ${p} has no rested Resource, so none is set as active (${s})`, ['1-3-2-1']);
          return 0;
        }
        r.rested -= n;
        r.active += n;
        emit(game, `Player ${p} sets ${n} rested Resource${n === 1 ? '' : 's'} as active (${s}; active ${r.active}, rested ${r.rested}, EX ${r.ex})`, ['5-4-1-1', '4-4-1', ...(step.who ? ['1-3-4'] : [])]);
        return n;
      });
    case 'pair-self-from-trash': {
      // Only a Command being played goes to the trash after its effect (3-4-4); then it is paired.
      const legal = game.players[ctx.controller].units.filter((u) => u.pilot === null && unitMatches(u, step.filter, ctx.controller, null)).map((u) => u.id);
      const prompt = `${s} ("you may" pair it from the trash with one of: ${legal.join(', ') || 'none'})`;
      // paidWithEx is set only on a Command played from the hand, the one that goes to the trash in applyPlay.
      const played = ctx.ability.kind === 'command' && ctx.paidWithEx !== undefined && ctx.face.pilotName !== null;
      if (!played || legal.length === 0) {
        // Say which of the two it is: the card is not in the trash (its 【Main】 ran from where it is,
        // paired, so nothing put it there, 1-3-2), or no Unit could take it.
        const why = !played
          ? `this card was not played from the hand (its 【Main】 was activated where the card is), so it is not in the trash to be paired from (3-4-4, 1-3-2)`
          : 'no Unit it could be paired with (a matching friendly Unit with no Pilot, 3-3-4)';
        emit(game, `${s}: ${why}, so there is nothing to decide`, played ? ['10-1-3', '3-3-4'] : ['10-1-3', '3-4-4', '1-3-2']);
        skipDecision(game, prompt);
        return false;
      }
      const d = decideUse(game, prompt, ['10-1-3']);
      if (!d.use) {
        emit(game, `Player ${ctx.controller} chooses not to pair it (${s})`, ['10-1-3']);
        return false;
      }
      const [unitId] = chooseTargets(game, { prompt, min: 1, max: 1, legal, rules: ['3-4-6-2', '10-3-3'] }, d.entry);
      if (unitId === undefined) return false;
      game.pairFromTrash = { card: ctx.cardId, unit: unitId, label: s };
      return true;
    }
    case 'draw-attacks': {
      const ts = targetsOf(step.target);
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        t.unit.timedPermissions.push({ type: 'draws-attacks', filter: { side: 'enemy', type: 'unit' }, duration: step.duration, source: s });
        emit(game, `Enemy Units that attack must choose ${targetName(t)} as their attack target ${durationWords(game, step.duration)} (${s})`, ['1-3-1', '8-1', ...durationRules(step.duration)]);
      }
      return ts.length > 0;
    }
    case 'allow-deploy-turn-attack': {
      const ts = targetsOf(step.target);
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        t.unit.timedPermissions.push({ type: 'deploy-turn-attack', filter: null, duration: step.duration, source: s });
        emit(game, `${targetName(t)} may attack on the turn it is deployed, ${durationWords(game, step.duration)} (${s})`, ['1-3-1', '3-2-4', ...durationRules(step.duration)]);
      }
      return ts.length > 0;
    }
    case 'pair-from-hand':
      return pairFromHand(game, ctx, step, s, entry);
    case 'pay': {
      const r = game.players[ctx.controller].resources;
      if (r.active + r.ex < step.amount) {
        emit(game, `Player ${ctx.controller} cannot pay ${step.amount} (active ${r.active}, EX ${r.ex}), so nothing is paid (${s})`, ['1-3-2', '2-10-1']);
        return false;
      }
      const pay = splitPayment(r, step.amount, undefined);
      spendResources(game, ctx.controller, pay);
      emit(game, `Player ${ctx.controller} pays ${step.amount}: rests ${pay.normal} Resource${pay.normal === 1 ? '' : 's'}${pay.ex ? ` and uses ${pay.ex} EX` : ''} (${s})`, ['2-10-1', ...(pay.ex ? ['5-17-3-2-3'] : [])]);
      // "When you pay ① or more for one of your Unit's effects" (a Unit's own text or its Pilot's, 3-3-9-2).
      if (ctx.unit && step.amount > 0) {
        recordPaid(game, ctx.controller, ctx.unit);
        queueOwnerEvent(game, 'pays-for-unit-effect', ctx.controller, { subject: ctx.unit, paid: step.amount });
      }
      return true;
    }
    case 'destroy-shield-area': {
      let any = false;
      for (const p of players(ctx, step.who)) {
        // The Base first, then Shields from the top (3-5-3, 4-6-4-1), destroyed together (5-10-1).
        const st = game.players[p];
        const base = st.base;
        const shields = Math.min(st.shields.length, step.count - (base ? 1 : 0));
        if (!base && shields === 0) {
          emit(game, `Player ${p}'s shield area is empty, so nothing is destroyed (${s})`, ['1-3-2']);
          continue;
        }
        if (base) destroyBase(game, base, `by ${s}`, ['5-10-1', '3-5-3']);
        if (shields > 0) destroyTopShields(game, p, shields, `by ${s}`, ['5-10-1', '4-6-4-1']);
        any = true;
      }
      return any;
    }
    case 'damage-shield-area':
      for (const p of players(ctx, step.who)) damageFirstShieldAreaCard(game, p, step.amount, s, ['5-5-4'], { kind: 'effect', from: ctx.controller, unit: ctx.unit, face: ctx.face });
      return true;
    case 'return-to-deck-top': {
      let any = false;
      for (const t of targetsOf(step.target)) {
        if (t.kind !== 'card') continue;
        const st = game.players[t.player];
        const at = st.trash.indexOf(t.id);
        if (at < 0) {
          emit(game, `${targetName(t)} is not in player ${t.player}'s trash, so it is not returned (${s})`, ['1-3-2']);
          continue;
        }
        st.trash.splice(at, 1);
        st.deck += 1;
        st.deckCards.unshift(t.face?.cardId ?? t.id);
        if (t.face) game.faces[t.face.cardId ?? t.id] = t.face;
        emit(game, `${targetName(t)} returns from the trash to the top of player ${t.player}'s deck (${s}; deck ${st.deck})`, ['3-3-6', '13-2-8-2-1']);
        any = true;
      }
      return any;
    }
    case 'deploy-ex-base':
      // 5-17-3-1-1 a Base token; the id follows the start-of-game EX Base's (<P>-ex-base).
      putBaseIntoPlay(game, ctx.controller, `${ctx.controller}-ex-base-${nextSerial(game)}`, exBaseFace(), s);
      return true;
    case 'place-resource':
      return forEachPlayer(ctx, step.who, (p) => placeResources(game, p, step.count, step.ex, step.rested, s));
    case 'look-top':
      return lookTop(game, ctx, step, s, entry);
    case 'trash-to-hand':
      return trashToHand(game, ctx, step, s, entry);
    case 'reduce-damage':
      game.damageReduction += step.amount;
      emit(game, `The damage is reduced by ${step.amount} (${s})`, ['5-21-1', '10-1-9-1']);
      return true;
    case 'exile-from-trash':
      return exileFromTrash(game, ctx, step, s, entry);
    case 'exile-two-from-trash':
      return exileTwoFromTrash(game, ctx, step, s, entry);
    case 'trash-to-deck':
      return trashToDeck(game, ctx, step, s, entry);
    case 'deploy-from':
      return deployFrom(game, ctx, step, s, entry);
    case 'immune': {
      const ts = step.target.type === 'all' ? [] : targetsOf(step.target);
      game.timedEffects.push({ kind: 'immune', controller: ctx.controller, target: step.target, ids: ts.map(targetId), what: step.what, from: step.from, duration: step.duration, source: s });
      emit(game, `${step.target.type === 'all' ? 'The Units the effect names' : ts.map(targetName).join(', ')} can't be ${IMMUNITY_WORDS[step.what]} by the cards the effect names ${durationWords(game, step.duration)} (${s})`, ['10-1-5-6', ...durationRules(step.duration)]);
      return true;
    }
    case 'protect-shield-area': {
      for (const p of players(ctx, step.who)) {
        game.timedEffects.push({ kind: 'protect-shield-area', player: p, guard: { kind: step.kind, from: step.from }, duration: step.duration, source: s });
        emit(game, `Player ${p}'s shield area cards can't receive ${step.kind ? `${step.kind} ` : ''}damage from the Units the effect names ${durationWords(game, step.duration)} (${s})`, ['10-1-5-6', '4-6-2', ...durationRules(step.duration)]);
      }
      return true;
    }
    case 'prevent-damage': {
      const ts = targetsOf(step.target);
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        t.unit.timedPermissions.push({ type: 'prevent-damage', filter: null, guard: { kind: step.kind, from: step.from }, duration: step.duration, source: s });
        emit(game, `${targetName(t)} can't receive ${step.kind ?? 'any'} damage from the cards the effect names ${durationWords(game, step.duration)} (${s})`, ['1-3-3', ...durationRules(step.duration)]);
      }
      return ts.length > 0;
    }
    case 'reduce-damage-timed': {
      const ts = targetsOf(step.target);
      const what = `${step.next ? 'the next ' : ''}${step.damage?.enemy ? 'enemy ' : ''}${step.damage?.kind ? `${step.damage.kind} ` : ''}damage`;
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        t.unit.timedPermissions.push({ type: 'reduce-damage', filter: null, reduce: { amount: step.amount, ...step.damage, ...(step.next ? { next: true } : {}) }, duration: step.duration, source: s });
        emit(game, `${targetName(t)}: ${what} it receives ${durationWords(game, step.duration)} is reduced by ${step.amount} (${s})`, ['5-21-1', ...durationRules(step.duration)]);
      }
      return ts.length > 0;
    }
    case 'stay-rested': {
      const ts = targetsOf(step.target);
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        // The opponent's next turn: the next one when it is our turn now, else the one after.
        const next = game.active === ctx.controller ? game.turn + 1 : game.turn + 2;
        t.unit.stayRestedTurn = next;
        emit(game, `${targetName(t)} won't be set as active in the start phase of turn ${next} (${s})`, ['1-3-1', '7-2-3-1']);
      }
      return ts.length > 0;
    }
    case 'redirect-damage': {
      const self = ctx.unit && findCardInPlay(game, ctx.unit.id) ? ctx.unit : null;
      let any = false;
      for (const t of targetsOf(step.target)) {
        if (t.kind !== 'unit' || !self) continue;
        const [from, to] = step.toTarget ? [self, t.unit] : [t.unit, self];
        if (from === to) {
          emit(game, `${targetName(t)} is this Unit itself, so no damage is redirected (${s})`, ['1-3-2']);
          continue;
        }
        from.timedPermissions.push({ type: 'redirect-damage', filter: null, redirect: { to: to.id, ...(step.kind ? { kind: step.kind } : {}) }, duration: step.duration, source: s });
        emit(game, `${step.kind === 'battle' ? 'Battle' : step.kind === 'effect' ? 'Effect' : 'Any'} damage ${describeUnit(from)} would receive ${durationWords(game, step.duration)} is dealt to ${describeUnit(to)} instead (${s})`, ['10-1-9-1', ...durationRules(step.duration)]);
        any = true;
      }
      return any;
    }
    case 'delayed-trigger': {
      // 10-1-6-1: the rest of the effect waits for its event until the end of the turn (7-6-6-1).
      const ids = step.target.type === 'all' ? null : targetsOf(step.target).flatMap((t) => (t.kind === 'unit' ? [t.unit.id] : []));
      if (ids && ids.length === 0) return false;
      game.timedEffects.push({
        kind: 'delayed-trigger',
        controller: ctx.controller,
        on: step.trigger,
        ...(step.dealtTo ? { dealtTo: step.dealtTo } : {}),
        ids,
        filter: step.target.type === 'all' ? step.target.filter : null,
        ...(step.anyCard ? { anyCard: true as const } : {}),
        ctx,
        effect: step.effect,
        duration: step.duration,
        source: s,
      });
      const who = ids ? ids.join(' or ') : `one of player ${ctx.controller}'s ${renderNoun(step.target.type === 'all' ? step.target.filter : { side: 'friendly' }, { side: false, plural: true })}`;
      if (step.trigger === 'deals-battle-damage') {
        emit(game, `${s}: during this turn, when ${who} deals battle damage to an ${renderNoun(step.dealtTo ?? { side: 'enemy', type: 'unit' })}, the rest of it triggers`, ['10-1-6-1', '7-6-6-1']);
        return true;
      }
      const what = step.anyCard ? 'an enemy card (a Unit, or a Base or Shield of the shield area)' : 'an enemy Unit';
      emit(game, `${s}: during this turn, when ${who} destroys ${what} with battle damage, the rest of it triggers`, ['10-1-6-1', '7-6-6-1', ...(step.anyCard ? ['4-6-1'] : [])]);
      return true;
    }
    case 'grant-ability': {
      const ts = targetsOf(step.target);
      for (const t of ts) {
        if (t.kind !== 'unit') continue;
        (t.unit.grantedAbilities ??= []).push({ ability: step.ability, duration: step.duration, source: s });
        emit(game, `${targetName(t)} gains the effect "${step.ability.text}" ${durationWords(game, step.duration)} (${s})`, ['5-16-1', ...durationRules(step.duration)]);
      }
      return ts.some((t) => t.kind === 'unit');
    }
    case 'damage-step-battle': {
      const [t] = targetsOf(step.target);
      const self = ctx.unit && findUnit(game, ctx.unit.id) === ctx.unit ? ctx.unit : null;
      if (!self || t?.kind !== 'unit') {
        if (t) emit(game, `${s}: this Unit is no longer in play, so no battle begins`, ['1-3-2']);
        return false;
      }
      return damageStepBattle(game, self, t.unit, s);
    }
    case 'change-attack-target': {
      const [to] = targetsOf(step.target);
      return to?.kind === 'unit' ? changeAttackTarget(game, ctx.controller, to.unit, s) : false;
    }
    case 'activate-paired-main':
      return activatePairedMain(game, ctx, s);
    case 'activate-discarded-main':
      return activateDiscardedMain(game, ctx, s);
    case 'activate-main':
    case 'activate-action':
      return activateOwnCommand(game, ctx, step.do === 'activate-main' ? 'main' : 'action', s);
  }
}

/**
 * "When you rest your Base with one of your Units' effects, you may rest this Unit instead" (10-1-9-1,
 * 10-1-9-1-1): a card of the effect's controller that carries such a substitution for this rest, is
 * active (resting a rested card is not done, 1-3-2-1) and is not the card itself; its controller
 * decides (`use`). When used, that card is rested instead and the rest counts as done.
 */
function restSubstitute(game: Game, ctx: AbilityCtx, t: Target): boolean {
  if (t.kind === 'card' || t.kind === 'pilot' || !ctx.unit) return false;
  const card = t.kind === 'unit' ? t.unit : t.base;
  const st = game.players[ctx.controller];
  const holders: (Unit | Base)[] = [...st.units, ...(st.base ? [st.base] : [])];
  for (const h of holders) {
    if (h === card || h.rested) continue;
    const sub = h.constant.restInstead.find(
      (r) => unitMatches(ctx.unit!, r.source, ctx.controller, null) && (t.kind === 'unit' ? unitMatches(t.unit, r.replaces, ctx.controller, null) : baseMatches(t.base, r.replaces, ctx.controller)),
    );
    if (!sub) continue;
    const name = 'timedKeywords' in h ? describeUnit(h) : describeCard(h);
    const d = decideUse(game, `${sub.label} ("you may" rest ${name} instead of ${targetName(t)})`, ['10-1-9-1']);
    if (!d.use) {
      emit(game, `Player ${ctx.controller} does not use the substitution of ${sub.label}`, ['10-1-3']);
      continue;
    }
    h.rested = true;
    emit(game, `${name} is rested instead of ${targetName(t)} (${sub.label}); the rest of ${src(ctx)} is done by it`, ['10-1-9-1', '10-1-9-1-1', '5-4-1-2']);
    if ('timedKeywords' in h) queueTriggers(game, 'rested-by-effect', { unit: h });
    return true;
  }
  return false;
}

/**
 * An amount scaled by a count ("for each …", "equal to the number of …"): the printed amount times
 * the count now, logged with it. Zero times means the part is not done (1-3-2-2).
 */
function scaled(game: Game, ctx: AbilityCtx, amount: number, forEach: Count | undefined, s: string): number {
  if (!forEach) return amount;
  const n = countOf(game, ctx, forEach);
  if (forEach.of === 'placed') unnamedPlaced(game, ctx, s);
  emit(game, `${s}: ${countWords(forEach, n)}, so ${amount} × ${n} = ${amount * n}`, n === 0 ? ['1-3-2-2'] : ['1-3-6']);
  return amount * n;
}

/**
 * 【Burst】"Activate this card's 【Main】/【Action】": the card's own command effect runs now, as part of
 * the 【Burst】 (13-2-5-1), with no cost paid; the card is still revealed, not yet in the trash
 * (13-2-5-3). An effect the compiler could not read is reported, never partly run.
 */
function activateOwnCommand(game: Game, ctx: AbilityCtx, window: 'main' | 'action', s: string): boolean {
  const tag = window === 'main' ? '【Main】' : '【Action】';
  const command = ctx.face.abilities.find((a) => a.kind === 'command' && a.windows.includes(window));
  if (!command || command.kind !== 'command') {
    const unread = ctx.face.abilities.find((a) => a.kind === 'unsupported' && a.text.includes(tag));
    if (unread?.kind === 'unsupported') reportUnsupported(game, ctx.cardId, ctx.face, unread, s, ['13-2-5-1']);
    else emit(game, `${s}: the card has no ${tag} effect`, ['1-3-2']);
    return false;
  }
  emit(game, `${s}: the card's ${tag} effect activates: "${command.text}"`, ['13-2-5-1']);
  if (ctx.face.type === 'command') {
    recordCommand(game, ctx.controller, ctx.face);
    mark(game, 'command');
  }
  runEffect(game, withFields(ctx, { ability: command, picked: [] as string[] }), command.effect);
  // "When you activate a Command's 【Main】/【Action】" (10-1-6-1): it resolves after this effect.
  if (ctx.face.type === 'command') queueOwnerEvent(game, 'activates-command', ctx.controller, { command: ctx.face });
  return true;
}

/**
 * "If you discard a (Special Move) Command card with this effect, you may activate its 【Main】": the
 * 【Main】 effect of that discarded card runs now, as part of this effect (no cost, 10-1-1); the card
 * stays in the trash. An effect the compiler could not read is reported, never partly run.
 */
function activateDiscardedMain(game: Game, ctx: AbilityCtx, s: string): boolean {
  const cond = 'effect' in ctx.ability ? ctx.ability.effect.find((e) => e.step.do === 'activate-discarded-main')?.when?.find((w) => w.type === 'discarded-with-effect') : undefined;
  const id = (ctx.discarded ?? []).find((x) => { const f = faceOf(game, x); return f !== null && (!cond || cond.type !== 'discarded-with-effect' || cardMatches(f, cond.filter)); });
  const face = id === undefined ? null : faceOf(game, id);
  if (!face || id === undefined) return false;
  const command = face.abilities.find((a) => a.kind === 'command' && a.windows.includes('main'));
  if (!command || command.kind !== 'command') {
    const unread = face.abilities.find((a) => a.kind === 'unsupported' && a.text.includes('【Main】'));
    if (unread?.kind === 'unsupported') reportUnsupported(game, id, face, unread, s, ['10-1-1']);
    else emit(game, `${s}: ${face.name} has no 【Main】 effect`, ['1-3-2']);
    return false;
  }
  emit(game, `${s}: the 【Main】 effect of ${face.name} (${id}), the card discarded with this effect, activates: "${command.text}"`, ['10-1-1']);
  runEffect(game, withFields(ctx, { ability: command, face, cardId: id, label: `${face.name} (${id})`, picked: [] as string[] }), command.effect);
  return true;
}

/**
 * "Activate 【Main】 on the card paired with this Unit": the paired card's (a Command with 【Pilot】,
 * 3-4-6) 【Main】 effect runs now as part of this effect, no cost paid. None there: nothing (1-3-2).
 */
function activatePairedMain(game: Game, ctx: AbilityCtx, s: string): boolean {
  const pilot = ctx.unit?.pilot;
  if (!pilot) {
    emit(game, `${s}: no card is paired with the Unit, so there is no 【Main】 to activate`, ['1-3-2']);
    return false;
  }
  const face = pilot.face;
  const command = face.abilities.find((a) => a.kind === 'command' && a.windows.includes('main'));
  if (!command || command.kind !== 'command') {
    const unread = face.abilities.find((a) => a.kind === 'unsupported' && a.text.includes('【Main】'));
    if (unread?.kind === 'unsupported') reportUnsupported(game, `${ctx.unit!.id}/pilot`, face, unread, s, ['3-4-6']);
    else emit(game, `${s}: ${face.name}, the card paired with it, has no 【Main】 effect`, ['1-3-2']);
    return false;
  }
  emit(game, `${s}: the 【Main】 effect of ${face.name}, the card paired with it, activates: "${command.text}"`, ['3-4-6', '10-1-1']);
  runEffect(game, withFields(ctx, { ability: command, face, label: `${face.name} (paired with ${describeUnit(ctx.unit!)})`, picked: [] as string[] }), command.effect);
  return true;
}

/**
 * A Pilot chosen in play leaves its Unit (the Unit stays, 3-3-3): destroyed into its owner's trash
 * (5-10-1) or returned to its owner's hand (4-3); a Command paired as its 【Pilot】 goes the same way.
 */
function removePilot(game: Game, unit: Unit, to: 'trash' | 'hand', s: string): boolean {
  const pilot = unit.pilot;
  if (!pilot) return false;
  unit.pilot = null;
  const st = game.players[unit.owner];
  game.faces[pilot.id] = pilot.face;
  if (to === 'trash') {
    st.trash.push(pilot.id);
    emit(game, `${pilot.face.name}, the Pilot of ${describeUnit(unit)}, is destroyed and placed into player ${unit.owner}'s trash (${s}); the Unit stays, now AP ${unitAp(unit)}, HP ${unitHp(unit)}`, ['5-10-1', '3-3-3']);
  } else {
    addToHand(game, unit.owner, pilot.face.cardId ?? pilot.id, pilot.face);
    emit(game, `${pilot.face.name}, the Pilot of ${describeUnit(unit)}, returns to player ${unit.owner}'s hand (${s}); the Unit stays, now AP ${unitAp(unit)}, HP ${unitHp(unit)}`, ['3-3-3']);
  }
  return true;
}

/**
 * A card named by the effect that is now in its owner's trash ("this Unit's paired Pilot" after a
 * 【Destroyed】: it went to the trash with the Unit, 3-3-6, and the text reads the last state,
 * 13-2-8-2-1) goes to the hand.
 */
function trashToHandById(game: Game, t: Extract<Target, { kind: 'card' }>, s: string): boolean {
  const st = game.players[t.player];
  const at = st.trash.indexOf(t.id);
  if (at < 0) {
    emit(game, `${targetName(t)} is not in player ${t.player}'s trash any more, so it is not returned (${s})`, ['1-3-2']);
    return false;
  }
  st.trash.splice(at, 1);
  addToHand(game, t.player, t.face?.cardId ?? t.id, t.face);
  emit(game, `${targetName(t)} returns from the trash to player ${t.player}'s hand (${s}; hand ${st.hand})`, ['13-2-8-2-1', '3-3-6']);
  return true;
}

function discard(game: Game, p: PlayerId, n: number, s: string): number {
  const st = game.players[p];
  const k = Math.min(n, st.hand);
  const unknown = st.hand - st.handCards.length;
  let named: string[] = [];
  // Known cards have to be named: which of them goes is the player's choice (5-11-1). Cards the
  // caller names are checked against the known hand even when unknown cards could be discarded.
  if (k > unknown || (k > 0 && namesCards(game))) {
    named = chooseCards(game, `${s}: which card${k === 1 ? '' : 's'} player ${p} discards (the known cards in hand: ${st.handCards.join(', ') || 'none'})`, k, [...st.handCards], ['5-11-1'], undefined, Math.max(0, k - unknown));
  }
  for (const id of named) st.handCards.splice(st.handCards.indexOf(id), 1);
  const anonymous = k - named.length;
  for (let i = 0; i < anonymous; i++) st.trash.push(`${p}-discard-${nextSerial(game)}`);
  st.trash.push(...named);
  st.hand -= k;
  emit(game, `Player ${p} discards ${k} card${k === 1 ? '' : 's'}${named.length ? ` (${named.join(', ')})` : ''} (${s}; hand ${st.hand})`, ['5-11-1', ...(k < n ? ['1-3-2'] : [])]);
  return k;
}

/** The hand cards a filtered discard may take: the known ones that match, and whether unlisted cards could. */
export function discardable(game: Game, p: PlayerId, filter: Filter): { legal: string[]; unknown: number } {
  const st = game.players[p];
  const legal = st.handCards.filter((id) => {
    const f = faceOf(game, id);
    return f !== null && cardMatches(f, filter);
  });
  return { legal, unknown: st.hand - st.handCards.length };
}

/**
 * "Discard 1 green (Earth Federation) Unit card" (5-11-1): a card in the hand that matches. Known
 * hand cards are checked; a hand the scenario did not list may hold one, named by its card number
 * on the caller's word (and checked against the filter). With no such card nothing is discarded (1-3-2).
 */
function discardMatching(game: Game, p: PlayerId, n: number, filter: Filter, s: string, entry: Choice | undefined): number {
  const st = game.players[p];
  const what = renderNoun(filter, { card: true, plural: n > 1 });
  const { legal, unknown } = discardable(game, p, filter);
  if (unknown === 0 && legal.length < n) {
    emit(game, `Player ${p} has no ${what} in the hand to discard (known hand: ${st.handCards.join(', ') || 'none'}), so nothing is discarded (${s})`, ['1-3-2', '5-11-1']);
    return 0;
  }
  const prompt = `${s}: the ${what} player ${p} discards`;
  const named = chooseCards(game, prompt, n, unknown > 0 ? null : legal, ['5-11-1'], entry, n);
  for (const id of named) {
    const face = faceOf(game, id);
    const known = st.handCards.includes(id);
    if (!face || !cardMatches(face, filter) || (known && !legal.includes(id))) {
      throw new ChoiceProblem(inputProblem(`${prompt}: ${id} is not a ${what}; legal: ${legal.join(', ') || (unknown > 0 ? 'a card number of such a card in the unlisted hand' : 'none')}`, ['5-11-1']));
    }
    if (!known && unknown <= 0) throw new ChoiceProblem(inputProblem(`${prompt}: ${id} is not in player ${p}'s hand; legal: ${legal.join(', ') || 'none'}`, ['5-11-1']));
  }
  for (const id of named) {
    const at = st.handCards.indexOf(id);
    if (at >= 0) st.handCards.splice(at, 1);
    st.trash.push(id);
    st.hand -= 1;
  }
  emit(game, `Player ${p} discards ${named.join(', ')} (${s}; hand ${st.hand})`, ['5-11-1']);
  return named.length;
}

function mill(game: Game, ctx: AbilityCtx, p: PlayerId, n: number, s: string): number {
  const st = game.players[p];
  const k = Math.min(n, st.deck);
  const placed: string[] = [];
  for (let i = 0; i < k; i++) placed.push(st.deckCards.shift() ?? `${p}-deck-${nextSerial(game)}`);
  st.trash.push(...placed);
  // "If you placed a (Vagan) card with this effect" reads these.
  ctx.placed = [...(ctx.placed ?? []), ...placed];
  st.deck -= k;
  emit(game, `The top ${k} card${k === 1 ? '' : 's'} of player ${p}'s deck ${k === 1 ? 'is' : 'are'} placed into the trash (${s}; deck ${st.deck})`, ['4-9-1', ...(k < n ? ['1-3-2'] : [])]);
  return k;
}

/** Cards placed from a deck the scenario did not list are not known: what depends on them is left open, not guessed. */
function unnamedPlaced(game: Game, ctx: AbilityCtx, s: string): void {
  const unnamed = (ctx.placed ?? []).filter((id) => faceOf(game, id) === null);
  if (unnamed.length === 0) return;
  leaveOpen(game, 'outcome', `${s} reads the cards it placed from the deck, and ${unnamed.length} of them ${unnamed.length === 1 ? 'was' : 'were'} not named in the scenario (list the deck to settle it)`, { unit: ctx.unit?.id ?? null, card: ctx.face.cardId, text: ctx.ability.text, rules: ['4-9-1'] });
}

/**
 * "Add 1 (Neo Zeon) Unit card you placed from your deck with this effect to your hand": one of the
 * cards this effect placed (still in the trash) that matches; the controller names it when there
 * is a choice (10-3-5 as for a look at the deck). Placed cards the scenario did not name are not
 * known to match, and the log says so.
 */
function placedToHand(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'placed-to-hand' }>, s: string, entry: Choice | undefined): boolean {
  const st = game.players[ctx.controller];
  const placed = (ctx.placed ?? []).filter((id) => st.trash.includes(id));
  const legal = placed.filter((id) => { const f = faceOf(game, id); return f !== null && cardMatches(f, step.filter); });
  const unnamed = placed.filter((id) => faceOf(game, id) === null).length;
  if (unnamed > 0) unnamedPlaced(game, ctx, s);
  if (legal.length === 0) {
    emit(game, `${s}: no card placed with this effect is a ${renderNoun(step.filter, { card: true })}${unnamed ? ` (${unnamed} placed card${unnamed === 1 ? ' was' : 's were'} not named in the scenario)` : ''}, so none is added`, ['1-3-2']);
    skipDecision(game, `${s} (${step.do})`);
    return false;
  }
  const n = Math.min(step.max, legal.length);
  const taken = legal.length <= n ? legal : chooseCards(game, `${s}: the card${n === 1 ? '' : 's'} added to the hand`, n, legal, ['4-9-2'], entry, n);
  for (const id of taken) {
    st.trash.splice(st.trash.indexOf(id), 1);
    addToHand(game, ctx.controller, id, faceOf(game, id));
    emit(game, `${faceOf(game, id)?.name ?? id} (${id}), placed with this effect, is added from the trash to player ${ctx.controller}'s hand (${s})`, ['4-9-2']);
  }
  return taken.length > 0;
}

/**
 * "Reveal 1 (Earth Federation) Unit card from your hand. Return it to the bottom of your deck.": a
 * matching hand card (a `cards` choice; of an unlisted hand, a card number on the caller's word, or
 * none) is revealed and goes under the deck. None: not done (1-3-2), so "If you do" fails (5-20-1).
 */
function handToDeckBottom(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'hand-to-deck-bottom' }>, s: string, entry: Choice | undefined): boolean {
  const st = game.players[ctx.controller];
  const { legal, unknown } = discardable(game, ctx.controller, step.filter);
  if (legal.length === 0 && unknown === 0) {
    emit(game, `${s}: player ${ctx.controller} has no ${renderNoun(step.filter, { card: true })} in the hand, so none is revealed`, ['1-3-2']);
    skipDecision(game, `${s} (${step.do})`);
    return false;
  }
  const named = chooseCards(game, `${s}: the card${step.count === 1 ? '' : 's'} revealed from the hand`, step.count, unknown > 0 ? null : legal, ['1-3-2'], entry, unknown > 0 ? 0 : Math.min(step.count, legal.length));
  const moved: string[] = [];
  for (const id of named) {
    const face = faceOf(game, id);
    if (!face || !cardMatches(face, step.filter) || (st.handCards.includes(id) ? false : unknown === 0)) {
      throw new ChoiceProblem(inputProblem(`${s}: ${id} is not a ${renderNoun(step.filter, { card: true })} in player ${ctx.controller}'s hand; legal: ${legal.join(', ') || 'none known'}`, ['1-3-2']));
    }
    const at = st.handCards.indexOf(id);
    if (at >= 0) st.handCards.splice(at, 1);
    st.hand = Math.max(0, st.hand - 1);
    st.deck += 1;
    game.faces[id] = face;
    moved.push(id);
    emit(game, `Player ${ctx.controller} reveals ${face.name} (${id}) from the hand and returns it to the bottom of the deck (${s}; hand ${st.hand}, deck ${st.deck})`, ['4-2-1', '4-8-1']);
  }
  if (moved.length === 0) emit(game, `Player ${ctx.controller} reveals no card (${s}), so nothing is returned`, ['1-3-2']);
  return moved.length > 0;
}

function shieldToHand(game: Game, p: PlayerId, n: number, s: string): number {
  const st = game.players[p];
  const taken = st.shields.splice(0, Math.min(n, st.shields.length));
  for (const sh of taken) addToHand(game, p, sh.face?.cardId ?? null, sh.face);
  emit(game, `Player ${p} adds ${taken.length} Shield${taken.length === 1 ? '' : 's'} to the hand without revealing it (${s}; ${st.shields.length} Shields left, hand ${st.hand}); no 【Burst】, it was not destroyed`, [
    '4-6-4-1',
    '13-2-5-1',
    ...(taken.length < n ? ['1-3-2'] : []),
  ]);
  return taken.length;
}

/** 13-2-5-3 a 【Burst】 card that moves elsewhere does not go to the trash afterwards. */
function selfToHand(game: Game, ctx: AbilityCtx, s: string): boolean {
  const st = game.players[ctx.controller];
  addToHand(game, ctx.controller, ctx.face.cardId, ctx.face);
  game.burstMoved = ctx.cardId;
  emit(game, `${ctx.face.name} is added to player ${ctx.controller}'s hand instead of going to the trash (${s}; hand ${st.hand})`, ['13-2-5-3']);
  return true;
}

function deploySelf(game: Game, ctx: AbilityCtx, s: string, asUnit?: { ap: number; hp: number }): boolean {
  if (asUnit) {
    // "Deploy it as an (AP3・HP3) Unit (Don't treat it as a Pilot.)": in play a Unit with those stats and
    // no link condition, so never a Link Unit (3-2-6); outside play it is its own card again.
    game.burstMoved = ctx.cardId;
    const id = freshId(game, ctx.face.cardId ?? ctx.cardId);
    const face = withFields(ctx.face, { type: 'unit' as const, ap: asUnit.ap, hp: asUnit.hp, link: null, pilotName: null });
    emit(game, `${ctx.face.name} is deployed from the shield area by its own effect as an (AP${asUnit.ap}･HP${asUnit.hp}) Unit, not as a ${ctx.face.type === 'pilot' ? 'Pilot' : ctx.face.type}, as ${id}; it does not go to the trash (${s})`, ['13-2-5-3', '5-7-1-1', '5-8-1', '4-1-5', '10-1-9-1-1']);
    const unit = newUnit(id, ctx.controller, face, false);
    unit.card = ctx.face;
    return putIntoBattleArea(game, unit, s);
  }
  if (ctx.face.type !== 'unit' && ctx.face.type !== 'base') {
    emit(game, `${s}: ${ctx.face.name} is not a Unit or Base, so it cannot be deployed`, ['1-3-2']);
    return false;
  }
  game.burstMoved = ctx.cardId;
  // 4-1-5 in play it is a new card: it gets the id of a card an effect puts into play (its card
  // number), so the destroyed Shield and, later, the destroyed Unit or Base are not one id twice.
  const id = freshId(game, ctx.face.cardId ?? ctx.cardId);
  emit(game, `${ctx.face.name} is deployed from the shield area by its own effect as ${id}, so it does not go to the trash (${s})`, ['13-2-5-3', '5-7-1-1', '5-8-1', '4-1-5']);
  if (ctx.face.type === 'base') {
    putBaseIntoPlay(game, ctx.controller, id, ctx.face, s);
    return true;
  }
  return putIntoBattleArea(game, newUnit(id, ctx.controller, ctx.face, false), s);
}

/**
 * "Choose 1 Unit card with <Repair>/… from your trash. During this turn, this Unit gets AP+1 and all
 * <Repair>/… on that Unit card.": the card is chosen (10-2-2-1; none, nothing activates, 10-2-2),
 * then this Unit gets the AP and each listed keyword effect printed on that card, with its amount.
 * A listed keyword the card has only under a condition of its own text is not settled as "on" it.
 */
function copyKeywords(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'copy-keywords' }>, s: string, entry: Choice | undefined): boolean {
  // "<Breach 3>" printed under a condition ("【During Pair】This Unit gains <Breach 3>."): a card in the trash
  // has no active text (2-11-2), and whether that keyword is "on" the card the rules do not say.
  const conditional = (face: CardFace) => face.abilities.flatMap((a) => (a.kind === 'constant' ? a.effects : [])).flatMap((c) => (c.type === 'keyword' && c.target.type === 'self' && step.keywords.includes(c.keyword.name) ? [c.keyword.name] : []));
  const unsure = (ids: string[]) =>
    ids.flatMap((id) => {
      const f = faceOf(game, id);
      return f && f.type === 'unit' && conditional(f).length ? [`${f.name} (${id}: ${conditional(f).map((k) => `<${k}>`).join(', ')})`] : [];
    });
  const maybe = unsure(game.players[ctx.controller].trash);
  if (maybe.length) {
    const reason = `${s}: ${maybe.join('; ')} ${maybe.length === 1 ? 'has' : 'have'} a listed keyword effect only under a condition of its own text; whether that makes it a card "with" it, and a keyword "on that Unit card", the rules do not say (2-11-2), so what this Unit gains is not settled`;
    emit(game, reason, ['2-11-2', '13-1']);
    leaveOpen(game, 'outcome', reason, { unit: ctx.unit?.id ?? null, card: ctx.face.cardId, text: ctx.ability.text, rules: ['2-11-2', '13-1'] });
  }
  const [t] = select(game, ctx, { type: 'choose', min: 1, max: 1, filter: step.filter, zone: 'trash' }, step, entry).filter((x): x is Extract<Target, { kind: 'card' }> => x.kind === 'card');
  if (!t?.face) {
    emit(game, `${s}: no card in the trash can be chosen, so the effect does not activate`, ['10-2-2', '10-3-3-1']);
    return false;
  }
  ctx.picked = [t.id];
  const self = ctx.unit && findCardInPlay(game, ctx.unit.id) === ctx.unit ? ctx.unit : null;
  if (!self) {
    emit(game, `${s}: this Unit is no longer in play, so it gets nothing`, ['1-3-2']);
    return false;
  }
  const kws = t.face.keywords.filter((k) => (step.keywords as string[]).includes(k.name));
  emit(game, `${s}: ${t.face.name} (${t.id}) is chosen from the trash; its ${kws.length ? kws.map((k) => `<${k.name}${k.amount !== null ? ` ${k.amount}` : ''}>`).join(', ') : 'listed keyword effects: none'}`, ['10-2-2-1', '13-1']);
  runStep(game, ctx, { do: 'modify', target: { type: 'self' }, ap: step.ap, hp: 0, duration: step.duration }, undefined);
  for (const k of kws) runStep(game, ctx, { do: 'grant', target: { type: 'self' }, keyword: { name: k.name as IrKeyword, amount: k.amount }, duration: step.duration }, undefined);
  return true;
}

/** The Command that triggered the ability, in its owner's trash after its effect (3-4-4), and the Units it may be paired with. */
function triggerCommandTargets(game: Game, ctx: AbilityCtx, filter: Filter): { id: string; face: CardFace; legal: string[] } | null {
  const id = ctx.triggerCard;
  const face = id !== undefined ? faceOf(game, id) : null;
  if (id === undefined || !face || !game.players[ctx.controller].trash.includes(id)) return null;
  const legal = game.players[ctx.controller].units.filter((u) => u.pilot === null && cannotBe(u, 'paired') === null && unitMatches(u, filter, ctx.controller, null)).map((u) => u.id);
  return { id, face, legal };
}

/**
 * "… you may pair that card from your trash with one of your Units with "Gundam Lfrith" in its card
 * name": the Command that triggered it is paired from the trash as its 【Pilot】 (3-4-6-2, 3-4-6-3) with
 * a friendly matching Unit that has no Pilot (3-3-4), by the effect (no cost). A Command without
 * 【Pilot】 cannot be a Pilot, so nothing is paired (1-3-2).
 */
function pairTriggerCommand(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'pair-trigger-command' }>, s: string, entry: Choice | undefined): boolean {
  const found = triggerCommandTargets(game, ctx, step.filter);
  if (!found || found.face.pilotName === null) {
    emit(game, `${s}: ${found ? `${found.face.name} has no 【Pilot】, so it cannot be paired` : 'that card is not in the trash'}, so nothing is paired`, ['3-4-6-2', '1-3-2']);
    return false;
  }
  const [unitId] = chooseTargets(game, { prompt: `${s}: the Unit ${found.face.name} is paired with`, min: 1, max: 1, legal: found.legal, rules: ['3-4-6-2', '10-3-3'] }, entry);
  const unit = unitId !== undefined ? findUnit(game, unitId) : undefined;
  if (!unit) return false;
  const st = game.players[ctx.controller];
  st.trash.splice(st.trash.lastIndexOf(found.id), 1);
  pairByEffect(game, unit, found.id, found.face, s);
  return true;
}

function putBaseIntoPlay(game: Game, owner: PlayerId, id: string, face: CardFace, s: string): void {
  const st = game.players[owner];
  const old = st.base;
  st.base = { id, owner, face, rested: false, damage: 0, modifiers: [], constant: noConstants() };
  if (old) {
    st.trash.push(old.id);
    if (old.face.token) st.trash.pop();
    emit(game, `The base section already held ${old.face.name} (${old.id}): it is placed into the trash, not destroyed`, ['11-5-2', '11-5-2-1', '5-10-4']);
  }
  emit(game, `${face.name} (${id}) is deployed into player ${owner}'s base section (${s})`, ['3-5-1', '5-8-1']);
  queueTriggers(game, 'deploy', { base: st.base });
}

/** The id a card put into play by an effect gets: its card number, or that with -2, -3… when taken. */
function freshId(game: Game, cardNo: string): string {
  if (!findCardInPlay(game, cardNo)) return cardNo;
  for (let n = 2; ; n++) if (!findCardInPlay(game, `${cardNo}-${n}`)) return `${cardNo}-${n}`;
}

function deployTokens(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'deploy-token' }>, s: string): boolean {
  let any = false;
  const together: string[] = [];
  for (let i = 0; i < step.count; i++) {
    const id = `${ctx.controller}-token-${nextSerial(game)}`;
    const face: CardFace = {
      cardId: null,
      name: step.token.name,
      type: 'unit',
      token: true,
      color: null, // 5-17-2-3
      level: 0, // 5-17-2-4
      cost: 0,
      ap: step.token.ap,
      hp: step.token.hp,
      traits: [...step.token.traits],
      text: '',
      link: null,
      keywords: step.token.keywords.map((k) => ({ name: k.name, amount: k.amount })),
      pilotName: null,
      // The token's own printed text (10-1-5): its constants, as a compiled ability of the token.
      abilities: step.token.constants?.length
        ? [{ kind: 'constant', text: `[${step.token.name}] token text`, requires: [], oncePerTurn: false, patterns: [], effects: step.token.constants }]
        : [],
    };
    emit(game, `A [${face.name}] Unit token (AP ${face.ap}, HP ${face.hp}) is deployed ${step.rested ? 'rested' : 'active'} for player ${ctx.controller} as ${id} (${s})`, ['5-17-1', '5-17-2-1']);
    any = putIntoBattleArea(game, newUnit(id, ctx.controller, face, step.rested), s, together) || any;
    together.push(id);
  }
  return any;
}

function placeResources(game: Game, p: PlayerId, n: number, ex: boolean, rested: boolean, s: string): number {
  const st = game.players[p];
  let placed = 0;
  for (let i = 0; i < n; i++) {
    if (totalResources(st.resources) >= RESOURCE_LIMIT) break; // 4-4-2
    if (ex) {
      if (st.resources.ex >= 5) break; // 4-4-2-1
      st.resources.ex += 1;
    } else {
      if (st.resourceDeck <= 0) break;
      st.resourceDeck -= 1;
      if (rested) st.resources.rested += 1;
      else st.resources.active += 1;
    }
    placed++;
  }
  // 10-1-6-3 one placement of several EX Resources triggers "when you place an EX Resource" once.
  if (ex && placed > 0) {
    for (const u of [...st.units]) queueTriggers(game, 'places-ex-resource', { unit: u });
    if (st.base) queueTriggers(game, 'places-ex-resource', { base: st.base });
  }
  const what = ex ? 'EX Resource' : `${rested ? 'rested ' : ''}Resource`;
  emit(game, `Player ${p} places ${placed} ${what}${placed === 1 ? '' : 's'} (${s}; active ${st.resources.active}, rested ${st.resources.rested}, EX ${st.resources.ex})`, [
    ...(ex ? ['5-17-3-2-1'] : ['4-4-1']),
    ...(placed < n ? ['4-4-2', '1-3-2'] : []),
  ]);
  return placed;
}

function lookTop(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'look-top' }>, s: string, entry: Choice | undefined): boolean {
  // "All players each look at the top card of their deck …": each player in turn, the controller first (1-3-4).
  if (step.who === 'each') return forEachPlayer(ctx, 'each', (p) => (lookTopOf(game, ctx, p, step, s, undefined) ? 1 : 0));
  return lookTopOf(game, ctx, ctx.controller, step, s, entry);
}

function lookTopOf(game: Game, ctx: AbilityCtx, p: PlayerId, step: Extract<Step, { do: 'look-top' }>, s: string, entry: Choice | undefined): boolean {
  const st = game.players[p];
  const n = Math.min(step.count, st.deck);
  const known = st.deckCards.length >= n;
  const seen = known ? st.deckCards.slice(0, n) : null;
  emit(game, `Player ${p} looks at the top ${n} card${n === 1 ? '' : 's'} of the deck${seen ? `: ${seen.join(', ')}` : ' (not listed in the scenario)'} (${s})`, ['10-3-5', ...(step.who === 'each' ? ['1-3-4'] : [])]);
  if (step.take.to === 'top') return lookTopKeep(game, ctx, step, s, entry, n, seen);
  const legal = seen ? seen.filter((id) => { const f = faceOf(game, id); return f !== null && cardMatches(f, step.take.filter); }) : null;
  const taken = n === 0 || step.take.max === 0 ? [] : chooseCards(game, `${s}: the card${step.take.max === 1 ? '' : 's'} player ${p} reveals and takes from the top ${n}`, step.take.max, legal, ['10-3-5'], entry);
  for (const id of taken) {
    const face = faceOf(game, id);
    if (!face) throw new ChoiceProblem(inputProblem(`${s}: "${id}" is not a catalog card number; name the card taken by its number (e.g. "GD01-013")`, ['10-3-5']));
    if (!seen && !cardMatches(face, step.take.filter)) {
      emit(game, `${id} (${face.name}) does not match what the effect may take, so it stays`, ['10-2-1']);
      continue;
    }
    if (seen) st.deckCards.splice(st.deckCards.indexOf(id), 1);
    st.deck -= 1;
    if (step.take.to === 'hand') {
      addToHand(game, p, id, face);
      emit(game, `Player ${p} reveals ${face.name} (${id}) and adds it to the hand (hand ${st.hand})`, ['10-3-5']);
    } else {
      emit(game, `Player ${p} reveals ${face.name} (${id}) and deploys it`, ['10-3-5', '5-7-1-1']);
      putIntoBattleArea(game, newUnit(freshId(game, id), p, face, false), s);
    }
  }
  const rest = n - taken.length;
  if (rest > 0) {
    // "Return it to the top or bottom": the player decides (a `where` choice).
    const top = step.rest === 'top-or-bottom' && chooseWhere(game, `${s}: where player ${p}'s remaining card${rest === 1 ? '' : 's'} go${rest === 1 ? 'es' : ''}`, ['10-3-5']) === 'top';
    // The deck is private (4-2-2): the player who looked decides where their own card goes, unrevealed.
    const whose = step.rest === 'top-or-bottom' ? ` (player ${p}'s own decision; the card is not revealed to the other player)` : '';
    if (top) {
      emit(game, `Player ${p} returns the remaining ${rest} card${rest === 1 ? '' : 's'} to the top of the deck${whose}`, ['10-3-5', '4-2-2']);
      return taken.length > 0;
    }
    // The rest go to the bottom: they are no longer known as the top cards.
    const moved = seen ? seen.filter((id) => !taken.includes(id)) : [];
    st.deckCards = st.deckCards.filter((id) => !moved.includes(id));
    const where = step.rest === 'trash' ? 'into the trash' : 'to the bottom of the deck';
    if (step.rest === 'trash') {
      st.deck -= rest;
      for (let i = 0; i < rest; i++) st.trash.push(moved[i] ?? `${p}-deck-${nextSerial(game)}`);
    }
    // Only the texts that look at several cards say "randomly" (5-13-1); one card just goes to the bottom.
    if (whose) emit(game, `Player ${p} returns the remaining ${rest} card${rest === 1 ? '' : 's'} to the bottom of the deck${whose}`, ['10-3-5', '4-2-2']);
    else emit(game, `The remaining ${rest} card${rest === 1 ? '' : 's'} go${rest === 1 ? 'es' : ''} ${where}${step.rest === 'bottom' && step.count > 1 ? ' in a random order' : ''}`, step.rest === 'bottom' && step.count > 1 ? ['5-13-1'] : ['10-3-5']);
  }
  return taken.length > 0;
}

/**
 * "Look at the top 2 cards of your deck and return 1 to the top. Place the remaining card into your
 * trash." (and "… to the bottom of your deck", "… and 1 to the bottom"): the player keeps `take.max`
 * of them on top (a `cards` choice when the deck is listed: which ones is theirs to decide, 10-3-5);
 * the others go to the trash or the bottom. With an unlisted deck the cards stay unnamed.
 */
function lookTopKeep(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'look-top' }>, s: string, entry: Choice | undefined, n: number, seen: string[] | null): boolean {
  const st = game.players[ctx.controller];
  if (n === 0) return false;
  // "You may reveal 1 (G Generation) Unit card among them and return it to the top": optional, and only a matching card.
  const reveal = step.printed === 'reveal';
  // "Return it to the top of your deck or place it into your trash": keeping it is the player's choice
  // ({"cards": [it]} keeps it; {"cards": []} or {"use": false} trashes it; an unlisted card by its number).
  const either = step.printed === 'or-trash';
  const legal = seen && reveal ? seen.filter((id) => { const f = faceOf(game, id); return f !== null && cardMatches(f, step.take.filter); }) : seen;
  const keepMax = Math.min(step.take.max, n);
  const kept = seen || reveal || either ? chooseCards(game, `${s}: the card${keepMax === 1 ? '' : 's'} returned to the top of the deck${either ? ' (none: it is placed into the trash)' : ''}`, keepMax, legal, ['10-3-5'], entry, reveal || either ? 0 : keepMax) : [];
  for (const id of kept) {
    const face = faceOf(game, id);
    if (reveal && (!face || !cardMatches(face, step.take.filter))) throw new ChoiceProblem(inputProblem(`${s}: ${id} is not a ${renderNoun(step.take.filter, { card: true })}`, ['10-3-5']));
  }
  const keep = reveal || either ? kept.length : keepMax;
  const others = seen ? seen.filter((id) => !kept.includes(id)) : [];
  const rest = n - keep;
  if (reveal && !seen) st.deckCards = [];
  if (seen) st.deckCards = [...kept, ...st.deckCards.slice(n)];
  if (step.rest === 'trash') {
    st.deck -= rest;
    for (let i = 0; i < rest; i++) st.trash.push(others[i] ?? `${ctx.controller}-deck-${nextSerial(game)}`);
  } else if (!seen) {
    // The top cards are no longer known as such once some go to the bottom.
    st.deckCards = [];
  }
  const where = step.rest === 'trash' ? 'into the trash' : 'to the bottom of the deck';
  emit(game, `Player ${ctx.controller} returns ${kept.length ? kept.join(', ') : `${keep} of them`} to the top of the deck; the remaining ${rest} card${rest === 1 ? '' : 's'}${others.length ? ` (${others.join(', ')})` : ''} go${rest === 1 ? 'es' : ''} ${where} (${s})`, ['10-3-5', ...(step.rest === 'trash' ? ['4-9-1'] : [])]);
  return true;
}

/** The choice of cards in the controller's trash that "take from" / "exile from your trash" make. */
function trashChoice(step: Extract<Step, { do: 'trash-to-hand' | 'exile-from-trash' | 'trash-to-deck' }>): Extract<Selector, { type: 'choose' }> {
  return step.do === 'exile-from-trash' || step.do === 'trash-to-deck'
    ? { type: 'choose', min: step.count, max: step.count, filter: withFields(step.filter, { side: 'friendly' as const }), zone: 'trash' }
    : { type: 'choose', min: 1, max: step.max, filter: step.filter, zone: 'trash' };
}

function trashToHand(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'trash-to-hand' }>, s: string, entry: Choice | undefined): boolean {
  const sel = trashChoice(step);
  const ts = select(game, ctx, sel, step, entry).filter((t): t is Extract<Target, { kind: 'card' }> => t.kind === 'card');
  ctx.picked = ts.map((t) => t.id);
  if (ts.length === 0) {
    emit(game, `${s}: no card in the trash can be chosen, so that part does not activate`, ['10-2-2', '10-3-3-1']);
    return false;
  }
  for (const t of ts) {
    const st = game.players[t.player];
    st.trash.splice(st.trash.indexOf(t.id), 1);
    addToHand(game, t.player, t.id, t.face);
    emit(game, `${targetName(t)} is added from the trash to player ${t.player}'s hand (${s})`, ['4-9-2']);
  }
  return true;
}

/**
 * "Choose 12 cards from your trash. Return them to their owner's deck and shuffle it": exactly that
 * many are chosen or none (10-2-2), then the deck is shuffled (5-15-1), so its order is unknown.
 */
function trashToDeck(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'trash-to-deck' }>, s: string, entry: Choice | undefined): boolean {
  const sel = trashChoice(step);
  const legal = candidates(game, ctx, sel);
  if (legal.length < step.count) {
    unnamedCardsMatter(game, ctx, sel, step);
    emit(game, `${s}: player ${ctx.controller} has ${legal.length} matching card${legal.length === 1 ? '' : 's'} in the trash, fewer than the ${step.count} to choose, so none is chosen and nothing is returned`, ['10-2-2', '10-3-3-1']);
    skipDecision(game, `${s} (${step.do})`);
    return false;
  }
  const ts = select(game, ctx, sel, step, entry).filter((t): t is Extract<Target, { kind: 'card' }> => t.kind === 'card');
  const st = game.players[ctx.controller];
  for (const t of ts) st.trash.splice(st.trash.indexOf(t.id), 1);
  st.deck += ts.length;
  st.deckCards = [];
  ctx.picked = ts.map((t) => t.id);
  emit(game, `Player ${ctx.controller} returns ${ts.length} card${ts.length === 1 ? '' : 's'} from the trash to the deck (${ts.map((t) => t.id).join(', ')}) and shuffles it: deck ${st.deck}, its order no longer known (${s})`, ['5-15-1', '4-2-4']);
  return ts.length > 0;
}

/**
 * "Exile N (filter) cards from your trash": all or nothing (with fewer than N matching cards
 * nothing is exiled, so an "If you do" after it fails, 5-20-1); they go to the removal area (5-12-1).
 */
function exileFromTrash(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'exile-from-trash' }>, s: string, entry: Choice | undefined): boolean {
  const sel = trashChoice(step);
  const legal = candidates(game, ctx, sel);
  if (legal.length < step.count) {
    unnamedCardsMatter(game, ctx, sel, step);
    emit(game, `${s}: player ${ctx.controller} has ${legal.length} matching card${legal.length === 1 ? '' : 's'} in the trash, fewer than ${step.count}, so none is exiled`, ['1-3-2', '5-20-1']);
    return false;
  }
  const ts = select(game, ctx, sel, step, entry).filter((t): t is Extract<Target, { kind: 'card' }> => t.kind === 'card');
  const st = game.players[ctx.controller];
  for (const t of ts) {
    st.trash.splice(st.trash.indexOf(t.id), 1);
    st.removed.push(t.id);
  }
  ctx.picked = ts.map((t) => t.id);
  const development = ctx.ability.kind === 'triggered' && ctx.ability.development !== undefined ? ['13-1-8-1'] : [];
  emit(game, `Player ${ctx.controller} exiles ${ts.map((t) => targetName(t)).join(', ')} from the trash (${s})`, [...development, '5-12-1', '4-7-1']);
  return ts.length > 0;
}

/** The pairs of different trash cards, one matching each filter, "1 (Superpower Bloc) card and 1 (UN) card" can be (unordered, ids sorted). */
function trashPairs(game: Game, ctx: AbilityCtx, filters: readonly [Filter, Filter]): string[][] {
  const trash = game.players[ctx.controller].trash;
  const matches = (id: string, f: Filter) => { const face = faceOf(game, id); return face !== null && cardMatches(face, f); };
  const out = new Map<string, string[]>();
  trash.forEach((x, i) => trash.forEach((y, j) => {
    if (i !== j && matches(x, filters[0]) && matches(y, filters[1])) { const p = [x, y].sort(); out.set(p.join('|'), p); }
  }));
  return [...out.values()];
}

/**
 * "Choose 1 (Superpower Bloc) card and 1 (UN) card from your trash. Exile them from the game.": two
 * different cards, one for each description, chosen together (10-3-3-1: none if no such pair).
 */
function exileTwoFromTrash(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'exile-two-from-trash' }>, s: string, entry: Choice | undefined): boolean {
  const pairs = trashPairs(game, ctx, step.filters);
  const what = `1 ${renderNoun(step.filters[0], { card: true })} and 1 ${renderNoun(step.filters[1], { card: true })}`;
  if (pairs.length === 0) {
    emit(game, `${s}: player ${ctx.controller}'s trash has no ${what} (two different cards), so none is chosen and nothing is exiled`, ['10-3-3-1', '10-2-2']);
    skipDecision(game, `${s} (${step.do})`);
    return false;
  }
  let chosen = pairs[0]!;
  if (pairs.length > 1) {
    const legal = [...new Set(pairs.flat())];
    const named = [...chooseCards(game, `${s}: the ${what} exiled from the trash`, 2, legal, ['10-2-2-1'], entry, 2)].sort();
    const ok = pairs.find((p) => p.join('|') === named.join('|'));
    if (!ok) throw new ChoiceProblem(inputProblem(`${s}: ${named.join(' and ')} are not ${what}; possible: ${pairs.map((p) => p.join(' + ')).join('; ')}`, ['10-2-2-1']));
    chosen = ok;
  } else emit(game, `${s}: the only possible ${what} are ${chosen.join(' and ')}, so they are chosen`, ['10-3-3']);
  const st = game.players[ctx.controller];
  for (const id of chosen) {
    st.trash.splice(st.trash.indexOf(id), 1);
    st.removed.push(id);
  }
  ctx.picked = [...chosen];
  emit(game, `Player ${ctx.controller} exiles ${chosen.map((id) => `${faceOf(game, id)?.name ?? id} (${id})`).join(' and ')} from the trash (${s})`, ['5-12-1', '4-7-1']);
  return true;
}

/**
 * "Deploy 1 (filter) Unit card from your hand/trash" (5-7-1-1). The card is named with a `cards`
 * choice; from the trash it must be there, from the hand it must be a known hand card or, when the
 * scenario left the hand unlisted, is taken on the caller's word. "Pay its cost" rests Resources
 * (2-10-1) and still needs the Lv. (2-9-1); a card that cannot be paid for is not deployed.
 */
function deployFrom(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'deploy-from' }>, s: string, entry: Choice | undefined): boolean {
  const st = game.players[ctx.controller];
  const filter = withFields(step.filter, { side: 'any' as const });
  const pool = step.zone === 'trash' ? st.trash : st.handCards;
  const legal = pool.filter((id) => {
    const f = faceOf(game, id);
    return f !== null && cardMatches(f, filter);
  });
  const handUnknown = step.zone === 'hand' && st.hand > st.handCards.length;
  if (!handUnknown && legal.length === 0) {
    emit(game, `${s}: no card in the ${step.zone} can be deployed, so nothing is deployed`, ['1-3-2']);
    return false;
  }
  const named = chooseCards(game, `${s}: the card deployed from the ${step.zone}`, step.max, handUnknown ? null : legal, ['5-7-1-1'], entry);
  let any = false;
  for (const id of named) {
    const face = faceOf(game, id);
    if (!face || !cardMatches(face, filter)) {
      emit(game, `${id} is not a card this effect may deploy, so it stays in the ${step.zone}`, ['10-2-1']);
      continue;
    }
    if (step.payCost) {
      const r = st.resources;
      const { cost, level } = playCost(game, face, ctx.controller, step.zone);
      if (totalResources(r) < level || r.active + r.ex < cost) {
        emit(game, `${face.name} cannot be paid for (Lv.${level}, cost ${cost}; active ${r.active}, EX ${r.ex}), so it is not deployed`, ['2-9-1', '2-10-1', '1-3-2']);
        continue;
      }
      spendResources(game, ctx.controller, splitPayment(r, cost, undefined));
      emit(game, `Player ${ctx.controller} pays ${face.name}'s cost ${cost} (active ${r.active}, rested ${r.rested}, EX ${r.ex})`, ['2-10-1']);
    }
    if (step.zone === 'trash') st.trash.splice(st.trash.indexOf(id), 1);
    else {
      const at = st.handCards.indexOf(id);
      if (at >= 0) st.handCards.splice(at, 1);
      st.hand = Math.max(0, st.hand - 1);
    }
    emit(game, `${face.name} is deployed from player ${ctx.controller}'s ${step.zone} (${s})`, ['5-7-1-1', '5-8-1']);
    if (face.type === 'base') putBaseIntoPlay(game, ctx.controller, freshId(game, id), face, s);
    else {
      const unit = newUnit(freshId(game, id), ctx.controller, face, false);
      if (step.zone === 'trash') unit.fromTrash = true;
      putIntoBattleArea(game, unit, s);
    }
    any = true;
  }
  return any;
}

/** The Pilot cards in the hand a "pair 1 (AEUG) Pilot card from your hand" may take, and whether unlisted cards could. */
function pairableFromHand(game: Game, ctx: AbilityCtx, filter: Filter): { legal: string[]; unknown: boolean } {
  const st = game.players[ctx.controller];
  const legal = st.handCards.filter((id) => { const f = faceOf(game, id); return f !== null && cardMatches(f, filter); });
  return { legal, unknown: st.hand > st.handCards.length };
}

/**
 * "You may pair 1 (AEUG) Pilot card from your hand with this Unit": an effect pairs it, so no Lv. or
 * cost is asked; the card is a `cards` choice (a known hand card, or a card number on the caller's
 * word for an unlisted hand); this Unit must still be in play with no Pilot (3-3-4).
 */
function pairFromHand(game: Game, ctx: AbilityCtx, step: Extract<Step, { do: 'pair-from-hand' }>, s: string, entry: Choice | undefined): boolean {
  const unit = ctx.unit && findCardInPlay(game, ctx.unit.id) === ctx.unit ? ctx.unit : null;
  if (!unit || unit.pilot) {
    emit(game, `${s}: the Unit is ${unit ? 'already paired (a Unit has one Pilot, 3-3-4)' : 'no longer in play'}, so nothing is paired`, ['3-3-4', '1-3-2']);
    return false;
  }
  const st = game.players[ctx.controller];
  const { legal, unknown } = pairableFromHand(game, ctx, step.filter);
  const named = chooseCards(game, `${s}: the Pilot card paired from the hand`, 1, unknown ? null : legal, ['5-9-1'], entry);
  const [id] = named;
  if (id === undefined) return false;
  const face = faceOf(game, id);
  if (!face || !cardMatches(face, step.filter) || (st.handCards.includes(id) && !legal.includes(id))) {
    throw new ChoiceProblem(inputProblem(`${s}: ${id} is not a ${renderNoun(step.filter, { card: true })}; legal: ${legal.join(', ') || 'none known'}`, ['5-9-1']));
  }
  const at = st.handCards.indexOf(id);
  if (at >= 0) st.handCards.splice(at, 1);
  st.hand = Math.max(0, st.hand - 1);
  pairByEffect(game, unit, id, face, s, 'hand');
  return true;
}

/**
 * Runs an effect's steps in order (1-3-7). A leading condition governs the whole effect (10-2-1);
 * targets chosen together are all or nothing (10-3-3-1); a triggered 【Once per Turn】 ability that
 * performed nothing was not used (1-3-2-1). Returns whether any step did something.
 */
export function runEffect(game: Game, ctx: AbilityCtx, steps: readonly EffectStep[]): boolean {
  let lastDone = true;
  let lastReached = true;
  let performed = false;
  // "Deploy A if …, deploy B if …, or deploy C if …": the alternative chosen, read before any is done.
  let passOver = new Set<number>();
  for (let i = 0; i < steps.length; i++) {
    const es = steps[i]!;
    if (game.over) return performed;
    if (steps[i + 1]?.orElse && !es.orElse) passOver = alternativesNotTaken(game, ctx, steps, i);
    if (passOver.has(i)) {
      notReached(game, ctx, [es]);
      continue;
    }
    if (es.withPrevious && !lastReached) {
      // "If you do, set this Unit as active. It gains …": the sentence "it" refers back to was not done.
      emit(game, `${src(ctx)}: the sentence before this part was not done, so this part is not either`, ['5-20-1']);
      notReached(game, ctx, [es]);
      lastDone = false;
      continue;
    }
    lastReached = false;
    if (es.ifDone && !lastDone) {
      emit(game, `"If you do": the part before it did not happen, so the rest of ${src(ctx)} is not resolved`, ['5-20-1']);
      notReached(game, ctx, steps.slice(i));
      lastDone = false;
      continue;
    }
    if (es.ifDone) emit(game, `"If you do": the part before it happened, so ${src(ctx)} goes on`, ['5-20-1']);
    if (es.ifNotDone) {
      // "If they don't discard with this effect, …": only when the opponent's "may" before it was not done (10-1-3, 10-2-1).
      emit(game, `"If they don't": the part before it ${lastDone ? 'was done, so this part is not resolved' : 'was not done, so this part is resolved'} (${src(ctx)})`, ['10-1-3', '10-2-1']);
      if (lastDone) {
        notReached(game, ctx, [es]);
        lastDone = false;
        continue;
      }
    }
    const failed = es.when?.find((c) => !conditionHolds(game, ctx, c));
    if (failed) {
      openIfUnknown(game, ctx, failed);
      if (i === 0 && steps.length > 1) {
        // "If …, draw 1. Then, discard 1.": the leading "If" is the condition of the whole effect, up
        // to a sentence with its own "If" ("If 1 to 4 enemy Units are in play, … If 5 or more …").
        const own = steps.findIndex((s, k) => k > 0 && ownCondition(s, es));
        emit(game, `${src(ctx)}: the condition "${renderCondition(failed)}" does not hold, and it leads the ${own < 0 ? 'whole effect, so nothing of it activates' : 'effect up to the next sentence with its own condition, so that part does not activate'}`, ['10-2-1', ...conditionCites(failed)]);
        notReached(game, ctx, own < 0 ? steps : steps.slice(0, own));
        if (own < 0) break;
        i = own - 1;
        lastDone = false;
        continue;
      }
      emit(game, `${src(ctx)}: the condition "${renderCondition(failed)}" does not hold, so that part does not activate`, ['10-2-1', ...conditionCites(failed)]);
      notReached(game, ctx, [es]);
      lastDone = false;
      continue;
    }
    const group = together(steps, i);
    const missing = group > 1 ? unchoosable(game, ctx, steps.slice(i, i + group)) : null;
    if (missing) {
      emit(game, `${src(ctx)}: the targets are chosen together and ${missing} cannot be chosen, so none is chosen and that part does not activate`, ['10-3-3-1', '10-2-2']);
      notReached(game, ctx, steps.slice(i, i + group));
      i += group - 1;
      lastDone = false;
      continue;
    }
    const step = stepNow(game, ctx, chosenFirst(game, ctx, es), true);
    let entry: Choice | undefined;
    if (es.optional && !possible(game, ctx, step)) {
      const sel = step.do === 'exile-from-trash' || step.do === 'trash-to-hand' || step.do === 'trash-to-deck' ? trashChoice(step) : 'target' in step && step.target.type === 'choose' ? step.target : null;
      if (sel) unnamedCardsMatter(game, ctx, sel, step);
      emit(game, `${src(ctx)}: the "you may" part cannot be done here (nothing it could choose), so there is nothing to decide`, ['10-1-3', '10-2-2']);
      skipDecision(game, `${src(ctx)} ("you may" ${es.step.do})`);
      lastDone = false;
      continue;
    }
    if (es.optional) {
      // "Your opponent may draw 1" (12-2-6): the opponent's decision.
      const decider = es.opponentMay ? opponent(ctx.controller) : ctx.controller;
      const d = decideUse(game, `${src(ctx)} ("${es.opponentMay ? `player ${decider} may` : 'you may'}" ${es.step.do})`, es.opponentMay ? ['10-1-3', '12-2-6'] : ['10-1-3']);
      if (!d.use) {
        emit(game, `Player ${decider} chooses not to (${src(ctx)})`, es.opponentMay ? ['10-1-3', '12-2-6'] : ['10-1-3']);
        lastDone = false;
        continue;
      }
      entry = d.entry?.targets !== undefined || d.entry?.cards !== undefined ? d.entry : undefined;
      if (es.opponentMay) emit(game, `Player ${decider}, the enemy player, chooses to (${src(ctx)})`, ['10-1-3', '12-2-6']);
    }
    lastReached = true;
    lastDone = runStep(game, ctx, step, entry);
    performed = performed || lastDone;
    // 11-1-2 rules management the moment an event occurs, not when the effect ends: "Deal 1 damage to
    // it. Set it as active." does not set active a Unit the damage destroyed. The triggers it causes
    // still wait for the effect to end (10-1-6-3). Steps of one sentence ("… to it and this Unit") act together.
    if (i < steps.length - 1 && !steps[i + 1]!.and && !game.over) runRulesManagement(game, { deferTriggers: true });
  }
  if (!performed && !game.over) refundOncePerTurn(game, ctx);
  return performed;
}

/** A later sentence that opens with a condition of its own, not one it repeats from a choice before it. */
function ownCondition(s: EffectStep, lead: EffectStep): boolean {
  return !!s.when && !s.then && !s.ifDone && !s.withPrevious && !s.and && !s.orElse && JSON.stringify(s.when) !== JSON.stringify(lead.when);
}

/**
 * The alternatives of one "…, or …" sentence starting at `i` that are not done: all but the first
 * whose conditions hold now, before any of them is done (10-2-1); none holding, none is done.
 */
function alternativesNotTaken(game: Game, ctx: AbilityCtx, steps: readonly EffectStep[], i: number): Set<number> {
  let end = i + 1;
  while (steps[end]?.orElse) end++;
  const taken = steps.slice(i, end).findIndex((es) => allHold(game, ctx, es.when ?? []));
  const out = new Set<number>();
  for (let k = i; k < end; k++) if (k !== i + taken) out.add(k);
  const which = taken < 0 ? 'none of its conditions holds, so none of them is done' : `"${renderCondition((steps[i + taken]!.when ?? [])[0]!)}" holds, so that one is done and not the others`;
  emit(game, `${src(ctx)}: of the alternatives "… if …, or … if …", ${which}`, ['10-2-1']);
  return out;
}

/** The decisions of steps the effect did not reach ("you may", "choose"): a choice given for one is not a mismatch. */
function notReached(game: Game, ctx: AbilityCtx, steps: readonly EffectStep[]): void {
  for (const es of steps) {
    const sel = 'target' in es.step ? es.step.target : null;
    if (es.optional) skipDecision(game, `${src(ctx)} ("you may" ${es.step.do})`);
    if (sel?.type === 'choose' || es.step.do === 'deploy-from' || es.step.do === 'trash-to-hand' || es.step.do === 'look-top' || es.step.do === 'exile-two-from-trash' || es.step.do === 'copy-keywords') skipDecision(game, `${src(ctx)} (${es.step.do})`);
  }
}

/** How many steps from `i` are one sentence joined by "and" ("Choose 1 of your Units and 1 enemy Unit. Rest them."). */
function together(steps: readonly EffectStep[], i: number): number {
  if (steps[i]!.and) return 1;
  let n = 1;
  while (steps[i + n]?.and) n++;
  return n;
}

/** The first target of a sentence's chooses that has no legal candidate (its filter words), or null. */
function unchoosable(game: Game, ctx: AbilityCtx, group: readonly EffectStep[]): string | null {
  for (const es of group) {
    const step = stepNow(game, ctx, es, false);
    const sel = 'target' in step ? step.target : null;
    if (!es.optional && sel?.type === 'choose' && sel.min > 0 && candidates(game, ctx, sel).length < sel.min) return `"${sel.min} ${renderNoun(sel.filter)}"`;
  }
  return null;
}

/**
 * 1-3-2-1: an action on a card already in that state is not performed. A triggered 【Once per Turn】
 * ability none of whose actions was performed ("set this Unit as active" on an active Unit) has not
 * been used, so it may activate again this turn (13-2-13-1).
 */
function refundOncePerTurn(game: Game, ctx: AbilityCtx): void {
  if (ctx.ability.kind !== 'triggered' || !ctx.ability.oncePerTurn) return;
  const at = game.usedThisTurn.indexOf(onceKey(ctx));
  if (at < 0) return;
  game.usedThisTurn.splice(at, 1);
  emit(game, `${src(ctx)}: none of its actions was performed, so 【Once per Turn】 is not used up`, ['1-3-2-1', '13-2-13-1']);
}

/**
 * "Choose 1 enemy Unit. Deal 1 damage to it. If it has <Repair>, deal 3 damage instead.": "it" in
 * the substitution is the card this step chooses, so the target is chosen first (10-3-3) and the
 * substitution read on it (10-1-9-1-1); the step then acts on that pick.
 */
function chosenFirst(game: Game, ctx: AbilityCtx, es: EffectStep): EffectStep {
  const sel = 'target' in es.step ? es.step.target : null;
  if (es.optional || sel?.type !== 'choose' || !es.instead?.when.some((c) => c.type === 'picked')) return es;
  ctx.picked = select(game, ctx, sel, es.step, undefined).map(targetId);
  return { ...es, step: { ...es.step, target: { type: 'previous' } } as Step };
}

/**
 * The step as it is done now: with its "If …, choose … / deal N damage … instead" substitution
 * (10-1-9-1-1) when that condition holds as it resolves; logged when `log`.
 */
function stepNow(game: Game, ctx: AbilityCtx, es: EffectStep, log: boolean): Step {
  const alt = es.instead;
  if (!alt) return es.step;
  const holds = allHold(game, ctx, alt.when);
  if (log && holds && alt.optional) {
    // "If …, you may deploy it as a Unit instead": the controller decides (10-1-3); not taken, the step is done as printed.
    const d = decideUse(game, `${src(ctx)} ("you may" ${renderInsteadBody(es.step, alt)} instead)`, ['10-1-3', '10-1-9-1-1']);
    if (!d.use) {
      emit(game, `${src(ctx)}: player ${ctx.controller} chooses not to ${renderInsteadBody(es.step, alt)} instead, so the effect is done as first printed`, ['10-1-3']);
      return es.step;
    }
  }
  if (log) {
    const cond = alt.when.map(renderCondition).join(' and ');
    emit(game, holds ? `${src(ctx)}: "${cond}" holds, so the effect is done with ${renderInsteadBody(es.step, alt)} instead` : `${src(ctx)}: "${cond}" does not hold, so the effect is done as first printed`, holds ? ['10-1-9-1', '10-1-9-1-1'] : ['10-2-1']);
  }
  if (!holds) return es.step;
  if (alt.step) return alt.step;
  if (alt.guard) return { ...es.step, kind: alt.guard.kind, from: alt.guard.from } as Step;
  return withFields(es.step, alt.target ? { target: alt.target } : { amount: alt.amount }) as Step;
}

/** Whether a step has anything to act on, so a "you may" is a real decision (and a cost can be paid). */
export function possible(game: Game, ctx: AbilityCtx, step: Step): boolean {
  if (step.do === 'exile-from-trash' || step.do === 'trash-to-deck') {
    return candidates(game, ctx, trashChoice(step)).length >= step.count;
  }
  if (step.do === 'discard' && step.filter) {
    return players(ctx, step.who).every((p) => {
      const d = discardable(game, p, step.filter!);
      return d.unknown > 0 || d.legal.length >= step.count;
    });
  }
  if (step.do === 'discard') return players(ctx, step.who).every((p) => game.players[p].hand >= step.count);
  if (step.do === 'deploy-from') {
    const st = game.players[ctx.controller];
    const filter = withFields(step.filter, { side: 'any' as const });
    const any = (ids: string[]) => ids.some((id) => { const f = faceOf(game, id); return f !== null && cardMatches(f, filter); });
    // An unlisted hand may hold the card; a fully listed one is checked.
    if (step.zone === 'hand') return st.hand > st.handCards.length || any(st.handCards);
    return any(st.trash);
  }
  if (step.do === 'trash-to-hand') return candidates(game, ctx, trashChoice(step)).length > 0;
  if (step.do === 'exile-two-from-trash') return trashPairs(game, ctx, step.filters).length > 0;
  if (step.do === 'pair-from-trash') return candidates(game, ctx, { type: 'choose', min: 1, max: 1, filter: step.filter, zone: 'trash' }).length > 0;
  if (step.do === 'pair-from-hand') {
    const d = pairableFromHand(game, ctx, step.filter);
    return ctx.unit !== null && ctx.unit.pilot === null && (d.unknown || d.legal.length > 0);
  }
  if (step.do === 'pair-trigger-command') {
    const found = triggerCommandTargets(game, ctx, step.filter);
    return found !== null && found.face.pilotName !== null && found.legal.length > 0;
  }
  if (step.do === 'pay') {
    const r = game.players[ctx.controller].resources;
    return r.active + r.ex >= step.amount;
  }
  const sel = 'target' in step ? step.target : null;
  // "Rest 3 of your (CB) Units" needs 3 to choose (10-3-3-1).
  if (sel && sel.type === 'choose') return candidates(game, ctx, sel).length >= Math.max(1, sel.min);
  return true;
}

/**
 * Whether every "choose" before the first "Then"/"If you do" has its targets (10-1-8-1-1,
 * 10-1-8-1-2); cards in the trash are chosen targets too (10-2-2-1), so "Choose 6 … from your trash"
 * needs 6 there.
 */
export function firstTargetsAvailable(game: Game, ctx: AbilityCtx, steps: readonly EffectStep[]): boolean {
  for (const es of steps) {
    if (es.then || es.ifDone) return true;
    const step = stepNow(game, ctx, es, false);
    if (!es.optional && (step.do === 'exile-from-trash' || step.do === 'trash-to-hand' || step.do === 'trash-to-deck' || step.do === 'pair-from-trash' || step.do === 'exile-two-from-trash') && !possible(game, ctx, step)) return false;
    const sel = 'target' in step ? step.target : null;
    if (sel && sel.type === 'choose' && !es.optional && candidates(game, ctx, sel).length === 0) return false;
  }
  return true;
}
