/**
 * Gundam NT-1 GD03-001: "【When Paired】Choose 1 rested enemy Unit. Deal 1 damage to it. When this
 * effect destroys an enemy Unit, draw 1." The damage destroys the Unit at once (rules management,
 * 11-1-2), and the draw follows only when it did.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const run = (enemy: Record<string, unknown>) =>
  sim({
    state: {
      active_player: 'A',
      players: { A: { units: [{ id: 'nt1', card: 'GD03-001' }], hand: ['Christina Mackenzie'], resources: 5, deck: 10 }, B: { units: [{ id: 'b1', name: 'Enemy', ap: 2, rested: true, ...enemy }] } },
    },
    actions: [{ type: 'pair', unit: 'nt1', pilot: 'Christina Mackenzie', choices: [{ targets: ['b1'] }] }],
  });

describe('GD03-001 Gundam NT-1: "When this effect destroys an enemy Unit, draw 1"', () => {
  it('the 1 damage destroys a 1-HP Unit: player A draws 1', () => {
    const out = run({ hp: 1 });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    expect(out.state.players.A.deck).toBe(9);
    const texts = out.events.map((e) => e.text);
    expect(texts.findIndex((t) => /Enemy \(b1\) is destroyed/.test(t))).toBeLessThan(texts.findIndex((t) => /Player A draws 1 card/.test(t)));
  });

  it('a Unit the damage does not destroy: no draw, and the log says the condition does not hold', () => {
    const out = run({ hp: 3 });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual([]);
    expect(out.state.players.A.deck).toBe(10);
    expect(out.events.some((e) => /the condition "this effect destroys an enemy Unit" does not hold/.test(e.text))).toBe(true);
  });
});
