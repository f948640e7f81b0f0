/**
 * The restriction list's file format (corpus/restrictions/<effective date>.json, or the file an
 * operator names in RESTRICTIONS_FILE): banned cards, cards limited to N copies, banned pairs and
 * pair groups, with the announcement it comes from and its dates. Read with zod so a bad file is
 * refused with the field that is wrong.
 */
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD');
const cardNumber = z.string().trim().regex(/^[A-Za-z]{1,5}\d{0,2}[A-Za-z]?-\d{1,4}$/, 'a card number looks like "GD01-020" (no printing suffix: alternate printings count as their card)');
const note = z.string().max(1000).optional();

export const restrictionListSchema = z.strictObject({
  id: z.string().min(1).max(64).describe('Short id, e.g. the effective date'),
  name: z.string().min(1).max(200),
  source: z.strictObject({
    publisher: z.string().min(1).max(200),
    title: z.string().min(1).max(300),
    page: z.string().max(200).optional(),
    url: z.string().url().optional(),
    language: z.string().max(10).optional(),
    note,
  }),
  announced: date,
  effective: date,
  banned: z.array(z.strictObject({ card: cardNumber, note })).max(500).default([]),
  limited: z.array(z.strictObject({ card: cardNumber, max: z.number().int().min(1).max(3), note })).max(500).default([]),
  banned_pairs: z.array(z.strictObject({ cards: z.tuple([cardNumber, cardNumber]), note })).max(500).default([]),
  pair_groups: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(200),
        note,
        /** What the group's cards have in common, so a check can find catalog cards that fit and are missing. */
        description: z
          .strictObject({
            type: z.enum(['unit', 'pilot', 'command', 'base']).optional(),
            level: z.number().int().optional(),
            cost: z.number().int().optional(),
            ap: z.number().int().optional(),
            hp: z.number().int().optional(),
            no_text: z.boolean().optional(),
          })
          .optional(),
        cards: z.array(cardNumber).min(2).max(500),
        exceptions: z
          .array(
            z.strictObject({
              name: z.string().min(1).max(200),
              note,
              /** The product's card numbers: a deck of these only, holding every one of them. */
              cards: z.array(cardNumber).min(1).max(100),
              /** The product's copy counts when known: then the deck must match them exactly. */
              copies: z.array(z.strictObject({ card: cardNumber, count: z.number().int().min(1).max(50) })).nullable().default(null),
            }),
          )
          .max(20)
          .default([]),
      }),
    )
    .max(50)
    .default([]),
});

export type RestrictionList = z.infer<typeof restrictionListSchema>;
export type PairGroup = RestrictionList['pair_groups'][number];

/** A card's standing on a list, as get_card shows it. */
export interface CardRestriction {
  status: 'banned' | 'limited' | 'banned_pair' | 'pair_group';
  text: string;
  max?: number;
  with?: string[];
  group?: string;
}

/** How answers name a list: "Banned and restricted list effective 2026-07-25 (announced 2026-07-10)". */
export function listLabel(l: RestrictionList): string {
  return `${l.name} effective ${l.effective} (announced ${l.announced})`;
}

/** Where a list comes from, for the answer's last line. */
export function listSource(l: RestrictionList): string {
  return `${l.source.publisher}, ${l.source.title}`;
}

/** The zod issues of a list as one line each: "pair_groups.0.cards.3: a card number looks like …". */
export function describeIssues(e: z.ZodError): string {
  return e.issues
    .slice(0, 8)
    .map((i) => `${i.path.map(String).join('.') || '(file)'}: ${i.message}`)
    .join('; ');
}
