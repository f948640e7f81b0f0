/**
 * One spelling per trait. The GD05 data prints its traits in lower case ("calamity war") where
 * every other set capitalises them ("Calamity War", "Earth Federation"), so a trait filter or a
 * trait shown next to another set's card reads two ways. The catalog's own spelling wins: the
 * capitalised form other cards' traits, texts "(Calamity War)" and link conditions print, and for a
 * trait only ever printed in lower case, each word capitalised (short all-consonant words such as
 * "mf", "dg" are initialisms and go upper case).
 */
import type { CardRecord } from '../../src/corpus/types.js';

const isLower = (t: string) => t === t.toLowerCase();

function titleCase(t: string): string {
  return t
    .split(' ')
    .map((w) => (w.length <= 3 && !/[aeiouy]/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** The spelling each trait (by its lower-case form) should have, from the whole catalog. */
export function traitSpellings(cards: readonly CardRecord[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  const add = (t: string) => {
    const key = t.toLowerCase();
    const m = counts.get(key) ?? new Map<string, number>();
    m.set(t, (m.get(t) ?? 0) + 1);
    counts.set(key, m);
  };
  const known = new Set(cards.flatMap((c) => c.traits.map((t) => t.toLowerCase())));
  for (const c of cards) {
    for (const t of c.traits) add(t);
    for (const t of c.link?.traits ?? []) add(t);
    // "(Calamity War)" in any card's text names the trait, when it is one.
    for (const m of c.text.matchAll(/\(([^()]{2,40})\)/g)) if (known.has(m[1]!.trim().toLowerCase())) add(m[1]!.trim());
  }
  const out = new Map<string, string>();
  for (const [key, m] of counts) {
    const capitalised = [...m].filter(([t]) => !isLower(t)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    out.set(key, capitalised[0]?.[0] ?? titleCase(key));
  }
  return out;
}

/** Rewrites every card's traits to the catalog's spelling; returns how many traits changed. */
export function normalizeTraitCase(cards: CardRecord[]): number {
  const spelling = traitSpellings(cards);
  let changed = 0;
  for (const c of cards) {
    c.traits = c.traits.map((t) => {
      const s = spelling.get(t.toLowerCase()) ?? t;
      if (s !== t) changed++;
      return s;
    });
  }
  return changed;
}
