/**
 * An independent review of the engine: scenarios written from the Comprehensive Rules before the
 * engine was run on them (test/engine/review/*.jsonl, each with the rules that decide it in `why`),
 * asserted the way the evaluator judges (checker.ts). bugs.jsonl holds the cases the review found
 * wrong, now fixed; ambiguous.jsonl the engine's reading where the rules allow two.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRuling, type RulingCase } from './checker.js';
import { readJsonl, sim } from './helpers.js';

const dir = path.join(import.meta.dirname, 'review');
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
  describe(`review: ${file}`, () => {
    const cases = readJsonl<RulingCase>(path.join(dir, file));
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expect(checkRuling(sim(c.input), c.expect)).toEqual([]);
    });
  });
}
