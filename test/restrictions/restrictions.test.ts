/**
 * The banned/restricted list: the shipped list against the catalog (the pair group is derived from
 * the catalog's own data and compared), and each kind of restriction applied by check_deck in
 * process. Over real stdio and the CLI: test/mcp/check-deck.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, cards } from '../engine/helpers.js';
import { checkDeck, checkDeckInputSchema } from '../../src/engine/index.js';
import { bundledLists, cardsFitting, catalogProblems, listInForce, loadActiveList, parseRestrictionList, RestrictionsError } from '../../src/restrictions/load.js';
import { cardRestrictions } from '../../src/restrictions/check.js';
import type { RestrictionList } from '../../src/restrictions/schema.js';

const shipped = (): RestrictionList => bundledLists().find((l) => l.id === '2026-07-25')!;
const active = () => ({ list: shipped(), origin: 'bundled' });
const check = (deck: { card: string; count: number }[]) => checkDeck(checkDeckInputSchema.parse({ deck, resource_deck: [{ card: 'R-001', count: 10 }] }), cards(), { restrictions: active() });

/** The 50-card ST01 deck the CLI tests use: legal under the list (one pair-group card, GM). */
const LEGAL = [...Array.from({ length: 12 }, (_, i) => ({ card: `ST01-${String(i + 1).padStart(3, '0')}`, count: 4 })), { card: 'ST01-013', count: 2 }];

describe('the shipped list (Japanese announcement of 2026-07-10, effective 2026-07-25)', () => {
  it('has its source and dates, and names only catalog card numbers', () => {
    const l = shipped();
    expect(l).toMatchObject({ announced: '2026-07-10', effective: '2026-07-25', source: { page: '01_277', language: 'ja' } });
    expect(catalogProblems(l, corpus().cards, true)).toEqual([]);
    expect(l.banned.map((b) => b.card)).toEqual(['GD01-020']);
    expect(l.limited).toMatchObject([{ card: 'ST02-016', max: 2 }]);
    expect(l.banned_pairs.map((p) => p.cards)).toEqual([['GD01-008', 'GD05-015'], ['ST01-010', 'ST05-010']]);
  });

  it('pair group: exactly the catalog\'s Lv.2, cost 1, AP 2, HP 2 Units without effect text, derived from the catalog', () => {
    const derived = corpus()
      .cards.filter((c) => c.type === 'unit' && !c.token && c.base_id === null && c.level === 2 && c.cost === 1 && c.ap === 2 && c.hp === 2 && c.text.trim() === '')
      .map((c) => c.id)
      .sort();
    const group = shipped().pair_groups[0]!;
    expect([...group.cards].sort()).toEqual(derived);
    expect(derived).toHaveLength(20);
    expect(cardsFitting(group, corpus().cards).sort()).toEqual(derived);
  });

  it('the ST05 exception lists the product\'s card numbers as the catalog has them (set ST05, reprints as their card)', () => {
    const product = [...new Set(corpus().cards.filter((c) => c.set === 'ST05').map((c) => c.base_id ?? c.id))].sort();
    expect([...shipped().pair_groups[0]!.exceptions[0]!.cards].sort()).toEqual(product);
  });

  it('the corpus build refuses a list whose group misses a card that fits, or names a card the catalog lacks', () => {
    const l = structuredClone(shipped());
    l.pair_groups[0]!.cards = l.pair_groups[0]!.cards.filter((c) => c !== 'ST10-005');
    l.banned.push({ card: 'ZZ99-001' });
    const problems = catalogProblems(l, corpus().cards, true);
    expect(problems).toContain('ZZ99-001 is not a card number of the catalog');
    expect(problems.some((p) => /misses ST10-005/.test(p))).toBe(true);
  });

  it('is in force from its effective date, not before', () => {
    expect(listInForce([shipped()], '2026-07-24')).toBeNull();
    expect(listInForce([shipped()], '2026-07-25')?.id).toBe('2026-07-25');
  });
});

describe('check_deck with the list', () => {
  it('accepts a legal list and names the list', () => {
    const out = check(LEGAL);
    expect(out.violations).toEqual([]);
    expect(out.legal).toBe(true);
    expect(out.restriction_list).toMatchObject({ id: '2026-07-25', effective: '2026-07-25', label: 'Banned and restricted list effective 2026-07-25 (announced 2026-07-10)', origin: 'bundled' });
  });

  it('refuses a banned card, counting alternate printings as the card', () => {
    const out = check([...LEGAL.slice(0, 11), { card: 'GD01-020', count: 4 }, { card: 'ST01-013', count: 2 }]);
    const v = out.violations.find((x) => x.kind === 'restriction')!;
    expect(v.cards).toEqual(['GD01-020']);
    expect(v.reason).toMatch(/GD01-020 \(4 in the deck\) is banned by the Banned and restricted list effective 2026-07-25 \(announced 2026-07-10\)/);
    const limited = check([...LEGAL.slice(0, 11), { card: 'ST02-016', count: 2 }, { card: 'ST02-016-p1', count: 1 }, { card: 'ST01-012', count: 3 }]);
    const l = limited.violations.find((x) => x.kind === 'restriction')!;
    expect(l.reason).toMatch(/3 copies of ST02-016 \(counting ST02-016, ST02-016-p1\).*at most 2/);
    expect(check([...LEGAL.slice(0, 11), { card: 'ST02-016', count: 2 }, { card: 'ST01-012', count: 4 }]).violations.filter((x) => x.kind === 'restriction')).toEqual([]);
  });

  it('refuses both banned pairs, and a second kind from the pair group', () => {
    const pair = check([...LEGAL.slice(0, 12), { card: 'ST05-010', count: 2 }]);
    expect(pair.violations.filter((x) => x.kind === 'restriction').map((v) => v.reason)).toEqual([expect.stringMatching(/^ST01-010 and ST05-010 may not share a deck by the Banned and restricted list effective 2026-07-25/)]);
    const pair2 = check([{ card: 'GD01-008-p1', count: 1 }, { card: 'GD05-015', count: 1 }]);
    expect(pair2.violations.find((v) => v.kind === 'restriction')?.cards).toEqual(['GD01-008-p1', 'GD05-015']);
    const group = check([...LEGAL.slice(0, 12), { card: 'GD01-035', count: 2 }]);
    const g = group.violations.find((x) => x.kind === 'restriction')!;
    expect(g.reason).toMatch(/2 different cards of the pair group "Lv\.2, cost 1, AP 2, HP 2 Unit cards without effect text" \(GD01-035, ST01-005\)/);
    expect(g.cards.sort()).toEqual(['GD01-035', 'ST01-005']);
    // Four copies of one card of the group are fine.
    expect(check([...LEGAL.slice(0, 4), { card: 'ST01-005', count: 4 }]).violations.filter((x) => x.kind === 'restriction')).toEqual([]);
  });

  it('accepts the ST05 starter deck unaltered (two cards of the pair group), and not once a card is swapped in', () => {
    const product = shipped().pair_groups[0]!.exceptions[0]!.cards;
    // 16 card numbers, 50 cards: the catalog has the product's cards but not its copy counts.
    const st05 = product.map((card, i) => ({ card: card === 'ST01-014' ? 'ST01-014-p4' : card, count: i < 2 ? 4 : 3 }));
    const out = check(st05);
    expect(out.violations).toEqual([]);
    expect(out.exceptions).toEqual([expect.stringMatching(/^ST05 starter deck \(Iron Bloom\), unaltered/)]);
    const altered = check([...st05.slice(0, 15), { card: 'ST01-005', count: 3 }]);
    expect(altered.violations.some((v) => v.kind === 'restriction' && /pair group/.test(v.reason))).toBe(true);
  });

  it("get_card's standing: each kind, printings as their card, and nothing for a free card", () => {
    const l = shipped();
    expect(cardRestrictions(l, 'GD01-020')).toMatchObject([{ status: 'banned' }]);
    expect(cardRestrictions(l, 'ST02-016')).toMatchObject([{ status: 'limited', max: 2 }]);
    expect(cardRestrictions(l, 'ST05-010')).toMatchObject([{ status: 'banned_pair', with: ['ST01-010'] }]);
    expect(cardRestrictions(l, 'GD05-077')).toMatchObject([{ status: 'pair_group' }]);
    expect(cardRestrictions(l, 'GD01-013')).toEqual([]);
  });
});

describe('RESTRICTIONS_FILE', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-restrictions-'));
  const write = (name: string, content: unknown) => {
    const p = path.join(tmp, name);
    fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };
  const catalog = () => corpus().cards;

  it('replaces the shipped list, with exact copy counts for an exception when the file gives them', () => {
    const own = { ...structuredClone(shipped()), id: 'venue-1', name: 'Venue list', banned: [{ card: 'GD01-013' }], limited: [] };
    own.pair_groups[0]!.exceptions[0]!.copies = [{ card: 'ST05-004', count: 4 }];
    const file = write('venue.json', own);
    const loaded = loadActiveList({ RESTRICTIONS_FILE: file }, catalog)!;
    expect(loaded).toMatchObject({ origin: file, list: { id: 'venue-1' } });
    const out = checkDeck(checkDeckInputSchema.parse({ deck: [{ card: 'GD01-013', count: 1 }, { card: 'ST02-016', count: 3 }] }), cards(), { restrictions: loaded });
    const reasons = out.violations.filter((v) => v.kind === 'restriction').map((v) => v.reason);
    expect(reasons).toEqual([expect.stringMatching(/GD01-013 .*banned by the Venue list effective 2026-07-25/)]);
  });

  it('refuses a bad file naming the field, bad JSON, an unknown card number, and a missing file', () => {
    const bad = { ...structuredClone(shipped()), effective: '25 July 2026' };
    expect(() => loadActiveList({ RESTRICTIONS_FILE: write('bad.json', bad) }, catalog)).toThrow(/is not a valid list: effective: a date is written YYYY-MM-DD/);
    expect(() => loadActiveList({ RESTRICTIONS_FILE: write('broken.json', '{"id": ') }, catalog)).toThrow(/is not valid JSON/);
    const unknown = { ...structuredClone(shipped()), banned: [{ card: 'ZZ99-001' }] };
    expect(() => loadActiveList({ RESTRICTIONS_FILE: write('unknown.json', unknown) }, catalog)).toThrow(/names cards the catalog does not have: ZZ99-001/);
    expect(() => loadActiveList({ RESTRICTIONS_FILE: path.join(tmp, 'nope.json') }, catalog)).toThrow(RestrictionsError);
    expect(() => parseRestrictionList(JSON.stringify({ ...shipped(), extra: 1 }), 'x')).toThrow(/Unrecognized key/i);
  });
});
