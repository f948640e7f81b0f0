/**
 * Gundam Barbatos Lupus Rex GD05-051: "Increase this Unit's AP by an amount equal to the amount of
 * damage it has received." (a constant, 10-1-5-3, read again whenever its damage changes) and "At the
 * end of your turn, you may choose 1 of your (Tekkadan) Units. Deal 1 damage to it. Set it as active."
 * The seed printed both on one line; "At the end of your turn, …" opens the second ability.
 */
import { describe, expect, it } from 'vitest';
import { splitAbilities } from '../../src/abilities/split.js';
import { cards, sim } from './helpers.js';

const board = (rex: Record<string, unknown>, actions: unknown[]) =>
  sim({
    state: { active_player: 'A', players: { A: { units: [{ id: 'rex', card: 'GD05-051', ...rex }, { id: 't2', name: 'Tekkadan Unit', ap: 2, hp: 2, traits: ['Tekkadan'] }] }, B: { units: [{ id: 'b1', name: 'Blocker', ap: 2, hp: 9, keywords: ['<Blocker>'] }] } } },
    actions,
  });

describe('GD05-051 Gundam Barbatos Lupus Rex', () => {
  it('its one printed line is two abilities: the constant and the end-of-turn trigger', () => {
    expect(splitAbilities(cards().byId('GD05-051')!.text)).toEqual([
      "Increase this Unit's AP by an amount equal to the amount of damage it has received.",
      'At the end of your turn, you may choose 1 of your (Tekkadan) Units. Deal 1 damage to it. Set it as active.',
    ]);
  });

  it('gets AP+1 for each damage on it, and battle damage it takes raises its AP only after the damage it dealt at the same time (8-5-3-1)', () => {
    const out = board({ damage: 1 }, [{ type: 'attack', attacker: 'rex', target: 'player', blocker: 'b1' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    // Printed AP 4 plus 1 damage: 5 dealt to the blocker; then 3 damage on it, AP 7.
    expect(out.state.players.B.units[0]!.damage).toBe(5);
    const rex = out.state.players.A.units.find((u) => u.id === 'rex')!;
    expect(rex.damage).toBe(3);
    expect(rex.ap).toBe(7);
  });

  it('at the end of the turn, dealing 1 damage to itself sets it active with AP one higher', () => {
    const out = board({ damage: 2, rested: true }, [{ type: 'end_turn', choices: [{ use: true, targets: ['rex'] }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const rex = out.state.players.A.units.find((u) => u.id === 'rex')!;
    expect(rex).toMatchObject({ damage: 3, rested: false, ap: 7 });
  });

  it('the player may decline: nothing is dealt and it stays rested', () => {
    const out = board({ damage: 2, rested: true }, [{ type: 'end_turn', choices: [{ use: false }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const rex = out.state.players.A.units.find((u) => u.id === 'rex')!;
    expect(rex).toMatchObject({ damage: 2, rested: true, ap: 6 });
  });
});
