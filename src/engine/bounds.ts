/**
 * The engine's work bounds. Card text in a scenario is the caller's, so a simulation can be made to
 * trigger without end ("when this Unit receives damage, deal 1 damage to all Units") or to cascade
 * for millions of steps. Every event and every ability resolution passes through here, and the
 * trigger loop asks `checkRepeat` after each resolution: a simulation that repeats a game state with
 * the same abilities waiting is a loop, one that outgrows the budget is too large. Either ends the
 * simulation with an `EngineStop`, which the simulation turns into an answer, never an error.
 */
import type { Game } from './state.js';
import { envInt } from '../env-int.js';

/** Events one simulation may log by default; far above any real board (the largest test scenario logs ~120). */
export const MAX_EVENTS = 3_000;
/** Ability resolutions one simulation may run by default. */
export const MAX_RESOLUTIONS = 1_000;

export interface EngineBudget {
  events: number;
  resolutions: number;
}

let budget: EngineBudget | undefined;

/**
 * The budget of one simulation: the defaults, or ENGINE_MAX_EVENTS / ENGINE_MAX_RESOLUTIONS (an
 * operator studying a large cascade offline may raise them; the tool pool's deadline and heap limit
 * still bound a call). A bad value is an error, not a silent default.
 */
export function readEngineBudget(env: NodeJS.ProcessEnv): EngineBudget {
  const int = (name: string, fallback: number) => envInt(env, name, fallback, 100, 100_000_000);
  return { events: int('ENGINE_MAX_EVENTS', MAX_EVENTS), resolutions: int('ENGINE_MAX_RESOLUTIONS', MAX_RESOLUTIONS) };
}

/** This process's budget, read from its environment once (servers call it at start, so a bad value fails there). */
export function engineBudget(): EngineBudget {
  budget ??= readEngineBudget(process.env);
  return budget;
}
/** Events an answer lists: the first ones and the last ones, with the count of those left out between. */
export const EVENTS_SHOWN_HEAD = 300;
export const EVENTS_SHOWN_TAIL = 100;
/**
 * Resolutions within one action before the state is fingerprinted at all: ordinary chains stay
 * far below, so loop detection costs nothing on them.
 */
const WATCH_AFTER = 40;

export type StopKind = 'loop' | 'too-large';

export class EngineStop extends Error {
  constructor(
    readonly kind: StopKind,
    message: string,
    /** The abilities that repeat (a loop) or resolved most (a budget), as "label: text". */
    readonly abilities: string[],
  ) {
    super(message);
  }
}

/** Per-simulation counters, kept beside the game so that nothing in the game's own shape changes. */
interface Watch {
  events: number;
  /** Resolutions when the current action started. */
  actionStart: number;
  /** Fingerprint → resolution count when it was seen, within the current action. */
  seen: Map<string, number>;
  /** What each resolution resolved, by resolution count, once watching started. */
  resolved: Map<number, string>;
  /** Set once the engine stopped: the answer's own closing lines are not counted against it. */
  stopped: boolean;
}

const watches = new WeakMap<Game, Watch>();

function watchOf(game: Game): Watch {
  let w = watches.get(game);
  if (!w) {
    w = { events: game.events.length, actionStart: game.resolutions, seen: new Map(), resolved: new Map(), stopped: false };
    watches.set(game, w);
  }
  return w;
}

/** A new scenario action starts: a state repeated across two actions is no loop. */
export function startAction(game: Game): void {
  const w = watchOf(game);
  w.actionStart = game.resolutions;
  w.seen.clear();
  w.resolved.clear();
}

/** Counts one logged event; past the budget the simulation stops. */
export function countEvent(game: Game): void {
  const w = watchOf(game);
  w.events += 1;
  const max = engineBudget().events;
  if (w.events > max && !w.stopped) throw tooLarge(game, `more than ${max} events`);
}

/** Counts one ability about to resolve (`label` names it); past the budget the simulation stops. */
export function countResolution(game: Game, label: string): void {
  const w = watchOf(game);
  if (game.resolutions - w.actionStart > WATCH_AFTER) w.resolved.set(game.resolutions, label);
  const max = engineBudget().resolutions;
  if (game.resolutions > max && !w.stopped) throw tooLarge(game, `more than ${max} ability resolutions`);
}

function tooLarge(game: Game, what: string): EngineStop {
  const w = watchOf(game);
  w.stopped = true;
  const counts = new Map<string, number>();
  for (const label of w.resolved.values()) counts.set(label, (counts.get(label) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([label]) => label);
  return new EngineStop('too-large', `too large to simulate (${w.events} events, ${game.resolutions} ability resolutions: ${what})`, top);
}

/** Keys that are no part of the game's state for a loop: card faces (fixed), the log, and counters. */
const SKIP = new Set(['face', 'faces', 'events', 'serial', 'resolutions', 'notExecuted', 'choices', 'choicesUsed', 'actionIndex', 'pending', 'ctx']);

function fingerprint(game: Game): string | null {
  // Pending abilities by identity and by how long ago they triggered: the absolute batch grows.
  const pending = game.pending.map((p) => [p.ctx.cardId, p.ctx.index, p.burst, game.resolutions - p.batch]);
  try {
    return JSON.stringify([pending, game], (key, value: unknown) => (SKIP.has(key) ? undefined : value));
  } catch {
    // A state that cannot be written out (a cycle) is not fingerprinted: the budget still bounds it.
    return null;
  }
}

/**
 * After an ability resolved: when the game is back in a state it was in earlier in this action,
 * with the same abilities waiting, it will go round again for ever. The Comprehensive Rules have no
 * rule that ends such a loop, so the simulation stops and says so.
 */
export function checkRepeat(game: Game): void {
  const w = watchOf(game);
  if (game.resolutions - w.actionStart <= WATCH_AFTER || game.pending.length === 0) return;
  const key = fingerprint(game);
  if (key === null) return;
  const first = w.seen.get(key);
  if (first === undefined) {
    w.seen.set(key, game.resolutions);
    return;
  }
  w.stopped = true;
  const repeating: string[] = [];
  for (let r = first + 1; r <= game.resolutions; r++) {
    const label = w.resolved.get(r);
    if (label !== undefined && !repeating.includes(label)) repeating.push(label);
  }
  throw new EngineStop(
    'loop',
    `endless loop: after ${game.resolutions - first} ability resolutions the game is back in the same state with the same abilities waiting, so it would repeat for ever. The Comprehensive Rules have no rule that ends a loop, so the outcome is undetermined`,
    repeating,
  );
}
