/**
 * Quess's Jagd Doga GD05-053: "【Destroyed】If this Unit is destroyed by one of your (Neo Zeon) card's
 * effects, add it from your trash to your hand." What destroyed it is read from the record of the
 * destruction (5-10-1): a (Neo Zeon) card of its controller — Gyunei's Jagd Doga GD05-057, "Choose 1
 * of your other Units. Destroy it." — returns it; battle damage or the opponent's card does not.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const board = (A: Record<string, unknown>, B: Record<string, unknown>, actions: unknown[]) => sim({ state: { active_player: 'A', players: { A, B } }, actions });
const quess = { id: 'qj', card: 'GD05-053' };

describe('GD05-053 Quess\'s Jagd Doga', () => {
  it('destroyed by Gyunei\'s Jagd Doga (a (Neo Zeon) card of its player): it goes from the trash to the hand', () => {
    const out = board({ units: [quess, { id: 'gj', card: 'GD05-057' }], hand: 2 }, {}, [{ type: 'activate', source: 'gj', choices: [{ targets: ['qj'] }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['qj']);
    expect(out.state.players.A.trash).not.toContain('qj');
    expect(out.state.players.A.hand_cards).toContain('GD05-053');
    expect(out.state.players.A.hand).toBe(3);
    expect(out.undetermined).toEqual([]);
  });

  it('destroyed in battle: not by an effect, so it stays in the trash and the log says the condition does not hold', () => {
    const out = board({ units: [quess] }, { units: [{ id: 'b1', name: 'Big', ap: 5, hp: 9, rested: true }] }, [{ type: 'attack', attacker: 'qj', target: 'b1' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.trash).toContain('qj');
    expect(out.events.some((e) => /the condition "this Unit is destroyed by one of your \(Neo Zeon\) card's effects" does not hold/.test(e.text))).toBe(true);
  });

  it('destroyed by the scenario\'s "destroy" action (no card named): whether it counts is left open, not guessed', () => {
    const out = board({ units: [quess] }, {}, [{ type: 'destroy', target: 'qj' }]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', card: 'GD05-053', rules: ['5-10-1'] });
    expect(out.state.players.A.trash).toContain('qj');
  });
});
