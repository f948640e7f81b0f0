/**
 * Turn flow (chapter 7), kept apart from the moves: the phase a scenario starts in, what each phase
 * allows, the end phase of the current turn, then the next player's start, draw and resource
 * phases, stopping in their main phase.
 */
import { repairAtEndOfTurn } from './abilities.js';
import { emit } from './log.js';
import { runRulesManagement } from './management.js';
import { ruleProblem, type Problem } from './problems.js';
import type { Action } from './schema.js';
import { PLAYERS, cannotBe, describeUnit, nextSerial, opponent, totalResources, type Game, type Phase } from './state.js';
import { queueTriggers } from './triggers.js';
import { mark } from './happened.js';

/** 4-8-4 / 7-6-5-1 the hand limit checked in the hand step. */
export const HAND_LIMIT = 10;
/** 4-4-2 at most 15 Resources in the resource area. */
export const RESOURCE_LIMIT = 15;

/**
 * "At the start/end of your turn" abilities of the active player's cards trigger (7-2-4-1, 7-6-4-1);
 * at the end, "At the end of a turn where …" on the standby player's cards too (triggers.ts keeps
 * their "your turn" abilities out).
 */
function turnTriggers(game: Game, trigger: 'start-of-turn' | 'end-of-turn'): void {
  for (const p of trigger === 'end-of-turn' ? [game.active, opponent(game.active)] : [game.active]) {
    const st = game.players[p];
    for (const unit of [...st.units]) queueTriggers(game, trigger, { unit });
    if (st.base) queueTriggers(game, trigger, { base: st.base });
  }
}

/** 7-5-5 the end of the main phase is declared; 7-6-3 the end phase begins with its action step. */
function enterEndPhase(game: Game): void {
  mark(game, 'end-turn');
  emit(game, `Player ${game.active} declares the end of the main phase`, ['7-5-5-1', '7-5-5-2']);
  game.phase = 'end';
  game.step = 'action step';
  emit(game, `Player ${game.active}'s end phase, action step: starting with the standby player, players may activate 【Action】 Commands and 【Activate･Action】 effects`, ['7-6-1', '7-6-3-1']);
}

/** 7-6 the rest of the end phase, from its action step: end step, hand step, cleanup step. */
function finishEndPhase(game: Game): void {
  const p = game.active;
  const st = game.players[p];
  emit(game, 'Action step: both players pass, and it ends', ['7-6-3-1', '9-5']);

  game.step = 'end step';
  emit(game, 'End step: effects "at the end of the turn" activate', ['7-6-4-1']);
  turnTriggers(game, 'end-of-turn');
  repairAtEndOfTurn(game, p);
  runRulesManagement(game);
  if (game.over) return;

  game.step = 'hand step';
  if (st.hand > HAND_LIMIT) {
    const n = st.hand - HAND_LIMIT;
    st.hand = HAND_LIMIT;
    for (let i = 0; i < n; i++) st.trash.push(`${p}-discard-${nextSerial(game)}`);
    emit(game, `Hand step: player ${p} has ${n + HAND_LIMIT} cards and discards ${n} down to ${HAND_LIMIT}`, ['7-6-5-1', '4-8-4', '5-11-1']);
  } else {
    emit(game, `Hand step: player ${p} has ${st.hand} cards, within the limit of ${HAND_LIMIT}`, ['7-6-5-1']);
  }

  game.step = 'cleanup step';
  let ended = 0;
  for (const pid of PLAYERS) {
    const side = game.players[pid];
    for (const u of side.units) {
      ended += u.modifiers.length + u.timedKeywords.length + (u.grantedAbilities?.length ?? 0);
      // "during this battle" effects never outlive the turn either.
      u.modifiers = [];
      u.timedKeywords = [];
      delete u.grantedAbilities;
      u.timedPermissions = [];
      u.deployedThisTurn = false; // 3-2-4 is about the turn of deployment only
    }
    if (side.base) {
      ended += side.base.modifiers.length;
      side.base.modifiers = [];
    }
  }
  game.usedThisTurn = []; // 13-2-13-1 【Once per Turn】 counts per turn
  ended += game.timedEffects.length;
  game.timedEffects = [];
  emit(game, `Cleanup step: effects lasting "during this turn" end${ended > 0 ? ` (${ended})` : ''}`, ['7-6-6-1']);
  runRulesManagement(game); // an HP modifier ending can leave a Unit with lethal damage
}

/** 7-2 start phase: active step (7-2-3-1 everything of the active player becomes active), start step. */
function startPhase(game: Game): void {
  mark(game, 'start-turn');
  const st = game.players[game.active];
  game.phase = 'start';
  game.step = 'active step';
  let units = 0;
  for (const u of st.units) {
    if (u.stayRestedTurn === game.turn && u.rested) {
      emit(game, `${describeUnit(u)} stays rested: an effect said it won't be set as active in this start phase`, ['1-3-1', '7-2-3-1']);
      u.stayRestedTurn = null;
      continue;
    }
    u.stayRestedTurn = null;
    const barred = u.rested ? cannotBe(u, 'set-active') : null;
    if (barred) {
      emit(game, `${describeUnit(u)} stays rested: it can't be set as active (${barred})`, ['1-3-3', '10-1-5-6', '7-2-3-1']);
      continue;
    }
    if (u.rested) units++;
    u.rested = false;
  }
  const base = st.base?.rested === true;
  if (st.base) st.base.rested = false;
  const res = st.resources.rested;
  st.resources.active += res;
  st.resources.rested = 0;
  emit(game, `Active step: player ${game.active} sets all rested cards active (${units} Unit${units === 1 ? '' : 's'}, ${res} Resource${res === 1 ? '' : 's'}${base ? ', the Base' : ''})`, [
    '7-2-3-1',
    '7-2-3-2',
  ]);
  game.step = 'start step';
  emit(game, 'Start step: effects "at the start of the turn" activate', ['7-2-4-1']);
  turnTriggers(game, 'start-of-turn');
  runRulesManagement(game);
}

/** 7-3 draw phase: draw 1; 7-3-1-1 an empty deck afterwards loses (through 11-2-1-2). */
function drawPhase(game: Game): void {
  mark(game, 'draw');
  const p = game.active;
  const st = game.players[p];
  game.phase = 'draw';
  game.step = null;
  if (st.deck <= 0) {
    emit(game, `Draw phase: player ${p} has no card to draw`, ['7-3-1', '1-3-2']);
  } else {
    st.deck -= 1;
    st.hand += 1;
    emit(game, `Draw phase: player ${p} draws 1 card (hand ${st.hand}, deck ${st.deck})`, ['7-3-1']);
    if (st.deck === 0) emit(game, `Player ${p}'s deck is now empty: they lose the game`, ['7-3-1-1', '1-2-2-2']);
  }
  runRulesManagement(game);
}

/** 7-4 resource phase: one Resource from the resource deck, active (4-4-2 at most 15). */
function resourcePhase(game: Game): void {
  const p = game.active;
  const st = game.players[p];
  game.phase = 'resource';
  game.step = null;
  if (st.resourceDeck <= 0) {
    emit(game, `Resource phase: player ${p}'s resource deck is empty, no Resource is placed`, ['7-4-1', '1-3-2']);
  } else if (totalResources(st.resources) >= RESOURCE_LIMIT) {
    emit(game, `Resource phase: player ${p} already has ${RESOURCE_LIMIT} Resources, no more can be placed`, ['7-4-1', '4-4-2']);
  } else {
    st.resourceDeck -= 1;
    st.resources.active += 1;
    emit(game, `Resource phase: player ${p} places 1 active Resource (active ${st.resources.active}, rested ${st.resources.rested}, EX ${st.resources.ex}; ${st.resourceDeck} left in the resource deck)`, [
      '7-4-1',
    ]);
  }
  runRulesManagement(game);
}

/** The phases before the main phase, from `from` on (7-1-1), then the main phase begins. */
function playToMain(game: Game, from: 'start' | 'draw' | 'resource'): void {
  if (from === 'start') startPhase(game);
  if (game.over) return;
  if (from !== 'resource') drawPhase(game);
  if (game.over) return;
  resourcePhase(game);
  if (game.over) return;
  game.phase = 'main';
  game.step = null;
  emit(game, `Turn ${game.turn}: player ${game.active}'s main phase`, ['7-1-1', '7-5-1']);
}

/** The next turn, up to its main phase (7-6-7, 7-1-1). */
function nextTurn(game: Game): void {
  const next = opponent(game.active);
  game.step = null;
  emit(game, `The turn passes to player ${next}`, ['7-6-7']);
  game.active = next;
  game.turn += 1;
  // A new turn: what happens in it is all seen from here (history.ts).
  game.history = [];
  game.historyKnown = true;
  playToMain(game, 'start');
}

/** Ends the turn and plays the next one up to its main phase (7-1-1); from the end phase's action step, the rest of it. */
export function endTurn(game: Game): void {
  if (game.phase === 'main') enterEndPhase(game);
  finishEndPhase(game);
  if (game.over) return;
  nextTurn(game);
}

/**
 * The turn moves on to where a player next acts (7-1): from the start, draw or resource phase to the
 * main phase, from the main phase to the end phase's action step (7-5-5), and from there through the
 * end phase to the next turn's main phase.
 */
export function advance(game: Game): void {
  const phase = game.phase;
  if (phase === 'main') enterEndPhase(game);
  else if (phase === 'end') endTurn(game);
  else playToMain(game, phase);
}

/** The board of the scenario is at the beginning of `phase` (the end phase: its action step). */
export function startIn(game: Game, phase: Phase): void {
  game.phase = phase;
  game.step = phase === 'end' ? 'action step' : null;
  const where = phase === 'end' ? "end phase, in its action step" : `${phase} phase`;
  const rules = { start: ['7-2'], draw: ['7-3'], resource: ['7-4'], main: ['7-5-1'], end: ['7-6-3-1'] }[phase];
  emit(game, `Turn ${game.turn}: the scenario starts in player ${game.active}'s ${where}`, rules);
}

/** What each phase allows outside a battle (7-2 to 7-6); null when `type` may be taken now. */
export function phaseProblem(game: Game, type: Action['type'], fromHand: boolean): Problem | null {
  const phase = game.phase;
  if (game.inBattle || phase === 'main' || EFFECTS.has(type)) return null;
  if (phase !== 'end') {
    if (type === 'advance') return null;
    return ruleProblem(`the turn is in player ${game.active}'s ${phase} phase, where players take no actions (the ${phase === 'start' ? 'start, draw and resource phases are' : phase === 'draw' ? 'draw and resource phases are' : 'resource phase is'} played in order); begin with {"type": "advance"} to play on to the main phase`, ['7-1-1', '7-1-2', '7-5-1']);
  }
  if (type === 'advance' || type === 'end_turn' || type === 'play' || type === 'activate' || ((type === 'deploy' || type === 'pair') && !fromHand)) return null;
  const what = type === 'attack' ? 'attacks are declared in the main phase' : type === 'support' ? '<Support> is an 【Activate･Main】 effect' : 'cards are played from the hand in the main phase';
  return ruleProblem(`the turn is in player ${game.active}'s end phase (action step), where players may only activate 【Action】 Commands and 【Activate･Action】 effects: ${what}`, ['7-6-3-1', '7-5-1']);
}

/** Actions that stand for an effect's result: any phase may see one. */
const EFFECTS: ReadonlySet<Action['type']> = new Set(['deal_damage', 'destroy', 'rest', 'set_active', 'recover', 'modify', 'grant', 'draw', 'discard']);
