/**
 * The event log: every state change is written here with the rule numbers behind it. Triggered
 * timings found in card text are logged (10-1-6) even though the card's own effect is not executed.
 */
import type { CardFace, Game, Unit } from './state.js';
import { isLinked } from './stats.js';

export function emit(game: Game, text: string, rules: string[]): void {
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

export type Timing = 'Deploy' | 'Attack' | 'Destroyed' | 'When Paired' | 'When Linked' | 'Burst';

/** The rule defining each timing keyword (13-2). */
export const TIMING_RULE: Record<Timing, string> = {
  Burst: '13-2-5-1',
  Deploy: '13-2-6-1',
  Attack: '13-2-7-1',
  Destroyed: '13-2-8-1',
  'When Paired': '13-2-9-1',
  'When Linked': '13-2-11-1',
};

/** A card effect: its leading 【...】 tags and its text. */
interface Effect {
  tags: string[];
  text: string;
}

const OPEN = new Set(['(', '（']);
const CLOSE = new Set([')', '）']);

/**
 * 2-11-4 reminder text, an explanatory note in parentheses, has no influence on the game: drop it.
 * Only a note that is a sentence (ends with a period, "(Rest this Unit to change the attack target to
 * it.)") is one; other parentheses are card text and stay: traits in 【When Paired･(X-Rounder) Pilot】
 * and "(Earth Alliance) Unit tokens", token specs "[Char's Zaku Ⅱ]((Zeon)･AP3･HP1)". Groups are
 * matched with their nesting, as a reminder can hold "(specified amount)".
 */
export function stripReminders(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (OPEN.has(ch)) {
      let depth = 0;
      let end = -1;
      for (let j = i; j < text.length; j++) {
        if (OPEN.has(text[j]!)) depth++;
        else if (CLOSE.has(text[j]!) && --depth === 0) {
          end = j;
          break;
        }
      }
      if (end === -1) {
        out += text.slice(i); // unbalanced: keep as printed
        break;
      }
      const inner = text.slice(i + 1, end).trim();
      if (!/[.。]$/.test(inner)) out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    out += ch;
    i++;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Splits card text into effects: one per line, and again where a sentence ends and a 【tag】 starts. */
function effectsOf(text: string): Effect[] {
  const out: Effect[] = [];
  for (const line of text.split(/\n+/)) {
    for (const part of line.split(/(?<=[.。)])\s+(?=【)/)) {
      const clean = stripReminders(part);
      const lead = /^(?:【[^】]*】\s*\/?\s*)+/.exec(clean);
      if (!lead) continue;
      const tags = [...lead[0].matchAll(/【([^】]*)】/g)].map((m) => (m[1] ?? '').trim());
      out.push({ tags, text: clean });
    }
  }
  return out;
}

/**
 * The effects of `text` with the given timing, keeping 【During Pair】/【During Link】 ones only while
 * that holds (13-2-10-1, 13-2-12-1). Matches 【Deploy】 as well as 【Deploy Development 1】 and
 * 【When Paired･(qualification)】.
 */
export function effectsWithTiming(text: string, timing: Timing, ctx: { paired: boolean; linked: boolean }): string[] {
  const hits: string[] = [];
  for (const e of effectsOf(text)) {
    if (!e.tags.some((t) => t === timing || t.startsWith(timing + ' ') || t.startsWith(timing + '･') || t.startsWith(timing + '・'))) continue;
    if (e.tags.some((t) => t.startsWith('During Link')) && !ctx.linked) continue;
    if (e.tags.some((t) => t.startsWith('During Pair')) && !ctx.paired) continue;
    hits.push(e.text.length > 180 ? e.text.slice(0, 177) + '...' : e.text);
  }
  return hits;
}

/** The text a Unit has: its own plus its Pilot's (3-3-9-2), without the Pilot's 【Burst】 (3-3-9-1). */
export function unitTexts(unit: Unit): string[] {
  return unit.pilot ? [unit.face.text, unit.pilot.face.text] : [unit.face.text];
}

/** Logs each effect with this timing; `stepRules` are the rules of the moment it triggers at. */
export function logTriggers(game: Game, who: string, texts: string[], timing: Timing, ctx: { paired: boolean; linked: boolean }, stepRules: string[]): void {
  for (const text of texts) {
    for (const effect of effectsWithTiming(text, timing, ctx)) {
      emit(game, `【${timing}】 triggers on ${who}: "${effect}" (logged; the card's own effect is not executed)`, [...stepRules, TIMING_RULE[timing], '10-1-6-1']);
    }
  }
}

export function logUnitTriggers(game: Game, unit: Unit, who: string, timing: Timing, stepRules: string[]): void {
  logTriggers(game, who, unitTexts(unit), timing, { paired: unit.pilot !== null, linked: isLinked(unit) }, stepRules);
}

export function logFaceTriggers(game: Game, face: CardFace, who: string, timing: Timing, stepRules: string[]): void {
  logTriggers(game, who, [face.text], timing, { paired: false, linked: false }, stepRules);
}

/**
 * Logs the sentences of a card's text that match `pattern` (e.g. "at the end of your turn"), for
 * timings that have no 【keyword】 of their own (7-2-4-1, 7-6-4-1).
 */
export function logTextTiming(game: Game, who: string, texts: string[], pattern: RegExp, label: string, rules: string[]): void {
  for (const text of texts) {
    for (const sentence of stripReminders(text).split(/(?<=[.。])\s+/)) {
      if (!pattern.test(sentence)) continue;
      const s = sentence.length > 180 ? sentence.slice(0, 177) + '...' : sentence;
      emit(game, `${label} effect on ${who}: "${s}" (logged; the card's own effect is not executed)`, [...rules, '10-1-6-1']);
    }
  }
}
