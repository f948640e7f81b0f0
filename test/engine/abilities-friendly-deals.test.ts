/**
 * Freedom Gundam (METEOR) GD03-076: "【Once per Turn】During your turn, when your (Triple Ship
 * Alliance) Unit deals battle damage to an enemy Unit, you may return the enemy Unit to its owner's
 * hand." A trigger on battle damage actually dealt (8-5-3-2, 5-5-5) by a friendly Unit it names
 * (itself too), "the enemy Unit" the one dealt the damage.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const tsa = { id: 'tsa', name: 'TSA Unit', ap: 3, hp: 3, traits: ['Triple Ship Alliance'] };
const board = (A: Record<string, unknown>[], B: Record<string, unknown>[], actions: unknown[], active = 'A') =>
  sim({ state: { active_player: active, players: { A: { units: [{ id: 'fm', card: 'GD03-076' }, ...A] }, B: { units: B } } }, actions });
const rested = (id: string, more: Record<string, unknown> = {}) => ({ id, name: `Enemy ${id}`, ap: 1, hp: 5, rested: true, ...more });
const unitIds = (out: ReturnType<typeof sim>, p: 'A' | 'B') => out.state.players[p].units.map((u) => u.id);

describe('GD03-076 Freedom Gundam (METEOR)', () => {
  it('a (Triple Ship Alliance) Unit deals battle damage: the enemy Unit it survived may be returned to its owner\'s hand', () => {
    const out = board([tsa], [rested('b1')], [{ type: 'attack', attacker: 'tsa', target: 'b1', choices: [{ use: true }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    expect(unitIds(out, 'B')).toEqual([]);
    expect(out.state.players.B.hand).toBe(6);
    expect(out.events.some((e) => /Enemy b1 \(b1\) returns to player B's hand/.test(e.text))).toBe(true);
  });

  it('the player may decline: the enemy Unit stays with its damage', () => {
    const out = board([tsa], [rested('b1')], [{ type: 'attack', attacker: 'tsa', target: 'b1', choices: [{ use: false }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.units[0]).toMatchObject({ id: 'b1', damage: 3 });
  });

  it('Freedom Gundam (METEOR) is a (Triple Ship Alliance) Unit itself', () => {
    const out = board([], [rested('b1', { hp: 9 })], [{ type: 'attack', attacker: 'fm', target: 'b1', choices: [{ use: true }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitIds(out, 'B')).toEqual([]);
  });

  it('a Unit without the trait does not trigger it', () => {
    const out = board([{ ...tsa, traits: ['Zaft'] }], [rested('b1')], [{ type: 'attack', attacker: 'tsa', target: 'b1' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitIds(out, 'B')).toEqual(['b1']);
    expect(out.events.some((e) => /Freedom Gundam \(METEOR\) \(fm\) triggers/.test(e.text))).toBe(false);
  });

  it('【Once per Turn】: a second battle that turn does not trigger it again (13-2-13-1)', () => {
    const out = board([tsa, { ...tsa, id: 'tsa2' }], [rested('b1'), rested('b2')], [
      { type: 'attack', attacker: 'tsa', target: 'b1', choices: [{ use: true }] },
      { type: 'attack', attacker: 'tsa2', target: 'b2' },
    ]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitIds(out, 'B')).toEqual(['b2']);
  });

  it('during the opponent\'s turn (its Unit blocks and deals damage), it does not trigger', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'fm', card: 'GD03-076' }, { ...tsa, keywords: ['<Blocker>'] }] }, B: { units: [{ id: 'b1', name: 'Attacker', ap: 1, hp: 5 }] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'player', blocker: 'tsa' }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitIds(out, 'B')).toEqual(['b1']);
  });

  it('no damage dealt (AP 0) is no battle damage dealt (5-5-5): nothing triggers', () => {
    const out = board([{ ...tsa, ap: 0 }], [rested('b1')], [{ type: 'attack', attacker: 'tsa', target: 'b1' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitIds(out, 'B')).toEqual(['b1']);
  });
});
