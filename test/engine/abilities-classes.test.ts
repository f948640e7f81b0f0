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
