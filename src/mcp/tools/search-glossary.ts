/** search_glossary: glossary terms and keyword explanations, each with the rules behind it. */
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { queryText, strictObject } from '../schemas.js';

export const searchGlossary = defineTool({
  name: 'search_glossary',
  title: 'Search the glossary',
  description:
    'Looks up Gundam Card Game terms (Link Unit, Standby Player, Rested, Burst...) and keyword explanations (<Blocker>, <Breach>, 【Deploy】...) with the Comprehensive Rules numbers that define them.',
  input: strictObject({
    query: queryText('query').describe('A term or a question about a term, e.g. "blocker", "what is a link unit"'),
    limit: z.number().int().min(1).max(30).optional().describe('Maximum results, 1-30 (default 8)'),
  }),
  output: z.object({
    query: z.string(),
    results: z.array(
      z.object({
        id: z.string(),
        term: z.string(),
        definition: z.string(),
        category: z.string().nullable(),
        document: z.string(),
        rules: z.array(z.string()).describe('Comprehensive Rules (EN) numbers that define or govern the term'),
      }),
    ),
  }),
  handler: (args, kb) => {
    const results = kb.glossary.search(args.query, args.limit ?? 8);
    const text = results.length
      ? results.map((e) => `${e.term}${e.category ? ` [${e.category}]` : ''}: ${e.definition}${e.rules.length ? ` (rules ${e.rules.slice(0, 6).join(', ')})` : ''}`).join('\n')
      : `No glossary term matches "${args.query}". Try search_rules for a full-text search of the rules.`;
    return { structured: { query: args.query, results }, text };
  },
});
