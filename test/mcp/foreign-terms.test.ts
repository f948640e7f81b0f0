/** Words from other card games: search_rules and search_glossary say the term does not exist here and name the nearest rule. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { searchRules } from '../../src/mcp/tools/search-rules.js';
import { searchGlossary } from '../../src/mcp/tools/search-glossary.js';
import { FOREIGN_TERMS, foreignTermsIn } from '../../src/mcp/foreign-terms.js';

let kb: Knowledge;
beforeAll(() => {
  kb = new Knowledge(loadCorpusFromMarkdown());
});
const rules = (query: string) => searchRules.handler(searchRules.input.parse({ query }), kb);

describe('words from other games', () => {
  it('maps every term to a rule that exists', () => {
    for (const t of FOREIGN_TERMS) expect(kb.store.rule(t.document, t.rule), t.term).toBeDefined();
  });

  it('"sideboard" and "side deck" find Tournament Rules Manual 2.4 and say there are none', () => {
    for (const query of ['can I use a sideboard between games?', 'how many cards can my side deck have']) {
      const out = rules(query);
      expect(out.structured.results[0], query).toMatchObject({ document: 'gundam-tournament-rules-en', id: '2.4' });
      expect(out.structured.results[0]!.text, query).toContain('No side decks are permitted');
      expect(out.structured.term_notes?.[0], query).toMatchObject({ rule: '2.4', document: 'gundam-tournament-rules-en' });
      expect(out.text, query).toMatch(/^Note: "sideboard \/ side deck" is not a term of the Gundam Card Game/);
    }
  });

  it('names the term and the nearest rule for rush, trample, quick commands, the stack, tap and mulligan', () => {
    const cases: [string, string][] = [
      ['does my unit have summoning sickness', '3-2-4'], ['is there trample in this game', '13-1-2'], ['can I play a Quick Command on my opponent\'s turn', '9'],
      ['what goes on the stack first', '10-1-6'], ['when do I untap my units', '5-4'], ['how does the mulligan work', '6-2-1-6'], ['can I counter a spell', '5-18'],
    ];
    for (const [query, rule] of cases) {
      expect(rules(query).structured.term_notes?.map((t) => t.rule), query).toContain(rule);
      const glossary = searchGlossary.handler(searchGlossary.input.parse({ query }), kb);
      expect(glossary.structured.term_notes?.map((t) => t.rule), query).toContain(rule);
      expect(glossary.text, query).toMatch(/is not a term of the Gundam Card Game/);
    }
  });

  it('says nothing for this game\'s own words or other senses', () => {
    for (const query of ['how does blocker work', 'my opponent keeps tapping the table', 'a quick question about the damage step', 'my opponent flashed their hand']) {
      expect(foreignTermsIn(query), query).toEqual([]);
      expect(rules(query).structured.term_notes, query).toBeUndefined();
    }
  });
});
