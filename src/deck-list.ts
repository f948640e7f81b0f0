/**
 * Reads a deck list as players write it into check_deck's input: a count before or after the card
 * ("4 GD01-013", "4x GD01-013", "x4 GD01-013", "GD01-013 x4", tab-separated columns), the card as a
 * number in any usual form ("GD01-013", "gd01 013", "GD1-13", "ST01-014_p4") or as a name
 * ("4 Guncannon", resolved later by check_deck the way get_card reads names), comments after "#" or
 * "//", and section headings ("Units (24)", "Resource deck"). Resource cards (isResource) go to the
 * resource deck wherever they are listed. Lines it cannot read are returned, not dropped.
 */
import type { CheckDeckInput } from './engine/index.js';

export interface ParsedDeckList {
  input: CheckDeckInput & { resource_deck: NonNullable<CheckDeckInput['resource_deck']> };
  /** Lines that name no card, with their line number (1-based). */
  unread: { line: number; text: string }[];
}

/** Longest deck list read (a 60-line list is normal; this bounds a pasted novel). */
export const MAX_DECK_LINES = 300;
const MAX_CARD_TEXT = 100;

// A card number: set letters, set digits (a space separates the number only after set digits, so
// the name "Side 7" is not a number), the card's number, an optional printing suffix.
const NUMBER_BODY = String.raw`([A-Za-z]{1,4})(\d{1,2})?(?:[-_]|(?<=\d)[ \t]+)(\d{1,4})(?:[-_][pP](\d{1,2}))?`;
const NUMBER_AT_START = new RegExp(String.raw`^${NUMBER_BODY}(?=$|[\s,;:)\]])`);
const NUMBER_IN_BRACKETS = new RegExp(String.raw`[[(]\s*${NUMBER_BODY}\s*[)\]]`);
const NUMBER_ONLY = new RegExp(String.raw`^${NUMBER_BODY}$`);

// Each pattern is anchored or starts at a fixed character, so a long hostile line costs linear time.
const COUNT_FIRST = /^(?:(\d{1,3})\s*[x×]?[\s,]+|(\d{1,3})\s*[x×]\s*|[x×]\s*(\d{1,3})\s+)(\S.*)$/i;
const COUNT_MARKED_LAST = /\s[x×]\s*(\d{1,3})$/i;
const COUNT_BARE_LAST = /\s(\d{1,3})$/;
const COUNT_CELL = /^(?:[x×]\s*)?(\d{1,3})(?:\s*[x×])?$/i;

const HEADING = /^(main\s*deck|deck|resources?(\s*deck)?|units?|pilots?|commands?|bases?|tokens?|ex\s*(base|resource)s?|total)\b[\s:()[\]\-–—\d]*(?:cards?[\s:()[\]]*)?$/i;

function canonical(m: RegExpExecArray): string {
  const [, letters, setDigits, number, printing] = m;
  const set = `${letters!.toUpperCase()}${setDigits !== undefined ? setDigits.padStart(2, '0') : ''}`;
  return `${set}-${number!.padStart(3, '0')}${printing !== undefined ? `-P${Number(printing)}` : ''}`;
}

/**
 * A card number written loosely ("gd01 013", "GD1-13", "st01-014_p4") in the catalog's form
 * ("GD01-013", "ST01-014-P4"), or null when the text is not a card number.
 */
export function looseCardNumber(text: string): string | null {
  const m = NUMBER_ONLY.exec(text.trim());
  return m ? canonical(m) : null;
}

/** The card a line's text names: a number at its start or in brackets, else the text as a name. */
function cardOf(text: string): string {
  const start = NUMBER_AT_START.exec(text);
  if (start) return canonical(start);
  const inBrackets = NUMBER_IN_BRACKETS.exec(text);
  if (inBrackets) return canonical(inBrackets);
  return text.replace(/\s+/g, ' ').trim();
}

/** Count and card of one line, or null when the line names no card. */
function readLine(line: string): { count: number; card: string } | null {
  // Tab-separated columns (a spreadsheet's copy): a count cell and a card cell, either way round.
  const cells = line.split('\t').map((c) => c.trim()).filter(Boolean);
  if (cells.length === 2) {
    const [a, b] = cells as [string, string];
    const first = COUNT_CELL.exec(a);
    if (first) return { count: Number(first[1]), card: cardOf(b) };
    const last = COUNT_CELL.exec(b);
    if (last) return { count: Number(last[1]), card: cardOf(a) };
  }
  const flat = cells.join(' ');
  const first = COUNT_FIRST.exec(flat);
  const markedLast = COUNT_MARKED_LAST.exec(flat);
  // A marked count ("x1") outranks a bare leading number, which may begin a name ("0 Gundam x1").
  const bareFirst = first !== null && first[1] !== undefined && !/^\d{1,3}\s*[x×]/i.test(flat);
  if (first && !(bareFirst && markedLast)) return { count: Number(first[1] ?? first[2] ?? first[3]), card: cardOf(first[4]!.trim()) };
  if (markedLast) return { count: Number(markedLast[1]), card: cardOf(flat.slice(0, markedLast.index).trim()) };
  let m: RegExpExecArray | null;
  // A bare trailing number counts only after a card number: names end in numbers ("Zudah Unit 1").
  if ((m = COUNT_BARE_LAST.exec(flat)) && NUMBER_AT_START.test(flat.slice(0, m.index).trim())) return { count: Number(m[1]), card: cardOf(flat.slice(0, m.index).trim()) };
  const start = NUMBER_AT_START.exec(flat);
  if (start) return { count: 1, card: canonical(start) };
  return null;
}

export function parseDeckList(text: string, isResource: (card: string) => boolean = (id) => /^R-/i.test(id)): ParsedDeckList {
  const deck = new Map<string, number>();
  const resources = new Map<string, number>();
  const unread: ParsedDeckList['unread'] = [];
  let section: 'deck' | 'resource' = 'deck';
  const lines = text.split(/\r?\n/).slice(0, MAX_DECK_LINES);
  lines.forEach((rawLine, i) => {
    const line = rawLine.replace(/(#|\/\/).*$/, '').trim();
    if (!line) return;
    const heading = HEADING.exec(line);
    if (heading) {
      if (/^total\b/i.test(line)) return;
      section = /^resource/i.test(line) ? 'resource' : 'deck';
      return;
    }
    const read = readLine(line);
    // A card name is at most a line of a card's width; longer text is not a card (and not searched).
    if (!read || read.card.length > MAX_CARD_TEXT) {
      unread.push({ line: i + 1, text: rawLine.trim().slice(0, 120) });
      return;
    }
    // Names keep the case they were written in (check_deck shows them); numbers are upper case.
    const key = looseCardNumber(read.card) ?? read.card;
    const into = section === 'resource' || isResource(key) ? resources : deck;
    into.set(key, (into.get(key) ?? 0) + read.count);
  });
  const entries = (m: Map<string, number>) => [...m].slice(0, 200).map(([card, count]) => ({ card, count }));
  return { input: { deck: entries(deck), resource_deck: entries(resources) }, unread };
}
