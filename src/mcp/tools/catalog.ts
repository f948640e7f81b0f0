/** list_games, list_rules_documents, list_card_sets: what the server knows. */
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { documentSchema, strictObject } from '../schemas.js';
import type { Knowledge } from '../../knowledge.js';

const GAMES = {
  gundam: {
    name: 'Gundam Card Game',
    description: 'The current Bandai trading card game (2025-): Comprehensive Rules, glossary, tournament rules, card catalog.',
  },
  'gundam-war': {
    name: 'Gundam War',
    description: 'An older, different Bandai card game. Its rulebook and errata never answer Gundam Card Game questions.',
  },
} as const;

function documentsOf(kb: Knowledge) {
  return kb.store.documents.map((d) => ({ ...d, records: kb.store.recordsOf(d.id).length }));
}

export const listGames = defineTool({
  name: 'list_games',
  title: 'List games',
  description: 'The games this server knows (Gundam Card Game; the older Gundam War, apart) and their documents. Start here.',
  input: strictObject({}),
  output: z.object({
    games: z.array(
      z.object({
        id: z.enum(['gundam', 'gundam-war']),
        name: z.string(),
        description: z.string(),
        documents: z.array(z.string()),
        cards: z.number().int().nullable(),
      }),
    ),
  }),
  handler: (_args, kb) => {
    const games = (Object.keys(GAMES) as (keyof typeof GAMES)[]).map((id) => ({
      id,
      ...GAMES[id],
      documents: kb.store.documents.filter((d) => d.game === id).map((d) => d.id),
      cards: id === 'gundam' ? kb.store.cards.length : null,
    }));
    const text = games
      .map((g) => `${g.name} (${g.id}): ${g.description}\n  documents: ${g.documents.join(', ')}${g.cards ? `\n  cards: ${g.cards} printings` : ''}`)
      .join('\n');
    return { structured: { games }, text };
  },
});

export const listRulesDocuments = defineTool({
  name: 'list_rules_documents',
  title: 'List rules documents',
  description:
    'Every rules document: id, game, kind, language, version, date, authority. The unofficial one is labelled and never answers for the official game.',
  input: strictObject({
    game: z.enum(['gundam', 'gundam-war']).optional().describe('Only this game'),
    language: z.enum(['en', 'ja']).optional().describe('Only this language'),
  }),
  output: z.object({ documents: z.array(documentSchema) }),
  handler: (args, kb) => {
    const documents = documentsOf(kb).filter((d) => (!args.game || d.game === args.game) && (!args.language || d.language === args.language));
    const text = documents
      .map((d) => `${d.id}: ${d.title} [${d.game}, ${d.kind}, ${d.language}, version ${d.version}${d.date ? `, ${d.date}` : ''}, ${d.authority.toUpperCase()}] ${d.records} records`)
      .join('\n');
    return { structured: { documents }, text: text || `No rules document matches${args.game ? ` game "${args.game}"` : ''}${args.language ? ` in language "${args.language}"` : ''}.` };
  },
});

export const listCardSets = defineTool({
  name: 'list_card_sets',
  title: 'List card sets',
  description: 'The card sets (products) in the catalog, with their printing counts.',
  input: strictObject({}),
  output: z.object({
    total: z.number().int(),
    sets: z.array(z.object({ code: z.string(), name: z.string().nullable(), printings: z.number().int() })),
  }),
  handler: (_args, kb) => {
    const sets = kb.store.sets;
    const text = sets.map((s) => `${s.code}${s.name ? ` ${s.name}` : ''}: ${s.printings}`).join('\n');
    return { structured: { total: kb.store.cards.length, sets }, text };
  },
});
