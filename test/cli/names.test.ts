/**
 * get_card's name matching (the CLI's `card` and the MCP tool share it): the name itself is an
 * exact match, a loose one says so, a whole word beats a substring, and a word no card name has is
 * no match. Properties over the whole catalog, in process.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { cardsByName, getCard } from '../../src/mcp/tools/cards.js';
import { ToolError } from '../../src/mcp/tool.js';
import { looseName } from '../../src/search/cards.js';

let kb: Knowledge;
let names: string[];
beforeAll(() => {
  kb = new Knowledge(loadCorpusFromMarkdown());
  names = [...new Set(kb.store.cards.map((c) => c.name))];
});
const get = (args: Record<string, unknown>) => getCard.handler(getCard.input.parse(args), kb).structured;

describe('card names', () => {
  it('every name in the catalog, as printed or in another case, is an exact match for a card of that name', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (i, upper) => {
        const name = names[i % names.length]!;
        const s = get({ name: upper ? name.toUpperCase() : name.toLowerCase() });
        expect(s.match).toBe('exact');
        expect(looseName(s.card.name)).toBe(looseName(name));
      }),
      { numRuns: 300 },
    );
  });

  it('a word that is in no card name makes any name no match, and the error names the closest', () => {
    const words = new Set(names.flatMap((n) => looseName(n).split(' ')));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.stringMatching(/^[qxjvz]{7,10}$/), (i, junk) => {
        fc.pre(!words.has(junk));
        const name = `${names[i % names.length]!} ${junk}`;
        expect(cardsByName(kb, name)).toBeNull();
        expect(() => get({ name })).toThrow(ToolError);
        expect(() => get({ name })).toThrow(/^no card matches ".*"; closest: /);
      }),
      { numRuns: 60 },
    );
  });

  it('a whole word and a leading match beat a substring: zaku is Zaku Ⅱ, not Psycho Zaku', () => {
    expect(get({ name: 'zaku' })).toMatchObject({ card: { name: 'Zaku Ⅱ' }, match: 'loose' });
    expect(get({ name: 'psycho zaku' })).toMatchObject({ card: { name: 'Psycho Zaku' }, match: 'exact' });
    expect(get({ name: 'Unicorn Gundm' })).toMatchObject({ card: { name: expect.stringMatching(/^Unicorn Gundam/) }, match: 'loose' });
    expect(get({ id: 'GD01-013' }).match).toBe('exact');
    expect(() => get({ name: 'gundam banana' })).toThrow(/no card matches "gundam banana"/);
  });

  it('a loose match has every word asked in its name (whole, as a prefix or with one typo)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (i) => {
        const words = looseName(names[i % names.length]!).split(' ').filter((w) => w.length >= 4);
        fc.pre(words.length > 0);
        const asked = words[0]!;
        const s = get({ name: asked });
        const got = looseName(s.card.name).split(' ');
        if (s.match === 'loose') expect(got.some((w) => w === asked || w.startsWith(asked)), `${asked} -> ${s.card.name}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
