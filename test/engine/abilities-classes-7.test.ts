/**
 * Classes the fifth blind card set found in the log's reasons: a Command whose 【Main】 runs while it
 * is paired (Gundam Maxter GD05-069 with Cyclone Punch GD05-121) is not in the trash, so "pair this
 * card from your trash" has nothing to do, and the log says that, not that no Unit could take it.
 * And a "while this Unit is battling …" condition holds from the block on, when the attack was on
 * the player (Bertigo GD03-037: it used to gain <First Strike> only after the damage).
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

describe('GD03-037 Bertigo: "while this Unit is battling an enemy Unit with a 【Destroyed】 effect, it gains <First Strike>"', () => {
  // Launcher Strike Gundam GD01-072 (<Blocker>) paired with Soma Peries GD03-100, whose 【Destroyed】 is the Unit's own (3-3-9-2).
  const run = (blocker: Record<string, unknown>, choices: unknown[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-037', pilot: 'GD03-093', linked: true }] }, B: { units: [{ id: 'b1', card: 'GD01-072', ...blocker }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1', choices }],
    });

  it('a blocker with a 【Destroyed】 effect, on an attack on the player: battling from the block on (JA 5-22-p2), so <First Strike> before damage', () => {
    const out = run({ pilot: 'GD03-100' }, [{ targets: ['a1'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const texts = out.events.map((e) => e.text);
    const gained = texts.findIndex((t) => /Bertigo \(a1\) is now affected by the constant effect/.test(t));
    const damage = texts.findIndex((t) => /deal battle damage to each other/.test(t));
    expect(gained).toBeGreaterThan(-1);
    expect(gained).toBeLessThan(damage);
    expect(out.destroyed).toEqual(['b1']);
    expect(out.state.players.A.units[0]!.damage).toBe(0);
  });

  it('a blocker without one: no <First Strike>, both deal damage', () => {
    const out = run({});
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.events.some((e) => /Bertigo \(a1\) is now affected/.test(e.text))).toBe(false);
    expect(out.state.players.A.units[0]!.damage).toBe(3);
  });
});

describe('reasons the fresh blind set read', () => {
  it('GD04-070: a Pilot paired by a 【Deploy】 from the hand is logged as paired from the hand', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: { active: 2 }, hand: ['GD04-070', 'GD04-099'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD04-070', choices: [{ cards: ['GD04-099'] }] }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.events.some((e) => /^Ali al-Saachez is paired from the hand with/.test(e.text))).toBe(true);
    expect(out.events.some((e) => /paired from the trash/.test(e.text))).toBe(false);
  });

  it('GD01-110 Rasid\'s Orders: an active Unit its permission does not cover is refused with the permission and the Unit\'s AP', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, hand: ['GD01-110'], units: [{ id: 'a1', card: 'GD02-024' }] }, B: { units: [{ id: 'b1', card: 'GD04-001', pilot: 'GD02-094' }] } } },
      actions: [{ type: 'play', card: 'GD01-110', choices: [{ targets: ['a1'] }] }, { type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/only a rested enemy Unit can be attacked; the permission to attack an active enemy Unit \(Rasid's Orders .*6 or less AP.*\) does not cover it: Gundam \(b1\) is Lv\.\d+, AP 7/);
  });
});

describe('EB01-023 Le Cygne (EX): "All players each look at the top card of their deck … They return any remaining card to the top or bottom of their deck."', () => {
  it('each player decides where their own card goes, unrevealed (4-2-2), and the log says whose decision it is', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'EB01-023' }], deck: ['EB01-004', 'EB01-001'] }, B: { deck: ['EB01-005', 'EB01-041'] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ cards: ['EB01-004'] }, { cards: [] }, { where: 'bottom' }] }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const line = out.events.find((e) => e.text.startsWith('Player B returns the remaining 1 card to the bottom of the deck'));
    expect(line?.text).toMatch(/player B's own decision; the card is not revealed/);
    expect(line?.rules).toContain('4-2-2');
  });
});
