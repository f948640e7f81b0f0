/** Quoted phrases are found verbatim in the rules, whatever the apostrophes and punctuation. */
import { describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { phraseHits } from '../../src/search/phrases.js';

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
