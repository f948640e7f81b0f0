/**
 * Classes the fifth blind card set found in the log's reasons: a Command whose 【Main】 runs while it
 * is paired (Gundam Maxter GD05-069 with Cyclone Punch GD05-121) is not in the trash, so "pair this
 * card from your trash" has nothing to do, and the log says that, not that no Unit could take it.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

describe('GD05-069 Gundam Maxter activates the 【Main】 of Cyclone Punch GD05-121 paired with it', () => {
  const run = (choices: unknown[]) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'maxter', card: 'GD05-069', pilot: 'GD05-121', linked: true }, { id: 'mf2', name: 'Other MF Unit', ap: 3, hp: 3, traits: ['MF'] }] },
          B: { units: [{ id: 'b1', name: 'Enemy Unit', ap: 4, hp: 4 }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'maxter', target: 'player', choices }],
    });

  it('the card stays paired: it was not played, so it is not in the trash to be paired from (3-4-4, 1-3-2)', () => {
    const out = run([{ targets: ['b1'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const line = out.events.find((e) => /not in the trash to be paired from/.test(e.text));
    expect(line?.rules).toEqual(expect.arrayContaining(['3-4-4', '1-3-2']));
    expect(out.events.some((e) => /no Unit it could be paired with/.test(e.text))).toBe(false);
    const maxter = out.state.players.A.units.find((u) => u.id === 'maxter')!;
    expect(maxter.pilot).toMatchObject({ id: 'GD05-121', name: 'Cyclone Punch' });
    expect(out.state.players.B.units[0]!.ap).toBe(2);
  });

  it('a choice given for the pairing is logged as a decision that did not come up', () => {
    const out = run([{ targets: ['b1'] }, { targets: ['mf2'] }]);
    expect(out.legal).toBe(true);
    expect(out.events.some((e) => /choices\[1\] answers a decision that did not come up/.test(e.text))).toBe(true);
    expect(out.state.players.A.units.find((u) => u.id === 'mf2')!.pilot).toBeFalsy();
  });
});
