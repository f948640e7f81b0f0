/** search_rules: full-text search over the rules documents, best first. */
import { z } from 'zod';
import { defineTool, ToolError } from '../tool.js';
import { queryText, strictObject } from '../schemas.js';
import { SearchError } from '../../search/service.js';

export const searchRules = defineTool({
  name: 'search_rules',
  title: 'Search the rules',
  description:
    'Searches the Gundam Card Game rules and returns the matching rules with their printed numbers (8-5-3-2; tournament manual 2.4.1), exact text and heading path, best first. ' +
    'By default it searches every official Gundam Card Game document in the query\'s language (Comprehensive Rules, Tournament Rules Manual, Floor Rules, errata note); ' +
    'English and Japanese queries both work. Players\' words ("tap", "graveyard", "mulligan", "life") are understood. A rule number in the query is looked up directly. ' +
    'The most specific matching rule comes first; a section that contains it follows, marked parent_of_match with the matched_children. ' +
    'When the Floor Rules and the Tournament Rules Manual both cover the topic (penalties, time and extra turns, conceding and dropping, agreed results), both are listed and `note` says how they differ.',
  input: strictObject({
    query: queryText('query').describe('The question or words to search for, in English or Japanese (e.g. "can a unit attack the turn it is deployed", "ブロッカー")'),
    language: z.enum(['en', 'ja']).optional().describe('Language of the documents to search; default: the language the query is written in'),
    game: z.enum(['gundam', 'gundam-war']).optional().describe('Game to search; default gundam (Gundam War is a different, older game)'),
    document: z.string().max(64).optional().describe('Search only this document id (see list_rules_documents)'),
    include_unofficial: z.boolean().optional().describe('Also search the unofficial "v1.0.0" document (default false; it contradicts the official rules)'),
    limit: z.number().int().min(1).max(50).optional().describe('Maximum results, 1-50 (default 10)'),
  }),
  output: z.object({
    query: z.string(),
    language: z.enum(['en', 'ja']),
    documents: z.array(z.string()).describe('The documents searched'),
    note: z
      .object({ topic: z.string(), floor: z.string(), manual: z.string(), note: z.string() })
      .optional()
      .describe('Set when the Floor Rules and the Tournament Rules Manual both cover the question and differ: their rule ids and how they differ; read both'),
    results: z.array(
      z.object({
        id: z.string().describe('The printed rule number'),
        document: z.string(),
        document_title: z.string(),
        kind: z.string(),
        authority: z.string(),
        language: z.enum(['en', 'ja']),
        version: z.string(),
        heading: z.string().nullable(),
        path: z.array(z.string()),
        text: z.string(),
        score: z.number(),
        parent_of_match: z.boolean().describe('True when more specific rules under this one matched the query: the governing rule is likely one of matched_children (ranked above this one when it scores close)'),
        matched_children: z
          .array(z.object({ id: z.string(), heading: z.string().nullable(), text: z.string() }))
          .describe('The rules under this one that matched, best first (text shortened); read one with get_rule'),
      }),
    ),
  }),
  handler: (args, kb) => {
    let found;
    try {
      found = kb.rules.searchRules({
        query: args.query,
        ...(args.language ? { language: args.language } : {}),
        ...(args.game ? { game: args.game } : {}),
        ...(args.document ? { document: args.document } : {}),
        ...(args.include_unofficial !== undefined ? { include_unofficial: args.include_unofficial } : {}),
        limit: args.limit ?? 10,
      });
    } catch (e) {
      if (e instanceof SearchError) throw new ToolError(e.message);
      throw e;
    }
    const { language, documents, results, note } = found;
    const lines = results.map((r) => {
      const label = r.authority === 'unofficial' ? ' [UNOFFICIAL]' : '';
      const head = r.heading ? ` ${r.heading}` : '';
      const under = r.matched_children.length ? `\n  (parent of the matching rules ${r.matched_children.map((c) => c.id).join(', ')})` : '';
      return `${r.id}${head} (${r.document_title}${label})\n${r.text}${under}`;
    });
    const body = results.length ? lines.join('\n\n') : `No rule matches "${args.query}" in ${documents.join(', ') || 'the selected documents'}.`;
    const text = note ? `Note: ${note.note} (Floor Rules ${note.floor}, Tournament Rules Manual ${note.manual})\n\n${body}` : body;
    return { structured: { query: args.query, language, documents, ...(note ? { note } : {}), results }, text };
  },
});
