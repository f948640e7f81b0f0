/**
 * What a validator returns when an action cannot be carried out. simulate.ts turns it into a
 * violation tagged with the action's index and type.
 */
import { unitIds, type Game } from './state.js';

export interface Problem {
  reason: string;
  rules: string[];
  kind: 'rule' | 'input';
}

/** The Comprehensive Rules forbid it. */
export function ruleProblem(reason: string, rules: string[]): Problem {
  return { reason, rules, kind: 'rule' };
}

/** The scenario names something that does not exist or cannot be read. */
export function inputProblem(reason: string, rules: string[] = []): Problem {
  return { reason, rules, kind: 'input' };
}

export function unknownUnit(game: Game, id: string, field: string): Problem {
  const ids = unitIds(game);
  return inputProblem(`unknown unit id "${id}" in ${field}; accepted: the id of a Unit in play (${ids.length > 0 ? ids.join(', ') : 'there are none'})`);
}
