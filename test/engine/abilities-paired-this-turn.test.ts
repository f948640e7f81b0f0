/**
 * Graham's Union Flag Custom GD03-069: "【During Link】At the end of the turn when this Unit is paired
 * with a Pilot, set it as active." Read from the turn's record of pairings (5-9-1, 10-2-1): paired
 * during the scenario, it is set active at the end of that turn; paired before a board that starts
 * mid-turn, whether that was this turn is not known and the outcome is left open.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const flag = (unit: Record<string, unknown>, actions: unknown[], phase?: string) =>
  sim({
    state: { active_player: 'A', ...(phase ? { phase } : {}), players: { A: { units: [{ id: 'uf', card: 'GD03-069', ...unit }], hand: ['GD03-098'], resources: 4 }, B: { units: [{ id: 'b1', name: 'Enemy', ap: 1, hp: 9 }] } } },
    actions,
  });
const unit = (out: ReturnType<typeof sim>) => out.state.players.A.units.find((u) => u.id === 'uf')!;

describe('GD03-069 Graham\'s Union Flag Custom', () => {
  it('paired with Graham Aker this turn, it attacks (a Link Unit), and at the end of the turn it is set active', () => {
    const out = flag({}, [{ type: 'pair', unit: 'uf', pilot: 'GD03-098' }, { type: 'attack', attacker: 'uf', target: 'player' }, { type: 'end_turn' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.undetermined).toEqual([]);
    expect(out.events.some((e) => /At the end of the turn of Graham's Union Flag Custom \(uf\) triggers/.test(e.text))).toBe(true);
    // Set active in the end step; the turn passes, and the opponent's active step does not touch it.
    expect(unit(out).rested).toBe(false);
  });

  it('paired on an earlier turn (the scenario starts at the start of the turn): it does not trigger, the condition does not hold', () => {
    const out = flag({ pilot: 'GD03-098', rested: true }, [{ type: 'advance' }, { type: 'end_turn' }], 'start');
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.undetermined).toEqual([]);
    expect(out.events.some((e) => /does not trigger: "this Unit is paired with a Pilot during this turn" does not hold/.test(e.text))).toBe(true);
  });

  it('already paired on a board that starts mid-turn: whether that was this turn is not known, so the outcome is left open', () => {
    const out = flag({ pilot: 'GD03-098', rested: true }, [{ type: 'end_turn' }]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', card: 'GD03-069', rules: ['10-2-1', '5-9-1'] });
  });
});
