/**
 * Applies a restriction list to a deck whose cards are already resolved to card numbers
 * (alternate printings counted as their card, 2-1-1). Pure: no files, no catalog.
 */
import type { CardRestriction, PairGroup, RestrictionList } from './schema.js';
import { listLabel } from './schema.js';

export interface NumberedEntry {
  /** The card as the deck list wrote it. */
  ref: string;
  /** Its card number (the base card of an alternate printing). */
  number: string;
  count: number;
}

export interface RestrictionViolation {
  reason: string;
  rules: string[];
  cards: string[];
}

const key = (n: string) => n.trim().toUpperCase();

interface Tally {
  count: number;
  refs: string[];
}

function tally(entries: NumberedEntry[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const e of entries) {
    if (e.count <= 0) continue;
    const t = out.get(key(e.number)) ?? { count: 0, refs: [] };
    t.count += e.count;
    if (!t.refs.includes(e.ref)) t.refs.push(e.ref);
    out.set(key(e.number), t);
  }
  return out;
}

/** Which exception of the group, if any, the deck is: every card from the product, every product card present (and its copy counts when the list has them). */
function exceptionMet(group: PairGroup, deck: Map<string, Tally>): PairGroup['exceptions'][number] | undefined {
  return group.exceptions.find((x) => {
    const product = new Set(x.cards.map(key));
    if (deck.size !== product.size || [...deck.keys()].some((n) => !product.has(n))) return false;
    return x.copies === null || x.copies.every((c) => deck.get(key(c.card))?.count === c.count);
  });
}

export function restrictionViolations(entries: NumberedEntry[], list: RestrictionList): RestrictionViolation[] {
  const deck = tally(entries);
  const on = `by the ${listLabel(list)}`;
  const out: RestrictionViolation[] = [];
  const refs = (n: string) => deck.get(key(n))?.refs ?? [];
  const banned = list.banned.filter((b) => deck.has(key(b.card)));
  if (banned.length) {
    out.push({
      reason: `${banned.map((b) => `${b.card} (${deck.get(key(b.card))!.count} in the deck)`).join(', ')} ${banned.length === 1 ? 'is' : 'are'} banned ${on}: a deck may not hold any copy`,
      rules: [],
      cards: banned.flatMap((b) => refs(b.card)),
    });
  }
  for (const l of list.limited) {
    const t = deck.get(key(l.card));
    if (t && t.count > l.max) {
      out.push({ reason: `${t.count} copies of ${l.card}${t.refs.some((r) => key(r) !== key(l.card)) ? ` (counting ${t.refs.join(', ')})` : ''}; ${on} a deck may hold at most ${l.max}`, rules: [], cards: t.refs });
    }
  }
  for (const p of list.banned_pairs) {
    if (p.cards.every((c) => deck.has(key(c)))) {
      out.push({ reason: `${p.cards[0]} and ${p.cards[1]} may not share a deck ${on}`, rules: [], cards: p.cards.flatMap(refs) });
    }
  }
  for (const g of list.pair_groups) {
    const kinds = g.cards.filter((c) => deck.has(key(c)));
    if (kinds.length <= 1) continue;
    if (exceptionMet(g, deck)) continue;
    out.push({
      reason: `${kinds.length} different cards of the pair group "${g.name}" (${kinds.join(', ')}); ${on} a deck may hold only one of them (up to 4 copies)${g.exceptions.length ? `, except ${g.exceptions.map((x) => x.name).join('; ')}` : ''}`,
      rules: [],
      cards: kinds.flatMap(refs),
    });
  }
  return out;
}

/** The exception a deck meets in each pair group it would otherwise break, for the answer to say so. */
export function exceptionsApplied(entries: NumberedEntry[], list: RestrictionList): string[] {
  const deck = tally(entries);
  return list.pair_groups.flatMap((g) => {
    if (g.cards.filter((c) => deck.has(key(c))).length <= 1) return [];
    const x = exceptionMet(g, deck);
    return x ? [`${x.name}: ${x.note ?? 'allowed by the list'}`] : [];
  });
}

/** A card number's standing on the list (empty: unrestricted). */
export function cardRestrictions(list: RestrictionList, number: string): CardRestriction[] {
  const n = key(number);
  const out: CardRestriction[] = [];
  if (list.banned.some((b) => key(b.card) === n)) out.push({ status: 'banned', text: 'banned: a deck may hold none' });
  for (const l of list.limited) if (key(l.card) === n) out.push({ status: 'limited', max: l.max, text: `limited: at most ${l.max} in a deck` });
  for (const p of list.banned_pairs) {
    const i = p.cards.findIndex((c) => key(c) === n);
    if (i >= 0) out.push({ status: 'banned_pair', with: [p.cards[1 - i]!], text: `banned pair: may not share a deck with ${p.cards[1 - i]}` });
  }
  for (const g of list.pair_groups) {
    if (!g.cards.some((c) => key(c) === n)) continue;
    out.push({
      status: 'pair_group',
      group: g.name,
      with: g.cards.filter((c) => key(c) !== n),
      text: `pair group "${g.name}": a deck may hold only one card number of the group's ${g.cards.length} (up to 4 copies)${g.exceptions.length ? `; except ${g.exceptions.map((x) => x.name).join('; ')}` : ''}`,
    });
  }
  return out;
}
