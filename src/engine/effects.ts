/**
 * Effect primitives: the building blocks card effects are made of (deal damage, destroy, rest, set
 * active, recover, modify AP/HP, grant a keyword, draw, discard), each following the general rules
 * of chapter 5. Battle (battle.ts) and keyword effects (abilities.ts) reuse the damage primitives.
 */
import { chooseOrder, decideUse } from './choices.js';
import { parseKeywordSpec, unitKeywords } from './keywords.js';
import { emit, signed } from './log.js';
import { destroyBase, destroyUnit, runRulesManagement } from './management.js';
import { inputProblem, type Problem } from './problems.js';
import type { ActionOf } from './schema.js';
import { shieldAreaProtected, sourceMatches, type EffectSource } from './immunity.js';
import { cannotBe, describeUnit, findUnit, nextSerial, opponent, type Base, type CardFace, type Game, type PlayerId, type Shield, type TimedPermission, type Unit } from './state.js';
import { baseHp, unitAp, unitHp } from './stats.js';
import { abilitiesFor, faceHasTrigger, hasTrigger, queueDelayedDealsDamage, queueOwnerEvent, queueShieldAreaCardDestroyed, queueTriggers, resolveNow, resolveTriggeredSince } from './triggers.js';
import { withFields } from './with-fields.js';
import { mark } from './happened.js';
import { leaveOpen } from './not-executed.js';

// ---------------------------------------------------------------------------------------------
// Damage

/** 5-5-1 damage is counters on the card; 5-5-5 zero damage is not dealt. Returns whether any was dealt. */
/**
 * Who dealt damage, for "when this Unit receives battle/effect/enemy damage": `from` is the player
 * whose card dealt it (null when the scenario does not say, as for a plain deal_damage action).
 */
export interface DamageSource {
  kind: 'battle' | 'effect';
  from: PlayerId | null;
  /** The Unit that deals it (battle damage, a Unit's effect), read as it is now. */
  unit?: Unit | null;
  /** The card that deals it when it is not a Unit in play (a Command, a Base). */
  face?: CardFace | null;
}

/**
 * 10-1-5-6 a "can't receive damage" effect takes precedence: the guard that stops this damage, if
 * any. An unknown source (a scenario's plain deal_damage) is never assumed to match a guard.
 */
function guardAgainst(card: Unit | Base, dealt: DamageSource, amount: number): string | null {
  const timed = 'timedPermissions' in card ? card.timedPermissions.filter((p) => p.type === 'prevent-damage' && p.guard).map((p) => ({ guard: p.guard!, source: p.source })) : [];
  for (const { guard, source } of [...card.constant.guards, ...timed]) {
    if (guard.kind && guard.kind !== dealt.kind) continue;
    // "can't receive 2 or less … damage": larger damage is received in full (10-1-5-6 stops only what it names).
    if (guard.upTo !== undefined && amount > guard.upTo) continue;
    if (sourceMatches(guard.from, card.owner, effectSource(dealt))) return source;
  }
  return null;
}

/** Who dealt the damage, as the "from" filters of guards and protections read it. */
function effectSource(dealt: DamageSource): EffectSource {
  return { player: dealt.from, unit: dealt.unit ?? null, face: dealt.face ?? null };
}

export function damageUnit(game: Game, unit: Unit, amount: number, source: string, rules: string[], by?: DamageSource): boolean {
  return dealDamageToUnit(game, unit, amount, source, rules, by) !== null;
}

/**
 * Deals damage to a Unit, or to the Unit a redirect sends it to (10-1-9-1, "… would receive is
 * dealt to that Unit instead"; each Unit at most once per damage). Returns the Unit that received
 * it, or null when none did (a guard, 10-1-5-6; reduced to 0, 5-21-2-1).
 */
export function dealDamageToUnit(game: Game, unit: Unit, amount: number, source: string, rules: string[], by?: DamageSource, passedBy: readonly string[] = []): Unit | null {
  mark(game, 'damage'); // here, not in damageUnit: battle damage to a Unit comes straight here
  const dealt: DamageSource = by ?? { kind: rules.includes('5-5-4') ? 'effect' : 'battle', from: rules.includes('5-5-4') ? null : opponent(unit.owner) };
  const guard = amount > 0 ? guardAgainst(unit, dealt, amount) : null;
  if (guard) {
    emit(game, `${describeUnit(unit)} can't receive this ${dealt.kind} damage from ${source}: ${guard}`, [...rules, '10-1-5-6', '1-3-3']);
    return null;
  }
  const redirect = amount > 0 ? redirectOf(game, unit, dealt, passedBy) : null;
  if (redirect) {
    emit(game, `The ${dealt.kind} damage ${describeUnit(unit)} would receive from ${source} is dealt to ${describeUnit(redirect.to)} instead (${redirect.source})`, ['10-1-9-1', '10-1-9-1-1']);
    return dealDamageToUnit(game, redirect.to, amount, source, rules, dealt, [...passedBy, unit.id]);
  }
  amount = reduceDamage(game, unit, amount, dealt);
  if (amount <= 0) {
    emit(game, `${source} deals no damage to ${describeUnit(unit)}: damage of 0 is not dealt`, [...rules, '5-5-5']);
    return null;
  }
  unit.damage += amount;
  emit(game, `${source} deals ${amount} damage to ${describeUnit(unit)} (now ${unit.damage} damage, HP ${unitHp(unit)})`, [...rules, '5-5-1']);
  queueTriggers(game, 'receives-damage', { unit, reductionOnly: false, damage: dealt });
  for (const w of watchers(game, unit)) queueTriggers(game, 'friendly-receives-damage', withFields(w, { damaged: unit, reductionOnly: false, damage: dealt }));
  // "When this Unit deals battle damage to an enemy Unit": only damage actually dealt (5-5-5, 5-21-2-1).
  if (dealt.kind === 'battle' && dealt.unit && dealt.unit.owner !== unit.owner) {
    if (hasTrigger(dealt.unit, 'deals-battle-damage')) queueTriggers(game, 'deals-battle-damage', { unit: dealt.unit, battleOpponent: unit });
    queueDelayedDealsDamage(game, dealt.unit, unit);
    queueOwnerEvent(game, 'friendly-deals-battle-damage', dealt.unit.owner, { subject: dealt.unit, battleOpponent: unit });
  }
  return unit;
}

/** The Unit a redirect on `unit` sends this damage to, if it is in play and not already passed. */
function redirectOf(game: Game, unit: Unit, dealt: DamageSource, passedBy: readonly string[]): { to: Unit; source: string } | null {
  for (const p of unit.timedPermissions) {
    if (p.type !== 'redirect-damage' || !p.redirect || (p.redirect.kind && p.redirect.kind !== dealt.kind)) continue;
    const to = findUnit(game, p.redirect.to);
    if (to && to !== unit && !passedBy.includes(to.id)) return { to, source: p.source };
  }
  return null;
}

/** The cards with a "when one of your Units receives damage" ability that may watch `unit`: its owner's Units and Base. */
function watchers(game: Game, unit: Unit): { unit?: Unit; base?: Base }[] {
  const st = game.players[unit.owner];
  const out: { unit?: Unit; base?: Base }[] = [];
  for (const u of st.units) if (hasTrigger(u, 'friendly-receives-damage')) out.push({ unit: u });
  if (st.base && hasTrigger(st.base, 'friendly-receives-damage')) out.push({ base: st.base });
  return out;
}

/**
 * 5-21 "when this Unit receives damage … reduce it by N": the Unit's abilities made only of
 * reductions apply to the damage before it is received; the others trigger after it. Reductions an
 * effect gave it for a duration add to them; "the next damage" ones are spent by this damage.
 */
function reduceDamage(game: Game, unit: Unit, amount: number, dealt: DamageSource): number {
  if (amount <= 0) return amount;
  const reducers = [
    ...abilitiesFor(game, 'receives-damage', { unit, reductionOnly: true, damage: dealt }),
    ...watchers(game, unit).flatMap((w) => abilitiesFor(game, 'friendly-receives-damage', withFields(w, { damaged: unit, reductionOnly: true, damage: dealt }))),
  ];
  const timed = unit.timedPermissions.filter((p) => p.type === 'reduce-damage' && p.reduce && reductionApplies(p.reduce, unit, dealt));
  if (reducers.length === 0 && timed.length === 0) return amount;
  game.damageReduction = 0;
  for (const ctx of reducers) resolveNow(game, ctx);
  for (const p of timed) {
    game.damageReduction += p.reduce!.amount;
    emit(game, `The damage to ${describeUnit(unit)} is reduced by ${p.reduce!.amount} (${p.source}${p.reduce!.next ? '; that was the next damage it receives, so this reduction is used up' : ''})`, ['5-21-1']);
  }
  unit.timedPermissions = unit.timedPermissions.filter((p) => !(timed.includes(p) && p.reduce!.next));
  const reduced = Math.max(0, amount - game.damageReduction);
  game.damageReduction = 0;
  if (reduced !== amount) emit(game, `${describeUnit(unit)} receives ${reduced} damage instead of ${amount}`, reduced === 0 ? ['5-21-2', '5-21-2-1'] : ['5-21-1']);
  return reduced;
}

/** Whether a timed reduction covers this damage: its kind (5-5-3 / 5-5-4), and "enemy" damage only from the other player's cards. */
function reductionApplies(r: NonNullable<TimedPermission['reduce']>, unit: Unit, dealt: DamageSource): boolean {
  if (r.kind && r.kind !== dealt.kind) return false;
  return !r.enemy || (dealt.from !== null && dealt.from !== unit.owner);
}

export function damageBase(game: Game, base: Base, amount: number, source: string, rules: string[], by?: DamageSource): boolean {
  mark(game, 'damage');
  const name = `${base.face.name} (${base.id})`;
  const dealt: DamageSource = by ?? { kind: rules.includes('5-5-4') ? 'effect' : 'battle', from: rules.includes('5-5-4') ? null : opponent(base.owner) };
  const guard = amount > 0 ? (guardAgainst(base, dealt, amount) ?? shieldAreaProtected(game, base.owner, dealt.kind, effectSource(dealt), 'base')) : null;
  if (guard) {
    emit(game, `${name} can't receive this ${dealt.kind} damage from ${source}: ${guard}`, [...rules, '10-1-5-6', '1-3-3']);
    return false;
  }
  if (amount <= 0) {
    emit(game, `${source} deals no damage to ${name}: damage of 0 is not dealt`, [...rules, '5-5-5']);
    return false;
  }
  const left = Math.max(0, baseHp(base) - base.damage);
  base.damage += amount;
  // A Unit's damage that destroys it triggers "when this Unit destroys an enemy shield area card" (management.ts).
  base.lastHit = dealt.unit ? { unit: dealt.unit.id, kind: dealt.kind } : null;
  emit(game, `${source} deals ${amount} damage to ${name} (now ${base.damage} damage, HP ${baseHp(base)})`, [...rules, '5-5-1']);
  if (amount > left) {
    emit(game, `${amount - left} damage beyond the Base's remaining HP is not dealt to any Shield`, ['5-5-6']);
  }
  // "When this Base receives battle damage from an enemy Unit with 3 or less AP": damage actually dealt (5-5-5).
  if (hasTrigger(base, 'receives-damage')) queueTriggers(game, 'receives-damage', { base, reductionOnly: false, damage: dealt, ...(dealt.unit ? { subject: dealt.unit } : {}) });
  return true;
}

/**
 * Destroys the top `n` Shields (4-6-4-1 the top card is taken). 5-10-3 each is revealed and checked
 * for 【Burst】 before it goes to the trash.
 */
export function destroyTopShields(game: Game, owner: PlayerId, n: number, why: string, rules: string[]): void {
  mark(game, 'destroy');
  const st = game.players[owner];
  let hit = st.shields.splice(0, n);
  for (const s of hit) {
    game.destroyed.push(s.id);
    // The card revealed names the Shield when the scenario listed it (5-10-3).
    const card = s.face ? `: it is revealed as ${s.face.name}${s.face.cardId ? ` (${s.face.cardId})` : ''}` : '; it is revealed';
    emit(game, `Shield ${s.id} of player ${owner} is destroyed (${why})${card} and checked for 【Burst】 before going to the trash`, [
      ...rules,
      '5-10-3',
    ]);
  }
  // Shields destroyed together are revealed together, before any 【Burst】 resolves; their owner
  // resolves them in the order chosen (top first unless an `order` choice says), and what one triggers goes before the next.
  const together = hit.length > 1 && hit.filter((s) => s.face && faceHasTrigger(s.face, 'burst')).length > 1;
  if (hit.length > 1) emit(game, `The ${hit.length} Shields are revealed at the same time`, ['13-1-7-4']);
  if (together) {
    const bursts = hit.filter((s) => s.face && faceHasTrigger(s.face, 'burst'));
    const names = bursts.map((s) => `${s.id} (${s.face!.name})`).join(', ');
    const order = chooseOrder(game, `Player ${owner}'s 【Burst】 effects that triggered together, ${names}, resolve in the order that player chooses`, bursts.map((s) => s.id), ['10-1-6-5', '10-1-6-8']);
    if (order) hit = [...order.map((id) => hit.find((s) => s.id === id)!), ...hit.filter((s) => !order.includes(s.id))];
  }
  const batch = game.resolutions;
  hit.forEach((s, k) => {
    let moved = false;
    if (s.face) {
      game.faces[s.id] = s.face;
      moved = resolveBurst(game, owner, s.id, s.face);
    } else {
      emit(game, `If shield ${s.id} has a 【Burst】 effect, player ${owner} may activate it without paying its cost (the card is not named in the scenario)`, [
        '13-2-5-1',
        '13-2-5-2',
      ]);
    }
    if (!moved) st.trash.push(s.id);
    if (together && k < hit.length - 1) resolveTriggeredSince(game, batch, () => runRulesManagement(game, { deferTriggers: true }));
  });
}

/**
 * 13-2-5 a revealed Shield's 【Burst】: its owner may activate it (a choice), before the card goes to
 * the trash. Returns true when the effect moved the card elsewhere (13-2-5-3: no trash then).
 */
function resolveBurst(game: Game, owner: PlayerId, shieldId: string, face: NonNullable<Shield['face']>): boolean {
  const bursts = abilitiesFor(game, 'burst', { face, cardId: shieldId, owner });
  let moved = false;
  for (const ctx of bursts) {
    emit(game, `Shield ${shieldId} is ${face.name}, with 【Burst】: "${ctx.ability.text}"`, ['5-10-3', '13-2-5-1']);
    const d = decideUse(game, `【Burst】 of ${face.name} (${shieldId}), player ${owner}`, ['13-2-5-1', '13-2-5-2']);
    if (!d.use) {
      emit(game, `Player ${owner} does not activate the 【Burst】 of ${face.name}`, ['13-2-5-2']);
      continue;
    }
    emit(game, `Player ${owner} activates the 【Burst】 of ${face.name} without paying a cost`, ['13-2-5-1', '10-1-6-8']);
    game.burstMoved = null;
    resolveNow(game, ctx);
    if (game.burstMoved === shieldId) moved = true;
    game.burstMoved = null;
    if (moved) break;
  }
  return moved;
}

/**
 * Damage to Shields: 4-6-4-2 each has 1 HP, so any damage destroys it (11-3-1-1); 5-5-6 excess
 * never carries over to the next Shield. `count` Shields are hit at once (2 for Suppression).
 */
export function damageShields(game: Game, owner: PlayerId, amount: number, count: number, source: string, rules: string[], by?: DamageSource): number {
  mark(game, 'damage'); // a Shield destroyed is marked by destroyTopShields
  const st = game.players[owner];
  const n = Math.min(count, st.shields.length);
  if (n === 0) return 0;
  const kind = by?.kind ?? (rules.includes('5-5-4') ? 'effect' : 'battle');
  const shielded = amount > 0 ? shieldAreaProtected(game, owner, kind, by ? effectSource(by) : { player: null }, 'shield') : null;
  if (shielded) {
    emit(game, `Player ${owner}'s Shields can't receive this ${kind} damage from ${source}: ${shielded}; no Shield is destroyed`, [...rules, '10-1-5-6', '5-21-2-1']);
    return 0;
  }
  if (amount <= 0) {
    emit(game, `${source} deals no damage to player ${owner}'s Shield: damage of 0 is not dealt`, [...rules, '5-5-5']);
    return 0;
  }
  const which = n === 1 ? 'the top Shield' : `the top ${n} Shields`;
  emit(game, `${source} deals ${amount} damage to ${which} of player ${owner} (1 HP each)`, [...rules, '4-6-4-2']);
  const battle = rules.includes('8-5-2-3'); // 8-5-2-3-1 is the battle case of the general 11-3-1-1
  destroyTopShields(game, owner, n, `${amount} damage on 1 HP`, [...(battle ? ['8-5-2-3-1'] : []), '11-3-1-1']);
  if (amount > 1) emit(game, `The excess damage (${amount - 1} per Shield) is not dealt to another Shield`, ['5-5-6']);
  if (by?.unit && by.unit.owner !== owner && queueShieldAreaCardDestroyed(game, by.unit, kind) > 0 && n > 1) {
    emit(game, `The ${n} Shields were destroyed by one event, so what it triggers activates once`, ['10-1-6-3']);
  }
  return n;
}

/** 13-1-2-2 / 3-5-3 the first card of the shield area: the Base if there is one, else the top Shield. */
export function damageFirstShieldAreaCard(game: Game, owner: PlayerId, amount: number, source: string, rules: string[], by?: DamageSource): void {
  const st = game.players[owner];
  if (st.base) damageBase(game, st.base, amount, source, [...rules, '3-5-3'], by);
  else damageShields(game, owner, amount, 1, source, rules, by);
}

// ---------------------------------------------------------------------------------------------
// Recovery

/** 5-6-1 remove counters; 5-6-2 never more than the damage; 5-6-3 an undamaged card recovers nothing. */
export function recover(game: Game, card: { damage: number }, name: string, amount: number, source: string, rules: string[]): number {
  mark(game, 'recover');
  if (card.damage === 0) {
    emit(game, `${name} has no damage, so it recovers nothing (${source})`, [...rules, '5-6-3']);
    return 0;
  }
  if (amount <= 0) return 0;
  const healed = Math.min(amount, card.damage);
  card.damage -= healed;
  const capped = healed < amount ? `; it had only ${healed} damage, HP does not go above its value` : '';
  emit(game, `${name} recovers ${healed} HP (${source}), now ${card.damage} damage${capped}`, [...rules, '5-6-1', ...(healed < amount ? ['5-6-2'] : [])]);
  // "When this Unit recovers HP" (10-1-6-1): only a Unit in play, and only when it did recover.
  if ('timedKeywords' in card && findUnit(game, (card as Unit).id) === card) queueTriggers(game, 'recovers-hp', { unit: card as Unit });
  return healed;
}

// ---------------------------------------------------------------------------------------------
// Scenario effect actions

export type EffectAction = ActionOf<'deal_damage' | 'destroy' | 'rest' | 'set_active' | 'recover' | 'modify' | 'grant' | 'draw' | 'discard'>;

type Target =
  | { kind: 'unit'; unit: Unit }
  | { kind: 'base'; player: PlayerId; base: Base | null }
  | { kind: 'shield'; player: PlayerId }
  | { kind: 'resources'; player: PlayerId };

const TARGETS = 'a unit id, a base id, or "A.base", "B.base", "A.shield", "B.shield", "A.resources", "B.resources"';

function resolveTarget(game: Game, target: string): Target | Problem {
  const zone = /^([AB])[.:](base|shields?|resources?)$/i.exec(target.trim());
  if (zone) {
    const player = zone[1]!.toUpperCase() as PlayerId;
    const what = zone[2]!.toLowerCase();
    if (what === 'base') return { kind: 'base', player, base: game.players[player].base };
    if (what.startsWith('shield')) return { kind: 'shield', player };
    return { kind: 'resources', player };
  }
  const unit = findUnit(game, target);
  if (unit) return { kind: 'unit', unit };
  for (const player of ['A', 'B'] as const) {
    const base = game.players[player].base;
    if (base && base.id === target) return { kind: 'base', player, base };
  }
  return inputProblem(`unknown target "${target}"; accepted: ${TARGETS}`);
}

/** True when `id` names a card that was in play in this scenario and has since left it. */
function leftPlay(game: Game, id: string): boolean {
  if (findUnit(game, id)) return false;
  if (game.players.A.base?.id === id || game.players.B.base?.id === id) return false;
  return (['A', 'B'] as const).some((p) => game.players[p].trash.includes(id) || game.players[p].removed.includes(id));
}

function cannotTarget(action: EffectAction, what: string): Problem {
  return inputProblem(`"${action.type}" cannot target ${what}; accepted: ${TARGETS}`);
}

/** 1-3-2 an impossible action is simply not performed. */
function nothingHappens(game: Game, why: string): void {
  emit(game, `Nothing happens: ${why}`, ['1-3-2']);
}

function baseName(b: Base): string {
  return `${b.face.name} (${b.id})`;
}

function applyDamage(game: Game, t: Target, amount: number): Problem | null {
  const src = 'The effect';
  switch (t.kind) {
    case 'unit':
      damageUnit(game, t.unit, amount, src, ['5-5-4']);
      return null;
    case 'base':
      if (!t.base) nothingHappens(game, `player ${t.player} has no Base`);
      else damageBase(game, t.base, amount, src, ['5-5-4']);
      return null;
    case 'shield':
      if (game.players[t.player].shields.length === 0) nothingHappens(game, `player ${t.player} has no Shields`);
      else damageShields(game, t.player, amount, 1, src, ['5-5-4']);
      return null;
    case 'resources':
      return inputProblem('Resources cannot be dealt damage (5-5-1 damage goes to Units, Bases and Shields)');
  }
}

function applyDestroy(game: Game, t: Target): Problem | null {
  switch (t.kind) {
    case 'unit':
      destroyUnit(game, t.unit, 'by an effect', ['5-10-1'], { kind: 'effect', by: null });
      return null;
    case 'base':
      if (!t.base) nothingHappens(game, `player ${t.player} has no Base`);
      else destroyBase(game, t.base, 'by an effect', ['5-10-1']);
      return null;
    case 'shield':
      if (game.players[t.player].shields.length === 0) nothingHappens(game, `player ${t.player} has no Shields`);
      else destroyTopShields(game, t.player, 1, 'by an effect', ['5-10-1']);
      return null;
    case 'resources':
      return inputProblem('Resources cannot be destroyed (5-10-1)');
  }
}

function applyOrientation(game: Game, t: Target, rest: boolean, amount: number): Problem | null {
  const word = rest ? 'rested' : 'active';
  const rule = rest ? '5-4-1-2' : '5-4-1-1';
  const flip = (card: { rested: boolean }, name: string): void => {
    if (card.rested === rest) {
      emit(game, `${name} is already ${word}, so it is not ${rest ? 'rested' : 'set active'} again`, ['1-3-2-1']);
      return;
    }
    card.rested = rest;
    emit(game, `${name} is now ${word}`, [rule]);
  };
  switch (t.kind) {
    case 'unit': {
      const barred = rest ? null : cannotBe(t.unit, 'set-active');
      if (barred && t.unit.rested) emit(game, `${describeUnit(t.unit)} can't be set as active (${barred}), so it stays rested`, ['1-3-3', '10-1-5-6']);
      else {
        const was = t.unit.rested;
        flip(t.unit, describeUnit(t.unit));
        // The rest action stands for an effect: "when this Unit is rested by an effect" triggers.
        if (rest && !was) queueTriggers(game, 'rested-by-effect', { unit: t.unit });
        if (!rest && was) queueTriggers(game, 'set-active-by-effect', { unit: t.unit });
      }
      return null;
    }
    case 'base':
      if (!t.base) nothingHappens(game, `player ${t.player} has no Base`);
      else flip(t.base, baseName(t.base));
      return null;
    case 'resources': {
      const r = game.players[t.player].resources;
      const n = Math.min(amount, rest ? r.active : r.rested);
      if (rest) {
        r.active -= n;
        r.rested += n;
      } else {
        r.rested -= n;
        r.active += n;
      }
      emit(game, `${n} of player ${t.player}'s Resources ${n === 1 ? 'is' : 'are'} now ${word}${n < amount ? ` (only ${n} could be)` : ''}`, [rule, ...(n < amount ? ['1-3-2'] : [])]);
      return null;
    }
    case 'shield':
      return inputProblem('Shields are face down and have no orientation (5-4-1 applies to the battle area, resource area and base section)');
  }
}

function applyRecover(game: Game, t: Target, amount: number): Problem | null {
  if (t.kind === 'unit') recover(game, t.unit, describeUnit(t.unit), amount, 'an effect', []);
  else if (t.kind === 'base') {
    if (!t.base) nothingHappens(game, `player ${t.player} has no Base`);
    else recover(game, t.base, baseName(t.base), amount, 'an effect', []);
  } else return inputProblem('only Units and Bases recover HP (5-6-1)');
  return null;
}

function durationRules(d: 'turn' | 'battle'): string[] {
  return d === 'turn' ? ['7-6-6-1'] : ['8-2-3', '8-6-1'];
}

function durationText(game: Game, d: 'turn' | 'battle'): string {
  if (d === 'turn') return 'during this turn';
  return game.inBattle ? 'during this battle' : 'during the next battle (a "during this battle" effect ends at the battle end step)';
}

function applyModify(game: Game, action: ActionOf<'modify'>, t: Target): Problem | null {
  const ap = action.ap ?? 0;
  const hp = action.hp ?? 0;
  const mod = { ap, hp, duration: action.duration, source: `modify (action ${game.actionIndex ?? '-'})` };
  const what = `AP${signed(ap)} HP${signed(hp)} ${durationText(game, action.duration)}`;
  if (t.kind === 'unit') {
    const apBefore = unitAp(t.unit);
    t.unit.modifiers.push(mod);
    emit(game, `${describeUnit(t.unit)} gets ${what}: now AP ${unitAp(t.unit)}, HP ${unitHp(t.unit)}`, [...durationRules(action.duration), '1-3-6']);
    // The action does not say whose effect it is: "When this Unit's AP is reduced by an enemy effect" may or may not trigger.
    if (unitAp(t.unit) < apBefore) apReducedByUnsaidEffect(game, t.unit);
  } else if (t.kind === 'base') {
    if (!t.base) nothingHappens(game, `player ${t.player} has no Base`);
    else {
      t.base.modifiers.push(mod);
      emit(game, `${baseName(t.base)} gets ${what}: now HP ${baseHp(t.base)}`, [...durationRules(action.duration), '1-3-6']);
    }
  } else return cannotTarget(action, 'Shields or Resources');
  return null;
}

/**
 * The `modify` action does not say whose effect gives the AP-: "When this Unit's AP is reduced by an
 * enemy effect" may or may not trigger, so the outcome is left open rather than guessed.
 */
function apReducedByUnsaidEffect(game: Game, unit: Unit): void {
  if (!hasTrigger(unit, 'ap-reduced-by-enemy')) return;
  for (const ctx of abilitiesFor(game, 'ap-reduced-by-enemy', { unit })) {
    const reason = `${ctx.label}'s "${ctx.ability.text}" triggers only if the AP- is an enemy effect, and the "modify" action does not say whose effect it is, so whether it triggers is not settled (play the card that gives the AP- to settle it)`;
    emit(game, reason, ['10-1-6-2']);
    leaveOpen(game, 'outcome', reason, { unit: unit.id, card: ctx.face.cardId, text: ctx.ability.text, rules: ['10-1-6-2'] });
  }
}

function applyGrant(game: Game, action: ActionOf<'grant'>, t: Target): Problem | null {
  if (t.kind !== 'unit') return cannotTarget(action, 'anything but a Unit');
  const k = parseKeywordSpec(action.keyword);
  if (typeof k === 'string') return inputProblem(k, ['13-1']);
  const had = unitKeywords(t.unit).has(k.name);
  const source = `${action.remove ? 'loss' : 'grant'} (action ${game.actionIndex ?? '-'})`;
  if (action.remove) {
    t.unit.timedKeywords.push({ name: k.name, amount: null, duration: action.duration, source, lost: true });
    const what = had ? `loses <${k.name}> ${durationText(game, action.duration)}` : `has no <${k.name}> to lose; it will not have one ${durationText(game, action.duration)} unless an effect gives it one later`;
    emit(game, `${describeUnit(t.unit)} ${what}`, ['1-3-1', ...durationRules(action.duration)]);
    return null;
  }
  t.unit.timedKeywords.push(withFields(k, { duration: action.duration, source }));
  const stackRule: Record<string, string> = {
    Repair: '13-1-1-2',
    Breach: '13-1-2-5',
    Support: '13-1-3-2',
    Blocker: '13-1-4-2',
    'First Strike': '13-1-5-3',
    'High-Maneuver': '13-1-6-2',
    Suppression: '13-1-7-2',
  };
  const extra = had && stackRule[k.name] ? [stackRule[k.name]!] : [];
  const label = k.amount === null ? k.name : `${k.name} ${k.amount}`;
  emit(game, `${describeUnit(t.unit)} gains <${label}> ${durationText(game, action.duration)}`, ['5-16-1', ...durationRules(action.duration), ...extra]);
  return null;
}

/** 5-14-1 draws; known top cards of the deck become known cards in the hand. Returns how many. */
export function applyDraw(game: Game, player: PlayerId, n: number, source?: string): number {
  mark(game, 'draw');
  const st = game.players[player];
  const drawn = Math.min(n, st.deck);
  st.deck -= drawn;
  st.hand += drawn;
  const known = st.deckCards.splice(0, drawn);
  st.handCards.push(...known);
  const by = source ? ` (${source})` : '';
  emit(game, `Player ${player} draws ${drawn} card${drawn === 1 ? '' : 's'}${known.length ? `: ${known.join(', ')}` : ''}${by} (hand ${st.hand}, deck ${st.deck})`, ['5-14-1', ...(drawn < n ? ['1-3-2'] : [])]);
  return drawn;
}

function applyDiscard(game: Game, player: PlayerId, n: number): void {
  const st = game.players[player];
  const k = Math.min(n, st.hand);
  st.hand -= k;
  for (let i = 0; i < k; i++) st.trash.push(`${player}-discard-${nextSerial(game)}`);
  emit(game, `Player ${player} discards ${k} card${k === 1 ? '' : 's'} (hand ${st.hand})`, ['5-11-1', ...(k < n ? ['1-3-2'] : [])]);
}

/** Validates and applies one effect action, then performs rules management (11-1-2). */
export function applyEffect(game: Game, action: EffectAction): Problem | null {
  let problem: Problem | null = null;
  if (action.type === 'draw') applyDraw(game, action.player, action.count);
  else if (action.type === 'discard') applyDiscard(game, action.player, action.count);
  else {
    // A card that was in play but has left it (destroyed, trashed, removed) is no target any more:
    // the effect does not activate (10-3-3-1), which is not an illegal action.
    if (leftPlay(game, action.target)) {
      emit(game, `Nothing happens: ${action.target} is no longer in play, so the ${action.type.replace('_', ' ')} effect has no target`, ['10-3-3-1', '10-2-2']);
      return null;
    }
    const t = resolveTarget(game, action.target);
    if ('reason' in t) return t;
    switch (action.type) {
      case 'deal_damage':
        problem = applyDamage(game, t, action.amount ?? 1);
        break;
      case 'destroy':
        problem = applyDestroy(game, t);
        break;
      case 'rest':
        problem = applyOrientation(game, t, true, action.amount ?? 1);
        break;
      case 'set_active':
        problem = applyOrientation(game, t, false, action.amount ?? 1);
        break;
      case 'recover':
        problem = applyRecover(game, t, action.amount ?? 1);
        break;
      case 'modify':
        problem = applyModify(game, action, t);
        break;
      case 'grant':
        problem = applyGrant(game, action, t);
        break;
    }
  }
  if (problem) return problem;
  runRulesManagement(game);
  return null;
}

