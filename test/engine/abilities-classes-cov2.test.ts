/**
 * The long tail of card text, part 2 (issue 20): steps, conditions, constants and tokens read
 * after the named cards, each run on real catalog cards through the engine, citing the rule.
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf } from './helpers.js';

const unit = (id: string, extra: object = {}) => ({ id, name: `U ${id}`, ap: 1, hp: 3, ...extra });
const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);

describe('a Base\'s constant printed after its 【Deploy】 (GD05-123, EB01-088, GD05-124)', () => {
  const orb = (active: 'A' | 'B', command: string, resources: number) =>
    sim({
      state: { active_player: active, players: { A: { base: { card: 'GD05-123' }, units: [unit('a1', { traits: ['Orb'], hp: 5 })] }, B: { resources, units: [unit('b1')] } } },
      actions: [{ type: 'play', player: 'B', card: command, choices: [{ targets: ['a1'] }] }],
    });

  it('GD05-123 Archangel: on the opponent\'s turn an (Orb) Unit receives no 2 enemy effect damage (10-1-5-6)', () => {
    const out = orb('B', 'ST03-013', 2);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '10-1-5-6')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('GD05-123: 3 damage is more than "2 or less", so it is received', () => {
    const out = orb('B', 'GD03-109', 3);
    expect(unitOf(out, 'a1')?.damage).toBe(3);
  });

  it('GD05-123: on its controller\'s own turn the constant does not apply', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { base: { card: 'GD05-123' }, units: [unit('a1', { traits: ['Orb'], hp: 5 })] }, B: { resources: 2 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', action_step: [{ type: 'play', player: 'B', card: 'ST03-013', choices: [{ targets: ['a1'] }] }] }],
    });
    expect(unitOf(out, 'a1')?.damage).toBe(2);
  });

  it('EB01-088 Miorine Rembran & Academy Ship: (G Generation) Units that are Lv.3 get AP+1 on the opponent\'s turn only', () => {
    const board = (active: 'A' | 'B') =>
      sim({ state: { active_player: active, players: { A: { base: { card: 'EB01-088' }, units: [unit('a1', { traits: ['G Generation'], level: 3 }), unit('a2', { traits: ['G Generation'], level: 4 })] }, B: {} } }, actions: [] });
    expect(unitOf(board('B'), 'a1')?.ap).toBe(2);
    expect(unitOf(board('B'), 'a2')?.ap).toBe(1);
    expect(unitOf(board('A'), 'a1')?.ap).toBe(1);
    expect(board('B').not_executed).toEqual([]);
  });
});

describe('"[Suppression]" printed with square brackets is <Suppression> (GD02-053)', () => {
  it('GD02-053 Gundam X attacking the player destroys the first 2 cards of the shield area at once (13-1-7)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD02-053' }] }, B: { base: null, shields: 3 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(out.state.players.B.shields).toBe(1);
    expect(cites(out, '13-1-7')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });
});

describe('"All players each choose 1 of their Resources. Set them as active." / "All players place 1 EX Resource." (1-3-4)', () => {
  it('EB01-059 Psycho Zaku (linked) attacks: each player sets one rested Resource active', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { resources: { active: 0, rested: 3 }, units: [{ id: 'a1', card: 'EB01-059', linked: true, pilot: { name: 'P', ap: 0, hp: 0 } }] }, B: { resources: { active: 1, rested: 2 }, base: null, shields: 2 } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources).toMatchObject({ active: 1, rested: 2 });
    expect(out.state.players.B.resources).toMatchObject({ active: 2, rested: 1 });
    expect(cites(out, '1-3-4')).toBe(true);
  });

  it('EB01-059 when a player has no rested Resource, that player sets none (1-3-2-1)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: { active: 2, rested: 0 }, units: [{ id: 'a1', card: 'EB01-059', linked: true, pilot: { name: 'P', ap: 0, hp: 0 } }] }, B: { resources: { active: 0, rested: 2 }, base: null, shields: 2 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(out.state.players.A.resources).toMatchObject({ active: 2, rested: 0 });
    expect(out.state.players.B.resources).toMatchObject({ active: 1, rested: 1 });
    expect(cites(out, '1-3-2-1')).toBe(true);
  });

  it('EB01-025 Tallgeese Ⅱ with Development 2: both players place 1 EX Resource; then its pair guard holds', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, trash: ['EB01-001', 'EB01-002'], hand: ['EB01-025'] }, B: { resources: 3 } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'EB01-025', choices: [{ use: true, cards: ['EB01-001', 'EB01-002'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources.ex).toBe(1);
    expect(out.state.players.B.resources.ex).toBe(1);
    expect(out.not_executed).toEqual([]);
  });

  it('EB01-025 paired, while the opponent has an EX Resource: no battle damage from a Lv.5 enemy Unit', () => {
    const board = (ex: number) =>
      sim({
        state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'EB01-025', pilot: { name: 'P', ap: 0, hp: 0 }, rested: true }] }, B: { resources: { active: 0, ex }, units: [unit('b1', { level: 5, ap: 3 })] } } },
        actions: [{ type: 'attack', attacker: 'b1', target: 'a1' }],
      });
    expect(unitOf(board(1), 'a1')?.damage).toBe(0);
    expect(unitOf(board(0), 'a1')?.damage).toBe(3);
  });
});

describe('"If it has <Repair>, deal 3 damage instead." read on the chosen Unit (10-1-9-1-1)', () => {
  const rozen = (keywords: string[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 7 }, B: { units: [unit('b1', { hp: 5, keywords })] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD04-039' }],
    });

  it('GD04-039 Rozen Zulu on an enemy Unit with <Repair>: 3 damage instead of 1', () => {
    const out = rozen(['Repair 1']);
    expect(unitOf(out, 'b1')?.damage).toBe(3);
    expect(cites(out, '10-1-9-1-1')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('GD04-039 on a Unit without <Repair>: the printed 1 damage', () => {
    expect(unitOf(rozen([]), 'b1')?.damage).toBe(1);
  });
});

describe('"Look at the top card of your deck. Return it to the top of your deck or place it into your trash." (10-3-5)', () => {
  const dopp = (choice: object) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 3, deck: ['GD01-001', 'GD01-004'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD04-026', choices: [choice] }],
    });

  it('GD04-026 Garma\'s Dopp: the player keeps the card on top', () => {
    const out = dopp({ cards: ['GD01-001'] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).not.toContain('GD01-001');
    expect(out.state.players.A.deck).toBe(2);
  });

  it('GD04-026: or places it into the trash', () => {
    const out = dopp({ cards: [] });
    expect(out.state.players.A.trash).toContain('GD01-001');
    expect(out.state.players.A.deck).toBe(1);
  });
});

describe('"… deploy 2 [Leo] Unit tokens instead" / a token spec ending in "･" (ST02-016, GD05-126)', () => {
  const corsica = (trash: string[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 3, trash }, B: {} } },
      actions: [{ type: 'deploy', id: 'base', card: 'ST02-016' }],
    });

  it('ST02-016 Corsica Base on your turn with another Corsica Base in the trash: 2 [Leo] instead of [Tallgeese]', () => {
    const out = corsica(['ST02-016']);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.units.map((u) => u.name)).toEqual(['Leo', 'Leo']);
    expect(cites(out, '10-1-9-1-1')).toBe(true);
  });

  it('ST02-016 without one: the printed [Tallgeese] (AP 4, HP 2)', () => {
    const out = corsica([]);
    expect(out.state.players.A.units.map((u) => [u.name, u.ap, u.hp])).toEqual([['Tallgeese', 4, 2]]);
  });

  it('GD05-126 Quiet Zero: with a Lv.5 "Gundam Aerial" Unit in play, ② deploys a [Gundnode] (Quiet Zero) AP2 HP2 token', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 2, base: { card: 'GD05-126' }, units: [{ id: 'a1', card: 'GD01-070' }] }, B: {} } },
      actions: [{ type: 'activate', source: 'A-base' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.units.map((u) => [u.name, u.ap, u.hp])).toContainEqual(['Gundnode', 2, 2]);
    expect(out.not_executed).toEqual([]);
  });
});

describe('"Deal 2 damage to it and this Unit." (GD04-052)', () => {
  const leopard = (choices: object[], enemies = [unit('b1', { hp: 4, rested: true })]) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-052', pilot: { name: 'P', ap: 0, hp: 0 } }] }, B: { units: enemies } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }],
    });

  it('GD04-052 Gundam Leopard Destroy (paired) attacks: the chosen enemy Unit and this Unit are each dealt 2 damage (5-5-4)', () => {
    const out = leopard([{ use: true, targets: ['b1'] }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(2);
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(out.not_executed).toEqual([]);
  });

  it('GD04-052 declining the "you may": neither is dealt damage (10-1-3)', () => {
    const out = leopard([{ use: false }]);
    expect(unitOf(out, 'b1')?.damage).toBe(0);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
  });

  it('GD04-052 with no enemy Unit: nothing to choose, so this Unit is not dealt damage either', () => {
    const out = leopard([], []);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
  });
});

describe('"Choose 1 other Unit that is being attacked." (EB01-033, 8-1)', () => {
  it('EB01-033 Taurus in the action step gives the attacked Unit AP+1 during this battle', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { resources: 1, units: [{ id: 'a1', card: 'EB01-033' }, unit('a2', { rested: true, ap: 2 })] }, B: { units: [unit('b1', { ap: 3, hp: 3 })] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'a2', action_step: [{ type: 'activate', source: 'a1' }] }],
    });
    expect(out.legal).toBe(true);
    expect(texts(out).some((t) => /U a2 \(a2\) gets AP\+1 during this battle/.test(t))).toBe(true);
    // With AP 3 (2 + 1) the attacked Unit destroys the 3-HP attacker.
    expect(out.destroyed).toContain('b1');
  });
});

describe('"All Units that are Lv.3 or lower other than Unit tokens are deployed rested." (GD04-022, 5-4-2)', () => {
  const kikeroga = (linked: boolean, card: string) =>
    sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'GD04-022', linked, pilot: { name: 'Challia Bull', ap: 0, hp: 0 } }] }, B: { resources: 5 } } },
      actions: [{ type: 'deploy', id: 'b1', card }],
    });

  it('GD04-022 Kikeroga (linked): an enemy Lv.3 Unit enters the battle area rested (1-3-1)', () => {
    const out = kikeroga(true, 'ST01-004');
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(true);
    expect(cites(out, '5-4-2')).toBe(true);
  });

  it('GD04-022: a Lv.4 Unit enters active; not linked, the constant does not apply', () => {
    expect(unitOf(kikeroga(true, 'GD01-001'), 'b1')?.rested).toBe(false);
    expect(unitOf(kikeroga(false, 'ST01-004'), 'b1')?.rested).toBe(false);
  });
});

describe('"Deploy A if …, deploy B if …, or deploy C if …" (ST01-015, 10-2-1)', () => {
  const whiteBase = (units: object[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 2, base: { card: 'ST01-015' }, units }, B: {} } },
      actions: [{ type: 'activate', source: 'A-base' }],
    });
  const tokens = (out: ReturnType<typeof sim>) => out.state.players.A.units.filter((u) => !u.id.startsWith('a')).map((u) => [u.name, u.ap, u.hp]);

  it('ST01-015 White Base with no Units: only [Gundam] (AP3 HP3), not [Guncannon] although one Unit is then in play', () => {
    const out = whiteBase([]);
    expect(out.legal).toBe(true);
    expect(tokens(out)).toEqual([['Gundam', 3, 3]]);
    expect(cites(out, '10-2-1')).toBe(true);
  });

  it('ST01-015 with 1 Unit: [Guncannon]; with 2: [Guntank]', () => {
    expect(tokens(whiteBase([unit('a1')]))).toEqual([['Guncannon', 2, 2]]);
    expect(tokens(whiteBase([unit('a1'), unit('a2')]))).toEqual([['Guntank', 1, 1]]);
  });
});

describe('"During this turn, all enemy Units must choose that Unit as their attack target when attacking." (GD04-107, 1-3-1)', () => {
  const destined = (second: object) =>
    sim({
      state: { active_player: 'B', players: { A: { resources: 2, units: [unit('a1', { rested: true, hp: 5 }), unit('a2', { rested: true, hp: 5 })] }, B: { units: [unit('b1', { ap: 1 }), unit('b2', { ap: 1 })] } } },
      actions: [
        { type: 'attack', attacker: 'b1', target: 'a1', action_step: [{ type: 'play', player: 'A', card: 'GD04-107', choices: [{ targets: ['a2'] }] }] },
        { type: 'attack', attacker: 'b2', ...second },
      ],
    });

  it('GD04-107 Destined Battle: a later attack on the player is illegal; it must target the chosen Unit', () => {
    const out = destined({ target: 'player' });
    expect(out.legal).toBe(false);
    expect(out.violations[0]?.rules).toContain('1-3-1');
  });

  it('GD04-107: the attack on the chosen Unit is legal', () => {
    const out = destined({ target: 'a2' });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a2')?.damage).toBe(1);
  });
});

describe('"All players each look at the top card of their deck …" (EB01-078, EB01-023, 1-3-4)', () => {
  it('EB01-078 Premium Unit Assembly: each player takes a Unit card on top, in turn, and says where the rest goes', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 1, deck: ['GD01-001', 'GD01-004'] }, B: { deck: ['GD01-101', 'GD01-004'] } } },
      actions: [{ type: 'play', card: 'EB01-078', choices: [{ cards: ['GD01-001'] }, { cards: [] }, { where: 'bottom' }] }],
    });
    expect(out.legal).toBe(true);
    // A played the Command from a hand of 5 and took GD01-001; B took nothing and kept 2 cards in the deck.
    expect([out.state.players.A.hand, out.state.players.A.deck]).toEqual([5, 1]);
    expect([out.state.players.B.hand, out.state.players.B.deck]).toEqual([5, 2]);
    expect(cites(out, '1-3-4')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('EB01-078: a card that is not a Unit card cannot be taken', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 1, deck: ['GD01-101'] }, B: { deck: ['GD01-004'] } } },
      actions: [{ type: 'play', card: 'EB01-078', choices: [{ cards: ['GD01-101'] }] }],
    });
    expect(out.legal).toBe(false);
  });

  it('EB01-023 Le Cygne attacks: a Lv.5 or higher card may be taken by each player', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'EB01-023' }], deck: ['GD01-002'] }, B: { base: null, shields: 2, deck: ['GD01-004'] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ cards: ['GD01-002'] }, { where: 'top' }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(6);
    expect(out.state.players.B.hand).toBe(5);
  });
});

describe('"If 1 to 4 enemy Units are in play, … If 5 or more are in play, …" (GD03-117, 10-2-1)', () => {
  const orga = (enemies: number) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 3 }, B: { units: Array.from({ length: enemies }, (_, k) => unit(`b${k}`)) } } },
      actions: [{ type: 'play', card: 'GD03-117' }],
    });
  const tokens = (out: ReturnType<typeof sim>) => out.state.players.A.units.map((u) => [u.name, u.ap, u.hp]);

  it('GD03-117 Orga\'s Order with 2 enemy Units: [Graze Custom] (AP2 HP2)', () => {
    const out = orga(2);
    expect(out.legal).toBe(true);
    expect(tokens(out)).toEqual([['Graze Custom', 2, 2]]);
  });

  it('GD03-117 with 5 enemy Units: the first "If" fails, the second sentence has its own and deploys [Gundam Barbatos 4th Form]', () => {
    expect(tokens(orga(5))).toEqual([['Gundam Barbatos 4th Form', 4, 4]]);
  });

  it('GD03-117 with no enemy Unit: neither', () => {
    const out = orga(0);
    expect(tokens(out)).toEqual([]);
    expect(cites(out, '10-2-1')).toBe(true);
  });

  it('a leading condition still governs the sentences after it that have none (GD03-072 Aile Strike Gundam)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: 3 }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-072' }],
    });
    expect(out.state.players.A.hand).toBe(2);
  });
});

describe('"Then, you may choose 1 active friendly blue (G Generation) Unit and 1 enemy Unit. Rest them." (EB01-085)', () => {
  const kudelia = (choices: object[], enemies = [unit('b1')]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', card: 'EB01-001' }] }, B: { units: enemies } } },
      actions: [{ type: 'deploy', id: 'base', card: 'EB01-085', choices }],
    });

  it('EB01-085 taking the "you may": both are rested', () => {
    const out = kudelia([{ use: true }]);
    expect(out.legal).toBe(true);
    expect([unitOf(out, 'a1')?.rested, unitOf(out, 'b1')?.rested]).toEqual([true, true]);
  });

  it('EB01-085 declining it: neither is rested', () => {
    const out = kudelia([{ use: false }]);
    expect([unitOf(out, 'a1')?.rested, unitOf(out, 'b1')?.rested]).toEqual([false, false]);
  });

  it('EB01-085 with no enemy Unit: the targets are chosen together, so nothing is chosen (10-3-3-1)', () => {
    const out = kudelia([], []);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(false);
  });
});

describe('"This Unit and all your Units with "Gundam Lfrith" or "Gundnode" in their card name get AP+1." (GD05-088)', () => {
  it('GD05-088 Prospera Mercury paired: its Unit AP+1 once (even with "Gundam Lfrith" in its name), a friendly Gundnode AP+1, another Unit nothing', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [unit('a1', { name: 'Gundam Lfrith Test', ap: 2, pilot: 'GD05-088' }), unit('a2', { name: 'Gundnode Test', ap: 2 }), unit('a3', { ap: 2 })] }, B: {} },
      },
      actions: [],
    });
    // GD05-088 prints no AP modifier (3-3-8-1: +0).
    expect(unitOf(out, 'a1')?.ap).toBe(3);
    expect(unitOf(out, 'a2')?.ap).toBe(3);
    expect(unitOf(out, 'a3')?.ap).toBe(2);
    expect(out.not_executed).toEqual([]);
  });
});

describe('cards "placed with this effect" (GD04-116, GD05-052)', () => {
  it('GD04-116 Reliable Big Brother: damage equal to the (Minerva Squad) cards placed, here 1', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, deck: ['GD04-050', 'GD01-001', 'GD01-004'] }, B: { units: [unit('b1', { ap: 3, hp: 5 })] } } },
      actions: [{ type: 'play', card: 'GD04-116' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(1);
    expect(out.state.players.A.trash).toEqual(expect.arrayContaining(['GD04-050', 'GD01-001']));
  });

  it('GD04-116 with two of them placed: 2 damage', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, deck: ['GD04-050', 'GD04-053', 'ST01-001'] }, B: { units: [unit('b1', { ap: 3, hp: 5 })] } } },
      actions: [{ type: 'play', card: 'GD04-116' }],
    });
    expect(unitOf(out, 'b1')?.damage).toBe(2);
  });

  it('GD05-052 Sazabi: destroy another Unit, place 3, add the (Neo Zeon) Unit card placed to the hand', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, hand: ['GD05-052'], units: [unit('a1')], deck: ['GD01-001', 'GD01-044', 'GD01-004', 'GD01-002'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a2', card: 'GD05-052', choices: [{ use: true, targets: ['a1'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand_cards).toContain('GD01-044');
    expect(out.state.players.A.trash).toEqual(expect.arrayContaining(['GD01-001', 'GD01-004']));
    expect(out.state.players.A.trash).not.toContain('GD01-044');
  });
});

describe('"You may exile this card in your trash from the game. If you do, …" (GD05-130, 5-12-1)', () => {
  it('GD05-130 Presidential Office destroyed: exiled from the trash, then another Presidential Office deployed from the hand', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { base: { card: 'GD05-130' }, hand: ['GD05-130'] }, B: {} } },
      actions: [{ type: 'destroy', target: 'A-base', choices: [{ use: true }, { use: true, cards: ['GD05-130'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.removed).toContain('A-base');
    expect(out.state.players.A.base?.name).toBe('Presidential Office');
    expect(cites(out, '5-12-1')).toBe(true);
  });

  it('GD05-130 declining the exile: it stays in the trash and nothing is deployed (5-20-1)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { base: { card: 'GD05-130' }, hand: ['GD05-130'] }, B: {} } },
      actions: [{ type: 'destroy', target: 'A-base', choices: [{ use: false }] }],
    });
    expect(out.state.players.A.trash).toContain('A-base');
    expect(out.state.players.A.base).toBeNull();
  });
});

describe('"Reveal 1 (Earth Federation) Unit card from your hand. Return it to the bottom of your deck. If you do, draw 2." (ST08-006)', () => {
  const penelope = (hand: string[], choices: object[], target = 'player') =>
    sim({
      state: { active_player: 'A', players: { A: { hand, units: [{ id: 'a1', card: 'ST08-006', pilot: { name: 'P', ap: 0, hp: 0 } }] }, B: { base: null, units: [unit('b1', { rested: true })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target, choices }],
    });

  it('ST08-006 Penelope (paired) attacking the player: the revealed card goes under the deck, then draw 2', () => {
    const out = penelope(['GD01-001'], [{ cards: ['GD01-001'] }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(2);
    expect(out.state.players.A.hand_cards).not.toContain('GD01-001');
  });

  it('ST08-006 with no such card in a listed hand: nothing revealed, no draw (5-20-1)', () => {
    const out = penelope(['GD01-101'], []);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(1);
  });

  it('ST08-006 attacking a Unit: the condition does not hold (10-2-1)', () => {
    const out = penelope(['GD01-001'], [], 'b1');
    expect(out.state.players.A.hand).toBe(1);
  });
});

describe('a cost "Discard 1 (Zeon)/(Neo Zeon) Unit card" and "Pair it with this Unit" from the trash (GD01-023)', () => {
  const gelgoog = (hand: string[], trash: string[], pilot?: object) =>
    sim({
      state: { active_player: 'A', players: { A: { hand, trash, units: [{ id: 'a1', card: 'GD01-023', ...(pilot ? { pilot } : {}) }] }, B: {} } },
      actions: [{ type: 'activate', source: 'a1', choices: [{ cards: [hand[0]] }] }],
    });

  it('GD01-023 Char\'s Gelgoog: discard a (Neo Zeon) Unit card, pair a (Newtype) Lv.3 Pilot from the trash', () => {
    const out = gelgoog(['GD01-044'], ['GD02-089']);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toContain('GD01-044');
    expect(unitOf(out, 'a1')?.pilot).toMatchObject({ id: 'GD02-089', name: 'Lalah Sune' });
  });

  it('GD01-023 with only a non-(Zeon) Unit card in hand: the cost cannot be paid', () => {
    expect(gelgoog(['GD01-001'], ['GD02-089']).legal).toBe(false);
  });
});

describe('"Increase this Unit\'s AP by an amount equal to the number of … with unique names in your trash." (GD03-089, 2-2-1)', () => {
  const bernard = (trash: string[]) =>
    sim({ state: { active_player: 'A', players: { A: { trash, units: [unit('a1', { ap: 2, pilot: 'GD03-089' })] }, B: {} } }, actions: [] });

  it('GD03-089 Bernard Wiseman: two copies of one (Cyclops Team) Pilot and one Command count 2 (one per name); a Unit card does not count', () => {
    const out = bernard(['GD03-090', 'GD03-090', 'GD03-107', 'GD03-017']);
    // AP 2 + Bernard's printed AP +0 + 2 unique names.
    expect(unitOf(out, 'a1')?.ap).toBe(4);
    expect(out.not_executed).toEqual([]);
  });

  it('GD03-089 with an empty trash: no change', () => {
    expect(unitOf(bernard([]), 'a1')?.ap).toBe(2);
  });
});

describe('"Choose 1 (Superpower Bloc) card and 1 (UN) card from your trash. Exile them from the game." (GD04-071, 10-3-3-1)', () => {
  const flag = (trash: string[], actions: object[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { trash, units: [{ id: 'a1', card: 'GD04-071', rested: true }] }, B: {} } },
      actions: [{ type: 'activate', source: 'a1' }, ...actions],
    });

  it('GD04-071 Graham\'s Union Flag Custom Ⅱ: both exiled, then it is set as active and can\'t attack this turn', () => {
    const out = flag(['GD03-081', 'GD04-071']);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.removed).toEqual(expect.arrayContaining(['GD03-081', 'GD04-071']));
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    expect(cites(out, '5-12-1')).toBe(true);
    const attack = flag(['GD03-081', 'GD04-071'], [{ type: 'attack', attacker: 'a1', target: 'player' }]);
    expect(attack.legal).toBe(false);
  });

  it('GD04-071 with only a (Superpower Bloc) card: nothing is exiled and it stays rested', () => {
    const out = flag(['GD03-081']);
    expect(out.state.players.A.trash).toEqual(['GD03-081']);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
  });

  it('GD04-071 with a choice among several pairs: the named pair must be one of each', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { trash: ['GD03-069', 'GD03-081', 'GD04-071'], units: [{ id: 'a1', card: 'GD04-071', rested: true }] }, B: {} } },
      actions: [{ type: 'activate', source: 'a1', choices: [{ cards: ['GD03-081', 'GD04-071'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toEqual(['GD03-069']);
    const wrong = sim({
      state: { active_player: 'A', players: { A: { trash: ['GD03-069', 'GD03-081', 'GD04-071'], units: [{ id: 'a1', card: 'GD04-071', rested: true }] }, B: {} } },
      actions: [{ type: 'activate', source: 'a1', choices: [{ cards: ['GD03-069', 'GD03-081'] }] }],
    });
    expect(wrong.legal).toBe(false);
    expect(wrong.violations[0]?.kind).toBe('input');
  });
});

describe('cards placed from an unlisted deck are not guessed', () => {
  it('GD04-116 with the deck not listed: the damage is what the named cards give (none) and the outcome is left open', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4 }, B: { units: [unit('b1', { ap: 3, hp: 5 })] } } },
      actions: [{ type: 'play', card: 'GD04-116' }],
    });
    expect(unitOf(out, 'b1')?.damage).toBe(0);
    expect(JSON.stringify(out)).toMatch(/not named in the scenario \(list the deck to settle it\)/);
  });
});

describe('"If you discard a (Special Move) Command card with this effect, you may activate its 【Main】." (GD05-097, 10-1-1)', () => {
  const domon = (hand: string[], deck: string[], choices: object[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD05-097', ...hand], deck, units: [unit('a1', { traits: ['MF'] })] }, B: { units: [unit('b1', { hp: 5 })] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD05-097', choices }],
    });

  it('GD05-097 Domon Kasshu: discarding GD05-110 (a Special Move Command) runs its 【Main】: 2 damage to the enemy Unit', () => {
    const out = domon(['GD05-110'], ['GD01-001', 'GD01-004'], [{ cards: ['GD05-110'] }, { use: true }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toContain('GD05-110');
    expect(unitOf(out, 'b1')?.damage).toBe(2);
    expect(cites(out, '10-1-1')).toBe(true);
  });

  it('GD05-097 discarding another card: the condition does not hold, nothing more', () => {
    const out = domon(['GD05-110'], ['GD01-001', 'GD01-004'], [{ cards: ['GD01-001'] }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(0);
  });
});

describe('"You may reveal 1 green (Earth Federation) Unit card/1 card with "AGE Device" in its card name among them" (GD02-088, 10-3-5)', () => {
  const flit = (deck: string[], choices: object[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 3, hand: ['GD02-088'], deck, units: [unit('a1')] }, B: {} } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD02-088', linked: true, choices }],
    });

  it('GD02-088 Flit Asuno linked: the "AGE Device" Command may be taken (either description)', () => {
    const out = flit(['GD01-004', 'GD02-103', 'GD01-001'], [{ cards: ['GD02-103'] }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand_cards).toContain('GD02-103');
  });

  it('GD02-088: a green (Earth Federation) Unit card may be taken; a blue one may not', () => {
    expect(flit(['GD02-021', 'GD01-004', 'GD01-001'], [{ cards: ['GD02-021'] }]).state.players.A.hand_cards).toContain('GD02-021');
    expect(flit(['GD02-021', 'GD01-004', 'GD01-001'], [{ cards: ['GD01-004'] }]).legal).toBe(false);
  });
});
