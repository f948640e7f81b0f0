/**
 * Backup GD04-115: "【Main】Choose 1 of your Units. When it deals battle damage to an enemy Unit that
 * is Lv.5 or lower during this turn, destroy that enemy Unit." A delayed trigger for the turn
 * (10-1-6-1, 7-6-6-1) on battle damage actually dealt (8-5-3-2, 5-5-5) by the chosen Unit, its
 * "that enemy Unit" the Unit dealt the damage.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const run = (enemy: Record<string, unknown>, attacker: Record<string, unknown> = {}, target: unknown = 'a1') =>
  sim({
    state: {
      active_player: 'A',
      players: {
        A: { units: [{ id: 'a1', name: 'Chosen Unit', ap: 3, hp: 6, ...attacker }, { id: 'a2', name: 'Other Unit', ap: 3, hp: 6 }], hand: ['GD04-115'], resources: 3 },
        B: { units: [{ id: 'b1', name: 'Enemy Unit', level: 5, ap: 2, hp: 5, rested: true, ...enemy }] },
      },
    },
    actions: [
      { type: 'play', card: 'GD04-115', choices: [{ targets: [target] }] },
      { type: 'attack', attacker: 'a1', target: 'b1' },
    ],
  });

describe('GD04-115 Backup: a delayed "When it deals battle damage to an enemy Unit that is Lv.5 or lower during this turn"', () => {
  it('the chosen Unit deals 3 battle damage to a Lv.5 Unit with 5 HP: the trigger destroys it (5-10-1)', () => {
    const out = run({});
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(out.destroyed).toEqual(['b1']);
    const texts = out.events.map((e) => e.text);
    expect(texts.some((t) => /triggers for this turn: Chosen Unit \(a1\) dealt battle damage to Enemy Unit \(b1\)/.test(t))).toBe(true);
    expect(texts.some((t) => /Enemy Unit \(b1\) is destroyed \(by Backup/.test(t))).toBe(true);
  });

  it('a Lv.6 enemy Unit is not "Lv.5 or lower": it survives with its damage', () => {
    const out = run({ level: 6 });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual([]);
    expect(out.events.some((e) => /does not trigger: Enemy Unit \(b1\) is not an enemy Unit that is Lv\.5 or lower/.test(e.text))).toBe(true);
    expect(out.state.players.B.units[0]!.damage).toBe(3);
  });

  it('another Unit than the chosen one dealing the damage does not trigger it', () => {
    const out = run({}, {}, 'a2');
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual([]);
    expect(out.events.some((e) => /triggers for this turn/.test(e.text))).toBe(false);
  });

  it('no damage dealt (AP 0) is no battle damage dealt (5-5-5): nothing triggers', () => {
    const out = run({}, { ap: 0 });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual([]);
    expect(out.events.some((e) => /triggers for this turn/.test(e.text))).toBe(false);
  });

  it('an enemy Unit the damage itself destroys is gone when the trigger resolves: it is destroyed once', () => {
    const out = run({ hp: 3 });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    expect(out.events.filter((e) => /Enemy Unit \(b1\) is destroyed/.test(e.text))).toHaveLength(1);
  });
});
