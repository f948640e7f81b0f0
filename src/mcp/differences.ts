/**
 * How the tools show a Comprehensive Rules record that differs from the other language's (the
 * corpus's `difference`, tools/corpus/differences.ts): one field for structured output and one
 * line for text, the same in get_rule, search_rules and read_rules_document.
 */
import { z } from 'zod';
import type { RuleRecord } from '../corpus/types.js';

export const differenceSchema = z
  .object({
    kind: z.enum(['no-counterpart', 'differs']),
    summary: z.string().describe('What one language says and the other does not'),
    signals: z.array(z.string()),
    other_document: z.string(),
  })
  .describe('EN/JA differ here');

export type DifferenceField = z.infer<typeof differenceSchema>;

const LANGUAGE = { en: 'English', ja: 'Japanese' } as const;
const OTHER_DOCUMENT = { en: 'gundam-cr-ja', ja: 'gundam-cr-en' } as const;

export function differenceOf(r: RuleRecord): DifferenceField | undefined {
  if (!r.difference) return undefined;
  return { ...r.difference, other_document: OTHER_DOCUMENT[r.language] };
}

/** "[English only: …]" / "[Differs from the Japanese 12-3-5: …]", or undefined. */
export function differenceLine(r: RuleRecord): string | undefined {
  if (!r.difference) return undefined;
  const other = LANGUAGE[r.language === 'en' ? 'ja' : 'en'];
  return r.difference.kind === 'no-counterpart'
    ? `[${LANGUAGE[r.language]} only: the ${other} rules have no counterpart. ${r.difference.summary}]`
    : `[Differs from the ${other} ${r.counterpart?.id ?? r.id}: ${r.difference.summary}]`;
}
