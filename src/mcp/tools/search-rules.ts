/** search_rules: full-text search over the rules documents, best first. */
import { z } from 'zod';
import { defineTool, ToolError } from '../tool.js';
import { queryText, strictObject } from '../schemas.js';
import { SearchError } from '../../search/service.js';
import { differenceLine, differenceOf, differenceSchema } from '../differences.js';
import { EXCERPT_CHARS, matchingPart, TEXT_BUDGET } from '../excerpt.js';
import { foreignTermsIn, leadsWith, termNoteSchema } from '../foreign-terms.js';

const FLOOR = 'gundam-floor-rules-en';
const MANUAL = 'gundam-tournament-rules-en';

/**
 * The Floor Rules and the Tournament Rules Manual are separate documents that overlap and differ
 * (overlaps.ts names the topics where they disagree): whenever both are among the results, say so,
 * with the first rule of each, so a reader does not take one for the other.
 */
function bothTournamentDocuments(results: readonly { document: string; id: string }[]) {
  const floor = results.find((r) => r.document === FLOOR);
  const manual = results.find((r) => r.document === MANUAL);
  if (!floor || !manual) return undefined;
  return {
    topic: 'tournament documents',
    floor: floor.id,
    manual: manual.id,
    note: 'The Sanctioned Tournament Floor Rules and the Tournament Rules Manual are both among these results: they are separate documents, which differ in places (penalty names, extra turns, dropping). Cite the one that governs the event, or both.',
  };
}

export const searchRules = defineTool({
  name: 'search_rules',
  title: 'Search the rules',
  description:
    'Searches the official rules (comprehensive, tournament, floor, errata), English or Japanese, by players\' words or rule numbers: numbered rules, exact text, most specific first.',
  input: strictObject({
    query: queryText('query').describe('A question or words, English or Japanese'),
    language: z.enum(['en', 'ja']).optional().describe('Default: the query\'s'),
    game: z.enum(['gundam', 'gundam-war']).optional().describe('Default gundam'),
    document: z.string().max(64).optional().describe('Only this document id'),
    include_unofficial: z.boolean().optional().describe('Also the unofficial "v1.0.0" document'),
    limit: z.number().int().min(1).max(50).optional().describe('Default 10'),
  }),
  output: z.object({
    query: z.string(),
    language: z.enum(['en', 'ja']),
    documents: z.array(z.string()),
    note: z.object({ topic: z.string(), floor: z.string(), manual: z.string(), note: z.string() }).optional(),
    term_notes: z.array(termNoteSchema).optional(),
    results: z.array(
      z.object({
        id: z.string(),
        document: z.string(),
        document_title: z.string(),
        kind: z.string(),
        authority: z.string(),
        language: z.enum(['en', 'ja']),
        version: z.string(),
        heading: z.string().nullable(),
        path: z.array(z.string()),
        text: z.string().describe('The matching part when excerpt is set; get_rule gives all'),
        full_length: z.number().int(),
        excerpt: z.boolean().optional(),
        score: z.number(),
        parent_of_match: z.boolean().describe('Rules under this one matched: see matched_children'),
        matched_children: z
          .array(z.object({ id: z.string(), heading: z.string().nullable(), text: z.string() }))
          .describe('Best first, text shortened'),
        difference: differenceSchema.optional(),
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
    const { language, documents } = found;
    const note = found.note ?? bothTournamentDocuments(found.results);
    // Each result carries the part of its record that matches (the whole when short), within one
    // budget for the answer; a child listed under its parent that is a result itself is not repeated.
    // A term from another game ("sideboard") that is the question itself: its rule comes first.
    const term_notes = language === 'en' && !args.document ? foreignTermsIn(args.query) : [];
    const leads = language === 'en' && !args.document ? leadsWith(args.query) : [];
    const excerptQuery = [args.query, ...leads.map((t) => t.quote ?? '')].join(' ');
    for (const t of leads) {
      const at = found.results.findIndex((r) => r.document === t.document && r.id === t.rule);
      if (at >= 0) {
        found.results.unshift(...found.results.splice(at, 1));
        continue;
      }
      const rec = kb.store.rule(t.document, t.rule);
      const doc = kb.store.document(t.document);
      if (!rec || !doc) continue;
      found.results.unshift({
        id: rec.id, document: rec.document, document_title: doc.title, kind: doc.kind, authority: doc.authority, language: rec.language,
        version: rec.version, heading: rec.heading, path: rec.path, text: rec.text, score: found.results[0]?.score ?? 0, parent_of_match: false, matched_children: [],
      });
      if (found.results.length > (args.limit ?? 10)) found.results.pop();
    }
    const listed = new Set(found.results.map((r) => `${r.document}\u0000${r.id}`));
    let used = 0;
    const results = found.results.map((r) => {
      const record = kb.store.rule(r.document, r.id);
      const full = record?.text ?? r.text;
      const part = matchingPart(full, excerptQuery, used > TEXT_BUDGET ? 160 : EXCERPT_CHARS);
      used += part.text.length;
      const difference = record ? differenceOf(record) : undefined;
      const matched_children = r.matched_children.map((c) => (listed.has(`${r.document}\u0000${c.id}`) ? { ...c, text: '' } : c));
      return { ...r, text: part.text, full_length: full.length, ...(part.cut ? { excerpt: true } : {}), matched_children, ...(difference ? { difference } : {}) };
    });
    const lines = results.map((r) => {
      const label = r.authority === 'unofficial' ? ' [UNOFFICIAL]' : '';
      const head = r.heading ? ` ${r.heading}` : '';
      const under = r.matched_children.length ? `\n  (parent of the matching rules ${r.matched_children.map((c) => c.id).join(', ')})` : '';
      // A cross-reference printed with the wrong number ("See 12-2-5. 【Burst】" for 13-2-5): the text
      // reads the right number (the build corrected it) and a reader comparing with print is told why.
      const misprinted = (kb.store.rule(r.document, r.id)?.cites ?? []).filter((c) => c.discrepancy && c.target);
      const fixes = misprinted.length ? `\n  (${misprinted.map((c) => `the source prints ${c.cited} for ${c.target}`).join('; ')}: corrected here)` : '';
      const record = kb.store.rule(r.document, r.id);
      const differs = record ? differenceLine(record) : undefined;
      const cut = r.excerpt ? `\n  (the matching part of ${r.full_length} characters: get_rule "${r.id}" for all)` : '';
      return `${r.id}${head} (${r.document_title}${label})\n${r.text}${cut}${differs ? `\n  ${differs}` : ''}${under}${fixes}`;
    });
    const body = results.length ? lines.join('\n\n') : `No rule matches "${args.query}" in ${documents.join(', ') || 'the selected documents'}.`;
    const heads = [
      ...term_notes.map((t) => `Note: ${t.note}`),
      ...(note ? [`Note: ${note.note} (Floor Rules ${note.floor}, Tournament Rules Manual ${note.manual})`] : []),
    ];
    const text = heads.length ? `${heads.join('\n')}\n\n${body}` : body;
    return { structured: { query: args.query, language, documents, ...(note ? { note } : {}), ...(term_notes.length ? { term_notes } : {}), results }, text };
  },
});
