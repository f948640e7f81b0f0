/**
 * Counts that scale an amount: "for each of your rested (CB) Units", "for each (AEUG) Unit card in
 * your trash", "for each 4 AP this Unit has", "equal to the number of friendly Unit tokens in play",
 * "… the number of Units rested with this effect". Parsed into a Count and rendered back.
 */
import type { Count } from '../ir.js';
import { parseNoun, renderNoun } from './noun.js';
import { Unread } from './unread.js';

/** The words after "for each" (`form` 'for-each') or after "equal to the number of" ('number-of'). */
export function parseCount(words: string, form: 'for-each' | 'number-of'): Count {
  const w = words.trim();
  let m: RegExpExecArray | null;
  if (form === 'for-each' && (m = /^(\d+) AP this Unit has$/.exec(w))) {
    if (Number(m[1]) < 1) throw new Unread(w);
    return { of: 'self-ap', per: Number(m[1]) };
  }
  if (form === 'number-of' && /^Units rested with this effect$/.test(w)) return { of: 'previous' };
  if (form === 'number-of' && (m = /^(.+) placed with this effect$/.exec(w))) {
    // "the number of (Minerva Squad) cards placed with this effect" (after "Place the top 2 cards …").
    const n = parseNoun(m[1]!);
    if (!n.card || !n.plural || n.filter.side !== 'any') throw new Unread(w);
    return { of: 'placed', filter: n.filter };
  }
  if ((m = /^(.+?)( with unique names)? in your trash$/.exec(w))) {
    const n = parseNoun(m[1]!);
    if (!n.card || n.filter.side !== 'any' || n.plural !== (form === 'number-of') || (m[2] && form !== 'number-of')) throw new Unread(w);
    return { of: 'in-trash', filter: n.filter, ...(m[2] ? { unique: true as const } : {}) };
  }
  // Units in play: "of your rested (CB) Units" (in play or not, the same Units), "enemy Unit in play".
  const inPlay = /^(.+?)(?: in play)?$/.exec(w)!;
  const n = parseNoun(inPlay[1]!);
  if (n.card || (n.filter.type !== 'unit' && n.filter.type !== 'unit-or-base') || n.filter.side === 'any') throw new Unread(w);
  if (form === 'number-of' && (!n.plural || !w.endsWith(' in play'))) throw new Unread(w);
  return { of: 'in-play', filter: n.filter };
}

/** The words after "for each" / "equal to the number of", in the catalog's wording. */
export function renderCount(c: Count, form: 'for-each' | 'number-of'): string {
  switch (c.of) {
    case 'self-ap':
      return `${c.per} AP this Unit has`;
    case 'previous':
      return 'Units rested with this effect';
    case 'placed':
      return `${renderNoun(c.filter, { card: true, plural: true })} placed with this effect`;
    case 'paid':
      return 'the cost paid';
    case 'self-damage':
      return 'the amount of damage it has received';
    case 'in-trash':
      return `${renderNoun(c.filter, { card: true, plural: form === 'number-of' })}${c.unique ? ' with unique names' : ''} in your trash`;
    case 'in-play':
      if (form === 'number-of') return `${renderNoun(c.filter, { plural: true })} in play`;
      return c.filter.side === 'friendly' ? `of your ${renderNoun(c.filter, { side: false, plural: true })}` : `${renderNoun(c.filter)} in play`;
  }
}
