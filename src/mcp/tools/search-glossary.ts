/** search_glossary: glossary terms and keyword explanations, each with the rules behind it. */
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { queryText, strictObject } from '../schemas.js';

export const searchGlossary = defineTool({
  name: 'search_glossary',
  title: 'Search the glossary',
  description:
    'Looks up Gundam Card Game terms (Link Unit, Standby Player, Token, EX Base...) and keyword explanations (<Blocker>, <Breach>, 【Deploy】...) in English or Japanese (「ブロッカー」, 「トークン」), ' +
    'with the Comprehensive Rules numbers that define them and the same term in the other language. A question no term answers gets the rules that answer it.',
  input: strictObject({
    query: queryText('query').describe('A term or a question about a term, e.g. "blocker", "what is a link unit", "ブロッカー"'),
    language: z.enum(['en', 'ja']).optional().describe('Language of the entries; default: the language the query is written in'),
    limit: z.number().int().min(1).max(30).optional().describe('Maximum results, 1-30 (default 8)'),
  }),
  output: z.object({
    query: z.string(),
    results: z.array(
      z.object({
        id: z.string().describe('The entry\'s record id in `document` (get_rule and read_rules_document accept it)'),
        term: z.string(),
        definition: z.string(),
        category: z.string().nullable(),
        document: z.string(),
        language: z.enum(['en', 'ja']),
        rules: z.array(z.string()).describe('Comprehensive Rules numbers (in rules_document) that define or govern the term'),
        rules_document: z.string(),
        counterpart: z
          .object({ id: z.string(), term: z.string().nullable(), document: z.string() })
          .nullable()
          .describe('The same term in the other language (an entry, or the counterpart rule)'),
      }),
    ),
  }),
  handler: (args, kb) => {
    const results = kb.glossary.search(args.query, args.limit ?? 8, args.language);
    const text = results.length
      ? results.map((e) => `${e.term}${e.category ? ` [${e.category}]` : ''}: ${e.definition}${e.rules.length ? ` (rules ${e.rules.slice(0, 6).join(', ')})` : ''}${e.counterpart?.term ? ` [${e.language === 'en' ? 'ja' : 'en'}: ${e.counterpart.term}]` : ''}`).join('\n')
      : `No glossary term matches "${args.query}". Try search_rules for a full-text search of the rules.`;
    return { structured: { query: args.query, results }, text };
  },
});
