/**
 * Rules management (chapter 11): performed right after every event (11-1-2). Defeat (11-2),
 * destruction (11-3) and the excess rules for the battle area (11-4) and base section (11-5), plus
 * the zone moves they share (a Unit leaves with its Pilot, tokens leave the game).
 */
import { emit, logTriggers, unitTexts } from './log.js';
import { PLAYERS, describeUnit, opponent, type Base, type Game, type PlayerId, type Unit } from './state.js';
import { baseHp, isLethal, isLinked, unitHp } from './stats.js';

export type LeaveReason = 'destroyed' | 'excess';

/**
 * Moves a Unit from the battle area to its owner's trash. 3-3-6 its Pilot goes along; 5-17-2-5 a
 * token is removed from the game instead of staying in the trash.
 */
export function putUnitIntoTrash(game: Game, unit: Unit, reason: LeaveReason): void {
  const owner = game.players[unit.owner];
  owner.units = owner.units.filter((u) => u !== unit);
  if (unit.face.token) owner.removed.push(unit.id);
  else owner.trash.push(unit.id);
  if (unit.pilot) owner.trash.push(unit.pilot.id);
  if (reason === 'destroyed') game.destroyed.push(unit.id);
}

export function putBaseIntoTrash(game: Game, base: Base, reason: LeaveReason): void {
  const owner = game.players[base.owner];
  owner.base = null;
  if (base.face.token) owner.removed.push(base.id);
  else owner.trash.push(base.id);
  if (reason === 'destroyed') game.destroyed.push(base.id);
}

function leaveNote(token: boolean): string {
  return token ? '; as a token it is removed from the game' : '';
}

/** Destroys a Unit (5-10-2), logging 【Destroyed】 from its last state on the field (13-2-8-2-1). */
export function destroyUnit(game: Game, unit: Unit, why: string, rules: string[]): void {
  const ctx = { paired: unit.pilot !== null, linked: isLinked(unit) };
  const texts = unitTexts(unit);
  putUnitIntoTrash(game, unit, 'destroyed');
  const pilot = unit.pilot ? `; its Pilot ${unit.pilot.face.name} goes with it (3-3-6)` : '';
  emit(game, `${describeUnit(unit)} is destroyed (${why}) and placed into ${unit.owner}'s trash${pilot}${leaveNote(unit.face.token)}`, [
    ...rules,
    '5-10-2',
    ...(unit.pilot ? ['3-3-6'] : []),
    ...(unit.face.token ? ['5-17-2-5'] : []),
  ]);
  logTriggers(game, describeUnit(unit), texts, 'Destroyed', ctx, ['13-2-8-2']);
}

export function destroyBase(game: Game, base: Base, why: string, rules: string[]): void {
  putBaseIntoTrash(game, base, 'destroyed');
  emit(game, `${base.face.name} (${base.id}) is destroyed (${why}) and placed into ${base.owner}'s trash${leaveNote(base.face.token)}`, [
    ...rules,
    '5-10-2',
    ...(base.face.token ? ['5-17-2-5'] : []),
  ]);
  logTriggers(game, `${base.face.name} (${base.id})`, [base.face.text], 'Destroyed', { paired: false, linked: false }, ['13-2-8-2']);
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

/** 11-3-1 every Unit and Base whose damage reached its HP is destroyed, all at the same time. */
function destructionManagement(game: Game): void {
  const units: Unit[] = [];
  const bases: Base[] = [];
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const u of st.units) if (isLethal(u.damage, unitHp(u))) units.push(u);
    if (st.base && isLethal(st.base.damage, baseHp(st.base))) bases.push(st.base);
  }
  for (const u of units) {
    const hp = unitHp(u);
    // In a battle, the battle's own rule says so too (8-5-3-2-1).
    destroyUnit(game, u, hp <= 0 ? 'its HP is 0' : `${u.damage} damage on ${hp} HP`, [...(game.inBattle ? ['8-5-3-2-1'] : []), '11-3-1', hp <= 0 ? '3-2-5-2' : '5-5-2']);
  }
  for (const b of bases) {
    const hp = baseHp(b);
    destroyBase(game, b, hp <= 0 ? 'its HP is 0' : `${b.damage} damage on ${hp} HP`, ['11-3-1', hp <= 0 ? '3-5-4-2' : '5-5-2']);
  }
}

/** 11-1-2 run right after every event; stops at once when the game has ended. */
export function runRulesManagement(game: Game): void {
  if (game.over) return;
  defeatManagement(game);
  if (game.over) return;
  destructionManagement(game);
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
