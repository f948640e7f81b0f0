/** The compiler's coverage of the catalog may only grow: raise FULL_FLOOR when it does. */
import { describe, expect, it } from 'vitest';
import { loadCatalog, measureCoverage } from '../../tools/effects-coverage.js';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';

/** Cards with effect text beyond bare keywords that compile fully, as measured. */
const FULL_FLOOR = 715;

describe('effects coverage', () => {
  const c = measureCoverage(loadCatalog());

  it(`at least ${FULL_FLOOR} cards compile fully`, () => {
    expect(c.withEffects).toBeGreaterThan(700);
    expect(c.full).toBeGreaterThanOrEqual(FULL_FLOOR);
    expect(c.full + c.partial).toBe(c.withEffects);
  });

  it('the corpus stores each card\'s abilities and coverage', () => {
    const cards = loadCorpusFromMarkdown().cards;
    const gd01004 = cards.find((x) => x.id === 'GD01-004')!;
    expect(gd01004.effects).toBe('full');
    expect(gd01004.abilities.map((a) => a.kind)).toEqual(['keyword', 'triggered']);
    expect(cards.every((x) => (x.text.trim() === '') === (x.effects === 'none'))).toBe(true);
  });
});
