/**
 * simulate_ruling: builds the game from the scenario, applies the actions in order (each one
 * validated before it changes anything), stops at the first illegal one, and reports the log and
 * the final state. Pure: the same input and catalog always give the same output.
 */
import { applySupport, validateSupport } from './abilities.js';
import { resolveAttack, validateAttack } from './battle.js';
import { ChoiceProblem, unaskedChoices } from './choices.js';
import { EngineStop, EVENTS_SHOWN_HEAD, EVENTS_SHOWN_TAIL, startAction } from './bounds.js';
import { applyActivate, applyPlay } from './commands.js';
import { applyEffect } from './effects.js';
import { formatKeywords, unitKeywords } from './keywords.js';
import { emit } from './log.js';
import type { CardLookup } from './lookup.js';
import { applyDeploy, applyPair, prepareDeploy, preparePair } from './play.js';
import type { Problem } from './problems.js';
import { withCards } from './runtime.js';
import type { Action, SimulateRulingInput, SimulateRulingOutput, Undetermined } from './schema.js';
import { emptyGame, setupGame } from './setup.js';
import { PLAYERS, type Game, type PlayerState, type Violation } from './state.js';
import { baseAp, baseHp, isLinked, unitAp, unitHp } from './stats.js';
import { advance, endTurn, phaseProblem } from './turn.js';
import { settleUnreadTriggers } from './not-executed.js';

/** Validates and applies one action to `game` in place; returns the problem instead when it is illegal. */
function applyOne(game: Game, action: Action, cards: CardLookup): Problem | null {
  const fromHand = (action.type === 'deploy' || action.type === 'pair') && (action.from ?? 'hand') === 'hand';
  const outOfPhase = phaseProblem(game, action.type, fromHand);
  if (outOfPhase) return outOfPhase;
  switch (action.type) {
    case 'attack': {
      const problem = validateAttack(game, action);
      if (problem) return problem;
      return resolveAttack(game, action, (sub) => applyAction(game, sub, cards));
    }
    case 'deploy': {
      const plan = prepareDeploy(game, action, cards);
      if ('reason' in plan) return plan;
      applyDeploy(game, plan);
      return null;
    }
    case 'pair': {
      const plan = preparePair(game, action, cards);
      if ('reason' in plan) return plan;
      applyPair(game, plan);
      return null;
    }
    case 'support': {
      const problem = validateSupport(game, action);
      if (problem) return problem;
      applySupport(game, action);
      return null;
    }
    case 'play':
      return applyPlay(game, action, cards);
    case 'activate':
      return applyActivate(game, action);
    case 'end_turn':
      endTurn(game);
      return null;
    case 'advance':
      advance(game);
      return null;
    default:
      return applyEffect(game, action);
  }
}

/**
 * Applies one action with its own `choices` (an action step's actions bring theirs, inside the
 * attack's). A decision that is missing or illegal comes back as the action's problem; the caller
 * restores the state. The game may be left half-changed when a problem is returned.
 */
export function applyAction(game: Game, action: Action, cards: CardLookup): Problem | null {
  const outer = { choices: game.choices, used: game.choicesUsed, asked: game.choicesAsked, skipped: game.choicesSkipped };
  game.choices = action.choices ?? [];
  game.choicesUsed = 0;
  game.choicesAsked = [];
  game.choicesSkipped = [];
  const notExecutedBefore = game.notExecuted.length;
  try {
    return applyOne(game, action, cards) ?? unaskedChoices(game, notExecutedBefore);
  } catch (err) {
    if (err instanceof ChoiceProblem) return err.problem;
    throw err;
  } finally {
    game.choices = outer.choices;
    game.choicesUsed = outer.used;
    game.choicesAsked = outer.asked;
    game.choicesSkipped = outer.skipped;
  }
}

function playerOut(st: PlayerState): SimulateRulingOutput['state']['players']['A'] {
  return {
    units: st.units.map((u) => ({
      id: u.id,
      name: u.face.name,
      card: u.face.cardId,
      ap: unitAp(u),
      hp: unitHp(u),
      damage: u.damage,
      rested: u.rested,
      keywords: formatKeywords(unitKeywords(u)),
      pilot: u.pilot ? { id: u.pilot.id, name: u.pilot.face.name } : null,
      linked: isLinked(u),
      deployed_this_turn: u.deployedThisTurn,
    })),
    base: st.base
      ? {
          id: st.base.id,
          name: st.base.face.name,
          card: st.base.face.cardId,
          ap: baseAp(st.base),
          hp: baseHp(st.base),
          damage: st.base.damage,
          rested: st.base.rested,
        }
      : null,
    shields: st.shields.length,
    hand: st.hand,
    hand_cards: [...st.handCards],
    deck: st.deck,
    resources: { ...st.resources },
    resource_deck: st.resourceDeck,
    trash: [...st.trash],
    removed: [...st.removed],
  };
}

function uniqueRules(game: Game, violations: Violation[]): string[] {
  const seen = new Set<string>();
  for (const e of game.events) for (const r of e.rules) seen.add(r);
  for (const v of violations) for (const r of v.rules) seen.add(r);
  return [...seen];
}

/** A long log is cut in the middle: the start says how it began, the end where it stopped. */
function shownEvents(game: Game): { events: Game['events']; omitted: number } {
  const all = game.events;
  if (all.length <= EVENTS_SHOWN_HEAD + EVENTS_SHOWN_TAIL) return { events: all, omitted: 0 };
  const omitted = all.length - EVENTS_SHOWN_HEAD - EVENTS_SHOWN_TAIL;
  const gap = { ...all[EVENTS_SHOWN_HEAD]!, text: `… ${omitted} events not shown …`, rules: [] };
  return { events: [...all.slice(0, EVENTS_SHOWN_HEAD), gap, ...all.slice(all.length - EVENTS_SHOWN_TAIL)], omitted };
}

export function toOutput(game: Game, violations: Violation[], applied: number): SimulateRulingOutput {
  settleUnreadTriggers(game);
  const { events, omitted } = shownEvents(game);
  return {
    // An unexecuted decisive ability (not-executed.ts), a loop or an exhausted budget (bounds.ts) leaves it open.
    legal: violations.length > 0 ? false : game.undetermined.length > 0 ? null : true,
    violations,
    undetermined: game.undetermined,
    winner: game.winner,
    defeated: [...game.defeated],
    game_over: game.over,
    actions_applied: applied,
    // The game ends with the answer: its arrays are handed over, not copied.
    events,
    events_omitted: omitted,
    destroyed: game.destroyed,
    complete: game.notExecuted.length === 0,
    not_executed: game.notExecuted,
    rules_cited: uniqueRules(game, violations),
    state: {
      active_player: game.active,
      turn: game.turn,
      phase: game.phase,
      players: { A: playerOut(game.players.A), B: playerOut(game.players.B) },
    },
  };
}

function toViolation(problem: Problem, index: number | null, action: Action | null): Violation {
  return { action: index, action_type: action?.type ?? null, reason: problem.reason, rules: problem.rules, kind: problem.kind };
}

/**
 * Plays the actions on one game. Validate-then-apply for the whole action: an illegal part (a
 * choice deep inside an ability included) must leave the state as it was before the action. Rather
 * than copy the game before every action, an illegal action (which ends the run) is undone by
 * playing the legal ones again from the setup: the engine is deterministic, and a copy per action
 * was most of what a legal scenario allocated.
 */
function run(input: SimulateRulingInput, cards: CardLookup): SimulateRulingOutput {
  const played = playActions(input, cards, input.actions.length);
  if (played.stopped) return toOutput(played.game, played.violations, played.applied);
  if (!played.failed) return toOutput(played.game, played.violations, played.applied);
  const { index, problem } = played.failed;
  // The legal prefix played again: it ends as a finished run does (no action or step under way).
  const replayed = playActions(input, cards, index);
  return toOutput(replayed.game, [toViolation(problem, index, input.actions[index]!)], replayed.applied);
}

interface Played {
  game: Game;
  violations: Violation[];
  applied: number;
  failed: { index: number; problem: Problem } | null;
  /** The engine's bounds ended the run inside this action (a loop or a simulation too large); it is in game.undetermined. */
  stopped?: boolean;
}

/**
 * A loop or an exhausted budget, as an answer: what could not be settled, and what happened up to
 * there. The state is as it stood when the engine stopped, in the middle of the action.
 */
function recordStop(game: Game, stop: EngineStop, index: number, action: Action): void {
  const later = `action ${index} (${action.type}) was stopped part way, and no later action was performed`;
  game.actionIndex = index;
  emit(game, `Stopped: ${stop.message}; ${later}`, []);
  game.undetermined.push({
    kind: stop.kind,
    conclusion: 'outcome',
    reason: `${stop.message}; ${later}. The state shown is where it stopped.`,
    action: index,
    unit: null,
    card: null,
    abilities: stop.abilities,
    rules: [],
  });
}

/** Setup, then the first `upTo` actions, stopping at the end of the game or the first illegal one. */
function playActions(input: SimulateRulingInput, cards: CardLookup, upTo: number): Played {
  const setup = setupGame(input, cards);
  const game = setup.game;
  if (setup.problem) return { game, violations: [toViolation(setup.problem, null, null)], applied: 0, failed: null };
  let applied = 0;
  for (let i = 0; i < upTo; i++) {
    const action = input.actions[i]!;
    if (game.over) {
      game.actionIndex = i;
      emit(game, `The game is over: action ${i} (${action.type}) and any later ones are not performed`, ['1-2-1']);
      break;
    }
    game.actionIndex = i;
    startAction(game);
    let p: Problem | null;
    try {
      p = applyAction(game, action, cards);
    } catch (err) {
      if (!(err instanceof EngineStop)) throw err;
      game.pending = [];
      recordStop(game, err, i, action);
      return { game, violations: [], applied, failed: null, stopped: true };
    }
    if (p) return { game, violations: [], applied, failed: { index: i, problem: p } };
    applied += 1;
  }
  game.actionIndex = null;
  game.step = null;
  return { game, violations: [], applied, failed: null };
}

/**
 * Plays the scenario out. Never throws on input the schema accepts: anything unexpected becomes a
 * violation of kind "internal" so a client always gets an answer.
 */
export function simulateRuling(input: SimulateRulingInput, cards: CardLookup): SimulateRulingOutput {
  try {
    return withCards(cards, () => run(input, cards));
  } catch (err) {
    const game = emptyGame(PLAYERS.includes(input?.state?.active_player) ? input.state.active_player : 'A', 1);
    const reason = `internal engine error: ${err instanceof Error ? err.message : String(err)}`;
    return toOutput(game, [{ action: null, action_type: null, reason, rules: [], kind: 'internal' }], 0);
  }
}
