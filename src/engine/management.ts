/**
 * Rules management (chapter 11): performed right after every event (11-1-2). Defeat (11-2),
 * destruction (11-3) and the excess rules for the battle area (11-4) and base section (11-5), plus
 * the zone moves they share (a Unit leaves with its Pilot, tokens leave the game).
 */
import { chooseTargets } from './choices.js';
import { deployedRested, refreshConstants } from './constants.js';
import { emit } from './log.js';
import { recordDestroyed } from './history.js';
import { PLAYERS, describeCard, describeUnit, findUnit, opponent, type Base, type CardFace, type Game, type PlayerId, type Unit } from './state.js';
import { baseHp, isLethal, unitHp } from './stats.js';
import { hasTrigger, queueDestroyedByEffect, queueFriendlyEvent, queueShieldAreaCardDestroyed, queueTriggers, resolvePending } from './triggers.js';
import { mark } from './happened.js';

export type LeaveReason = 'destroyed' | 'excess';

/**
 * Moves a Unit from the battle area to its owner's trash. 3-3-6 its Pilot goes along; 5-17-2-5 a
 * token is removed from the game instead of staying in the trash.
 */
export function putUnitIntoTrash(game: Game, unit: Unit, reason: LeaveReason): void {
  mark(game, 'destroy');
  const owner = game.players[unit.owner];
  owner.units = owner.units.filter((u) => u !== unit);
  if (unit.face.token) owner.removed.push(unit.id);
  else owner.trash.push(unit.id);
  game.faces[unit.id] = unit.card ?? unit.face;
  if (unit.pilot) {
    owner.trash.push(unit.pilot.id);
    game.faces[unit.pilot.id] = unit.pilot.face;
  }
  if (reason === 'destroyed') game.destroyed.push(unit.id);
}

export function putBaseIntoTrash(game: Game, base: Base, reason: LeaveReason): void {
  mark(game, 'destroy');
  const owner = game.players[base.owner];
  owner.base = null;
  if (base.face.token) owner.removed.push(base.id);
  else owner.trash.push(base.id);
  game.faces[base.id] = base.face;
  if (reason === 'destroyed') game.destroyed.push(base.id);
}

function leaveNote(token: boolean): string {
  return token ? '; as a token it is removed from the game' : '';
}

/** Destroys a Unit (5-10-2), logging 【Destroyed】 from its last state on the field (13-2-8-2-1). */
/** What destroyed a Unit, for "when one of your Units is destroyed by an effect": a destroy effect, or lethal effect damage. */
export interface DestroyCause {
  kind: 'effect' | 'effect-damage';
  by: PlayerId | null;
  /** The card whose effect destroyed it, when known ("by one of your (Neo Zeon) card's effects"). */
  source?: CardFace;
}

export function destroyUnit(game: Game, unit: Unit, why: string, rules: string[], cause?: DestroyCause): void {
  // 13-2-8-2-1 【Destroyed】 reads the Unit as it last was on the field: its conditions are checked now.
  const pending = game.pending.length;
  queueTriggers(game, 'destroyed', { unit });
  const queued = game.pending.splice(pending);
  putUnitIntoTrash(game, unit, 'destroyed');
  const pilot = unit.pilot ? `; its Pilot ${unit.pilot.face.name} goes with it (3-3-6)` : '';
  emit(game, `${describeUnit(unit)} is destroyed (${why}) and placed into ${unit.owner}'s trash${pilot}${leaveNote(unit.face.token)}`, [
    ...rules,
    '5-10-2',
    ...(unit.pilot ? ['3-3-6'] : []),
    ...(unit.face.token ? ['5-17-2-5'] : []),
  ]);
  game.pending.push(...queued);
  if (cause) {
    recordDestroyed(game, unit, cause.by, cause.source ?? null, cause.kind === 'effect-damage');
    queueDestroyedByEffect(game, unit, cause);
  }
}

export function destroyBase(game: Game, base: Base, why: string, rules: string[]): void {
  const pending = game.pending.length;
  queueTriggers(game, 'destroyed', { base });
  const queued = game.pending.splice(pending);
  putBaseIntoTrash(game, base, 'destroyed');
  emit(game, `${base.face.name} (${base.id}) is destroyed (${why}) and placed into ${base.owner}'s trash${leaveNote(base.face.token)}`, [
    ...rules,
    '5-10-2',
    ...(base.face.token ? ['5-17-2-5'] : []),
  ]);
  game.pending.push(...queued);
}

/** 11-2 at the start of rules management every player meeting a defeat condition loses at once. */
function defeatManagement(game: Game): void {
  const losers: PlayerId[] = [];
  for (const p of PLAYERS) {
    const st = game.players[p];
    if (st.battleDamageWithoutShields) {
      losers.push(p);
      emit(game, `Player ${p} received battle damage with no cards in the shield area and is defeated`, ['11-2-1', '11-2-1-1', '1-2-2-1']);
    } else if (st.deck <= 0) {
      losers.push(p);
      emit(game, `Player ${p} has no cards in the deck and is defeated`, ['11-2-1', '11-2-1-2', '1-2-2-2']);
    }
  }
  if (losers.length === 0) return;
  game.over = true;
  game.defeated = losers;
  const [only] = losers;
  if (losers.length === 1 && only !== undefined) {
    game.winner = opponent(only);
    emit(game, `The game ends: player ${game.winner} wins`, ['1-2-1', '1-2-3']);
  } else {
    game.winner = null;
    emit(game, 'The game ends: both players are defeated at the same time, so nobody wins', ['1-2-1', '11-2-1']);
  }
}

const NO_HITTERS: never[] = [];

/** 11-3-1 every Unit and Base whose damage reached its HP is destroyed, all at the same time. */
function destructionManagement(game: Game): void {
  const units: Unit[] = [];
  const bases: Base[] = [];
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const u of st.units) if (isLethal(u.damage, unitHp(u))) units.push(u);
    if (st.base && isLethal(st.base.damage, baseHp(st.base))) bases.push(st.base);
  }
  // Who dealt the damage that destroys each Base, read before any card leaves (that Unit may be destroyed now too).
  const hitters = bases.length === 0 ? NO_HITTERS : bases.map((b) => (b.lastHit && baseHp(b) > 0 ? { unit: findUnit(game, b.lastHit.unit), kind: b.lastHit.kind } : null));
  // "When an enemy Link Unit is destroyed with damage while this Unit is attacking": read as the Unit last was (before it leaves).
  const attacking = game.battle ? findUnit(game, game.battle.attacker) : undefined;
  if (attacking) for (const u of units) if (u.owner !== attacking.owner && hasTrigger(attacking, 'enemy-destroyed-while-attacking')) queueTriggers(game, 'enemy-destroyed-while-attacking', { unit: attacking, battleOpponent: u });
  for (const u of units) {
    const hp = unitHp(u);
    // Destroyed by the battle damage it just received: the battle's own rule says so too (8-5-3-2-1).
    const byBattle = game.battleDamaged.includes(u.id);
    if (byBattle) u.destroyedWithBattleDamage = true;
    // Not battle damage, during play: lethal effect damage or an HP reduction, which "destroyed by an effect" may or may not mean.
    const cause = !byBattle && game.actionIndex !== null ? { kind: 'effect-damage' as const, by: null } : undefined;
    destroyUnit(game, u, hp <= 0 ? 'its HP is 0' : `${u.damage} damage on ${hp} HP`, [...(byBattle ? ['8-5-3-2-1'] : []), '11-3-1', hp <= 0 ? '3-2-5-2' : '5-5-2'], cause);
  }
  bases.forEach((b, i) => {
    const hp = baseHp(b);
    destroyBase(game, b, hp <= 0 ? 'its HP is 0' : `${b.damage} damage on ${hp} HP`, ['11-3-1', hp <= 0 ? '3-5-4-2' : '5-5-2']);
    const by = hitters[i];
    if (by?.unit && by.unit.owner !== b.owner) queueShieldAreaCardDestroyed(game, by.unit, by.kind);
  });
}

function manage(game: Game): void {
  if (game.over) return;
  refreshConstants(game); // 10-1-5-3 constant effects follow their conditions
  defeatManagement(game);
  if (game.over) return;
  destructionManagement(game);
  refreshConstants(game);
}

/**
 * 11-1-2 run right after every event; stops at once when the game has ended. Then the triggered
 * effects the event caused resolve, each followed by rules management again.
 */
export function runRulesManagement(game: Game, opts: { deferTriggers?: boolean } = {}): void {
  manage(game);
  if (game.over) {
    game.pending = [];
    return;
  }
  if (!opts.deferTriggers && game.pending.length > 0) resolvePending(game, () => manage(game));
}

/**
 * Puts a Unit into the battle area by an effect; with 6 there already, its owner chooses one to
 * place into the trash (11-4-2). Its 【Deploy】 abilities trigger.
 */
export function putIntoBattleArea(game: Game, unit: Unit, source: string, deployedTogether: readonly string[] = []): boolean {
  mark(game, 'deploy');
  const st = game.players[unit.owner];
  if (st.units.length >= 6) {
    // 11-4-2-2 with several deployed at once, the ones trashed are Units that were already there.
    const [out] = chooseTargets(game, {
      prompt: `${source}: player ${unit.owner}'s battle area is full; the Unit placed into the trash`,
      min: 1,
      max: 1,
      legal: st.units.filter((u) => !deployedTogether.includes(u.id)).map((u) => u.id),
      rules: deployedTogether.length > 0 ? ['11-4-2', '11-4-2-2'] : ['11-4-2'],
    });
    const gone = st.units.find((u) => u.id === out);
    if (gone) battleAreaExcess(game, gone);
  }
  deployedRested(game, unit);
  st.units.push(unit);
  emit(game, `${describeUnit(unit)} enters player ${unit.owner}'s battle area ${unit.rested ? 'rested' : 'active'} (${source})`, ['5-8-1', '3-2-1']);
  queueTriggers(game, 'deploy', { unit });
  queueFriendlyEvent(game, 'friendly-deployed', unit);
  return true;
}

/**
 * A card joins a player's hand. With an id it is a known hand card (its face remembered for later
 * effects); without one (a card the scenario never named) only the count grows.
 */
export function addToHand(game: Game, player: PlayerId, id: string | null, face: CardFace | null): void {
  const st = game.players[player];
  st.hand += 1;
  if (id === null) return;
  st.handCards.push(id);
  if (face) game.faces[id] = face;
}

/**
 * A Unit or Base leaves play for its owner's hand or the bottom of their deck ("Return it to the
 * bottom of its owner's deck"; the deck's known top cards stay on top). Its Pilot goes along (3-3-6);
 * a token leaves the game instead (5-17-2-5).
 */
function returnFromPlay(game: Game, card: Unit | Base, source: string, to: 'hand' | 'deck-bottom'): void {
  const st = game.players[card.owner];
  const isUnit = 'timedKeywords' in card;
  if (isUnit) st.units = st.units.filter((u) => u !== card);
  else st.base = null;
  const pilot = isUnit ? card.pilot : null;
  for (const [id, face] of [[card.id, ('timedKeywords' in card ? card.card : undefined) ?? card.face] as const, ...(pilot ? [[pilot.id, pilot.face] as const] : [])]) {
    if (to === 'deck-bottom') {
      if (face.token) st.removed.push(id);
      else st.deck += 1;
      game.faces[id] = face;
    } else if (face.token) st.removed.push(id);
    else addToHand(game, card.owner, face.cardId ?? id, face);
  }
  const where = to === 'hand' ? `returns to player ${card.owner}'s hand` : `goes to the bottom of player ${card.owner}'s deck`;
  const count = to === 'hand' ? `hand ${st.hand}` : `deck ${st.deck}`;
  emit(game, `${describeCard(card)} ${where}${pilot ? ` with its Pilot ${pilot.face.name}` : ''}${card.face.token ? '; as a token it is removed from the game' : ''} (${source}; ${count})`, [
    ...(pilot ? ['3-3-6'] : []),
    ...(card.face.token ? ['5-17-2-5'] : []),
  ]);
}

export function returnToHand(game: Game, card: Unit | Base, source: string): void {
  returnFromPlay(game, card, source, 'hand');
}

export function returnToDeckBottom(game: Game, card: Unit | Base, source: string): void {
  returnFromPlay(game, card, source, 'deck-bottom');
}

/** 11-4-2 the battle area is full: the chosen Unit goes to the trash, not destroyed (11-4-2-1). */
export function battleAreaExcess(game: Game, unit: Unit): void {
  putUnitIntoTrash(game, unit, 'excess');
  emit(game, `The battle area already holds 6 Units: ${describeUnit(unit)} is placed into the trash (not destroyed)${leaveNote(unit.face.token)}`, [
    '11-4-1',
    '11-4-2',
    '11-4-2-1',
    '5-10-4',
    ...(unit.pilot ? ['3-3-6'] : []),
  ]);
}

/** 11-5-2 the base section is full: the old Base goes to the trash, not destroyed (11-5-2-1). */
export function baseSectionExcess(game: Game, base: Base): void {
  putBaseIntoTrash(game, base, 'excess');
  emit(game, `The base section already holds a Base: ${base.face.name} (${base.id}) is placed into the trash (not destroyed)${leaveNote(base.face.token)}`, [
    '11-5-1',
    '11-5-2',
    '11-5-2-1',
    '5-10-4',
    ...(base.face.token ? ['5-17-2-5'] : []),
  ]);
}
