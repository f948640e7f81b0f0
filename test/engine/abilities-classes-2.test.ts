/**
 * The clause classes a tools-only assistant had to work around on the third blind set (the
 * simulator left them in not_executed): counts that scale an amount, the shield-area-card trigger,
 * hand Lv./cost changes and "the highest Lv." choices, a second choice compared with the first
 * pick, "play it as if it has N cost", and a Unit "paired with a (Newtype) Pilot" (the noun the
 * shield-area trigger's sibling GD04-042 needed). Each on real catalog cards, one describe per class.
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf, violationRules } from './helpers.js';

const unit = (id: string, extra: object = {}) => ({ id, name: `U ${id}`, ap: 1, hp: 3, ...extra });
const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);

describe('"for each …" and "equal to the number of …" (1-3-6, 1-3-2-2)', () => {
  it('GD04-034 Gundam Kyrios: AP+2 for each of your rested (CB) Units, itself included once it rests to attack', () => {
    const cb = (id: string) => unit(id, { traits: ['CB'], rested: true });
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-034', linked: true }, cb('a2'), cb('a3'), unit('a4', { rested: true })] }, B: { units: [unit('b1', { hp: 6, rested: true })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.legal).toBe(true);
    expect(texts(out)).toContain('Gundam Kyrios (a1) gets AP+4 (2 matching Units in play) from Gundam Kyrios (a1): "【During Link】This Unit gets AP+2 for each of your rested (CB) Units."');
    expect(unitOf(out, 'a1')?.ap).toBe(7); // 1 + 2 × 3 (a2, a3 and the attacking a1)
    expect(out.destroyed).toEqual(['b1']);
    expect(out.not_executed).toEqual([]);
    expect(cites(out, '10-1-5-3')).toBe(true);
  });

  it('GD04-034 not linked: the 【During Link】 count does not apply (13-2-12-1)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-034' }, unit('a2', { traits: ['CB'], rested: true })] }, B: {} } }, actions: [] });
    expect(unitOf(out, 'a1')?.ap).toBe(1);
  });

  it('GD03-071 Z Gundam (Biosensor): AP-1 for each (AEUG) Unit card in your trash (3 of the 4 cards there)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 7, hand: ['GD03-071'], trash: ['GD02-069', 'GD02-071', 'GD02-080', 'GD04-111'] }, B: { units: [unit('b1', { ap: 4 })] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-071', choices: [{ targets: ['b1'] }] }],
    });
    expect(unitOf(out, 'b1')?.ap).toBe(1);
    expect(out.not_executed).toEqual([]);
  });

  it('GD03-071 with no (AEUG) Unit card in the trash: zero times is nothing (1-3-2-2)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 7, hand: ['GD03-071'], trash: ['GD04-111'] }, B: { units: [unit('b1', { ap: 4 })] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-071', choices: [{ targets: ['b1'] }] }],
    });
    expect(unitOf(out, 'b1')?.ap).toBe(4);
    expect(cites(out, '1-3-2-2')).toBe(true);
  });

  it('GD03-033 Providence Gundam: 1 damage for each 4 AP this Unit has, rounded down (9 AP: 2 damage)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-033', ap: 9 }] }, B: { units: [unit('b1', { hp: 6 })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ targets: ['b1'] }] }],
    });
    expect(unitOf(out, 'b1')?.damage).toBe(2);
    expect(cites(out, '1-3-6')).toBe(true);
  });

  it('GD03-107 Over the River and Through the Woods: damage equal to the number of friendly Unit tokens in play', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD03-107'], units: [unit('a2', { token: true }), unit('a3', { token: true }), unit('a4')] }, B: { units: [unit('b1', { level: 5, hp: 3 })] } } },
      actions: [{ type: 'play', card: 'GD03-107' }],
    });
    expect(unitOf(out, 'b1')?.damage).toBe(2);
  });

  it('GD04-057 Gundam Nadleeh: AP reduced by the number of Unit cards with "Gundam Virtue" in their names in your trash', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD04-057'], trash: ['GD03-052', 'GD04-054', 'GD04-111'] }, B: { units: [unit('b1', { level: 6, ap: 5 })] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD04-057', choices: [{ targets: ['b1'] }] }],
    });
    expect(unitOf(out, 'b1')?.ap).toBe(3);
  });

  it('GD04-036 Gundam Throne Eins: damage equal to the number of Units rested with this effect; declined, nothing is dealt', () => {
    const deploy = (choices: object[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 6, units: [unit('a2', { traits: ['CB'] }), unit('a3', { traits: ['CB'] })] }, B: { units: [unit('b1', { level: 3, hp: 2 }), unit('b2', { level: 7, hp: 2 }), unit('b3', { level: 6, hp: 3 })] } } },
        actions: [{ type: 'deploy', id: 'a1', card: 'GD04-036', choices }],
      });
    const out = deploy([{ use: true, targets: ['a2', 'a3'] }]);
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'b3')?.damage).toBe(2);
    expect(unitOf(out, 'b2')?.damage).toBe(0);
    const one = deploy([{ use: true, targets: ['a2'] }]);
    expect(unitOf(one, 'b3')?.damage).toBe(1);
    const none = deploy([{ use: false }]);
    expect(unitOf(none, 'b1')?.damage).toBe(0);
  });
});

describe('a hand card\'s Lv. and cost scaled by a count (2-9-1, 2-10-1, 1-3-6)', () => {
  const enemies = [unit('b1', { level: 3 }), unit('b2', { level: 5 }), unit('b3', { level: 5, hp: 5 })];

  it('ST08-001 Ξ Gundam: Lv.-1 and cost-1 for each enemy Unit in play (Lv.9 cost 8 becomes Lv.6 cost 5 against 3)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 6, units: [unit('a2', { level: 2 })] }, B: { units: enemies } } }, actions: [{ type: 'deploy', id: 'a1', card: 'ST08-001' }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources).toEqual({ active: 1, rested: 5, ex: 0 });
    expect(cites(out, '2-9-1')).toBe(true);
  });

  it('ST08-001 while you have a Unit that is Lv.6 or higher: Lv.9 needs 9 Resources', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 6, units: [unit('a2', { level: 6 })] }, B: { units: enemies } } }, actions: [{ type: 'deploy', id: 'a1', card: 'ST08-001' }] });
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toContain('2-9-1');
  });

  it('GD05-004 Akatsuki (Oowashi): Lv.-1 and cost-1 for each of your (Orb) Units in play', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 4, units: [{ id: 'a2', card: 'GD05-003' }, { id: 'a3', card: 'GD05-015' }] }, B: {} } }, actions: [{ type: 'deploy', id: 'a1', card: 'GD05-004' }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources.active).toBe(0);
  });

  it('GD04-075 GN-X: cost reduced by the number of (UN)/(Superpower Bloc) Command cards in your trash', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 4, trash: ['GD03-120', 'GD03-122', 'GD04-038'] }, B: {} } }, actions: [{ type: 'deploy', id: 'a1', card: 'GD04-075' }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources).toEqual({ active: 0, rested: 4, ex: 0 });
  });
});

describe('"play it as if it has N (Lv. and) cost" (1-3-1, 2-9-1, 2-10-1)', () => {
  it('GD03-085 Christina Mackenzie: 0 cost paired with a Unit with "Gundam NT-1" in its name; 1 with any other', () => {
    const pair = (unitId: string) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: { active: 0, rested: 3 }, hand: ['GD03-085'], units: [{ id: 'a1', card: 'GD03-007' }, unit('a2')] }, B: {} } },
        actions: [{ type: 'pair', unit: unitId, pilot: 'GD03-085' }],
      });
    expect(pair('a1').legal).toBe(true);
    const other = pair('a2');
    expect(other.legal).toBe(false);
    expect(violationRules(other)).toContain('2-10-1');
  });

  it('EB01-039 Rising Freedom Gundam: Lv.3 and cost 3 while 3 or more enemy Units are in play, else its printed Lv.6', () => {
    const deploy = (n: number) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 3 }, B: { units: ['b1', 'b2', 'b3'].slice(0, n).map((id) => unit(id)) } } },
        actions: [{ type: 'deploy', id: 'a1', card: 'EB01-039' }],
      });
    const three = deploy(3);
    expect(three.legal).toBe(true);
    expect(three.state.players.A.resources.rested).toBe(3);
    expect(deploy(2).legal).toBe(false);
  });
});

describe('"when this Unit destroys an enemy shield area card with (battle) damage" (4-6-2, 11-3-1, 10-1-6-3)', () => {
  const sinanju = (B: object, extra: object[] = []) =>
    sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'ST03-001' }] }, B: { units: [unit('b1'), unit('b2', { hp: 2 })], ...B } } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ targets: ['b2'] }] }, ...extra] });

  it('ST03-001 Sinanju destroys the top Shield with battle damage: 2 damage to the chosen enemy Unit', () => {
    const out = sinanju({ base: null, shields: 3 });
    expect(out.state.players.B.shields).toBe(2);
    expect(out.destroyed).toEqual(['B-shield-3', 'b2']);
    expect(out.not_executed).toEqual([]);
    expect(cites(out, '11-3-1')).toBe(true);
  });

  it('ST03-001 destroys the Base (by the rules management after its battle damage): it triggers too', () => {
    const out = sinanju({ shields: 3 });
    expect(out.state.players.B.base).toBeNull();
    expect(out.destroyed).toContain('b2');
  });

  it('ST03-001 does not trigger on a Shield it fails to destroy, nor during the opponent\'s turn', () => {
    const guarded = sinanju({ base: { card: 'EX Base', hp: 9 }, shields: 3 });
    expect(guarded.destroyed).toEqual([]);
    const theirTurn = sim({
      state: { active_player: 'B', players: { A: { base: null, units: [{ id: 'a1', card: 'ST03-001', rested: true }] }, B: { units: [unit('b1', { ap: 5, hp: 9 })] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'a1' }],
    });
    expect(theirTurn.events.some((e) => /Sinanju \(a1\) triggers/.test(e.text))).toBe(false);
  });

  it('GD05-098 Heero Yuy: "with damage" includes the <Breach> damage of the Unit he is paired with (13-1-2-1)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1', { ap: 3, keywords: ['Breach 2'], pilot: 'GD05-098' })] }, B: { base: null, shields: 3, units: [unit('b1', { hp: 1, rested: true }), unit('b2', { ap: 5 })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', choices: [{ targets: ['b2'] }] }],
    });
    expect(out.state.players.B.shields).toBe(2);
    expect(unitOf(out, 'b2')?.ap).toBe(3);
    expect(out.not_executed).toEqual([]);
  });

  it('ST03-001 "with battle damage" is not triggered by <Breach> damage (effect damage, 5-5-4)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'ST03-001', keywords: ['Breach 2'] }] }, B: { base: null, shields: 3, units: [unit('b1', { hp: 1, rested: true }), unit('b2', { hp: 2 })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.state.players.B.shields).toBe(2);
    expect(out.destroyed).toEqual(['b1', 'B-shield-3']);
  });

  it('GD03-049 Gundam Exia (Trans-Am): two Shields destroyed together trigger it once (10-1-6-3); with 10 (CB) cards in the trash it destroys the Unit with the lowest HP', () => {
    const cb = ['GD04-089', 'GD04-090', 'GD04-092', 'GD04-111', 'GD04-125', 'ST07-009', 'GD04-038', 'GD04-064', 'GD03-052', 'GD04-047'];
    const attack = (trash: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-049' }], trash }, B: { base: null, shields: 3, units: [unit('b1', { hp: 3 }), unit('b2', { hp: 2 }), unit('b3', { hp: 2 })] } } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ targets: ['b3'] }] }],
      });
    const out = attack(cb);
    expect(out.state.players.B.shields).toBe(1);
    expect(out.events.filter((e) => /Exia \(Trans-Am\) \(a1\) triggers/.test(e.text))).toHaveLength(1);
    expect(out.destroyed).toEqual(['B-shield-3', 'B-shield-2', 'b3']);
    const short = attack(cb.slice(1));
    expect(short.destroyed).toEqual(['B-shield-3', 'B-shield-2']);
    expect(cites(short, '10-2-1')).toBe(true);
  });

  it('GD02-001 Psycho Gundam: one of your (Titans) Units destroying a Shield makes it recover 2 HP', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', card: 'GD02-001', damage: 3, pilot: { name: 'Four', type: 'pilot', traits: ['Cyber-Newtype'], ap: 0, hp: 0 } }, unit('a2', { traits: ['Titans'], ap: 2 })] }, B: { base: null, shields: 3 } },
      },
      actions: [{ type: 'attack', attacker: 'a2', target: 'player' }],
    });
    expect(unitOf(out, 'a1')?.damage).toBe(1);
  });
});

describe('"the enemy Unit with the highest Lv." / "the lowest HP": on a tie the controller chooses (10-3-3)', () => {
  const enemies = [unit('b1', { level: 3 }), unit('b2', { level: 5 }), unit('b3', { level: 5, hp: 5 })];

  it('ST08-001 【When Paired】: the enemy Unit with the highest Lv.; on a tie the controller chooses among the tied ones', () => {
    const pair = (targets: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'ST08-001' }] }, B: { units: enemies } } },
        actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Pilot', type: 'pilot', level: 1, cost: 1, ap: 0, hp: 0 }, choices: [{ targets }] }],
      });
    expect(unitOf(pair(['b3']), 'b3')?.damage).toBe(3);
    const wrong = pair(['b1']);
    expect(wrong.legal).toBe(false);
    expect(wrong.violations[0]?.reason).toMatch(/legal targets: b2, b3/);
  });

  it('GD05-002 Strike Freedom Gundam: the enemy Unit with the lowest Lv. goes to the bottom of its owner\'s deck with its Pilot (3-3-6)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', card: 'GD05-002', pilot: { name: 'Kira', type: 'pilot', ap: 0, hp: 0 } }] }, B: { units: [unit('b1', { level: 2, pilot: { name: 'P', type: 'pilot', ap: 0, hp: 0 } }), unit('b2', { level: 4 })] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }] }],
    });
    expect(unitOf(out, 'b1')).toBeUndefined();
    expect(out.state.players.B.deck).toBe(32);
    expect(out.state.players.A.hand).toBe(3);
    expect(cites(out, '3-3-6')).toBe(true);
  });
});

describe('a second choice compared with the Unit the first step rested (5-20-1, 10-1-8-1-2)', () => {
  const karma = (A: object, B: object, choices: object[]) =>
    sim({ state: { active_player: 'A', players: { A: { resources: 3, hand: ['GD03-113'], ...A }, B } }, actions: [{ type: 'play', card: 'GD03-113', choices }] });

  it('GD03-113 Human Karma: only enemy Units whose Lv. is at most the rested Unit\'s can be dealt the 3 damage', () => {
    const B = { units: [unit('b1', { level: 3 }), unit('b2', { level: 5 })] };
    const ok = karma({ units: [unit('a2', { level: 4 })] }, B, [{ targets: ['a2'] }, { targets: ['b1'] }]);
    expect(ok.destroyed).toEqual(['b1']);
    expect(unitOf(ok, 'a2')?.rested).toBe(true);
    const bad = karma({ units: [unit('a2', { level: 4 })] }, B, [{ targets: ['a2'] }, { targets: ['b2'] }]);
    expect(bad.legal).toBe(false);
    expect(bad.violations[0]?.reason).toMatch(/legal targets: b1$/);
  });

  it('GD03-113 with no enemy Unit low enough: still played (the first part has a target), the Unit is rested and nothing is dealt', () => {
    const out = karma({ units: [unit('a2', { level: 2 })] }, { units: [unit('b2', { level: 5 })] }, []);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a2')?.rested).toBe(true);
    expect(unitOf(out, 'b2')?.damage).toBe(0);
    expect(out.state.players.A.trash).toContain('GD03-113');
  });

  it('GD03-113 with no active friendly Unit: it cannot be played (10-1-8-1-2)', () => {
    const out = karma({ units: [unit('a2', { level: 4, rested: true })] }, { units: [unit('b1', { level: 3 })] }, []);
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toContain('10-1-8-1-2');
  });

  it('GD05-036 Haow Gundam: 2 damage to all enemy Units whose Lv. is at most the (MF) Unit it rested', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', card: 'GD05-036' }, unit('a2', { traits: ['MF'], level: 4 })] }, B: { units: [unit('b1', { level: 4, hp: 2 }), unit('b2', { level: 5, hp: 2 })] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Domon', type: 'pilot', ap: 0, hp: 0, level: 1, cost: 1 }, choices: [{ use: true }] }],
    });
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'b2')?.damage).toBe(0);
  });
});

describe('"a Unit paired with a (Newtype) Pilot": the Pilot\'s traits (2-5-5)', () => {
  const pilot = (traits: string[]) => ({ name: `P ${traits.join('/')}`, type: 'pilot', traits, ap: 0, hp: 0 });

  it('GD04-023 Gundam Kyrios (Tail Booster): only a Unit paired with a (Super Soldier) Pilot can be chosen', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, units: [unit('a2', { pilot: pilot(['Super Soldier']) }), unit('a3', { pilot: pilot(['CB']) }), unit('a4', { traits: ['Super Soldier'] })] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD04-023' }],
    });
    expect(out.legal).toBe(true);
    expect(texts(out).some((t) => /the only legal choice is a2/.test(t))).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('GD04-042 Psycho Gundam (GQ): damage from one of your Units paired with a (Cyber-Newtype) Pilot destroys a Shield: 2 damage to an enemy Unit with 5 or less AP', () => {
    const attack = (traits: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-042', linked: true }, unit('a2', { ap: 2, pilot: pilot(traits) })] }, B: { base: null, shields: 2, units: [unit('b1', { ap: 5, hp: 2 })] } } },
        actions: [{ type: 'attack', attacker: 'a2', target: 'player' }],
      });
    expect(attack(['Cyber-Newtype']).destroyed).toEqual(['B-shield-2', 'b1']);
    expect(attack(['Newtype']).destroyed).toEqual(['B-shield-2']);
  });

  it('GD02-093 Olba Frost: destroying an enemy Unit paired with a (Newtype) Pilot with battle damage draws 1; one without a Pilot does not', () => {
    const attack = (b1: object) =>
      sim({ state: { active_player: 'A', players: { A: { units: [unit('a1', { ap: 4, hp: 4, pilot: 'GD02-093' })] }, B: { units: [unit('b1', { hp: 2, rested: true, ...b1 })] } } }, actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }] });
    expect(attack({ pilot: pilot(['Newtype']) }).state.players.A.hand).toBe(6);
    expect(attack({}).state.players.A.hand).toBe(5);
  });

  it('GD04-119 Fighting Alone: the chosen Unit paired with a (Newtype) Pilot takes no effect damage from enemy Units this turn (an enemy Unit\'s 【Destroyed】)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { resources: 6, hand: ['GD04-119'], units: [unit('a1', { pilot: pilot(['Newtype']) }), unit('a2', { ap: 3 })] },
          B: { resources: 3, units: [unit('b1', { hp: 1, rested: true, text: '【Destroyed】Choose 1 enemy Unit. Deal 2 damage to it.' })] },
        },
      },
      actions: [
        { type: 'play', card: 'GD04-119' },
        { type: 'attack', attacker: 'a2', target: 'b1', choices: [{ targets: ['a1'] }] },
      ],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '10-1-5-6')).toBe(true);
  });
});
