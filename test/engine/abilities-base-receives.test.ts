/**
 * Izuma Colony GD04-126 (a Base): "When this Base receives battle damage from an enemy Unit with 3 or
 * less AP, deal 1 damage to that Unit." Damage actually dealt to the Base (5-5-5), from a Unit whose
 * AP is 3 or less then; "that Unit" is the Unit that dealt it.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const attack = (attacker: Record<string, unknown>) =>
  sim({
    state: { active_player: 'B', players: { A: { base: { card: 'GD04-126' } }, B: { units: [{ id: 'b1', name: 'Attacker', hp: 3, ...attacker }] } } },
    actions: [{ type: 'attack', attacker: 'b1', target: 'player' }],
  });

describe('GD04-126 Izuma Colony', () => {
  it('an attacker with 3 AP: the Base takes 3 and deals 1 damage back to it', () => {
    const out = attack({ ap: 3 });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    expect(out.state.players.A.base).toMatchObject({ damage: 3 });
    expect(out.state.players.B.units[0]).toMatchObject({ id: 'b1', damage: 1 });
  });

  it('an attacker with 4 AP does not trigger it, and the log says why', () => {
    const out = attack({ ap: 4, hp: 5 });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.units[0]).toMatchObject({ id: 'b1', damage: 0 });
    expect(out.events.some((e) => /does not trigger: Attacker \(b1\) is not an enemy Unit with 3 or less AP/.test(e.text))).toBe(true);
  });

  it('the 1 damage back can destroy the attacker', () => {
    const out = attack({ ap: 2, hp: 1 });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
  });
});
