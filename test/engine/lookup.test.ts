/** createCardLookup: ids in every accepted form, names, and the preference among shared names. */
import { describe, expect, it } from 'vitest';
import { createCardLookup, normalizeCardId } from '../../src/engine/index.js';
import type { CardRecord } from '../../src/corpus/types.js';
import { cards } from './helpers.js';

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
