/**
 * Class 6 card gaps: the keyword filter finds cards that have a keyword only under a condition and
 * says so; loose names read roman numerals as numbers; one spelling per trait across sets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { getCard, searchCards } from '../../src/mcp/tools/cards.js';
import { looseName } from '../../src/search/cards.js';
import { keywordsInText } from '../../tools/corpus/card-keywords.js';
import { traitSpellings } from '../../tools/corpus/traits.js';
import type { CardRecord } from '../../src/corpus/types.js';

let kb: Knowledge;
beforeAll(() => {
  kb = new Knowledge(loadCorpusFromMarkdown());
});
const search = (args: Record<string, unknown>) => searchCards.handler(searchCards.input.parse({ limit: 100, ...args }), kb);

describe('search_cards keyword filter', () => {
  it.each([
    ['Blocker', 'GD01-081'],
    ['Repair 1', 'GD03-013'],
    ['Repair', 'GD05-006'],
    ['Repair', 'GD05-007'],
    ['Breach 1', 'GD03-088'],
  ])('%s finds %s, marked conditional', (keyword, id) => {
    const { structured, text } = search({ keyword, set: id.slice(0, 4) });
    const hit = structured.results.find((r) => r.id === id);
    expect(hit, `${keyword} in ${id.slice(0, 4)}`).toBeDefined();
    expect(hit!.keyword_match?.scope).toBe('conditional');
    expect(text).toMatch(new RegExp(`${id} .*conditional`));
  });

  it('a card that prints the keyword on its own line has it always; one that only mentions it is not found', () => {
    const { structured } = search({ keyword: 'Blocker', printings: 'base' });
    const always = structured.results.filter((r) => r.keyword_match?.scope === 'always');
    expect(always.length).toBeGreaterThan(0);
    for (const r of always) expect(r.keywords.some((k) => k.name === 'Blocker' && k.scope === 'innate') || /^(?:【[^】]*】)*<Blocker>/m.test(r.text), r.id).toBe(true);
    for (const r of structured.results) expect(r.keyword_match, r.id).toBeDefined();
    // A card whose text only mentions <Blocker> ("enemy Unit with <Blocker>") is not listed.
    const mentionsOnly = kb.store.cards.filter((c) => c.keywords.length > 0 && c.keywords.every((k) => k.name !== 'Blocker' || k.scope === 'mentions') && c.keywords.some((k) => k.name === 'Blocker') && !c.abilities.some((a) => a.kind === 'constant' && a.effects.some((e) => e.type === 'keyword' && e.keyword.name === 'Blocker')));
    expect(mentionsOnly.length).toBeGreaterThan(0);
    for (const c of mentionsOnly) expect(structured.results.some((r) => r.id === c.id), c.id).toBe(false);
    expect(search({ query: 'zaku' }).structured.results.every((r) => r.keyword_match === undefined)).toBe(true);
  });

  it('the build reads "this Unit gets AP+1 and <Blocker>" as the card\'s own conditional keyword, and "with <Blocker>" as a mention', () => {
    expect(keywordsInText('While you have another (Triple Ship Alliance) Unit in play, this Unit gets AP+1 and <Blocker>.', 'official')[0]!.scope).toBe('conditional');
    expect(keywordsInText('Choose 1 enemy Unit with <Blocker>. It gets AP-2 during this turn.', 'official')[0]!.scope).toBe('mentions');
    expect(keywordsInText('<Blocker>', 'official')[0]!.scope).toBe('innate');
  });
});

describe('loose card names: numbers and roman numerals', () => {
  it('reads roman numerals as numbers', () => {
    expect(looseName('Zaku Ⅱ')).toBe('zaku 2');
    expect(looseName('zaku ii')).toBe('zaku 2');
    expect(looseName("Char's Zaku Ⅱ")).toBe('char s zaku 2');
  });
  it.each(['zaku 2', 'Zaku II', 'zaku ii', 'Zaku Ⅱ'])('get_card "%s" is Zaku Ⅱ, not Ptolemaios 2', (name) => {
    const { structured } = getCard.handler(getCard.input.parse({ name }), kb);
    expect(structured.card.name).toBe('Zaku Ⅱ');
  });
});

describe('trait spelling', () => {
  it('GD05 traits take the capitalised spelling the rest of the catalog uses', () => {
    const gd05 = kb.store.cards.filter((c) => c.set.startsWith('GD05'));
    expect(gd05.length).toBeGreaterThan(0);
    for (const c of gd05) for (const t of c.traits) expect(t, `${c.id} ${t}`).not.toBe(t.toLowerCase());
    expect(kb.store.cards.find((c) => c.id === 'GD05-006')!.traits).toContain('Calamity War');
  });
  it('no trait is spelled two ways in the catalog', () => {
    const spellings = new Map<string, Set<string>>();
    for (const c of kb.store.cards) for (const t of c.traits) spellings.set(t.toLowerCase(), (spellings.get(t.toLowerCase()) ?? new Set()).add(t));
    expect([...spellings.values()].filter((s) => s.size > 1).map((s) => [...s].join(' / '))).toEqual([]);
  });
  it('traitSpellings prefers a capitalised form printed anywhere, else capitalises each word', () => {
    const c = (traits: string[], text = ''): CardRecord => ({ traits, text, link: null }) as unknown as CardRecord;
    const s = traitSpellings([c(['earth federation']), c(['Earth Federation']), c(['calamity war']), c(['mf'], 'A (Calamity War) Unit'), c(['londo bell'])]);
    expect(s.get('earth federation')).toBe('Earth Federation');
    expect(s.get('calamity war')).toBe('Calamity War');
    expect(s.get('londo bell')).toBe('Londo Bell');
    expect(s.get('mf')).toBe('MF');
  });
});
