/**
 * Which kinds of game event a scenario went through, so that an unread trigger ability ("When you
 * play … Command card …", "At the end of the turn when …") is reported only where its event could
 * have happened. Unread, such an ability may have changed anything once its event came; with no
 * such event in the whole scenario it cannot have triggered (10-1-6-1), and saying the outcome is
 * open would send the reader to resolve by hand an ability that never came into it.
 */
import type { Game } from './state.js';

export type EventKind = 'attack' | 'block' | 'deploy' | 'destroy' | 'damage' | 'pair' | 'command' | 'start-turn' | 'end-turn' | 'draw' | 'recover';

/** Records that an event of this kind happened. */
export function mark(game: Game, kind: EventKind): void {
  game.happened.add(kind);
}

/**
 * The clause that says when an untimed ability triggers: "When …, " / "At the end of …, " (after
 * "During your turn, " and 【tags】), or null when the ability is no trigger (a constant, "while …").
 */
function triggerClause(text: string): string | null {
  const body = text.replace(/^(?:【[^】]*】\s*)+/, '').replace(/^During (?:your|your opponent's|each) turn, /i, '');
  const m = /^(?:When|Whenever|At the (?:end|start) of)\b([^,]*),/i.exec(body);
  return m ? m[0] : null;
}

/**
 * The words of a trigger clause for each event kind. A clause that names anything else (a Unit
 * rested, AP reduced, a card exiled …) is not classified, and the ability is reported as before.
 */
const KINDS: [EventKind, RegExp][] = [
  ['end-turn', /\bend of (?:a|the|your|each|your opponent's) turn\b/i],
  ['start-turn', /\bstart of (?:a|the|your|each|your opponent's) turn\b/i],
  ['command', /\bCommand card\b/],
  ['pair', /\bpaired\b|\bpairs\b|\blinks?\b/i],
  ['deploy', /\bdeployed\b|\bdeploys?\b/i],
  ['attack', /\battacks?\b|\battacking\b/i],
  ['block', /\bblock(?:s|ed)?\b/i],
  ['destroy', /\bdestroy(?:s|ed)?\b/i],
  ['damage', /\bdamage\b/i],
  ['draw', /\bdraws?\b/i],
  ['recover', /\brecovers?\b/i],
];

/** Words that name an event this module does not track: with one of them the clause is not classified. */
const UNTRACKED = /\brest(?:s|ed)?\b|\bactive\b|\bAP\b|\bHP\b|\bexiled?\b|\breturn(?:s|ed)?\b|\bdiscard|\bpa(?:y|id)\b|\bplaced?\b|\breveal|\bgains?\b|\bleaves?\b|\btrash\b|\bhand\b/i;

/** The event kinds an unread trigger ability waits for, or null when that cannot be told from its words. */
export function triggerKinds(text: string): EventKind[] | null {
  const clause = triggerClause(text);
  if (!clause) return null;
  const kinds = KINDS.filter(([, re]) => re.test(clause)).map(([k]) => k);
  if (kinds.length === 0) return null;
  // "At the end of the turn when this Unit is paired": the end of turn and the pairing must both
  // come, but either missing is enough to rule it out; report when any of them happened.
  if (UNTRACKED.test(clause.replace(/\bat the (?:end|start) of\b[^,]*?\bturn\b/i, ''))) return null;
  return kinds;
}

/** Whether any event of these kinds happened in the scenario. */
export function anyHappened(game: Game, kinds: readonly EventKind[]): boolean {
  return kinds.some((k) => game.happened.has(k));
}
