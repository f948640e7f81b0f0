/** read_rules_document: a document's full text, in order, a page at a time. */
import { z } from 'zod';
import { defineTool, ToolError } from '../tool.js';
import { ruleSummarySchema, strictObject } from '../schemas.js';
import { resolveRule } from '../../corpus/rule-ids.js';
import type { RuleRecord } from '../../corpus/types.js';
import { differenceLine, differenceOf, differenceSchema } from '../differences.js';

export const readRulesDocument = defineTool({
  name: 'read_rules_document',
  title: 'Read a rules document',
  description:
    'Reads a rules document in order, a page at a time, or one section ("8-5") and everything under it.',
  input: strictObject({
    document: z.string().trim().min(1).max(64).describe('e.g. "gundam-cr-en"'),
    section: z.string().trim().min(1).max(40).optional().describe('e.g. "8-5"'),
    offset: z.number().int().min(0).max(100000).optional().describe('Default 0'),
    limit: z.number().int().min(1).max(200).optional().describe('Default 50'),
  }),
  output: z.object({
    document: z.object({ id: z.string(), title: z.string(), version: z.string(), language: z.enum(['en', 'ja']), authority: z.string() }),
    section: z.string().nullable(),
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    next_offset: z.number().int().nullable(),
    records: z.array(ruleSummarySchema.extend({ difference: differenceSchema.optional() })),
  }),
  handler: (args, kb) => {
    const doc = kb.store.document(args.document);
    if (!doc) throw new ToolError(kb.store.unknownDocument(args.document));
    let records: readonly RuleRecord[] = kb.store.recordsOf(doc.id);
    let section: string | null = null;
    if (args.section) {
      const root = resolveRule(kb.store, doc, args.section);
      if (!root) {
        const tops = records.filter((r) => r.parent === null).map((r) => r.id);
        throw new ToolError(`no section "${args.section}" in ${doc.id}; its top-level sections are: ${tops.join(', ')}`);
      }
      section = root.id;
      const inside = new Set([root.id]);
      records = records.filter((r) => {
        if (inside.has(r.id)) return true;
        if (r.parent && inside.has(r.parent)) {
          inside.add(r.id);
          return true;
        }
        return false;
      });
    }
    const offset = args.offset ?? 0;
    const limit = args.limit ?? 50;
    const page = records.slice(offset, offset + limit);
    const next = offset + limit < records.length ? offset + limit : null;
    const text =
      page
        .map((r) => {
          const body = r.heading ? `${r.id}. ${r.heading}${r.text ? `\n${r.text}` : ''}` : `${r.id}. ${r.text}`;
          const differs = differenceLine(r);
          return differs ? `${body}\n${differs}` : body;
        })
        .join('\n') +
      (next !== null ? `\n\n[${records.length - next} more records: call again with offset ${next}]` : '');
    return {
      structured: {
        document: { id: doc.id, title: doc.title, version: doc.version, language: doc.language, authority: doc.authority },
        section,
        offset,
        limit,
        total: records.length,
        next_offset: next,
        records: page.map((r) => ({ id: r.id, heading: r.heading, text: r.text, ...(r.difference ? { difference: differenceOf(r)! } : {}) })),
      },
      text: page.length ? text : `No records at offset ${offset} (the ${section ? 'section' : 'document'} has ${records.length}).`,
    };
  },
});
