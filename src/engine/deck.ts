/**
 * check_deck: the deck construction rules of 6-1 (and 2-1-2). A deck is exactly 50 Unit, Pilot,
 * Command and Base cards in one or two colors with at most four of each card number; the resource
 * deck is exactly 10 Resource cards. Alternate printings count as their base card number (2-1-1).
 */
import type { CardRecord } from '../corpus/types.js';
import type { CardLookup } from './lookup.js';
import type { CheckDeckInput, CheckDeckOutput } from './schema.js';

type DeckViolation = CheckDeckOutput['violations'][number];

const DECK_SIZE = 50; // 6-1-1
const RESOURCE_DECK_SIZE = 10; // 6-1-1
const MAX_COPIES = 4; // 6-1-1-3, 2-1-2
const MAX_COLORS = 2; // 6-1-1-2
const DECK_TYPES = new Set(['unit', 'pilot', 'command', 'base']); // 6-1-1-1

interface Entry {
  ref: string;
  card: CardRecord;
  count: number;
}

function resolveEntries(list: CheckDeckInput['deck'], cards: CardLookup, unknown: string[]): Entry[] {
  const out: Entry[] = [];
  for (const e of list) {
    const card = cards.byId(e.card) ?? cards.byName(e.card);
    if (!card) {
      if (!unknown.includes(e.card)) unknown.push(e.card);
      continue;
    }
    if (e.count > 0) out.push({ ref: e.card, card, count: e.count });
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
    violations.push({ reason: `the deck has ${n} cards; it must have exactly ${DECK_SIZE}`, rules: ['6-1-1'], cards: [] });
  }
  const tokens = entries.filter((e) => e.card.token);
  if (tokens.length > 0) {
    violations.push({
      reason: `tokens are not deck cards (they come from outside the game): ${tokens.map((e) => e.ref).join(', ')}`,
      rules: ['6-1-1-1', '5-17-1'],
      cards: tokens.map((e) => e.ref),
    });
  }
  const wrongType = entries.filter((e) => !e.card.token && !DECK_TYPES.has(e.card.type));
  if (wrongType.length > 0) {
    violations.push({
      reason: `a deck holds only Unit, Pilot, Command and Base cards; not allowed: ${wrongType.map((e) => `${e.ref} (${e.card.type})`).join(', ')}`,
      rules: ['6-1-1-1', ...(wrongType.some((e) => e.card.type === 'resource') ? ['6-1-1-4'] : [])],
      cards: wrongType.map((e) => e.ref),
    });
  }
  const byColor = new Map<string, string[]>();
  for (const e of entries) {
    if (e.card.token || !e.card.color) continue;
    byColor.set(e.card.color, [...(byColor.get(e.card.color) ?? []), e.ref]);
  }
  if (byColor.size > MAX_COLORS) {
    violations.push({
      reason: `the deck uses ${byColor.size} colors (${[...byColor.keys()].join(', ')}); it must use one or two`,
      rules: ['6-1-1-2'],
      cards: [...byColor.values()].flat(),
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
      violations.push({ reason: `${c.count} copies of card number ${num}${via}; at most ${MAX_COPIES} are allowed`, rules: ['6-1-1-3', '2-1-2'], cards: c.refs });
    }
  }
}

function checkResourceDeck(entries: Entry[] | null, violations: DeckViolation[]): void {
  if (entries === null) {
    violations.push({ reason: `no resource deck given: a resource deck of exactly ${RESOURCE_DECK_SIZE} Resource cards is required`, rules: ['6-1-1'], cards: [] });
    return;
  }
  const n = total(entries);
  if (n !== RESOURCE_DECK_SIZE) {
    violations.push({ reason: `the resource deck has ${n} cards; it must have exactly ${RESOURCE_DECK_SIZE}`, rules: ['6-1-1'], cards: [] });
  }
  const wrong = entries.filter((e) => e.card.type !== 'resource' || e.card.token);
  if (wrong.length > 0) {
    violations.push({
      reason: `a resource deck holds only Resource cards (EX Resource tokens are prepared apart, 6-1-2); not allowed: ${wrong.map((e) => `${e.ref} (${e.card.token ? 'token' : e.card.type})`).join(', ')}`,
      rules: ['6-1-1-4', ...(wrong.some((e) => e.card.token) ? ['6-1-2'] : [])],
      cards: wrong.map((e) => e.ref),
    });
  }
  // 6-1-1-5 any number of copies of a Resource card is fine: nothing to check.
}

export function checkDeck(input: CheckDeckInput, cards: CardLookup): CheckDeckOutput {
  const unknown: string[] = [];
  const deck = resolveEntries(input.deck, cards, unknown);
  const resources = input.resource_deck === undefined ? null : resolveEntries(input.resource_deck, cards, unknown);
  const violations: DeckViolation[] = [];
  if (unknown.length > 0) {
    violations.push({
      reason: `unknown card${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}; accepted: catalog card numbers such as ST01-001, alternate printings such as ST01-014-p4 (or ST01-014_p4), or exact card names`,
      rules: ['2-1-1', '6-2-1-1'],
      cards: unknown,
    });
  }
  checkMainDeck(deck, violations);
  checkResourceDeck(resources, violations);
  const types = { unit: 0, pilot: 0, command: 0, base: 0 };
  for (const e of deck) if (e.card.type in types) types[e.card.type as keyof typeof types] += e.count;
  const colors = [...new Set(deck.filter((e) => !e.card.token && e.card.color).map((e) => e.card.color as string))];
  return {
    legal: violations.length === 0,
    violations,
    summary: {
      deck_cards: total(deck),
      resource_cards: resources ? total(resources) : 0,
      colors,
      types,
      card_numbers: new Set(deck.map((e) => cardNumber(e.card))).size,
      unknown,
    },
  };
}
