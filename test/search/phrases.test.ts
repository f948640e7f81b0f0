/** Quoted phrases are found verbatim in the rules, whatever the apostrophes and punctuation. */
import { describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { cardPhrasesOf, cardPhraseTerms, phraseHits } from '../../src/search/phrases.js';

const store = new CorpusStore(loadCorpusFromMarkdown());
const allowed = new Set(['gundam-cr-en']);
const hits = (q: string) => phraseHits(q, store.records, allowed).map((i) => store.records[i]!);

describe('phraseHits', () => {
  it('finds a quoted phrase that holds an apostrophe, typed straight or curly', () => {
    for (const q of ['what is "opponent’s shield area" in breach?', `what is "opponent's shield area" in breach?`]) {
      const found = hits(q);
      expect(found.length, q).toBeGreaterThan(0);
      for (const r of found) expect(r.text.toLowerCase()).toContain('opponent’s shield area');
    }
  });

  it('finds a phrase in single quotes, but an apostrophe alone opens no quote', () => {
    expect(hits("what does 'If you do' mean").length).toBeGreaterThan(0);
    expect(hits("can my opponent's unit block the attack on the player's base")).toEqual([]);
  });
});

describe('card-text phrases the rules quote', () => {
  const byRecord = cardPhrasesOf(store.records, (r) => r.document === 'gundam-cr-en');
  const phrases = [...byRecord.values()].flat();
  const quoting = (term: string) => [...byRecord].filter(([, l]) => l.some((p) => p.term === term)).map(([i]) => store.records[i]!.id);

  it('are read from the rules: a phrase of stop words becomes one term for the rules that quote it', () => {
    expect(quoting('phraseifyoudo')).toEqual(expect.arrayContaining(['5-20', '5-20-1', '10-1-8-1-2']));
    expect(quoting('phraseduringthisbattle')).toEqual(['8-2-3', '8-6-1']);
    // "Unit cards" is found by its words; it needs no term of its own.
    expect(phrases.some((p) => p.words === ' unit cards ')).toBe(false);
  });

  it('a question uses a phrase anywhere, a one-word one ("Then", named by the 5-20 heading) only inside quoted card text', () => {
    expect(cardPhraseTerms('discard one card, and if you do, draw two', phrases)).toEqual(['phraseifyoudo']);
    expect(cardPhraseTerms("a command that said 'Choose 1 enemy Unit... Then, draw 1.'", phrases)).toEqual(['phrasethen']);
    expect(cardPhraseTerms('I attacked. Then my opponent blocked', phrases)).toEqual([]);
  });
});
