/**
 * The abilities that mattered to a scenario but did not run: unsupported ones (the compiler could
 * not read a clause) are never partly executed, only reported here and in the log, so an answer
 * never passes for a full simulation when it is not one.
 */
import type { UnsupportedAbility } from '../abilities/ir.js';
import { emit } from './log.js';
import type { CardFace, Game } from './state.js';

const REASONS: Record<UnsupportedAbility['reason'], string> = {
  'no-pattern': 'the engine cannot read this text yet',
  'source-lost': 'the card data lost a keyword name or amount this text depends on',
  'hidden-information': 'it depends on hidden information the scenario does not give',
  multiplayer: 'it is written for games with more than two players',
};

export function reportUnsupported(game: Game, unit: string, face: CardFace, a: UnsupportedAbility, when?: string, rules: string[] = []): void {
  if (game.notExecuted.some((n) => n.unit === unit && n.text === a.text)) return;
  const reason = `${REASONS[a.reason]} (${a.detail}; unread: "${a.unread}")`;
  game.notExecuted.push({ unit, card: face.cardId, text: a.text, reason });
  emit(game, `${when ? `${when}: ` : ''}the ability "${a.text}" of ${face.name} (${unit}) is not executed: ${reason}. Resolve it by hand.`, [...rules, '10-1-1']);
}

/** The trigger an unsupported ability's text starts with, so it is reported when that timing comes. */
export function unsupportedTiming(text: string): string | null {
  const m = /^(?:【(?:During Pair|During Link)[^】]*】\s*)*【(Deploy|Attack|Destroyed|When Paired|When Linked|Burst|Activate･Main|Activate･Action|Main|Action)[^】]*】/.exec(text);
  return m?.[1] ?? null;
}
