/**
 * The deck list reader (src/deck-list.ts): the forms people write, and a property: any deck written
 * in any mix of the accepted forms, with comments and headings between, reads back to the same
 * counts per card number.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looseCardNumber, parseDeckList } from '../../src/deck-list.js';
import { cards, corpus } from '../engine/helpers.js';
import type { CardRecord } from '../../src/corpus/types.js';

const isResource = (card: string) => cards().byId(card)?.type === 'resource' || cards().byName(card)?.type === 'resource';
const numberOf = (ref: string): string | undefined => {
  const c = cards().byId(ref) ?? cards().byName(ref);
  return c ? c.base_id ?? c.id : undefined;
};

let pools: { deck: CardRecord[]; resources: CardRecord[]; named: Set<string> } | undefined;
function pool() {
  if (pools) return pools;
  const base = corpus().cards.filter((c) => c.base_id === null && !c.token);
  // Names only one card number carries: those a list may use instead of the number.
  const named = new Set(base.filter((c) => cards().allByName!(c.name).filter((x) => !x.token).length === 1).map((c) => c.id));
  pools = { deck: base.filter((c) => c.type !== 'resource'), resources: base.filter((c) => c.type === 'resource'), named };
  return pools;
}

/** The ways a card number is written: as printed, lower case, "gd01 013", "GD1-13", "GD01_013". */
function numberForms(id: string): string[] {
  const m = /^([A-Z]+)(\d*)-(\d+)$/.exec(id)!;
  const [, letters, digits, num] = m;
  const forms = [id, id.toLowerCase(), `${letters}${digits}_${num}`];
  if (digits) forms.push(`${letters!.toLowerCase()}${digits} ${num}`, `${letters}${Number(digits)}-${Number(num)}`);
  return forms;
}

const countForms = [
  (n: number, c: string) => `${n} ${c}`,
  (n: number, c: string) => `${n}x ${c}`,
  (n: number, c: string) => `${n}× ${c}`,
  (n: number, c: string) => `x${n} ${c}`,
  (n: number, c: string) => `${c} x${n}`,
  (n: number, c: string) => `${c} x ${n}`,
  (n: number, c: string) => `${n}\t${c}`,
  (n: number, c: string) => `${c}\t${n}`,
];
const noise = ['', '# a comment', '// another', 'Units (24)', 'Pilots:', 'Main deck', '   '];

const deckArb = fc
  .record({
    deck: fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 20, selector: (i) => i % pool().deck.length }),
    resources: fc.uniqueArray(fc.nat(), { minLength: 0, maxLength: 3, selector: (i) => i % pool().resources.length }),
    seed: fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
    comment: fc.boolean(),
  })
  .map(({ deck, resources, seed, comment }) => {
    let k = 0;
    const pick = <T,>(xs: readonly T[]): T => xs[seed[k++ % seed.length]! % xs.length]!;
    const want = new Map<string, number>();
    const lines: string[] = [];
    const write = (c: CardRecord, n: number) => {
      want.set(c.id, n);
      const byName = pool().named.has(c.id) && pick([true, false]);
      const ref = byName ? c.name : pick(numberForms(c.id));
      lines.push(pick(countForms)(n, ref) + (comment && !byName ? pick(['', '  # note', ' // note']) : ''));
      if (pick([true, false, false])) lines.push(pick(noise));
    };
    for (const i of deck) write(pool().deck[i % pool().deck.length]!, 1 + (seed[i % seed.length]! % 4));
    if (resources.length) lines.push(pick(['Resource deck', 'Resources:', 'Resource deck (10)']));
    for (const i of resources) write(pool().resources[i % pool().resources.length]!, 1 + (seed[i % seed.length]! % 10));
    return { text: lines.join(pick(['\n', '\r\n'])), want };
  });

describe('deck list reader', () => {
  it('reads the usual forms and sends resource cards to the resource deck', () => {
    const { input, unread } = parseDeckList('4 GD01-013\n4x ST01-002 Gundam\nST01-003 x3\nst01-004\n// comment\n\nMain deck\n2 GD01-013\nnot a card\nResources:\n10 R-001\n5 EXR-001', (id) => /^(EX)?R-/.test(id));
    expect(input.deck).toEqual([
      { card: 'GD01-013', count: 6 },
      { card: 'ST01-002', count: 4 },
      { card: 'ST01-003', count: 3 },
      { card: 'ST01-004', count: 1 },
    ]);
    expect(input.resource_deck).toEqual([
      { card: 'R-001', count: 10 },
      { card: 'EXR-001', count: 5 },
    ]);
    expect(unread).toEqual([{ line: 9, text: 'not a card' }]);
  });

  it('reads names, tabs, x-counts on either side and loose card numbers; names ending in numbers stay names', () => {
    const { input, unread } = parseDeckList('4 Guncannon\n3x zaku mariner\nGraze x2\n4\tgd01 013\nGD1-13\t0\nx2 Zudah Unit 1\n1 0 Gundam\n0 Gundam x2\nGundam [ST01-001] x1\nUnits (12)\nZudah Unit 1\n10 R-001');
    expect(input.deck).toEqual([
      { card: 'Guncannon', count: 4 },
      { card: 'zaku mariner', count: 3 },
      { card: 'Graze', count: 2 },
      { card: 'GD01-013', count: 4 },
      { card: 'Zudah Unit 1', count: 2 },
      { card: '0 Gundam', count: 3 },
      { card: 'ST01-001', count: 1 },
    ]);
    expect(input.resource_deck).toEqual([{ card: 'R-001', count: 10 }]);
    // A bare name without a count is shown, not guessed ("Zudah Unit 1" could mean one Zudah Unit).
    expect(unread).toEqual([{ line: 11, text: 'Zudah Unit 1' }]);
  });

  it('card number forms fold to the catalog\'s', () => {
    expect(['GD01-013', 'gd01 013', 'GD1-13', 'gd01_13', 'GD01-0013'].map(looseCardNumber)).toEqual(['GD01-013', 'GD01-013', 'GD01-013', 'GD01-013', 'GD01-0013']);
    expect(looseCardNumber('st01-014_p4')).toBe('ST01-014-P4');
    expect(looseCardNumber('r-1')).toBe('R-001');
    // A space separates a number only after set digits: "Side 7" is a name.
    expect(looseCardNumber('Side 7')).toBeNull();
    expect(looseCardNumber('Gundam')).toBeNull();
  });

  it('property: a deck written in any mix of the accepted forms reads back to the same counts per card number', () => {
    fc.assert(
      fc.property(deckArb, ({ text, want }) => {
        const { input, unread } = parseDeckList(text, isResource);
        expect(unread).toEqual([]);
        const got = new Map<string, number>();
        for (const e of [...input.deck, ...input.resource_deck]) {
          const n = numberOf(e.card);
          expect(n, `${e.card} in\n${text}`).toBeDefined();
          got.set(n!, (got.get(n!) ?? 0) + e.count);
        }
        expect(got).toEqual(want);
        // Resources land in the resource deck wherever they were written.
        for (const e of input.resource_deck) expect(cards().byId(e.card) ?? cards().byName(e.card)).toMatchObject({ type: 'resource' });
      }),
      // Seed 495663717 found "0 Gundam x1" read as zero copies of "Gundam x1"; the example test above keeps it.
      { numRuns: 150 },
    );
  });
});
