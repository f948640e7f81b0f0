/** search_glossary: glossary terms and keyword explanations, each with the rules behind it. */
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { foreignTermsIn, termNoteSchema } from '../foreign-terms.js';
import { queryText, strictObject } from '../schemas.js';

export const searchGlossary = defineTool({
  name: 'search_glossary',
  title: 'Search the glossary',
  description:
    'Game terms and keywords (Link Unit, <Blocker>, 【Deploy】, 「ブロッカー」) with the rules that define them and the other language\'s term.',
  input: strictObject({
    query: queryText('query').describe('A term or a question about one'),
    language: z.enum(['en', 'ja']).optional().describe('Default: the query\'s'),
    limit: z.number().int().min(1).max(30).optional().describe('Default 8'),
  }),
  output: z.object({
    term_notes: z.array(termNoteSchema).optional(),
    query: z.string(),
    results: z.array(
      z.object({
        id: z.string(),
        term: z.string(),
        definition: z.string(),
        category: z.string().nullable(),
        document: z.string(),
        language: z.enum(['en', 'ja']),
        rules: z.array(z.string()).describe('Rule numbers in rules_document'),
        rules_document: z.string(),
        counterpart: z
          .object({ id: z.string(), term: z.string().nullable(), document: z.string() })
          .nullable()
          .describe('The other language\'s'),
      }),
    ),
  }),
  handler: (args, kb) => {
    const results = kb.glossary.search(args.query, args.limit ?? 8, args.language);
    const term_notes = foreignTermsIn(args.query);
    const text = results.length
      ? results.map((e) => `${e.term}${e.category ? ` [${e.category}]` : ''}: ${e.definition}${e.rules.length ? ` (rules ${e.rules.slice(0, 6).join(', ')})` : ''}${e.counterpart?.term ? ` [${e.language === 'en' ? 'ja' : 'en'}: ${e.counterpart.term}]` : ''}`).join('\n')
      : `No glossary term matches "${args.query}". Try search_rules for a full-text search of the rules.`;
    const notes = term_notes.map((t) => `Note: ${t.note}`).join('\n');
    return { structured: { query: args.query, ...(term_notes.length ? { term_notes } : {}), results }, text: notes ? `${notes}\n\n${text}` : text };
  },
});
