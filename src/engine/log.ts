/** The event log: every state change is written here with the rule numbers behind it. */
import { countEvent } from './bounds.js';
import type { Game } from './state.js';

export function emit(game: Game, text: string, rules: string[]): void {
  countEvent(game);
  game.events.push({
    text,
    rules,
    phase: game.phase,
    ...(game.step !== null ? { step: game.step } : {}),
    ...(game.actionIndex !== null ? { action: game.actionIndex } : {}),
  });
}

/** A modifier as the log prints it: +2, -1, +0. */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}
