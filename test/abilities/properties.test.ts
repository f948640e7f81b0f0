/** Properties of the compiler on arbitrary text and on shuffled catalog fragments. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCardText } from '../../src/abilities/compile.js';
import { loadCatalog } from '../../tools/effects-coverage.js';

const fragments = [...new Set(loadCatalog().flatMap((c) => c.text.split(/(?<=[.】：,])\s*/)))].filter(Boolean);
const catalogText = fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 6 }).map((p) => p.join(' '));
const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 200 }), catalogText);

describe('compileCardText properties', () => {
  it('never throws, and its coverage agrees with its abilities', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const c = compileCardText(text);
        const unsupported = c.abilities.some((a) => a.kind === 'unsupported');
        expect(c.effects).toBe(text.trim() === '' ? 'none' : unsupported ? 'partial' : 'full');
      }),
      { numRuns: 1500 },
    );
  });

  it("every unsupported ability's unread clause is a piece of its own text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const a of compileCardText(text).abilities) if (a.kind === 'unsupported') expect(a.text).toContain(a.unread);
      }),
      { numRuns: 1500 },
    );
    for (const c of loadCatalog()) {
      for (const a of compileCardText(c.text, { keywords: c.keywords }).abilities) if (a.kind === 'unsupported') expect(a.text).toContain(a.unread);
    }
  });
});
