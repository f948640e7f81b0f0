/**
 * The clause classes a blind rulings run had to resolve by hand (the simulator said PARTIAL): each
 * now runs, on real catalog cards, with the rules that decide it. One describe per class.
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf } from './helpers.js';

describe('the log names the card that prints an ability', () => {
  it('3-3-9-2 a Pilot\'s 【When Linked】 (GD03-091 Rau Le Creuset on GD03-033 Providence) is labelled with the Pilot and its Unit', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, hand: ['GD03-091'], trash: ['GD01-127'], units: [{ id: 'a1', card: 'GD03-033' }] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD03-091', choices: [{ targets: ['GD01-127'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.events.map((e) => e.text)).toContain('【When Linked】 of Rau Le Creuset (Pilot of Providence Gundam (a1)) triggers: "【When Linked】Choose 1 (ZAFT) Base card from your trash. Add it to your hand."');
    expect(out.state.players.A.hand_cards).toContain('GD01-127');
    expect(unitOf(out, 'a1')?.linked).toBe(true);
    expect(cites(out, '13-2-11-1')).toBe(true);
  });
});

describe('changing the attack target in the action step (1-3-1, 8-4-1, 8-5-1)', () => {
  const cb = (id: string, extra: object = {}) => ({ id, name: `CB ${id}`, ap: 2, hp: 5, traits: ['CB'], rested: true, ...extra });
  const attackWith = (B: object, action_step: object[], target = 'player', blocker?: string) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', name: 'Attacker', ap: 4, hp: 4 }] }, B: { resources: 4, base: null, shields: 6, ...B } } },
      actions: [{ type: 'attack', attacker: 'a1', target, ...(blocker ? { blocker } : {}), action_step }],
    });

  it('ST07-013 Armed Intervention: an attack on the player becomes an attack on the chosen rested (CB) Unit; no Shield is hit', () => {
    const out = attackWith({ units: [cb('b1')] }, [{ type: 'play', player: 'B', card: 'ST07-013', choices: [{ targets: ['b1'] }] }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.B.shields).toBe(6);
    expect(unitOf(out, 'b1')?.damage).toBe(4);
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(cites(out, '8-5-1') && cites(out, '1-3-1')).toBe(true);
  });

  it('GD05-108 Overcoming Hardships: an attack on one rested Unit moves to another, which is dealt the damage and deals its AP back', () => {
    const out = attackWith(
      { units: [{ id: 'b1', name: 'Guel', ap: 3, hp: 6, traits: ['Academy'], rested: true }, { id: 'b2', name: 'Weak', ap: 1, hp: 1, rested: true }] },
      [{ type: 'play', player: 'B', card: 'GD05-108', choices: [{ targets: ['b1'] }] }],
      'b2',
    );
    expect(out.destroyed).toEqual([]);
    expect(unitOf(out, 'b2')?.damage).toBe(0);
    expect(unitOf(out, 'b1')?.damage).toBe(4);
    expect(unitOf(out, 'a1')?.damage).toBe(3);
  });

  it('EB01-077 Master League Begins after a <Blocker>: the blocked attack goes on to the chosen Unit instead (the blocker is not dealt damage)', () => {
    const out = attackWith(
      { units: [{ id: 'b1', name: 'GGen', ap: 1, hp: 2, traits: ['G Generation'], rested: true }, { id: 'b2', name: 'Wall', ap: 1, hp: 6, keywords: ['Blocker'] }] },
      [{ type: 'play', player: 'B', card: 'EB01-077', choices: [{ targets: ['b1'] }] }],
      'player',
      'b2',
    );
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'b2')).toMatchObject({ rested: true, damage: 0 });
    expect(out.state.players.B.shields).toBe(6);
  });

  it('played by the attacking player, "the battling enemy Unit" is the Unit attacked, which has no attack target: nothing changes (1-3-2)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { resources: 4, units: [{ id: 'a1', name: 'Attacker', ap: 4, hp: 4 }, cb('a2')] }, B: { units: [{ id: 'b1', name: 'Target', ap: 1, hp: 3, rested: true }] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'A', card: 'ST07-013', choices: [{ targets: ['a2'] }] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'a2')?.damage).toBe(0);
  });

  it('8-4-2 the new target destroyed later in the action step: the battle ends without damage', () => {
    const out = attackWith({ units: [cb('b1', { hp: 2 })] }, [
      { type: 'play', player: 'B', card: 'ST07-013', choices: [{ targets: ['b1'] }] },
      { type: 'play', player: 'A', card: 'ST03-013', choices: [{ targets: ['b1'] }] },
    ]);
    expect(out.destroyed).toEqual(['b1']);
    expect(out.state.players.B.shields).toBe(6);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '8-4-2')).toBe(true);
  });
});
