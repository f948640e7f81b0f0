/** search_cards and get_card: the card catalog. */
import { z } from 'zod';
import { defineTool, ToolError } from '../tool.js';
import { abilitySummarySchema, cardSchema, cardSummarySchema, strictObject } from '../schemas.js';
import type { CardRecord } from '../../corpus/types.js';
import { normalizeCardId, preferredCard } from '../../corpus/card-keys.js';
import type { Knowledge } from '../../knowledge.js';
import { parseKeyword } from '../../corpus/keywords.js';
import { keywordOn } from '../../search/cards.js';
import { cardStanding } from '../restrictions.js';

const COLORS = ['blue', 'green', 'red', 'white', 'purple'] as const;

function summary(c: CardRecord) {
  return {
    id: c.id,
    base_id: c.base_id,
    name: c.name,
    type: c.type,
    token: c.token,
    set: c.set,
    color: c.color,
    level: c.level,
    cost: c.cost,
    ap: c.ap,
    hp: c.hp,
    traits: c.traits,
    keywords: c.keywords,
    text: c.text,
  };
}

function abilitySummaries(c: CardRecord) {
  return (c.abilities ?? []).map((a) =>
    a.kind === 'unsupported'
      ? { text: a.text, kind: a.kind, status: 'unsupported' as const, reason: a.reason, unread: a.unread }
      : { text: a.text, kind: a.kind, status: 'executes' as const },
  );
}

function oneLine(c: CardRecord): string {
  const stats = [
    c.color,
    c.level !== null ? `Lv${c.level}` : null,
    c.cost !== null ? `cost ${c.cost}` : null,
    c.ap !== null ? `AP ${c.ap}` : null,
    c.hp !== null ? `HP ${c.hp}` : null,
  ].filter(Boolean);
  return `${c.id} ${c.name} [${c.token ? 'token ' : ''}${c.type}${stats.length ? `, ${stats.join(', ')}` : ''}]${c.traits.length ? ` (${c.traits.join(') (')})` : ''}`;
}

export const searchCards = defineTool({
  name: 'search_cards',
  title: 'Search cards',
  description:
    'Searches the card catalog by words and filters; none lists it all, a page at a time.',
  input: strictObject({
    query: z.string().trim().max(200, 'query is limited to 200 characters').optional().describe('Words in name, traits or text'),
    type: z.enum(['unit', 'pilot', 'command', 'base', 'resource']).optional().describe('Type'),
    color: z.enum(COLORS).optional().describe('Color'),
    set: z.string().trim().max(16).optional().describe('e.g. "GD01" (list_card_sets)'),
    trait: z.string().trim().max(64).optional().describe('e.g. "Zeon"'),
    keyword: z.string().trim().max(40).optional().describe('Has or grants, e.g. "Repair 1"'),
    level: z.number().int().min(0).max(20).optional().describe('Lv.'),
    cost: z.number().int().min(0).max(20).optional().describe('Cost'),
    printings: z.enum(['all', 'base']).optional().describe('"base": one per card number'),
    limit: z.number().int().min(1).max(100).optional().describe('Default 20'),
    offset: z.number().int().min(0).max(100000).optional().describe('Default 0'),
  }),
  output: z.object({
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    next_offset: z.number().int().nullable(),
    results: z.array(
      cardSummarySchema.extend({
        keyword_match: z
          .object({
            name: z.string(),
            amount: z.number().nullable(),
            scope: z.enum(['always', 'conditional', 'grants']),
            when: z.enum(['paired', 'linked']).optional(),
          })
          .optional(),
      }),
    ),
  }),
  handler: (args, kb) => {
    const { total, indexes } = kb.cards.search({
      ...(args.query ? { query: args.query } : {}),
      ...(args.type ? { type: args.type } : {}),
      ...(args.color ? { color: args.color } : {}),
      ...(args.set ? { set: args.set } : {}),
      ...(args.trait ? { trait: args.trait } : {}),
      ...(args.keyword ? { keyword: args.keyword } : {}),
      ...(args.level !== undefined ? { level: args.level } : {}),
      ...(args.cost !== undefined ? { cost: args.cost } : {}),
      ...(args.printings ? { printings: args.printings } : {}),
    });
    const offset = args.offset ?? 0;
    const limit = args.limit ?? 20;
    const page = indexes.slice(offset, offset + limit).map((i) => kb.store.cards[i]!);
    const next = offset + limit < total ? offset + limit : null;
    const wanted = args.keyword ? parseKeyword(args.keyword) : undefined;
    const match = (c: CardRecord) => (wanted ? keywordOn(c, wanted.def.name, wanted.amount) : undefined);
    // The card's text too, so a reader sees what a card does without a get_card per result.
    const excerpt = (c: CardRecord) => (c.text ? `\n    ${c.text.replace(/\s*\n\s*/g, ' / ').slice(0, 240)}${c.text.length > 240 ? '…' : ''}` : '');
    const line = (c: CardRecord) => {
      const m = match(c);
      const head = m ? `${oneLine(c)} — <${m.name}${m.amount !== null ? ` ${m.amount}` : ''}> ${m.scope === 'always' ? 'always' : m.scope === 'grants' ? 'granted to other cards' : `conditional${m.when ? ` (while ${m.when})` : ''}`}` : oneLine(c);
      return head + excerpt(c);
    };
    const text = total
      ? `${total} card${total === 1 ? '' : 's'}${total > page.length ? ` (showing ${offset + 1}-${offset + page.length})` : ''}:\n${page.map(line).join('\n')}`
      : 'No card matches.';
    const results = page.map((c) => {
      const m = match(c);
      return { ...summary(c), ...(m ? { keyword_match: m } : {}) };
    });
    return { structured: { total, offset, limit, next_offset: next, results }, text };
  },
});

function distinctByNumber(cards: CardRecord[]): CardRecord[] {
  const seen = new Set<string>();
  return cards.filter((c) => {
    const k = c.base_id ?? c.id;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function preferred(cards: CardRecord[]): CardRecord {
  return preferredCard(cards)!;
}

/** Catalog search hits for a string that names no card, to suggest (get_card's "Did you mean"). */
export function cardSuggestions(kb: Knowledge, text: string, max = 5): CardRecord[] {
  return kb.cards.search({ query: text }).indexes.slice(0, max).map((i) => kb.store.cards[i]!);
}

/**
 * A card name as get_card reads it: the name itself (case, width, punctuation and numerals folded)
 * is an exact match; otherwise the best name that has every word asked (whole words first, partial
 * words and typos after) is a loose one. The card meant, every card the name could mean, and which
 * kind of match it was; null when no name has every word. simulate_ruling reads scenario card names
 * with this too, so both accept the same names.
 */
export function cardsByName(kb: Knowledge, name: string): { card: CardRecord; candidates: CardRecord[]; match: 'exact' | 'loose' } | null {
  const exact = kb.store.cardsNamed(name);
  if (exact.length) {
    const distinct = distinctByNumber(exact);
    return { card: preferred(exact), candidates: distinct.length > 1 ? distinct : [], match: 'exact' };
  }
  const found = kb.cards.byLooseName(name);
  const loose = found.indexes.map((i) => kb.store.cards[i]!);
  if (!loose.length) return null;
  const best = loose[0]!;
  const sameName = kb.store.cardsNamed(best.name);
  const distinct = distinctByNumber([...sameName, ...loose.slice(1)]);
  return { card: preferred(sameName.length ? sameName : [best]), candidates: distinct.length > 1 ? distinct.slice(0, 10) : [], match: found.exact ? 'exact' : 'loose' };
}

/** The cards whose names are nearest to one that matches no card (a catalog search when no name is near). */
export function closestCards(kb: Knowledge, name: string, max = 3): CardRecord[] {
  const near = kb.cards.closeNames(name, max).map((i) => kb.store.cards[i]!);
  return near.length ? near : cardSuggestions(kb, name, max);
}

function lookup(kb: Knowledge, id: string | undefined, name: string | undefined): { card: CardRecord; printing: string | null; candidates: CardRecord[]; match: 'exact' | 'loose' } {
  if (id) {
    const card = kb.store.cardById(id);
    if (!card) {
      throw new ToolError(`no card with id "${id}"; ids look like "GD01-013", "ST01-014-p4" or "T-001"`, cardSuggestions(kb, id).map((c) => c.id));
    }
    const printingId = normalizeCardId(id);
    const printing = normalizeCardId(card.id) === printingId ? null : card.printings.find((p) => normalizeCardId(p.id) === printingId)?.id ?? null;
    return { card, printing, candidates: [], match: 'exact' };
  }
  const found = cardsByName(kb, name!);
  if (!found) {
    const near = closestCards(kb, name!).map((c) => `${c.id} ${c.name}`);
    throw new ToolError(`no card matches "${name}"; ${near.length ? `closest: ${near.join(', ')}` : 'no card name is close'}`);
  }
  return { ...found, printing: null };
}

export const getCard = defineTool({
  name: 'get_card',
  title: 'Get a card',
  description:
    'One card by id, printing id or name (exact or loose): fields with sources, printings, restriction status, which abilities simulate_ruling runs.',
  input: strictObject({
    id: z.string().trim().min(1).max(32).optional().describe('e.g. "GD01-013", "ST01-014-p4"'),
    name: z.string().trim().min(1).max(120).optional().describe('Exact or loose'),
  }).refine((a) => a.id !== undefined || a.name !== undefined, { message: 'give id or name (one of them is required)' }),
  output: z.object({
    card: cardSchema,
    printing: z.string().nullable().describe('The alternate printing asked for'),
    match: z.enum(['exact', 'loose']).describe('loose: closest name, not exact'),
    candidates: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), set: z.string() })).describe('Other cards the name may mean'),
    abilities: z.array(abilitySummarySchema),
    effects: z.enum(['full', 'partial', 'none']).describe('How much of it simulate_ruling runs'),
    restriction: z
      .object({
        list: z.string().nullable(),
        status: z.array(z.object({ status: z.enum(['banned', 'limited', 'banned_pair', 'pair_group']), text: z.string() })),
      }),
  }),
  handler: (args, kb) => {
    const { card, printing, candidates, match } = lookup(kb, args.id, args.name);
    const others = candidates.filter((c) => c.id !== card.id).map((c) => ({ id: c.id, name: c.name, type: c.type, set: c.set }));
    const lines = [oneLine(card)];
    if (match === 'loose') lines.push(`Loose match: no card is named "${args.name}"; this is the closest name.`);
    if (printing) lines.push(`(printing ${printing} of ${card.id})`);
    if (card.text) lines.push(card.text);
    if (card.link) lines.push(`Link condition: ${card.link.text}`);
    if (card.keywords.length) lines.push(`Keywords: ${card.keywords.map((k) => `${k.name}${k.amount !== null ? ` ${k.amount}` : ''} (${k.scope}${k.when ? `, while ${k.when}` : ''})`).join(', ')}`);
    if (card.printings.length > 1) lines.push(`Printings: ${card.printings.map((p) => p.id).join(', ')}`);
    if (card.flags.length) lines.push(`Source notes: ${card.flags.join('; ')}`);
    const abilities = abilitySummaries(card);
    if (abilities.length) {
      lines.push(`Effects: ${card.effects} (${abilities.filter((a) => a.status === 'executes').length} of ${abilities.length} abilities execute)`);
      for (const a of abilities) lines.push(`  - ${a.status === 'executes' ? `executes (${a.kind})` : `unsupported, ${a.reason}: "${a.unread}"`}: ${a.text}`);
    }
    const standing = cardStanding(kb, card);
    if (standing.list) lines.push(standing.restrictions.length ? `Restricted: ${standing.restrictions.map((r) => r.text).join('; ')} (${standing.list})` : `Not restricted on the ${standing.list}`);
    if (others.length) lines.push(`Other matches: ${others.map((c) => `${c.id} ${c.name}`).join('; ')}`);
    const { abilities: _ir, effects, ...fields } = card;
    return { structured: { card: fields, printing, match, candidates: others, abilities, effects: effects ?? 'none', restriction: { list: standing.list, status: standing.restrictions.map((r) => ({ status: r.status, text: r.text })) } }, text: lines.join('\n') };
  },
});
