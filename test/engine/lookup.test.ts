/** createCardLookup: ids in every accepted form, names, and the preference among shared names. */
import { describe, expect, it } from 'vitest';
import { createCardLookup, normalizeCardId, simulateRuling, simulateRulingInputSchema, type CardLookup } from '../../src/engine/index.js';
import type { CardRecord } from '../../src/corpus/types.js';
import { cards, scenario } from './helpers.js';

describe('card lookup', () => {
  it('byId: base ids, alternate printings, `_p` forms, any case and spacing', () => {
    expect(cards().byId('GD01-013')?.name).toBe('Gundam');
    expect(cards().byId('ST01-014-p4')).toMatchObject({ id: 'ST01-014-p4', base_id: 'ST01-014' });
    expect(cards().byId('ST01-014_p4')?.id).toBe('ST01-014-p4');
    expect(cards().byId(' st01-014_P4 ')?.id).toBe('ST01-014-p4');
    expect(cards().byId('GD99-999')).toBeUndefined();
    expect(normalizeCardId('r-001_p2')).toBe('R-001-P2');
  });

  it('byName: exact, case-insensitive; never a partial match', () => {
    expect(cards().byName('amuro ray')?.id).toBe('ST01-010');
    expect(cards().byName('  White   Base ')?.id).toBe('ST01-015');
    expect(cards().byName('Amuro')).toBeUndefined();
  });

  it('a shared name prefers non-token cards with complete stats, then catalog order', () => {
    const mk = (id: string, extra: Partial<CardRecord>): CardRecord =>
      ({ id, base_id: null, name: 'Same', type: 'unit', token: false, level: 1, cost: 1, ap: 1, hp: 1, ...extra }) as CardRecord;
    const lookup = createCardLookup([mk('T-1', { token: true }), mk('X-1', { ap: null }), mk('X-2', {}), mk('X-3', {})]);
    expect(lookup.byName('same')?.id).toBe('X-2');
    expect(lookup.allByName?.('Same').map((c) => c.id)).toEqual(['X-2', 'X-3', 'X-1', 'T-1']);
    expect(cards().byName('Gundam')?.token).toBe(false);
  });
});

describe('official-only printings', () => {
  it('2-1-1: a printing known only from the official data is its base card', () => {
    expect(cards().byId('ST06-009-p1')?.id).toBe('ST06-009');
    expect(cards().byId('st06-009_p1')?.id).toBe('ST06-009');
  });
});

describe('2-2-1 card names: loose names through the caller\'s resolver (byLooseName)', () => {
  // A stub resolver, as the MCP layer passes get_card's: the engine only calls it, so it stays pure.
  const loose = (table: Record<string, { matches: string[]; near?: string[] }>): CardLookup => {
    const byId = (id: string) => cards().byId(id)!;
    return {
      ...cards(),
      byLooseName: (name) => {
        const hit = table[name];
        return { matches: (hit?.matches ?? []).map(byId), near: (hit?.near ?? []).map(byId) };
      },
    };
  };
  const unit = (card: string, lookup: CardLookup) =>
    simulateRuling(simulateRulingInputSchema.parse(scenario({ units: [{ id: 'a1', card }] }, {}, [])), lookup);

  it('a loose name that means one card is read as that card, and the log says so', () => {
    const out = unit('unicorn gundam destroy mode', loose({ 'unicorn gundam destroy mode': { matches: ['GD01-002'] } }));
    expect(out.violations).toEqual([]);
    expect(out.state.players.A.units[0]).toMatchObject({ card: 'GD01-002', name: 'Unicorn Gundam (Destroy Mode)' });
    expect(out.events.map((e) => e.text)).toContain('"unicorn gundam destroy mode" is not an exact card name; read as Unicorn Gundam (Destroy Mode)');
  });

  it('2-2-5: matches on several card numbers of one name resolve like that exact name (a non-token card first)', () => {
    const out = unit("char's zaku", loose({ "char's zaku": { matches: ['T-006', 'GD01-026', 'ST03-006'] } }));
    expect(out.violations).toEqual([]);
    expect(out.state.players.A.units[0]!.card).toBe(cards().byName("Char's Zaku Ⅱ")!.id);
    expect(out.state.players.A.units[0]!.card).not.toBe('T-006');
  });

  it('a loose name that fits several names is an input violation listing the best matches by number and name', () => {
    const out = unit('zaku', loose({ zaku: { matches: ['GD01-035', 'EB01-059', 'GD01-026'] } }));
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ kind: 'input', rules: ['2-1-1'] });
    expect(out.violations[0]!.reason).toMatch(/card "zaku" is not an exact card name and fits 3 names; give a card number or an exact name\. Best matches: GD01-035 Zaku Ⅱ, EB01-059 Psycho Zaku, GD01-026 Char's Zaku Ⅱ/);
  });

  it('an unknown name lists the closest cards the resolver suggests', () => {
    const out = unit('GD01-0133', loose({ 'GD01-0133': { matches: [], near: ['GD01-013', 'GD01-033'] } }));
    expect(out.violations[0]).toMatchObject({ kind: 'input' });
    expect(out.violations[0]!.reason).toMatch(/unknown card "GD01-0133"; closest: GD01-013 Gundam, GD01-033 Gundam Deathscythe; accepted: /);
  });

  it('without a resolver only card numbers and exact names are read', () => {
    const out = unit('unicorn gundam destroy mode', cards());
    expect(out.violations[0]!.reason).toMatch(/unknown card "unicorn gundam destroy mode"; accepted: /);
  });
});
