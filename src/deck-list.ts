/**
 * Reads a deck list as players write it ("4 GD01-013", "4x GD01-013 Gundam", "GD01-013 x4",
 * comments after "#" or "//", a "Resource deck" heading) into check_deck's input. Resource cards
 * (catalog type resource, or an "R-" number) go to the resource deck wherever they are listed.
 * Lines it cannot read are returned, not dropped, so the caller can show them.
 */
import type { CheckDeckInput } from './engine/index.js';

export interface ParsedDeckList {
  input: CheckDeckInput & { resource_deck: NonNullable<CheckDeckInput['resource_deck']> };
  /** Lines that name no card, with their line number (1-based). */
  unread: { line: number; text: string }[];
}

const ID = String.raw`([A-Za-z]{1,4}\d{0,3}-\d{1,4}[A-Za-z0-9-]*)`;
const COUNT_FIRST = new RegExp(String.raw`^(\d{1,3})\s*[x×]?\s+${ID}\b`, 'i');
const COUNT_LAST = new RegExp(String.raw`^${ID}\b.*?\s[x×]?\s*(\d{1,3})\s*$`, 'i');
const ID_ONLY = new RegExp(String.raw`^${ID}\b`, 'i');

/** Longest deck list read (a 60-line list is normal; this bounds a pasted novel). */
export const MAX_DECK_LINES = 300;

export function parseDeckList(text: string, isResource: (id: string) => boolean = (id) => /^R-/i.test(id)): ParsedDeckList {
  const deck = new Map<string, number>();
  const resources = new Map<string, number>();
  const unread: ParsedDeckList['unread'] = [];
  let section: 'deck' | 'resource' = 'deck';
  const lines = text.split(/\r?\n/).slice(0, MAX_DECK_LINES);
  lines.forEach((rawLine, i) => {
    const line = rawLine.replace(/(#|\/\/).*$/, '').trim();
    if (!line) return;
    if (/^(main\s*)?deck\b[^\d]*$/i.test(line)) {
      section = 'deck';
      return;
    }
    if (/^resources?(\s*deck)?\b[^\d]*$/i.test(line)) {
      section = 'resource';
      return;
    }
    let id: string | undefined;
    let count = 1;
    let m = COUNT_FIRST.exec(line);
    if (m) {
      count = Number(m[1]);
      id = m[2];
    } else if ((m = COUNT_LAST.exec(line))) {
      id = m[1];
      count = Number(m[2]);
    } else if ((m = ID_ONLY.exec(line))) {
      id = m[1];
    }
    if (!id) {
      unread.push({ line: i + 1, text: rawLine.trim().slice(0, 120) });
      return;
    }
    const key = id.toUpperCase();
    const into = section === 'resource' || isResource(key) ? resources : deck;
    into.set(key, (into.get(key) ?? 0) + count);
  });
  const entries = (m: Map<string, number>) => [...m].slice(0, 200).map(([card, count]) => ({ card, count }));
  return { input: { deck: entries(deck), resource_deck: entries(resources) }, unread };
}
