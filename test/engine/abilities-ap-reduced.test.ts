/**
 * Calamity Gundam GD02-009: "【Once per Turn】When this Unit's AP is reduced by an enemy effect, choose
 * 1 rested enemy Unit. Deal 2 damage to it." An AP- from an effect the opponent controls that lowers
 * its AP triggers it; its own player's effects do not; the scenario's `modify` action, whose
 * controller it does not say, leaves the outcome open.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

// Soma Peries GD03-100 paired with B's Unit: "【Destroyed】Choose 1 enemy Unit. It gets AP-3 during this turn."
const board = (actions: unknown[], calamity: Record<string, unknown> = {}) =>
  sim({
    state: {
      active_player: 'A',
      players: {
        A: { units: [{ id: 'cal', card: 'GD02-009', ...calamity }] },
        B: { units: [{ id: 'b1', name: 'Soma Unit', ap: 1, hp: 1, rested: true, pilot: 'GD03-100' }, { id: 'b2', name: 'Rested', ap: 1, hp: 5, rested: true }] },
      },
    },
    actions,
  });
const damageOf = (out: ReturnType<typeof sim>, id: string) => out.state.players.B.units.find((u) => u.id === id)?.damage;

describe('GD02-009 Calamity Gundam', () => {
  it('an enemy 【Destroyed】 gives it AP-3: it triggers and deals 2 damage to a rested enemy Unit', () => {
    const out = board([{ type: 'attack', attacker: 'cal', target: 'b1', choices: [{ targets: ['cal'] }, { targets: ['b2'] }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    expect(out.events.some((e) => /When its AP is reduced by an enemy effect of Calamity Gundam \(cal\) triggers/.test(e.text))).toBe(true);
    expect(damageOf(out, 'b2')).toBe(2);
  });

  it('the scenario\'s "modify" action does not say whose effect it is: the outcome is left open', () => {
    const out = board([{ type: 'modify', target: 'cal', ap: -2, duration: 'turn' }]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', card: 'GD02-009', rules: ['10-1-6-2'] });
  });
});
