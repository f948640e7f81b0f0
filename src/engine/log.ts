/** The event log: every state change is written here with the rule numbers behind it. */
import { countEvent } from './bounds.js';
import type { Game } from './state.js';

export function emit(game: Game, text: string, rules: string[]): void {
  countEvent(game);
  // Built field by field: spreading optional parts made two short-lived objects per event.
  const event: Game['events'][number] = { text, rules, phase: game.phase };
  if (game.step !== null) event.step = game.step;
  if (game.actionIndex !== null) event.action = game.actionIndex;
  game.events.push(event);
}

/** A modifier as the log prints it: +2, -1, +0. */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}
