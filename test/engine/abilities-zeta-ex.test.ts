/**
 * Zeta Gundam (EX) ST10-001: "When this Unit destroys an enemy shield area card with battle damage,
 * set it as active. It can't choose the same enemy player or enemy team as its attack target during
 * this turn." With two players the same enemy player is the only one and there are no teams (12-2-6):
 * it is set active and may attack again this turn, but only an enemy Unit.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const run = (actions: unknown[]) =>
  sim({
    state: { active_player: 'A', players: { A: { units: [{ id: 'z', card: 'ST10-001' }] }, B: { base: null, shields: 3, units: [{ id: 'b1', name: 'Rested', ap: 1, hp: 9, rested: true }] } } },
    actions,
  });

describe('ST10-001 Zeta Gundam (EX)', () => {
  it('destroys a Shield with battle damage: it is set active and may attack an enemy Unit again', () => {
    const out = run([{ type: 'attack', attacker: 'z', target: 'player' }, { type: 'attack', attacker: 'z', target: 'b1' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.shields).toBe(2);
    expect(out.events.some((e) => /Zeta Gundam \(EX\) \(z\) is now active/.test(e.text))).toBe(true);
    expect(out.state.players.B.units[0]!.damage).toBeGreaterThan(0);
  });

  it('it may not attack the enemy player again this turn', () => {
    const out = run([{ type: 'attack', attacker: 'z', target: 'player' }, { type: 'attack', attacker: 'z', target: 'player' }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.action).toBe(1);
    expect(out.state.players.B.shields).toBe(2);
  });
});
