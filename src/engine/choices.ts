/**
 * The players' decisions while abilities resolve. An action carries them as `choices`, used in the
 * order the decisions come up (10-3-3: targets are chosen when the text reaches them). A decision
 * that is needed but missing or not legal stops the action with an input violation that lists the
 * legal choices; when exactly one set of targets is legal it is used and logged (nothing to decide).
 */
import { emit } from './log.js';
import { inputProblem, type Problem } from './problems.js';
import type { Choice, Game } from './state.js';
import { withFields } from './with-fields.js';

/** Thrown deep inside a resolution; simulate.ts turns it into a violation and restores the state. */
export class ChoiceProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.reason);
  }
}

function position(game: Game): string {
  return `choices[${game.choicesUsed}]`;
}

function peek(game: Game): Choice | undefined {
  return game.choices[game.choicesUsed];
}

function consume(game: Game, prompt: string): Choice | undefined {
  const c = game.choices[game.choicesUsed];
  if (c !== undefined) {
    game.choicesUsed += 1;
    game.choicesAsked.push(prompt);
  }
  return c;
}

function fail(game: Game, prompt: string, want: string, rules: string[]): never {
  throw new ChoiceProblem(inputProblem(`${prompt}: ${position(game)} must be ${want}`, rules));
}

export interface TargetRequest {
  /** What is being decided, for messages: 'Guntank (a2) 【Deploy】 "Choose 1 enemy Unit…"'. */
  prompt: string;
  min: number;
  max: number;
  legal: string[];
  rules: string[];
  /** Cards in a trash or hand: a `cards` entry names them as well as `targets` does. */
  cardZone?: boolean;
}

function listOf(ids: string[]): string {
  return ids.length > 0 ? ids.join(', ') : 'none';
}

/**
 * The targets of a "choose" (10-3-3). Returns [] when nothing can be chosen (10-3-3-1: the effect
 * does not activate). `already` is a choice entry the caller took for a "you may choose" decision.
 */
export function chooseTargets(game: Game, req: TargetRequest, already?: Choice): string[] {
  if (req.legal.length === 0) {
    skipDecision(game, req.prompt);
    return [];
  }
  const min = Math.min(req.min, req.legal.length);
  const raw = already ?? peek(game);
  const entry = req.cardZone && raw && raw.targets === undefined && raw.cards !== undefined ? withFields(raw, { targets: raw.cards }) : raw;
  if (entry?.targets === undefined) {
    if (req.min >= 1 && req.legal.length <= req.min) {
      emit(game, `${req.prompt}: the only legal choice is ${listOf(req.legal)}, so it is chosen`, [...req.rules, '10-3-3']);
      return [...req.legal];
    }
    const range = req.min === req.max ? `${req.max}` : `${min} to ${req.max}`;
    fail(game, req.prompt, `{"targets": [${range} of: ${listOf(req.legal)}]}`, [...req.rules, '10-3-3']);
  }
  if (!already) consume(game, req.prompt);
  const picked = entry.targets;
  const bad = picked.filter((t) => !req.legal.includes(t));
  if (bad.length > 0) {
    throw new ChoiceProblem(inputProblem(`${req.prompt}: ${listOf(bad)} cannot be chosen; legal targets: ${listOf(req.legal)}`, [...req.rules, '10-3-3']));
  }
  if (new Set(picked).size !== picked.length) throw new ChoiceProblem(inputProblem(`${req.prompt}: a target is chosen twice`, ['10-3-3']));
  if (picked.length < min || picked.length > req.max) {
    const range = min === req.max ? `${req.max}` : `${min} to ${req.max}`;
    throw new ChoiceProblem(inputProblem(`${req.prompt}: choose ${range} targets, not ${picked.length} (legal: ${listOf(req.legal)})`, [...req.rules, '10-3-3']));
  }
  return [...picked];
}

/**
 * A "you may" (10-1-3) or a 【Burst】 activation (13-2-5-2). Returns the entry when it also carries
 * targets, so a "you may choose" takes one entry.
 */
export function decideUse(game: Game, prompt: string, rules: string[]): { use: boolean; entry: Choice | undefined } {
  const entry = peek(game);
  if (entry === undefined || (entry.use === undefined && entry.targets === undefined && entry.cards === undefined)) {
    fail(game, prompt, '{"use": true} or {"use": false} (with "targets" when it chooses)', rules);
  }
  consume(game, prompt);
  const use = entry.use ?? true;
  return { use, entry: use ? entry : undefined };
}

/**
 * Cards taken from a look at the deck, or named from the hand (`cards`). `min` > 0 for what the
 * player must do, not may ("discard 1" with only known cards in hand: 1-3-2 as much as possible).
 */
export function chooseCards(game: Game, prompt: string, max: number, legal: string[] | null, rules: string[], already?: Choice, min = 0): string[] {
  // Cards in a public zone chosen as targets (10-2-2-1) may be given as "targets" too.
  const raw = already?.cards !== undefined || already?.targets !== undefined ? already : peek(game);
  const entry = raw && raw.cards === undefined && raw.targets !== undefined ? withFields(raw, { cards: raw.targets }) : raw;
  if (entry?.cards === undefined) {
    if (legal !== null && legal.length === 0) {
      skipDecision(game, prompt);
      return [];
    }
    // Taking none is declining the "may": {"use": false} says it as well as {"cards": []}.
    if (min === 0 && raw?.use === false && raw.targets === undefined) {
      if (raw !== already) consume(game, prompt);
      return [];
    }
    const count = min === max ? `${max}` : min > 0 ? `${min} to ${max}` : `up to ${max}`;
    const from = legal === null ? 'the card numbers taken (the scenario does not list these cards)' : `${count} of: ${listOf(legal)}`;
    fail(game, prompt, min > 0 ? `{"cards": [${from}]} (not optional)` : `{"cards": [${from}]} ({"cards": []} or {"use": false} for none)`, rules);
  }
  if (raw !== already) consume(game, prompt);
  if (entry.cards.length > max) throw new ChoiceProblem(inputProblem(`${prompt}: at most ${max} card${max === 1 ? '' : 's'}, not ${entry.cards.length}`, rules));
  if (entry.cards.length < min) {
    throw new ChoiceProblem(inputProblem(`${prompt}: this is not optional, at least ${min} card${min === 1 ? '' : 's'} must be named, not ${entry.cards.length}`, [...rules, '1-3-2']));
  }
  if (legal !== null) {
    const bad = entry.cards.filter((c) => !legal.includes(c));
    if (bad.length > 0) throw new ChoiceProblem(inputProblem(`${prompt}: ${listOf(bad)} cannot be taken; legal: ${listOf(legal)}`, rules));
  }
  return [...entry.cards];
}

/** A decision the text reached with nothing to decide: a choice given for it is not a mismatch. */
export function skipDecision(game: Game, prompt: string): void {
  game.choicesSkipped.push(prompt);
}

const idsOf = (c: Choice | undefined): string | null => {
  const ids = c?.targets ?? c?.cards;
  return ids ? JSON.stringify([...ids].sort()) : null;
};

/**
 * Choices left over after an action. One that repeats the ids of the entry before it (the same
 * card as "targets" and as "cards"), or answers a decision the text reached with nothing to decide,
 * is logged and not used. Any other answers nothing asked: an input violation listing what the
 * action asked, in order, so the scenario never says something the rules did not ask.
 */
export function unaskedChoices(game: Game, notExecutedBefore = game.notExecuted.length): Problem | null {
  let skipped = 0;
  for (let i = game.choicesUsed; i < game.choices.length; i++) {
    const c = game.choices[i]!;
    const prev = idsOf(game.choices[i - 1]);
    if (prev !== null && idsOf(c) === prev) {
      emit(game, `choices[${i}] repeats choices[${i - 1}] for the same decision, so it is not used`, ['10-3-3']);
      continue;
    }
    const decision = game.choicesSkipped[skipped];
    if (decision !== undefined) {
      skipped++;
      emit(game, `choices[${i}] answers a decision that did not come up (${decision}: there was nothing to decide), so it is not used`, ['10-3-3-1', '10-2-2']);
      continue;
    }
    // The game ended in the middle of the action (11-2): what the rest of it would have asked never
    // came up. The defeat is the answer, so the choice is logged and not used, not a violation.
    if (game.over) {
      const who = game.defeated.length ? `player ${game.defeated.join(' and ')} ${game.defeated.length === 1 ? 'was' : 'were'} defeated` : 'the game ended';
      emit(game, `choices[${i}] (${JSON.stringify(c)}) is not used: ${who} during this action, so the rest of it was not resolved`, ['11-1-2', '11-2-1']);
      continue;
    }
    const asked = game.choicesAsked.length === 0 ? 'no ability of this action asked for a choice' : `this action asked for ${game.choicesAsked.length}: ${game.choicesAsked.map((p, k) => `choices[${k}] for ${p}`).join('; ')}`;
    // A choice meant for an ability the engine could not read is the scenario's right answer to a
    // question never asked: say which ability, so the reader knows to resolve it by hand.
    const unread = game.notExecuted.slice(notExecutedBefore).map((n) => `"${n.text}" (${n.unit})`);
    const why = unread.length > 0 ? `; it may be meant for ${unread.length === 1 ? 'an ability' : 'abilities'} the engine does not execute, ${unread.join(', ')}, which must be resolved by hand` : '';
    return inputProblem(`choices[${i}] (${JSON.stringify(c)}) answers nothing asked: ${asked}${why}`, ['10-3-3']);
  }
  return null;
}

/** Whether the next choice names cards (`cards`), so a step that may take it on its own word reads it. */
export function namesCards(game: Game): boolean {
  return peek(game)?.cards !== undefined;
}

/** "Return it to the top or bottom of your deck": a `where` choice. */
export function chooseWhere(game: Game, prompt: string, rules: string[]): 'top' | 'bottom' {
  const entry = peek(game);
  if (entry?.where === undefined) fail(game, prompt, '{"where": "top"} or {"where": "bottom"}', rules);
  consume(game, prompt);
  return entry.where;
}

/**
 * The order a player gives to their effects that trigger (or Shields' 【Burst】 that reveal)
 * together, 10-1-6-5: an `order` choice listing every source once. Without one they go as listed,
 * and the log says so; null then.
 */
export function chooseOrder(game: Game, prompt: string, keys: string[], rules: string[]): string[] | null {
  const entry = peek(game);
  if (entry?.order === undefined) {
    emit(game, `${prompt}: the scenario gives no {"order": [${keys.join(', ')}]}, so they resolve in the order listed`, rules);
    return null;
  }
  consume(game, prompt);
  const given = entry.order;
  const missing = keys.filter((k) => !given.includes(k));
  const extra = given.filter((k) => !keys.includes(k));
  if (missing.length > 0 || extra.length > 0 || new Set(given).size !== given.length) {
    throw new ChoiceProblem(inputProblem(`${prompt}: "order" must list each of ${listOf(keys)} once, not ${listOf(given)}`, rules));
  }
  emit(game, `${prompt}: in the order chosen, ${given.join(', then ')}`, rules);
  return [...given];
}
