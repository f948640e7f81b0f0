/** Output shapes shared by several tools. */
import { z } from 'zod';

/** Strict input objects whose unknown-field message lists the accepted fields (shared with the engine's schemas). */
export { strictObject } from '../engine/index.js';

export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  game: z.enum(['gundam', 'gundam-war']),
  kind: z.string(),
  language: z.enum(['en', 'ja']),
  version: z.string(),
  date: z.string().nullable(),
  authority: z.enum(['official', 'unofficial']),
  source: z.string(),
  records: z.number().int(),
  notes: z.array(z.string()).optional(),
  publisher_url: z.string().optional(),
});

export const crossReferenceSchema = z.object({
  cited: z.string().describe('As printed'),
  title: z.string().nullable(),
  target: z.string().nullable(),
  discrepancy: z.string().optional(),
});

export const ruleSummarySchema = z.object({
  id: z.string(),
  heading: z.string().nullable(),
  text: z.string(),
});

export const keywordSchema = z.object({
  name: z.string(),
  amount: z.number().nullable(),
  scope: z.enum(['innate', 'conditional', 'grants', 'mentions']),
  source: z.string(),
  when: z.enum(['paired', 'linked']).optional(),
  amount_lost: z.boolean().optional(),
});

export const cardSummarySchema = z.object({
  id: z.string(),
  base_id: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  token: z.boolean(),
  set: z.string(),
  color: z.string().nullable(),
  level: z.number().nullable(),
  cost: z.number().nullable(),
  ap: z.number().nullable(),
  hp: z.number().nullable(),
  traits: z.array(z.string()),
  keywords: z.array(keywordSchema),
  text: z.string(),
});

/** A card field's value as a source gives it (no empty schema: every client can check it). */
const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]).meta({ id: 'FieldValue' });

export const cardSchema = cardSummarySchema.extend({
  link: z.object({ text: z.string(), names: z.array(z.string()), traits: z.array(z.string()) }).nullable(),
  zones: z.array(z.string()),
  rarity: z.string().nullable(),
  printings: z.array(z.object({ id: z.string(), set: z.string().nullable(), rarity: z.string().nullable(), source: z.string() })),
  sources: z.record(z.string(), z.string()),
  differences: z.array(z.object({ field: z.string(), seed: fieldValue, official: fieldValue })),
  flags: z.array(z.string()),
});

/** One ability of a card as get_card shows it: whether the engine executes it, and if not, why. */
export const abilitySummarySchema = z.object({
  text: z.string(),
  kind: z.enum(['triggered', 'activated', 'command', 'constant', 'pilot', 'keyword', 'unsupported']),
  status: z.enum(['executes', 'unsupported']),
  reason: z.enum(['no-pattern', 'source-lost', 'hidden-information', 'multiplayer']).optional(),
  unread: z.string().optional().describe('The clause not read'),
});

/** Bounded free text: long enough for any real question, short enough to keep a request cheap. */
export const queryText = (what: string) => z.string().trim().min(1, `${what} must not be empty`).max(500, `${what} is limited to 500 characters`);
