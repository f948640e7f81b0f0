/**
 * The abilities that mattered to a scenario but did not run: unsupported ones (the compiler could
 * not read a clause) are never partly executed, only reported here and in the log, so an answer
 * never passes for a full simulation when it is not one.
 */
import type { UnsupportedAbility } from '../abilities/ir.js';
import { emit } from './log.js';
import type { CardFace, Game, Undetermined } from './state.js';
import { anyHappened, type EventKind } from './happened.js';

const REASONS: Record<UnsupportedAbility['reason'], string> = {
  'no-pattern': 'the engine cannot read this text yet',
  'source-lost': 'the card data lost a keyword name or amount this text depends on',
  'hidden-information': 'it depends on hidden information the scenario does not give',
  multiplayer: 'it is written for games with more than two players',
};

/**
 * Text that, unread, could change what is legal or what happens: a restriction, a substitution, a
 * cost change or an attack-target change. With one of these not run the answer cannot claim that
 * the actions are legal (or that they end as shown): it says which conclusion is undetermined.
 */
const DECISIVE: { re: RegExp; conclusion: Undetermined['conclusion']; what: string; unsettled: string }[] = [
  { re: /\bcan't\b|\bcannot\b|\bmust\b|\bcan only\b|\bwon't\b/i, conclusion: 'legality', what: 'a restriction', unsettled: 'whether the actions are legal' },
  { re: /\binstead\b/i, conclusion: 'outcome', what: 'a substitution', unsettled: 'what happens (the substitution may replace an event shown)' },
  { re: /\bcost\b|\bas if it has\b|\bLv\. ?[+-]\d/i, conclusion: 'legality', what: 'a cost or Lv. change', unsettled: 'whether the cards can be paid for' },
  { re: /\battack target\b|\bmay attack\b/i, conclusion: 'legality', what: 'an attack target change', unsettled: 'which attacks are legal' },
];

export function decisiveKind(text: string): (typeof DECISIVE)[number] | null {
  return DECISIVE.find((d) => d.re.test(text)) ?? null;
}

/** Records that an ability the engine could not run leaves `conclusion` open, and why. */
export function leaveOpen(game: Game, conclusion: Undetermined['conclusion'], reason: string, where: { unit: string | null; card: string | null; text: string; rules?: string[] }): void {
  game.undetermined.push({ kind: 'not-executed', conclusion, reason, action: game.actionIndex, unit: where.unit, card: where.card, abilities: [where.text], rules: where.rules ?? [] });
}

/**
 * An ability with no timing of its own that applies or triggers while its card is in play: unread
 * (or missing a keyword name the source lost), it may have changed anything on the board, so what
 * happens is not settled. Keyword text whose amount the source lost ("<Repair>") is compiled, acts
 * only at its own moment and is reported then.
 */
const ALWAYS_ON: (typeof DECISIVE)[number] = { re: /./, conclusion: 'outcome', what: 'an ability that applies or triggers while it is in play', unsettled: 'what happens while it is in play' };

export function reportUnsupported(game: Game, unit: string, face: CardFace, a: UnsupportedAbility, when?: string, rules: string[] = [], inPlay = false): void {
  if (game.notExecuted.some((n) => n.unit === unit && n.text === a.text)) return;
  const reason = `${REASONS[a.reason]} (${a.detail}; unread: "${a.unread}")`;
  game.notExecuted.push({ unit, card: face.cardId, text: a.text, reason });
  // An untimed ability in play that is unread, or that lost a keyword's name (EB01-049: "While a friendly
  // (G Generation) Unit with is in play, this Unit gains <Suppression>"), may apply at any time.
  const d = decisiveKind(a.text) ?? (inPlay && (a.reason === 'no-pattern' || a.reason === 'source-lost') ? ALWAYS_ON : null);
  if (d) leaveOpen(game, d.conclusion, `${face.name} (${unit}) has ${d.what} the engine could not run ("${a.text}"), so ${d.unsettled} is not settled`, { unit, card: face.cardId, text: a.text });
  emit(game, `${when ? `${when}: ` : ''}the ability "${a.text}" of ${face.name} (${unit}) is not executed: ${reason}. Resolve it by hand.`, [...rules, '10-1-1']);
}

/** The trigger an unsupported ability's text starts with, so it is reported when that timing comes. */
export function unsupportedTiming(text: string): string | null {
  const m = /^(?:【(?:During Pair|During Link)[^】]*】\s*)*【(Deploy|Attack|Destroyed|When Paired|When Linked|Burst|Activate･Main|Activate･Action|Main|Action)[^】]*】/.exec(text);
  return m?.[1] ?? null;
}

/**
 * The unread trigger abilities of cards that were in play (happened.ts): one whose event came in
 * the scenario is reported as any unread ability in play is, leaving the outcome open; one whose
 * event never came cannot have triggered, and the log says so without sending the reader to it.
 */
export function settleUnreadTriggers(game: Game): void {
  for (const { unit, face, index, kinds } of game.unreadTriggers.values()) {
    const a = face.abilities[index] as UnsupportedAbility;
    if (anyHappened(game, kinds)) {
      reportUnsupported(game, unit, face, a, undefined, [], true);
      continue;
    }
    emit(game, `${face.name} (${unit}) has an ability the engine cannot read ("${a.text}"), but it triggers only on ${kinds.map((k) => KIND_WORDS[k]).join(' or ')}, and none came in this scenario, so it did not trigger`, ['10-1-6-1']);
  }
  game.unreadTriggers.clear();
}

const KIND_WORDS: Record<EventKind, string> = {
  attack: 'an attack',
  block: 'a block',
  deploy: 'a deploy',
  destroy: 'a destruction',
  damage: 'damage',
  pair: 'a pairing',
  command: 'a Command played or activated',
  'start-turn': 'the start of a turn',
  'end-turn': 'the end of a turn',
  draw: 'a draw',
  recover: 'a recovery',
};
