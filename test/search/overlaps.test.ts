/**
 * The Floor Rules and the Tournament Rules Manual both cover penalties, time and extra turns,
 * conceding and dropping, and agreed results, and differ: search_rules lists both and says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { searchRules } from '../../src/mcp/tools/search-rules.js';
import { FLOOR_RULES, TOURNAMENT_MANUAL, TOURNAMENT_OVERLAPS } from '../../src/search/overlaps.js';

let kb: Knowledge;
beforeAll(() => {
  kb = new Knowledge(loadCorpusFromMarkdown());
});

const run = (query: string) => searchRules.handler(searchRules.input.parse({ query, limit: 5 }), kb);

describe('both tournament documents on one topic', () => {
  it('every overlap names records that exist', () => {
    for (const o of TOURNAMENT_OVERLAPS) {
      for (const id of o.floor) expect(kb.store.rule(FLOOR_RULES, id), `${o.topic}: floor ${id}`).toBeDefined();
      for (const id of o.manual) expect(kb.store.rule(TOURNAMENT_MANUAL, id), `${o.topic}: manual ${id}`).toBeDefined();
    }
  });

  it.each([
    ['Time got called in the middle of our game in swiss. How many extra turns do we get?', 'time limits and extra turns'],
    ['extra turns player two time', 'time limits and extra turns'],
    ['penalty types severity order', 'penalties'],
    ['forfeit penalty who can impose', 'penalties'],
    ['my opponent wants to revise his action at our event, is that allowed', 'taking back an action'],
  ])('%s: both documents in the top 5, and a note that they differ', (query, topic) => {
    const { structured, text } = run(query);
    const docs = structured.results.map((r) => r.document);
    expect(docs).toContain(FLOOR_RULES);
    expect(docs).toContain(TOURNAMENT_MANUAL);
    expect(structured.note?.topic).toBe(topic);
    expect(structured.note?.note).toMatch(/^The Floor Rules and the Tournament Rules Manual both cover .* and differ: read both/);
    const ids = structured.results.map((r) => `${r.document}:${r.id}`);
    expect(ids).toContain(`${FLOOR_RULES}:${structured.note!.floor}`);
    expect(ids).toContain(`${TOURNAMENT_MANUAL}:${structured.note!.manual}`);
    expect(text).toMatch(/^Note: The Floor Rules and the Tournament Rules Manual/);
  });

  it('a game question gets no note and keeps its places', () => {
    const { structured } = run('If both battling units are destroyed, do they die at the same time?');
    expect(structured.note).toBeUndefined();
    expect(structured.results[0]!.document).toBe('gundam-cr-en');
  });
});
