/** check_deck: the construction rules of 6-1. Decks are built from the catalog so they stay valid. */
import { describe, expect, it } from 'vitest';
import type { CardRecord } from '../../src/corpus/types.js';
import { corpus, deck } from './helpers.js';

const playable = (c: CardRecord) => !c.token && c.base_id === null && ['unit', 'pilot', 'command', 'base'].includes(c.type);
const ofColor = (color: string, n: number): CardRecord[] => corpus().cards.filter((c) => playable(c) && c.color === color).slice(0, n);
const resources = [{ card: 'R-001', count: 10 }];

/** 50 cards: 12 x 4 + 1 x 2 from the given colors in turn. */
function build(colors: string[]): { card: string; count: number }[] {
  const pools = colors.map((c) => ofColor(c, 13));
  const picked: CardRecord[] = [];
  for (let i = 0; picked.length < 13; i++) for (const p of pools) if (picked.length < 13 && p[i]) picked.push(p[i]!);
  return picked.map((c, i) => ({ card: c.id, count: i === 12 ? 2 : 4 }));
}

describe('6-1 deck construction', () => {
  it('6-1-1-2-1: a mono-color and a two-color 50-card deck with a 10-card resource deck are legal', () => {
    expect(deck({ deck: build(['red']), resource_deck: resources })).toMatchObject({ legal: true, violations: [], summary: { deck_cards: 50, resource_cards: 10, colors: ['red'] } });
    const two = deck({ deck: build(['green', 'white']), resource_deck: resources });
    expect(two.legal).toBe(true);
    expect([...two.summary.colors].sort()).toEqual(['green', 'white']);
  });

  it('6-1-1-2: three colors are illegal', () => {
    const out = deck({ deck: build(['blue', 'red', 'purple']), resource_deck: resources });
    expect(out.legal).toBe(false);
    expect(out.violations.map((v) => v.rules)).toContainEqual(['6-1-1-2']);
  });

  it('6-1-1: 49 or 51 cards, and a resource deck that is not 10, are illegal', () => {
    const d = build(['red']);
    d[12] = { card: d[12]!.card, count: 1 };
    expect(deck({ deck: d, resource_deck: resources }).violations[0]).toMatchObject({ rules: ['6-1-1'] });
    expect(deck({ deck: build(['red']), resource_deck: [{ card: 'R-001', count: 9 }] }).violations[0]?.reason).toMatch(/resource deck has 9/);
  });

  it('6-1-1: no resource deck at all is illegal too', () => {
    const out = deck({ deck: build(['red']) });
    expect(out.legal).toBe(false);
    expect(out.violations[0]?.reason).toMatch(/no resource deck/);
  });

  it('6-1-1-3 / 2-1-1: five copies are illegal, alternate printings counting with their card number', () => {
    const d = build(['white']);
    const five = deck({ deck: [...d.slice(0, 12), { card: d[0]!.card, count: 1 }, { card: d[12]!.card, count: 1 }], resource_deck: resources });
    expect(five.violations.find((v) => v.rules.includes('6-1-1-3'))?.cards).toEqual([d[0]!.card]);
    // ST01-014 (white) and its alternate printing ST01-014-p4 are the same card number.
    const alt = deck({ deck: [{ card: 'ST01-014', count: 3 }, { card: 'ST01-014-p4', count: 2 }], resource_deck: resources });
    const v = alt.violations.find((x) => x.rules.includes('6-1-1-3'));
    expect(v?.reason).toMatch(/5 copies of card number ST01-014/);
    expect(v?.cards).toEqual(['ST01-014', 'ST01-014-p4']);
  });

  it('6-1-1-5: any number of the same Resource card is fine', () => {
    expect(deck({ deck: build(['red']), resource_deck: [{ card: 'R-001', count: 6 }, { card: 'R-001-p1', count: 4 }] }).legal).toBe(true);
  });

  it('6-1-1-1 / 6-1-1-4: Resources and tokens stay out of the deck; only Resources in the resource deck', () => {
    const d = build(['red']);
    const withResource = deck({ deck: [...d.slice(0, 12), { card: 'R-001', count: 2 }], resource_deck: resources });
    expect(withResource.violations.map((v) => v.rules)).toContainEqual(['6-1-1-1', '6-1-1-4']);
    const withToken = deck({ deck: [...d.slice(0, 12), { card: 'T-001', count: 2 }], resource_deck: resources });
    expect(withToken.violations.map((v) => v.rules)).toContainEqual(['6-1-1-1', '5-17-1']);
    const badResources = deck({ deck: d, resource_deck: [{ card: 'R-001', count: 9 }, { card: 'EXR-001', count: 1 }] });
    expect(badResources.violations.map((v) => v.rules)).toContainEqual(['6-1-1-4', '6-1-2']);
    const unitInResources = deck({ deck: d, resource_deck: [{ card: 'R-001', count: 9 }, { card: 'GD01-013', count: 1 }] });
    expect(unitInResources.violations.map((v) => v.rules)).toContainEqual(['6-1-1-4']);
  });

  it('unknown ids are named, with what is accepted; `_p` forms and names resolve', () => {
    const d = build(['red']);
    const out = deck({ deck: [...d.slice(0, 12), { card: 'ZZ99-001', count: 2 }], resource_deck: resources });
    expect(out.violations[0]).toMatchObject({ cards: ['ZZ99-001'] });
    expect(out.violations[0]?.reason).toMatch(/unknown card: ZZ99-001; accepted: catalog card numbers/);
    expect(out.summary.unknown).toEqual(['ZZ99-001']);
    const alt = deck({ deck: [{ card: 'st01-014_p4', count: 1 }, { card: 'Mikazuki Augus', count: 1 }, { card: 'gd01 13', count: 1 }], resource_deck: resources });
    expect(alt.summary.unknown).toEqual([]);
    expect(alt.summary.types).toMatchObject({ command: 1, pilot: 1, unit: 1 });
    expect(alt.read).toEqual([
      { written: 'Mikazuki Augus', card: 'ST05-010', name: 'Mikazuki Augus', match: 'name' },
      { written: 'gd01 13', card: 'GD01-013', name: expect.any(String), match: 'number' },
    ]);
  });

  it('2-1-1: a name two card numbers share is an input problem listing both, not a guess', () => {
    const out = deck({ deck: [{ card: 'Amuro Ray', count: 4 }], resource_deck: resources });
    const v = out.violations.find((x) => x.kind === 'input');
    expect([...v!.cards].sort()).toEqual(['GD05-085', 'ST01-010']);
    expect(v?.reason).toMatch(/"Amuro Ray" fits 2 cards: .*Amuro Ray .*Amuro Ray .*write the card number/);
    expect(out.summary.deck_cards).toBe(0);
  });

  it('6-1-1-2: a three-color deck names the cards of the extra color only', () => {
    const red = build(['red']).slice(0, 8); // 32 red
    const blue = build(['blue']).slice(0, 4); // 16 blue
    const green = build(['green']).slice(0, 1).map((e) => ({ ...e, count: 2 }));
    const out = deck({ deck: [...red, ...blue, ...green], resource_deck: resources });
    const v = out.violations.find((x) => x.rules.includes('6-1-1-2'));
    expect(v?.cards).toEqual([green[0]!.card]);
    expect(v?.reason).toMatch(/red 32, blue 16, green 2.*the cards of green are beyond the two main colors/);
  });
});
