/**
 * Rules of effects the engine applies for a whole class of sentence, each on the card the players
 * asked about and two more of the same class from the catalog: battling after a target change (JA
 * 5-22-p2), targets chosen together are all or nothing (10-3-3-1), a leading condition governs the
 * whole effect (10-2-1), and doing nothing is not activating (1-3-2-1).
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf } from './helpers.js';

const text = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text).join('\n');
const gjallarhorn = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `G${i}`, type: 'unit', traits: ['Gjallarhorn'] }));

describe('battling after the attack target changes (JA 5-22-p2)', () => {
  it('GD02-073 Carta\'s Graze Ritter: after a <Blocker> takes the attack, the attacker no longer has <First Strike>, so both Units are destroyed', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'GD02-073', rested: true }, { id: 'a2', name: 'Wall', ap: 4, hp: 5, keywords: ['Blocker'] }] }, B: { units: [{ id: 'b1', ap: 5, hp: 4 }] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'a1', blocker: 'a2' }],
    });
    expect(out.legal).toBe(true);
    expect(cites(out, 'JA 5-22-p2')).toBe(true);
    expect(text(out)).toMatch(/Carta's Graze Ritter \(Ground Type\) \(a1\) is no longer battling/);
    expect(text(out)).not.toMatch(/has <First Strike>/);
    expect(out.destroyed.sort()).toEqual(['a2', 'b1']);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
  });

  it('GD02-073 with an effect changing the target (ST07-013 Armed Intervention): the attacker loses <First Strike> at once', () => {
    const out = sim({
      state: {
        active_player: 'B',
        players: {
          A: { resources: 10, hand: ['ST07-013'], units: [{ id: 'a1', card: 'GD02-073', rested: true }, { id: 'a2', name: 'CB Wall', ap: 4, hp: 5, traits: ['CB'], rested: true }] },
          B: { units: [{ id: 'b1', ap: 5, hp: 4 }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'b1', target: 'a1', action_step: [{ type: 'play', player: 'A', card: 'ST07-013', choices: [{ targets: ['a2'] }] }] }],
    });
    expect(out.legal).toBe(true);
    expect(cites(out, 'JA 5-22-p2')).toBe(true);
    expect(out.destroyed.sort()).toEqual(['a2', 'b1']);
  });

  it('GD01-063 ZnO: "while this Unit is battling an enemy Unit that is Lv.2 or lower" stops holding when a Lv.5 <Blocker> takes the attack', () => {
    const board = (blocker?: string) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-063' }] }, B: { units: [{ id: 'b1', name: 'Small', level: 2, ap: 1, hp: 2, rested: true }, { id: 'b2', name: 'Big', level: 5, ap: 1, hp: 2, keywords: ['Blocker'] }] } } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'b1', ...(blocker ? { blocker } : {}) }],
      });
    const unblocked = board();
    expect(unblocked.not_executed).toEqual([]);
    expect(text(unblocked)).toMatch(/ZnO \(a1\) has <First Strike>/);
    expect(unblocked.destroyed).toEqual(['b1']);
    const blocked = board('b2');
    expect(blocked.not_executed).toEqual([]);
    expect(text(blocked)).toMatch(/ZnO \(a1\) is no longer affected/);
    expect(blocked.destroyed.sort()).toEqual(['a1', 'b2']);
  });

  it('GD03-073 Graze Ein: "choose 1 enemy Unit battling this Unit" finds the attacker once Graze Ein has blocked', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', name: 'Raider', ap: 4, hp: 4 }] },
          B: { trash: gjallarhorn(6), units: [{ id: 'b1', card: 'GD03-073', linked: true }, { id: 'b2', name: 'Bait', ap: 1, hp: 1, rested: true }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b2', blocker: 'b1', action_step: [{ type: 'activate', player: 'B', source: 'b1' }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(text(out)).toMatch(/Raider \(a1\) gets AP-3 during this battle/);
  });

  it('GD05-119 A Wind Against Fires: once a Lv.2 <Blocker> has taken the attack, no enemy Unit battles a Lv.5 friendly Unit, so it cannot be played (10-1-8-1-1)', () => {
    const play = (blocker?: string) =>
      sim({
        state: {
          active_player: 'A',
          players: {
            A: { units: [{ id: 'a1', name: 'Raider', ap: 4, hp: 4 }] },
            B: { resources: 10, hand: ['GD05-119'], units: [{ id: 'b1', name: 'Ace', level: 5, ap: 1, hp: 9, rested: true }, { id: 'b2', name: 'Guard', level: 2, ap: 1, hp: 9, keywords: ['Blocker'] }] },
          },
        },
        actions: [{ type: 'attack', attacker: 'a1', target: 'b1', ...(blocker ? { blocker } : {}), action_step: [{ type: 'play', player: 'B', card: 'GD05-119', choices: [{ targets: ['a1'] }] }] }],
      });
    const ok = play();
    expect(ok.legal).toBe(true);
    expect(text(ok)).toMatch(/Raider \(a1\) gets AP-3 during this battle/);
    const refused = play('b2');
    expect(refused.legal).toBe(false);
    expect(refused.violations[0]!.rules).toContain('10-1-8-1-1');
  });
});

describe('targets chosen together are all or nothing (10-3-3-1)', () => {
  it('GD04-015 Gun EZ with no enemy Unit Lv.3 or lower rests nothing and asks nothing', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD04-015'], units: [{ id: 'a1', name: 'LM', ap: 1, hp: 1, traits: ['League Militaire'] }] }, B: { units: [{ id: 'b1', name: 'Big', level: 5, ap: 1, hp: 9 }] } } },
      actions: [{ type: 'deploy', id: 'a2', card: 'GD04-015' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    expect(cites(out, '10-3-3-1')).toBe(true);
  });

  it('GD04-015 Gun EZ with both targets rests both', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD04-015'], units: [{ id: 'a1', name: 'LM', ap: 1, hp: 1, traits: ['League Militaire'] }] }, B: { units: [{ id: 'b1', name: 'Small', level: 2, ap: 1, hp: 9 }] } } },
      actions: [{ type: 'deploy', id: 'a2', card: 'GD04-015', choices: [{ targets: ['a1'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(true);
  });

  it('GD02-055 Gundam Gusion Rebake with no enemy Unit deals no damage to the friendly Unit either', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 10, hand: ['GD02-055'], units: [{ id: 'a1', name: 'Mine', ap: 1, hp: 3 }] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a2', card: 'GD02-055', choices: [{ targets: ['a1'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '10-3-3-1')).toBe(true);
  });

  it('ST05-010 Mikazuki Augus (【When Paired】) with no enemy Unit deals no damage to the friendly Unit either', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 10, hand: ['ST05-010'], units: [{ id: 'a1', name: 'Mine', ap: 1, hp: 3 }] }, B: {} } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'ST05-010', choices: [{ targets: ['a1'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '10-3-3-1')).toBe(true);
  });
});

describe('a leading condition governs the whole effect (10-2-1)', () => {
  it('GD03-072 Aile Strike Gundam without another (Triple Ship Alliance) Unit neither draws nor discards', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD03-072', 'ST01-010'], deck: 10 }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-072' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(1);
    expect(out.state.players.A.deck).toBe(10);
    expect(out.state.players.A.trash).toEqual([]);
    expect(text(out)).toMatch(/leads the whole effect, so nothing of it activates/);
  });

  it('GD03-072 Aile Strike Gundam with another (Triple Ship Alliance) Unit draws 1, then discards 1', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: 3, deck: 10, units: [{ id: 'a0', name: 'TSA', ap: 1, hp: 1, traits: ['Triple Ship Alliance'] }] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-072' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.deck).toBe(9);
    expect(out.state.players.A.hand).toBe(2);
    expect(out.state.players.A.trash.length).toBe(1);
  });

  it('GD02-070 (If there are 4 or more (Gjallarhorn) cards in your trash, draw 2. If you do, discard 2.) with 3 does nothing', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 10, hand: ['GD02-070'], deck: 10, trash: gjallarhorn(3) }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD02-070' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.deck).toBe(10);
    expect(out.state.players.A.trash.length).toBe(3);
  });

  it('GD01-097 Guel Jeturk (Pilot) with the opponent holding 5 cards: the Unit is neither set as active nor forbidden to attack', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Darilbalde', ap: 3, hp: 3, rested: true, pilot: 'GD01-097' }] }, B: { hand: 5 } } },
      actions: [{ type: 'activate', source: 'a1' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(text(out)).not.toMatch(/Darilbalde \(a1\) can't attack/);
    expect(text(out)).toMatch(/leads the whole effect/);
  });
});

describe('doing nothing is not activating (1-3-2-1)', () => {
  it('GD02-002 Gundam Epyon: "set this Unit as active" on an active Epyon is not performed, so 【Once per Turn】 stays unused until it is', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'ep', card: 'GD02-002', linked: true }, { id: 'a1', name: 'Hit', ap: 5, hp: 5 }, { id: 'a3', name: 'Hit2', ap: 5, hp: 5 }] },
          B: { units: [1, 2, 3].map((n) => ({ id: `b${n}`, name: `T${n}`, ap: 0, hp: 1, rested: true })) },
        },
      },
      actions: [
        { type: 'attack', attacker: 'a1', target: 'b1' },
        { type: 'attack', attacker: 'ep', target: 'b2' },
        { type: 'attack', attacker: 'a3', target: 'b3' },
      ],
    });
    expect(out.legal).toBe(true);
    expect(out.not_executed).toEqual([]);
    const events = out.events.map((e) => e.text);
    expect(events.some((e) => /none of its actions was performed, so 【Once per Turn】 is not used up/.test(e))).toBe(true);
    expect(events.some((e) => /Gundam Epyon \(ep\) is now active/.test(e))).toBe(true);
    expect(events.some((e) => /was already used this turn/.test(e))).toBe(true);
    expect(unitOf(out, 'ep')?.rested).toBe(false);
  });

  it('GD01-017 Stark Jegan: <Repair 1> on an undamaged Unit does not activate at the end of the turn', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-017' }] }, B: {} } }, actions: [{ type: 'end_turn' }] });
    const line = out.events.find((e) => /<Repair 1> of Stark Jegan \(a1\) does not activate/.test(e.text));
    expect(line?.rules).toContain('1-3-2-1');
  });

  it('GD05-070 Tallgeese Ⅲ: with no rested Link Unit to set active nothing is performed, so 【Once per Turn】 is not used', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD05-070' }] }, B: { units: [{ id: 'b1', name: 'T1', ap: 0, hp: 1, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.legal).toBe(true);
    expect(out.events.some((e) => /none of its actions was performed/.test(e.text))).toBe(true);
  });
});

describe('"If you deploy this Unit from your trash" (5-7-1-1)', () => {
  const divider = (from: 'trash' | 'hand') =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { resources: 10, hand: from === 'hand' ? ['GD03-096', 'GD03-062'] : ['GD03-096'], units: [{ id: 'a1', card: 'GD03-051' }], trash: from === 'trash' ? ['GD03-062'] : [] },
          B: { units: [{ id: 'b1', name: 'Target', ap: 3, hp: 5 }] },
        },
      },
      actions:
        from === 'trash'
          ? [{ type: 'pair', unit: 'a1', pilot: 'GD03-096', choices: [{ targets: ['GD03-062'] }] }]
          : [{ type: 'deploy', id: 'a2', card: 'GD03-062' }],
    });

  it('GD03-062 GX-Bit deployed from the trash by GD03-051 Gundam X Divider deals 2 damage to an enemy Unit with 4 or less AP', () => {
    const out = divider('trash');
    expect(out.legal).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(unitOf(out, 'b1')?.damage).toBe(2);
  });

  it('GD03-062 GX-Bit deployed from the hand does nothing', () => {
    const out = divider('hand');
    expect(out.legal).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(unitOf(out, 'b1')?.damage).toBe(0);
  });
});
