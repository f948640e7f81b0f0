/**
 * check_deck: the deck construction rules of 6-1 (and 2-1-2). A deck is exactly 50 Unit, Pilot,
 * Command and Base cards in one or two colors with at most four of each card number; the resource
 * deck is exactly 10 Resource cards. Alternate printings count as their base card number (2-1-1).
 * With a restriction list (src/restrictions) it also applies the list's bans and limits. Cards may
 * be named by number, by exact name or (with the caller's byLooseName) by a loose name; a name
 * that fits several card numbers is an input problem listing them.
 */
import type { CardRecord } from '../corpus/types.js';
import type { CardLookup } from './lookup.js';
import type { CheckDeckInput, CheckDeckOutput } from './schema.js';
import type { RestrictionList } from '../restrictions/schema.js';
import { listLabel, listSource } from '../restrictions/schema.js';
import { exceptionsApplied, restrictionViolations } from '../restrictions/check.js';
import { looseCardNumber } from '../deck-list.js';

type DeckViolation = CheckDeckOutput['violations'][number];
type Read = CheckDeckOutput['read'][number];

const DECK_SIZE = 50; // 6-1-1
const RESOURCE_DECK_SIZE = 10; // 6-1-1
const MAX_COPIES = 4; // 6-1-1-3, 2-1-2
const MAX_COLORS = 2; // 6-1-1-2
const DECK_TYPES = new Set(['unit', 'pilot', 'command', 'base']); // 6-1-1-1

export interface CheckDeckOptions {
  /** The restriction list to apply, and where it came from; null or absent: construction rules only. */
  restrictions?: { list: RestrictionList; origin: string } | null;
}

interface Entry {
  ref: string;
  card: CardRecord;
  count: number;
}

/** Loose name searches one check makes at most: a deck has at most 50 distinct cards, lists by name far fewer; this bounds a hostile list's cost (about 20 ms a miss). */
const MAX_LOOSE_LOOKUPS = 40;
/** The longest word of a card name is 14 letters; a longer word is not a name, and its fuzzy search is costly. */
const MAX_NAME_WORD = 20;

interface Resolving {
  looseLookups: number;
  unknown: string[];
  ambiguous: { ref: string; cards: CardRecord[] }[];
  read: Read[];
}

/** One per card number, real cards before tokens (a token is never meant when a card shares its name). */
function distinctCards(list: CardRecord[]): CardRecord[] {
  const seen = new Set<string>();
  const out = list.filter((c) => {
    const k = cardNumber(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const real = out.filter((c) => !c.token);
  return real.length ? real : out;
}

function resolveOne(ref: string, cards: CardLookup, r: Resolving): { card: CardRecord; match: Read['match'] | null } | CardRecord[] | null {
  const byId = cards.byId(ref);
  if (byId) return { card: byId, match: null };
  const loose = looseCardNumber(ref);
  const byLooseId = loose ? cards.byId(loose) : undefined;
  if (byLooseId) return { card: byLooseId, match: 'number' };
  const named = cards.allByName ? distinctCards(cards.allByName(ref)) : [cards.byName(ref)].filter((c): c is CardRecord => c !== undefined);
  if (named.length === 1) return { card: named[0]!, match: 'name' };
  if (named.length > 1) return named;
  const searchable = cards.byLooseName && ref.split(/[^\p{L}\p{N}]+/u).every((w) => w.length <= MAX_NAME_WORD);
  const near = searchable && r.looseLookups++ < MAX_LOOSE_LOOKUPS ? distinctCards(cards.byLooseName!(ref).matches) : [];
  if (near.length === 1) return { card: near[0]!, match: 'loose' };
  return near.length > 1 ? near : null;
}

function resolveEntries(list: CheckDeckInput['deck'], cards: CardLookup, r: Resolving): Entry[] {
  const out: Entry[] = [];
  for (const e of list) {
    const found = resolveOne(e.card, cards, r);
    if (found === null) {
      if (!r.unknown.includes(e.card)) r.unknown.push(e.card);
      continue;
    }
    if (Array.isArray(found)) {
      if (!r.ambiguous.some((a) => a.ref === e.card)) r.ambiguous.push({ ref: e.card, cards: found });
      continue;
    }
    if (found.match && !r.read.some((x) => x.written === e.card)) r.read.push({ written: e.card, card: found.card.id, name: found.card.name, match: found.match });
    if (e.count > 0) out.push({ ref: found.match ? found.card.id : e.card, card: found.card, count: e.count });
  }
  return out;
}

function total(entries: Entry[]): number {
  return entries.reduce((n, e) => n + e.count, 0);
}

/** 2-1-1 cards with the same card number are the same card; alternate printings carry their base number. */
function cardNumber(c: CardRecord): string {
  return c.base_id ?? c.id;
}

function checkMainDeck(entries: Entry[], violations: DeckViolation[]): void {
  const n = total(entries);
  if (n !== DECK_SIZE) {
    violations.push({ reason: `the deck has ${n} cards; it must have exactly ${DECK_SIZE}`, rules: ['6-1-1'], cards: [], kind: 'construction' });
  }
  const tokens = entries.filter((e) => e.card.token);
  if (tokens.length > 0) {
    violations.push({
      reason: `tokens are not deck cards (they come from outside the game): ${tokens.map((e) => e.ref).join(', ')}`,
      rules: ['6-1-1-1', '5-17-1'],
      cards: tokens.map((e) => e.ref),
      kind: 'construction',
    });
  }
  const wrongType = entries.filter((e) => !e.card.token && !DECK_TYPES.has(e.card.type));
  if (wrongType.length > 0) {
    violations.push({
      reason: `a deck holds only Unit, Pilot, Command and Base cards; not allowed: ${wrongType.map((e) => `${e.ref} (${e.card.type})`).join(', ')}`,
      rules: ['6-1-1-1', ...(wrongType.some((e) => e.card.type === 'resource') ? ['6-1-1-4'] : [])],
      cards: wrongType.map((e) => e.ref),
      kind: 'construction',
    });
  }
  const byColor = new Map<string, string[]>();
  for (const e of entries) {
    if (e.card.token || !e.card.color) continue;
    byColor.set(e.card.color, [...(byColor.get(e.card.color) ?? []), e.ref]);
  }
  if (byColor.size > MAX_COLORS) {
    // The two colors with the most cards are the deck's; the cards of the others are what to take out.
    const copiesOf = (refs: string[]) => entries.filter((e) => refs.includes(e.ref)).reduce((n, e) => n + e.count, 0);
    const ranked = [...byColor].sort((a, b) => copiesOf(b[1]) - copiesOf(a[1]));
    const extra = ranked.slice(MAX_COLORS);
    violations.push({
      reason: `the deck uses ${byColor.size} colors (${ranked.map(([c, refs]) => `${c} ${copiesOf(refs)}`).join(', ')}); it must use one or two: the cards of ${extra.map(([c]) => c).join(' and ')} are beyond the two main colors`,
      rules: ['6-1-1-2'],
      cards: extra.flatMap(([, refs]) => refs),
      kind: 'construction',
    });
  }
  const copies = new Map<string, { refs: string[]; count: number }>();
  for (const e of entries) {
    const key = cardNumber(e.card);
    const c = copies.get(key) ?? { refs: [], count: 0 };
    c.count += e.count;
    if (!c.refs.includes(e.ref)) c.refs.push(e.ref);
    copies.set(key, c);
  }
  for (const [num, c] of copies) {
    if (c.count > MAX_COPIES) {
      const via = c.refs.length > 1 || c.refs[0] !== num ? ` (counting ${c.refs.join(', ')})` : '';
      violations.push({ reason: `${c.count} copies of card number ${num}${via}; at most ${MAX_COPIES} are allowed`, rules: ['6-1-1-3', '2-1-2'], cards: c.refs, kind: 'construction' });
    }
  }
}

function checkResourceDeck(entries: Entry[] | null, violations: DeckViolation[]): void {
  if (entries === null) {
    violations.push({ reason: `no resource deck given: a resource deck of exactly ${RESOURCE_DECK_SIZE} Resource cards is required`, rules: ['6-1-1'], cards: [], kind: 'construction' });
    return;
  }
  const n = total(entries);
  if (n !== RESOURCE_DECK_SIZE) {
    violations.push({ reason: `the resource deck has ${n} cards; it must have exactly ${RESOURCE_DECK_SIZE}`, rules: ['6-1-1'], cards: [], kind: 'construction' });
  }
  const wrong = entries.filter((e) => e.card.type !== 'resource' || e.card.token);
  if (wrong.length > 0) {
    violations.push({
      reason: `a resource deck holds only Resource cards (EX Resource tokens are prepared apart, 6-1-2); not allowed: ${wrong.map((e) => `${e.ref} (${e.card.token ? 'token' : e.card.type})`).join(', ')}`,
      rules: ['6-1-1-4', ...(wrong.some((e) => e.card.token) ? ['6-1-2'] : [])],
      cards: wrong.map((e) => e.ref),
      kind: 'construction',
    });
  }
  // 6-1-1-5 any number of copies of a Resource card is fine: nothing to check.
}

export function checkDeck(input: CheckDeckInput, cards: CardLookup, options: CheckDeckOptions = {}): CheckDeckOutput {
  const r: Resolving = { looseLookups: 0, unknown: [], ambiguous: [], read: [] };
  const deck = resolveEntries(input.deck, cards, r);
  const resources = input.resource_deck === undefined ? null : resolveEntries(input.resource_deck, cards, r);
  const violations: DeckViolation[] = [];
  if (r.unknown.length > 0) {
    violations.push({
      reason: `unknown card${r.unknown.length === 1 ? '' : 's'}: ${r.unknown.join(', ')}${r.looseLookups > MAX_LOOSE_LOOKUPS ? ` (loose names are looked up for the first ${MAX_LOOSE_LOOKUPS} only)` : ''}; accepted: catalog card numbers such as ST01-001 (or gd01 13, GD1-13), alternate printings such as ST01-014-p4 (or ST01-014_p4), or card names`,
      rules: ['2-1-1', '6-2-1-1'],
      cards: r.unknown,
      kind: 'input',
    });
  }
  for (const a of r.ambiguous) {
    violations.push({
      reason: `"${a.ref}" fits ${a.cards.length} cards: ${a.cards.slice(0, 8).map((c) => `${c.id} ${c.name} (${[c.color, c.type, c.level !== null ? `Lv${c.level}` : null].filter(Boolean).join(' ')})`).join('; ')}; write the card number of the one meant`,
      rules: ['2-1-1'],
      cards: a.cards.slice(0, 8).map((c) => c.id),
      kind: 'input',
    });
  }
  checkMainDeck(deck, violations);
  checkResourceDeck(resources, violations);
  const active = options.restrictions ?? null;
  let exceptions: string[] = [];
  if (active) {
    const numbered = deck.map((e) => ({ ref: e.ref, number: cardNumber(e.card), count: e.count }));
    for (const v of restrictionViolations(numbered, active.list)) violations.push({ ...v, kind: 'restriction' });
    exceptions = exceptionsApplied(numbered, active.list);
  }
  const types = { unit: 0, pilot: 0, command: 0, base: 0 };
  for (const e of deck) if (e.card.type in types) types[e.card.type as keyof typeof types] += e.count;
  const colors = [...new Set(deck.filter((e) => !e.card.token && e.card.color).map((e) => e.card.color as string))];
  const l = active?.list;
  return {
    legal: violations.length === 0,
    violations,
    restriction_list: l && active ? { id: l.id, label: listLabel(l), effective: l.effective, source: listSource(l), origin: active.origin } : null,
    read: r.read,
    exceptions,
    summary: {
      deck_cards: total(deck),
      resource_cards: resources ? total(resources) : 0,
      colors,
      types,
      card_numbers: new Set(deck.map((e) => cardNumber(e.card))).size,
      unknown: r.unknown,
    },
  };
}
