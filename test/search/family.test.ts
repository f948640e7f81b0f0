import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { computeFamilies, FamilyModel, questionFeatures, type FamilyData } from '../../src/search/family.js';

let store: CorpusStore;
let data: FamilyData;
beforeAll(() => {
  store = new CorpusStore(loadCorpusFromMarkdown());
  data = computeFamilies(store);
});

describe('the question family model (fitted on the paraphrases)', () => {
  it('is the same model on every build', () => {
    expect(computeFamilies(store)).toEqual(data);
    expect(data.weights.length).toBeGreaterThan(1000);
  });

  it('keeps the words a question needs, stop words and word pairs included', () => {
    expect(questionFeatures('Can I take it back?')).toEqual(expect.arrayContaining(['take', 'back', 'take it', 'it back']));
  });

  it('leans event questions above game questions, also when they are told in game actions', () => {
    const m = new FamilyModel(data);
    const game = ['how much damage does a unit with 3 AP deal to a shield', 'can my unit attack the turn it was deployed', 'does Blocker work if my unit is rested'];
    const event = ['my opponent is taking forever on every turn', 'I declared an attack with my Zaku then changed my mind, can I undo it?', 'is it ok to write down what my opponent played during a match'];
    const most = Math.max(...game.map((q) => m.eventLean(q)));
    for (const q of event) expect(m.eventLean(q), q).toBeGreaterThan(most + 0.5);
    for (const q of game) expect(m.eventLean(q), q).toBeLessThan(-0.5);
  });

  it('with no paraphrases of one family there is nothing to fit: every question leans nowhere', () => {
    const bare = new CorpusStore({ ...loadCorpusFromMarkdown(), asks: {} });
    const m = new FamilyModel(computeFamilies(bare));
    expect(m.eventLean('my opponent is taking forever')).toBe(0);
  });
});
