/**
 * The evaluator's example scenarios (copied into fixtures/, and read from ../shared/eval when that
 * checkout is present) plus the hand-worked extra scenarios, all asserted the way the evaluator does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDeckCase, checkRuling, type DeckCase, type RulingCase } from './checker.js';
import { EXTRA_RULINGS } from './scenarios.js';
import { deck, readJsonl, sim } from './helpers.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const shared = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'eval');

function rulingSuite(title: string, cases: RulingCase[]): void {
  describe(title, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expect(checkRuling(sim(c.input), c.expect)).toEqual([]);
    });
  });
}

function deckSuite(title: string, cases: DeckCase[]): void {
  describe(title, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expect(checkDeckCase(deck(c.input), c.expect)).toEqual([]);
    });
  });
}

rulingSuite('simulate_ruling: evaluator examples', readJsonl<RulingCase>(path.join(fixtures, 'rulings-dev.jsonl')));
deckSuite('check_deck: evaluator examples', readJsonl<DeckCase>(path.join(fixtures, 'decks-dev.jsonl')));
rulingSuite('simulate_ruling: hand-worked scenarios', EXTRA_RULINGS);

const haveShared = fs.existsSync(path.join(shared, 'rulings-dev.jsonl'));
describe.skipIf(!haveShared)('the shared eval files (when present) match the fixtures or pass too', () => {
  it('rulings', () => {
    for (const c of readJsonl<RulingCase>(path.join(shared, 'rulings-dev.jsonl'))) expect(checkRuling(sim(c.input), c.expect), c.name).toEqual([]);
  });
  it('decks', () => {
    for (const c of readJsonl<DeckCase>(path.join(shared, 'decks-dev.jsonl'))) expect(checkDeckCase(deck(c.input), c.expect), c.name).toEqual([]);
  });
});
