/**
 * 11-1-2: rules management is resolved the moment an event occurs, even while an effect is
 * resolving. A Unit its damage destroys is gone before the next sentence of the same effect, and a
 * player whose deck an effect empties is defeated there and then (11-2-1-2). What the destruction
 * triggers still waits for the effect to end (10-1-6-3).
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

describe('11-1-2 rules management in the middle of an effect', () => {
  it('"Deal 1 damage to it. Set it as active." (GD05-051): a Unit the damage destroys is not set as active, it is already gone', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'rex', card: 'GD05-051' }, { id: 't2', name: 'Tekkadan Unit', ap: 2, hp: 1, rested: true, traits: ['Tekkadan'] }] }, B: {} } },
      actions: [{ type: 'end_turn', choices: [{ use: true, targets: ['t2'] }] }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['t2']);
    const texts = out.events.map((e) => e.text);
    const destroyed = texts.findIndex((t) => /Tekkadan Unit \(t2\) is destroyed/.test(t));
    expect(destroyed).toBeGreaterThan(texts.findIndex((t) => /deals 1 damage to Tekkadan Unit \(t2\)/.test(t)));
    expect(texts.some((t) => /Tekkadan Unit \(t2\) is now active/.test(t))).toBe(false);
  });

  it('an effect that draws the last card of the deck: the player is defeated at once, and the rest of the effect is not resolved (11-2-1-2)', () => {
    // GD01-118: 【Main】Draw 2. Then, discard 1.
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD01-118', 'GD01-111'], deck: ['ST01-005', 'ST01-006'] }, B: {} } },
      actions: [{ type: 'play', card: 'GD01-118' }],
    });
    expect(out.game_over).toBe(true);
    expect(out.defeated).toEqual(['A']);
    expect(out.winner).toBe('B');
    expect(out.events.some((e) => /discards/.test(e.text))).toBe(false);
    expect(out.rules_cited).toEqual(expect.arrayContaining(['11-2-1-2']));
  });

  it('a choice for the part of the effect the defeat cut off is logged as not used, and the defeat stands', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD01-118', 'GD01-111'], deck: ['ST01-005', 'ST01-006'] }, B: {} } },
      actions: [{ type: 'play', card: 'GD01-118', choices: [{ cards: ['GD01-111'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.winner).toBe('B');
    const line = out.events.find((e) => /^choices\[0\] .* is not used: player A was defeated during this action/.test(e.text));
    expect(line?.rules).toEqual(['11-1-2', '11-2-1']);
  });
});
