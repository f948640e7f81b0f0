/**
 * The long tail of card text (issue 20): the classes of sentence read after the named cards, each
 * on real catalog cards, citing the rule.
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf, violationRules } from './helpers.js';

const unit = (id: string, extra: object = {}) => ({ id, name: `U ${id}`, ap: 1, hp: 3, ...extra });
const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);

describe('a cost "Rest 3 of your (CB) Units" / "rest 1 friendly (CB) Unit" (10-1-7-2, 1-3-2-1)', () => {
  const eins = (others: object[], choices: object[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD05-038' }, ...others] }, B: { units: [unit('b1', { hp: 4 })] } } },
      actions: [{ type: 'activate', source: 'a1', choices }],
    });
  const cb = (id: string, rested = false) => unit(id, { traits: ['CB'], rested });

  it('GD05-038 Gundam Throne Eins: three active (CB) Units rest to pay, then 4 damage', () => {
    // Exactly three (CB) Units and one enemy Unit: both choices are the only legal ones, taken and logged.
    const out = eins([cb('a2'), cb('a3')]);
    expect(out.legal).toBe(true);
    expect(['a1', 'a2', 'a3'].map((id) => unitOf(out, id)?.rested)).toEqual([true, true, true]);
    expect(out.destroyed).toEqual(['b1']);
  });

  it('GD05-038 with only two active (CB) Units (a third one is rested): the cost cannot be paid', () => {
    const out = eins([cb('a2'), cb('a3', true)]);
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toContain('10-1-7-2');
  });

  it('GD04-122 Jaburo (a Base): rest 1 of your (Earth Federation) Units to rest an enemy Lv.3 or lower', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { base: { card: 'GD04-122' }, units: [unit('a1', { traits: ['Earth Federation'] }), unit('a2')] }, B: { units: [unit('b1', { level: 3 })] } } },
      actions: [{ type: 'activate', source: 'A-base' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(unitOf(out, 'a2')?.rested).toBe(false);
    expect(unitOf(out, 'b1')?.rested).toBe(true);
  });

  it('GD04-125 Trinity Warship (a Base): "①, rest 1 friendly (CB) Unit" pays a Resource and rests the Unit', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 1, base: { card: 'GD04-125' }, units: [unit('a2', { traits: ['CB'] }), unit('a3')] }, B: { units: [unit('b1', { level: 5 })] } } },
      actions: [{ type: 'activate', source: 'A-base' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources.active).toBe(0);
    expect(unitOf(out, 'a2')?.rested).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(1);
  });
});

describe('"Activate 【Main】 on the card paired with this Unit" (3-4-6)', () => {
  const rose = (card: string, pilot: unknown) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card, pilot, linked: true, damage: 2 }] }, B: { base: null, shields: 0 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });

  it('GD05-044 Gundam Rose paired with Deep Devotion (GD01-101): its 【Main】 recovers 3 HP on the Link Unit', () => {
    const out = rose('GD05-044', 'GD01-101');
    expect(texts(out).some((t) => /the 【Main】 effect of Deep Devotion, the card paired with it, activates/.test(t))).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '3-4-6')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('GD05-076 Bolt Gundam paired with a Pilot card: it has no 【Main】, so nothing (1-3-2)', () => {
    const out = rose('GD05-076', { name: 'Argo Gulskii', ap: 0, hp: 0 });
    expect(texts(out).some((t) => /has no 【Main】 effect/.test(t))).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(2);
  });

  it('GD05-035 not linked: the 【During Link】 【Attack】 does not trigger', () => {
    const out = rose('GD05-035', 'GD01-101');
    expect(out.not_executed).toEqual([]);
  });
});

describe('"Choose 1 of your Resources. Set it as active." (5-4-1-1, 1-3-2-1)', () => {
  const suletta = (resources: object) =>
    sim({ state: { active_player: 'A', players: { A: { resources, units: [{ id: 'a1', name: 'Aerial', ap: 3, hp: 3, pilot: 'ST01-011' }] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player' }] });

  it('ST01-011 Suletta Mercury: a rested Resource becomes active', () => {
    expect(suletta({ active: 1, rested: 2 }).state.players.A.resources).toMatchObject({ active: 2, rested: 1 });
  });

  it('ST01-011 with no rested Resource: nothing is set active, and 【Once per Turn】 is not used up (1-3-2-1)', () => {
    const out = suletta({ active: 3 });
    expect(out.state.players.A.resources).toMatchObject({ active: 3, rested: 0 });
    expect(cites(out, '1-3-2-1')).toBe(true);
  });

  it('ST09-008 Shinn Asuka: only when it is a (Minerva Squad) Unit (10-2-1)', () => {
    const shinn = (traits: string[]) =>
      sim({ state: { active_player: 'A', players: { A: { resources: { active: 0, rested: 1 }, units: [{ id: 'a1', name: 'Impulse', ap: 3, hp: 3, traits, pilot: 'ST09-008' }] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player' }] });
    expect(shinn(['Minerva Squad']).state.players.A.resources.active).toBe(1);
    expect(shinn(['ZAFT']).state.players.A.resources.active).toBe(0);
  });
});

describe('"If you placed a (Vagan) card with this effect" (4-9-1, 10-2-1)', () => {
  const zeheart = (deck: string[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 5, deck, units: [{ id: 'a1', name: 'Gundam', ap: 3, hp: 3 }] }, B: { units: [unit('b1', { ap: 4 })] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD03-094', choices: [{ targets: ['b1'] }] }],
    });

  it('GD03-094 Zeheart Galette: a (Vagan) card among the two placed gives the enemy Unit AP-2', () => {
    const out = zeheart(['ST01-001', 'GD03-094', 'ST01-002']);
    expect(out.state.players.A.trash).toEqual(['ST01-001', 'GD03-094']);
    expect(unitOf(out, 'b1')?.ap).toBe(2);
  });

  it('GD03-094 with no (Vagan) card placed: the condition does not hold, nothing is chosen', () => {
    const out = zeheart(['ST01-001', 'ST01-002', 'GD03-094']);
    expect(unitOf(out, 'b1')?.ap).toBe(4);
    expect(cites(out, '10-2-1')).toBe(true);
  });

  it('GD03-092 Nyaan: a (Zeon) card placed on 【When Linked】 deals 1 damage', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, deck: ['GD01-026', 'ST01-001'], units: [{ id: 'a1', name: 'Zaku', ap: 3, hp: 3, link: '[Nyaan]' }] }, B: { units: [unit('b1')] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD03-092', choices: [{ targets: ['b1'] }] }],
    });
    expect(unitOf(out, 'b1')?.damage).toBe(1);
  });
});

describe('"During your turn, if you have another (Dawn of Fold) Unit in play, …": both conditions (10-2-1)', () => {
  const gundvolva = (active: 'A' | 'B') =>
    sim({
      state: { active_player: active, players: { A: { units: [{ id: 'a1', card: 'GD04-025' }, unit('a2', { traits: ['Dawn of Fold'] })] }, B: {} } },
      actions: [{ type: 'destroy', target: 'a1' }],
    });

  it('GD04-025 Gundvölva destroyed on your turn with another (Dawn of Fold) Unit: an EX Resource', () => {
    expect(gundvolva('A').state.players.A.resources.ex).toBe(1);
  });

  it("GD04-025 destroyed on the opponent's turn: nothing", () => {
    expect(gundvolva('B').state.players.A.resources.ex).toBe(0);
  });
});

describe('"On the turn this Unit is deployed, it may choose a rested enemy Unit as its attack target and attack it" (1-3-1, 3-2-4)', () => {
  const michaelis = (card: string, target: string) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card, deployed_this_turn: true }] }, B: { units: [unit('b1', { rested: true, hp: 5 }), unit('b2')] } } },
      actions: [{ type: 'attack', attacker: 'a1', target }],
    });

  it('GD05-030 Michaelis attacks a rested enemy Unit on the turn it is deployed', () => {
    const out = michaelis('GD05-030', 'b1');
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(3);
  });

  it('GD05-048 on its deploy turn may not attack the player (3-2-4), and the reason names its text', () => {
    const out = michaelis('GD05-048', 'player');
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toContain('3-2-4');
    expect(out.violations[0]!.reason).toMatch(/only a rested enemy Unit/);
  });

  it('GD05-078 on its deploy turn may not attack an active enemy Unit either', () => {
    expect(michaelis('GD05-078', 'b2').legal).toBe(false);
  });
});

describe('"When you pair a (Cyber-Newtype) Pilot with one of your blue Units" (5-9-1, 10-1-6-1)', () => {
  it('GD04-004 Psycho Gundam Mk-II: pairing a (Cyber-Newtype) Pilot with a blue Unit draws 1; another Pilot does not', () => {
    const pair = (traits: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 3, deck: 10, units: [{ id: 'a1', card: 'GD04-004' }, unit('a2', { color: 'blue' })] }, B: {} } },
        actions: [{ type: 'pair', unit: 'a2', pilot: { name: 'Four', traits, ap: 1, hp: 1 } }],
      });
    expect(pair(['Cyber-Newtype']).state.players.A.deck).toBe(9);
    expect(pair(['Newtype']).state.players.A.deck).toBe(10);
  });

  it('GD03-124 Ribo Colony (a Base): a Pilot that is Lv.3 or lower paired with one of your Units rests an enemy Unit with 3 or less HP', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, base: { card: 'GD03-124' }, units: [unit('a1')] }, B: { units: [unit('b1', { hp: 3 })] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Kid', level: 3, ap: 1, hp: 1 } }],
    });
    expect(unitOf(out, 'b1')?.rested).toBe(true);
  });

  it('GD01-065 Freedom Gundam 【During Pair】: pairing with one of your white Units gives an enemy Unit AP-2', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'GD01-065', pilot: { name: 'Kira', ap: 0, hp: 0 } }, unit('a2', { color: 'white' })] }, B: { units: [unit('b1', { ap: 3 })] } } },
      actions: [{ type: 'pair', unit: 'a2', pilot: { name: 'Lacus', ap: 0, hp: 0 } }],
    });
    expect(unitOf(out, 'b1')?.ap).toBe(1);
  });
});

describe('wording read as its plain form: "Linked Units", "While a friendly Base in play", "All your … Units may choose …"', () => {
  it('GD05-039 Chaos Gundam: "1 of your (Phantom Pain) Linked Units" is a Link Unit', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD05-039' }, unit('a2', { traits: ['Phantom Pain'], linked: true, pilot: { name: 'P', ap: 0, hp: 0 } }), unit('a3', { traits: ['Phantom Pain'] })] }, B: {} } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(texts(out).some((t) => /U a2 \(a2\) gains <High-Maneuver>/.test(t))).toBe(true);
  });

  it('ST09-004 Freedom Gundam: <Suppression> while a friendly Base is in play (the EX Base), not without one', () => {
    const kw = (base: null | undefined) => unitOf(sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'ST09-004' }], ...(base === null ? { base: null } : {}) }, B: {} } }, actions: [] }), 'a1')?.keywords;
    expect(kw(undefined)).toContain('Suppression');
    expect(kw(null)).not.toContain('Suppression');
  });

  it('GD03-017 Kämpfer: all your (Cyclops Team) Units may attack an active enemy Unit with 5 or less AP this turn', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'GD03-017' }, unit('a2', { traits: ['Cyclops Team'] })] }, B: { units: [unit('b1', { ap: 5 })] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Mikhail', traits: ['Cyclops Team'], ap: 0, hp: 0 } }, { type: 'attack', attacker: 'a2', target: 'b1' }],
    });
    expect(out.legal).toBe(true);
  });
});

describe('one-card classes of the long tail, each on its card', () => {
  it('GD05-060 Gundam Flauros (Ryusei-Go): "【Deploy】/【Attack】" is both timings (13-2-6, 13-2-7)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', card: 'GD05-060' }] }, B: { units: [unit('b1', { level: 2 }), unit('b2', { level: 2 })] } } },
      actions: [{ type: 'deploy', id: 'a2', card: 'GD05-060', choices: [{ targets: ['b1'] }] }, { type: 'attack', attacker: 'a1', target: 'player', choices: [{ targets: ['b2'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed.slice(0, 2)).toEqual(['b1', 'b2']); // then its 5 AP destroys the EX Base
  });

  it('GD03-064 Defurse: "you may choose 1 (X-Rounder) card from your trash and add it to your hand. If you do, discard 1."', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, hand: ['GD03-064', 'ST01-001'], trash: ['GD03-094'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-064', choices: [{ targets: ['GD03-094'] }, { cards: ['ST01-001'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand_cards).toEqual(['GD03-094']);
    expect(out.state.players.A.trash).toEqual(['ST01-001']);
  });

  it('GD03-112 Warped Intent: all Units paired with a Pilot get AP+2, the others not', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD03-112'], units: [unit('a1', { pilot: { name: 'P', ap: 0, hp: 0 } }), unit('a2')] }, B: { units: [unit('b1', { pilot: { name: 'Q', ap: 0, hp: 0 } })] } } },
      actions: [{ type: 'play', card: 'GD03-112' }],
    });
    expect([unitOf(out, 'a1')?.ap, unitOf(out, 'a2')?.ap, unitOf(out, 'b1')?.ap]).toEqual([3, 1, 3]);
  });

  it('ST09-002 Force Impulse Gundam: a (Minerva Squad) Unit card without "Force Impulse Gundam" in its name', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'ST09-002' }] }, B: {} } },
      actions: [{ type: 'destroy', target: 'a1' }],
    });
    // Its own card is the only (Minerva Squad) Unit card in the trash, and its name is excluded.
    expect(out.state.players.A.trash).toEqual(['a1']);
    expect(out.not_executed).toEqual([]);
  });

  it('GD05-118 Incendiary Spark: "rest the enemy Unit" is the one chosen, only when an EX Resource paid', () => {
    const play = (res: object) =>
      sim({ state: { active_player: 'A', players: { A: { resources: res, hand: ['GD05-118'] }, B: { units: [unit('b1', { ap: 3 })] } } }, actions: [{ type: 'play', card: 'GD05-118', use_ex: 1 }] });
    expect(unitOf(play({ active: 3, ex: 1 }), 'b1')?.rested).toBe(true);
    expect(unitOf(play({ active: 3 }), 'b1')?.rested).toBe(false);
  });

  it('GD04-086 Garma Zabi: "If you have no EX Resources, place 1 EX Resource"', () => {
    const destroy = (ex: number) =>
      sim({ state: { active_player: 'A', players: { A: { resources: { active: 2, ex }, units: [{ id: 'a1', name: 'Dopp', ap: 1, hp: 1, pilot: 'GD04-086', linked: true }] }, B: {} } }, actions: [{ type: 'destroy', target: 'a1' }] }).state.players.A.resources.ex;
    expect(destroy(0)).toBe(1);
    expect(destroy(1)).toBe(1);
  });

  it('GD03-084 Paptimus Scirocco: "Then, if it is a (Jupitris) Unit, draw 1" reads the Unit it chose', () => {
    const link = (traits: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 5, deck: 10, units: [{ id: 'a1', name: 'The O', ap: 3, hp: 3, link: '[Paptimus Scirocco]' }, unit('a2', { traits })] }, B: {} } },
        actions: [{ type: 'pair', unit: 'a1', pilot: 'GD03-084', choices: [{ targets: ['a2'] }] }],
      }).state.players.A.deck;
    expect(link(['Jupitris'])).toBe(9);
    expect(link(['Titans'])).toBe(10);
  });

  it('GD04-044 Gadeel: <Breach 3> only when attacking a damaged enemy Unit', () => {
    const attack = (damage: number) =>
      sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-044' }] }, B: { units: [unit('b1', { rested: true, hp: 4, damage })] } } }, actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }] });
    expect(texts(attack(1)).some((t) => /gains <Breach 3> during this battle \(/.test(t))).toBe(true);
    expect(texts(attack(0)).some((t) => /gains <Breach 3> during this battle \(/.test(t))).toBe(false);
  });
});

describe('"Look at the top 2 cards of your deck and return 1 to the top" (10-3-5)', () => {
  it('GD02-104 Turning Point of History: the chosen card stays on top, the rest go to the bottom; then a draw with a (Newtype) Pilot', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 1, hand: ['GD02-104'], deck: ['ST01-001', 'ST01-002', 'ST01-003', 'ST01-004'], units: [unit('a1', { pilot: { name: 'Amuro', traits: ['Newtype'], ap: 0, hp: 0 } })] }, B: {} } },
      actions: [{ type: 'play', card: 'GD02-104', choices: [{ cards: ['ST01-003'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand_cards).toEqual(['ST01-003']); // kept on top, then drawn
    expect(out.state.players.A.deck).toBe(3);
  });

  it('ST09-010 Minerva on your turn: one back on top, the other into the trash', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 2, hand: ['ST09-010'], deck: ['ST01-001', 'ST01-002', 'ST01-003'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'x', card: 'ST09-010', choices: [{ cards: ['ST01-002'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toEqual(['ST01-001']);
    expect(out.state.players.A.deck).toBe(2);
  });

  it('ST02-015 Saint Gabriel Institute: one to the top and one to the bottom; naming a card not among them is an input violation', () => {
    const deploy = (cards: string[]) =>
      sim({ state: { active_player: 'A', players: { A: { resources: 2, hand: ['ST02-015'], deck: ['ST01-001', 'ST01-002', 'ST01-003'] }, B: {} } }, actions: [{ type: 'deploy', id: 'x', card: 'ST02-015', choices: [{ cards }] }] });
    const ok = deploy(['ST01-002']);
    expect(ok.legal).toBe(true);
    expect(ok.state.players.A.deck).toBe(3);
    expect(deploy(['ST01-003']).violations[0]?.kind).toBe('input');
  });
});

describe('"All players draw 1" and "When this Unit is rested by an effect" (10-1-6-1)', () => {
  it('GD04-128 Armory One destroyed: both players draw 1', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { base: { card: 'GD04-128' }, deck: 10 }, B: { deck: 10 } } }, actions: [{ type: 'destroy', target: 'A.base' }] });
    expect([out.state.players.A.deck, out.state.players.B.deck]).toEqual([9, 9]);
  });

  it('GD04-041 Gundam Throne Drei: rested by an effect, it sets itself active, once per turn (13-2-13-1)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-041' }] }, B: {} } }, actions: [{ type: 'rest', target: 'a1' }] });
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    const twice = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-041' }] }, B: {} } }, actions: [{ type: 'rest', target: 'a1' }, { type: 'rest', target: 'a1' }] });
    expect(unitOf(twice, 'a1')?.rested).toBe(true);
  });

  it('GD03-038 GuAIZ (Commander Type): rested by an effect during your turn, a (ZAFT) Unit gets AP+2; resting it to pay <Support> is a cost, not an effect', () => {
    const rested = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-038' }, unit('a2', { traits: ['ZAFT'] })] }, B: {} } }, actions: [{ type: 'rest', target: 'a1', choices: [{ targets: ['a2'] }] }] });
    expect(unitOf(rested, 'a2')?.ap).toBe(3);
    const support = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-038' }, unit('a2', { traits: ['ZAFT'] })] }, B: {} } }, actions: [{ type: 'activate', source: 'a1' }] });
    expect(unitOf(support, 'a2')?.ap).toBe(2); // <Support 1> only
  });
});

describe('nouns of the long tail: "that has no Pilot paired with it", "non-blue", "with a keyword effect", "with a 【Destroyed】 effect", "AP equal to or less than this Unit", "paired with a Pilot that is Lv.3 or lower"', () => {
  it('GD03-105 Bridge Crew: an active enemy Unit with no Pilot may be attacked this turn, one with a Pilot not', () => {
    const run = (pilot: boolean) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD03-105'], units: [unit('a1')] }, B: { units: [unit('b1', pilot ? { pilot: { name: 'P', ap: 0, hp: 0 } } : {})] } } },
        actions: [{ type: 'play', card: 'GD03-105' }, { type: 'attack', attacker: 'a1', target: 'b1' }],
      });
    expect(run(false).legal).toBe(true);
    expect(run(true).legal).toBe(false);
  });

  it('GD05-008 Dijeh: cost -2 in the hand while you have a non-blue (Newtype) Pilot in play', () => {
    const deploy = (color: string) =>
      sim({ state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD05-008'], units: [unit('a1', { pilot: { name: 'NT', traits: ['Newtype'], color, ap: 0, hp: 0 } })] }, B: {} } }, actions: [{ type: 'deploy', id: 'a2', card: 'GD05-008' }] }).state.players.A.resources.active;
    expect(deploy('green')).toBe(3);
    expect(deploy('blue')).toBe(1);
  });

  it('GD04-051 Gundam Airmaster Burst: with a (Vulture) Pilot and 7 cards in the trash, it may attack an active enemy Unit with a keyword effect', () => {
    const run = (keywords: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { trash: 7, units: [{ id: 'a1', card: 'GD04-051', pilot: { name: 'Garrod', traits: ['Vulture'], ap: 0, hp: 0 } }] }, B: { units: [unit('b1', { keywords })] } } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
      });
    expect(run(['Blocker']).legal).toBe(true);
    expect(run([]).legal).toBe(false);
  });

  it('GD03-037 Bertigo: <First Strike> on your turn while battling an enemy Unit with a 【Destroyed】 effect', () => {
    const run = (card: object) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-037', linked: true, pilot: { name: 'P', ap: 0, hp: 0 } }] }, B: { units: [{ id: 'b1', rested: true, ...card }] } } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
      });
    expect(run({ card: 'EB01-015' }).events.some((e) => /has <First Strike>/.test(e.text))).toBe(true);
    expect(run({ name: 'Plain', ap: 1, hp: 9 }).events.some((e) => /has <First Strike>/.test(e.text))).toBe(false);
  });

  it('GD03-035 GFreD 【When Linked】: an active enemy Unit with AP equal to or less than this Unit may be attacked', () => {
    const run = (ap: number) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 6, units: [{ id: 'a1', card: 'GD03-035' }] }, B: { units: [unit('b1', { ap, hp: 9 })] } } },
        actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Gai', ap: 0, hp: 0 }, linked: true }, { type: 'attack', attacker: 'a1', target: 'b1' }],
      });
    expect(run(4).legal).toBe(true);
    expect(run(5).legal).toBe(false);
  });

  it('GD05-109 Felsi\'s Plea: draws 1 when the Unit it chose is paired with a Pilot that is Lv.3 or lower', () => {
    const out = (level: number) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 3, deck: 10, hand: ['GD05-109'], units: [unit('a1', { traits: ['Academy'], damage: 2, pilot: { name: 'P', level, ap: 0, hp: 0 } })] }, B: { base: null, shields: 3 } } },
        // An 【Action】 Command: played in the attack's action step (13-2-4-1).
        actions: [{ type: 'attack', attacker: 'a1', target: 'player', action_step: [{ type: 'play', player: 'A', card: 'GD05-109', choices: [{ targets: ['a1'] }] }] }],
      });
    expect(out(3).state.players.A.deck).toBe(9);
    expect(out(4).state.players.A.deck).toBe(10);
  });
});

describe('steps of the long tail: deploy-turn attack for a chosen token, "pay ①", the first card of the shield area, the paired card to the deck top, a revealed card back on top', () => {
  it('GD01-066 Justice Gundam: the (Triple Ship Alliance) token it chooses may attack on the turn it was deployed (3-2-4, 1-3-1)', () => {
    const run = (choose: boolean) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-066', pilot: { name: 'Athrun', ap: 0, hp: 0 } }, unit('a2', { traits: ['Triple Ship Alliance'], token: true, deployed_this_turn: true })] }, B: { shields: 3 } } },
        actions: [...(choose ? [{ type: 'attack', attacker: 'a1', target: 'player' }] : []), { type: 'attack', attacker: 'a2', target: 'player' }],
      });
    expect(run(true).legal).toBe(true);
    const not = run(false);
    expect(not.legal).toBe(false);
    expect(violationRules(not)).toContain('3-2-4');
  });

  it('GD04-074 Kapool: "You may pay ①. If you do, draw 1. Then, discard 1."; with no Resource there is nothing to decide', () => {
    const run = (resources: number, choices: object[]) =>
      sim({ state: { active_player: 'A', players: { A: { resources, deck: 10, units: [{ id: 'a1', card: 'GD04-074' }] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }] });
    const paid = run(1, [{ use: true }]);
    expect(paid.state.players.A.resources.active).toBe(0);
    expect(paid.state.players.A.deck).toBe(9);
    const none = run(0, []);
    expect(none.legal).toBe(true);
    expect(none.state.players.A.deck).toBe(10);
  });

  it('GD05-033 Master Gundam: exiling 2 (Special Move) Commands deals 5 damage to the first card of the shield area (the Base, 3-5-3)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { trash: ['GD05-110', 'GD05-112'], units: [{ id: 'a1', card: 'GD05-033' }] }, B: { base: { name: 'Fort', hp: 6 } } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.removed).toEqual(['GD05-110', 'GD05-112']);
    expect(out.destroyed).toContain('B-base'); // 5 from the effect, then the attack's 5
    expect(cites(out, '3-5-3')).toBe(true);
  });

  it('EB01-068 Chall Acustica: when its Link Unit is destroyed, the Pilot may go on top of its owner\'s deck', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { deck: 5, units: [{ id: 'a1', name: 'G-Self', ap: 3, hp: 3, pilot: 'EB01-068', linked: true }] }, B: {} } },
      actions: [{ type: 'destroy', target: 'a1', choices: [{ use: true }] }],
    });
    expect(out.state.players.A.deck).toBe(6);
    expect(out.state.players.A.trash).toEqual(['a1']);
  });

  it('EB01-067 Asuna Elmarit: a revealed (G Generation) Unit card goes back on top, the others to the bottom', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, deck: ['ST01-001', 'EB01-001', 'ST01-002', 'ST01-003'], units: [unit('a1')] }, B: {} } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'EB01-067', choices: [{ cards: ['EB01-001'] }] }, { type: 'draw', player: 'A', count: 1 }],
    });
    expect(out.state.players.A.hand_cards).toContain('EB01-001');
    const wrong = sim({
      state: { active_player: 'A', players: { A: { resources: 4, deck: ['ST01-001', 'EB01-001', 'ST01-002'], units: [unit('a1')] }, B: {} } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'EB01-067', choices: [{ cards: ['ST01-001'] }] }],
    });
    expect(wrong.violations[0]?.kind).toBe('input');
  });
});

describe('"After activating this card\'s 【Main】, you may pair this card from your trash with one of your (MF) Units" (3-4-4, 3-4-6-2)', () => {
  const mf = (id: string, extra: object = {}) => unit(id, { traits: ['MF'], ap: 3, ...extra });
  const play = (card: string, units: object[], choices: object[]) =>
    sim({ state: { active_player: 'A', players: { A: { resources: 5, hand: [card], units }, B: { units: [unit('b1', { level: 4, ap: 4 })] } } }, actions: [{ type: 'play', card, choices }] });

  it('GD05-113: AP+2 on an (MF) Unit, then the card leaves the trash as the Pilot of another', () => {
    const out = play('GD05-113', [mf('a1'), mf('a2')], [{ targets: ['a1'] }, { targets: ['a2'] }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a2')?.pilot?.name).toBe('Rose Screamer');
    expect(out.state.players.A.trash).toEqual([]);
    expect(cites(out, '3-4-6-2')).toBe(true);
  });

  it('GD05-121 declined ({"use": false}): the card stays in the trash', () => {
    const out = play('GD05-121', [mf('a1')], [{ targets: ['b1'] }, { use: false }]);
    expect(out.state.players.A.trash).toHaveLength(1);
    expect(unitOf(out, 'a1')?.pilot).toBeNull();
  });

  it('GD05-122 with no (MF) Unit free of a Pilot: nothing to decide (3-3-4)', () => {
    const out = play('GD05-122', [mf('a1', { pilot: { name: 'Domon', ap: 0, hp: 0 } })], [{ targets: ['b1'] }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toHaveLength(1);
  });
});

describe('the last long-tail classes: a cost that returns the Unit to the deck, two tokens in one sentence, "all … get AP+1 instead", friendly deployed / links triggers', () => {
  it('ST09-001 Impulse Gundam: "②, return this Unit to the bottom of its owner\'s deck" pays for deploying an "Impulse Gundam" Unit card from the trash', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 2, deck: 5, trash: ['ST09-002'], units: [{ id: 'a1', card: 'ST09-001' }] }, B: {} } },
      actions: [{ type: 'activate', source: 'a1', choices: [{ cards: ['ST09-002'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.deck).toBe(6);
    expect(out.state.players.A.units.map((u) => u.card)).toEqual(['ST09-002']);
  });

  it('GD03-106 M.A.V. Tactics: two different rested tokens', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD03-106'] }, B: {} } }, actions: [{ type: 'play', card: 'GD03-106' }] });
    expect(out.state.players.A.units.map((u) => [u.name, u.rested])).toEqual([
      ['GQuuuuuuX (Omega Psycommu)', true],
      ['Red Gundam', true],
    ]);
  });

  it('ST07-009 Setsuna F. Seiei: AP+1 on this Unit, or on all your (CB) Units instead with 7 (CB) cards in the trash (10-1-9-1-1)', () => {
    const run = (trash: number) =>
      sim({
        state: { active_player: 'A', players: { A: { trash: Array.from({ length: trash }, () => 'GD04-034'), units: [{ id: 'a1', name: 'Exia', ap: 3, hp: 3, traits: ['CB'], pilot: 'ST07-009' }, unit('a2', { traits: ['CB'] })] }, B: {} } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
      });
    expect([unitOf(run(7), 'a1')?.ap, unitOf(run(7), 'a2')?.ap]).toEqual([6, 2]);
    expect([unitOf(run(6), 'a1')?.ap, unitOf(run(6), 'a2')?.ap]).toEqual([6, 1]);
  });

  it('GD05-016 Murasame: one of your (Orb) Units deployed gives it <High-Maneuver> this turn', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'GD05-016' }] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a2', card: { name: 'Astray', type: 'unit', level: 1, cost: 1, ap: 1, hp: 1, traits: ['Orb'] } }],
    });
    expect(unitOf(out, 'a1')?.keywords).toContain('High-Maneuver');
  });

  it('ST06-015 Kaneban Co., Ltd.: a friendly (Clan) Unit that links gains <Breach 3> this turn', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, base: { card: 'ST06-015' }, units: [unit('a1', { traits: ['Clan'], link: '[Machu]' }), unit('a2', { traits: ['Clan'] })] }, B: {} } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Machu', ap: 0, hp: 0 } }],
    });
    expect(unitOf(out, 'a1')?.keywords).toContain('Breach 3');
    expect(unitOf(out, 'a2')?.keywords).toEqual([]);
  });
});

describe('"You may pair 1 (AEUG) Pilot card from your hand with this Unit" (5-9-1, 3-3-4)', () => {
  it('GD02-071 Gundam Mk-II (AEUG): with a friendly white Base, an (AEUG) Pilot from the hand is paired, no cost paid', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, base: { card: 'EB01-089' }, hand: ['GD02-071', 'GD02-097'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD02-071', choices: [{ cards: ['GD02-097'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.pilot).not.toBeNull();
    expect(out.state.players.A.resources.active).toBe(1);
    expect(out.state.players.A.hand_cards).toEqual([]);
  });

  it('GD02-071 without a white Base: the condition does not hold, nothing is paired', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD02-071', 'GD02-097'] }, B: {} } }, actions: [{ type: 'deploy', id: 'a1', card: 'GD02-071' }] });
    expect(unitOf(out, 'a1')?.pilot).toBeNull();
  });

  it('GD04-070: only a Pilot card with "Ali al-Saachez" in its name; another is an input violation', () => {
    const run = (card: string) =>
      sim({ state: { active_player: 'A', players: { A: { resources: 2, hand: ['GD04-070', 'GD04-099', 'GD02-097'] }, B: {} } }, actions: [{ type: 'deploy', id: 'a1', card: 'GD04-070', choices: [{ cards: [card] }] }] });
    expect(unitOf(run('GD04-099'), 'a1')?.pilot?.name).toMatch(/Ali al-Saachez/);
    expect(run('GD02-097').violations[0]?.kind).toBe('input');
  });
});

describe('a Pilot in play as the target: "Choose 1 enemy Pilot. Return it to its owner\'s hand." (3-3-3)', () => {
  it('GD03-110: the Pilot of an enemy Unit that is Lv.5 or lower is destroyed into the trash; the Unit stays, without its AP', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD03-110'] }, B: { units: [unit('b1', { level: 5, pilot: { id: 'p1', name: 'Ace', ap: 2, hp: 1 } }), unit('b2', { level: 6, pilot: { id: 'p2', name: 'Vet', ap: 1, hp: 1 } })] } } },
      actions: [{ type: 'play', card: 'GD03-110' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')).toMatchObject({ pilot: null, ap: 1 });
    expect(out.state.players.B.trash).toEqual(['p1']);
    expect(unitOf(out, 'b2')?.pilot).not.toBeNull();
  });

  it('GD04-099 Ali al-Saachez on a Link Unit: "You may choose 1 enemy Pilot. Return it to its owner\'s hand."', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Enact', ap: 3, hp: 3, pilot: 'GD04-099', linked: true }] }, B: { hand: 0, units: [unit('b1', { pilot: 'GD02-097' })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ targets: ['GD02-097'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.pilot).toBeNull();
    expect(out.state.players.B.hand).toBe(1);
  });
});

describe('"If you are Lv.7 or higher, it can\'t receive battle damage from enemy Units with 5 or less AP instead" (10-1-9-1-1)', () => {
  const run = (resources: number) =>
    sim({
      state: {
        active_player: 'B',
        players: { A: { resources, hand: ['GD03-115'], units: [unit('a1', { ap: 1, hp: 4, keywords: ['Blocker'], pilot: { name: 'Flit', traits: ['X-Rounder'], ap: 0, hp: 0 } })] }, B: { units: [unit('b1', { ap: 4 })] } },
      },
      actions: [{ type: 'attack', attacker: 'b1', target: 'player', blocker: 'a1', action_step: [{ type: 'play', player: 'A', card: 'GD03-115', choices: [{ targets: ['a1'] }] }] }],
    });

  it('GD03-115 at Lv.7: the guard covers enemy Units with 5 or less AP, so the 4-AP attacker deals none', () => {
    const out = run(7);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
  });

  it('GD03-115 below Lv.7: only 2 or less AP is guarded, so the 4 damage is dealt', () => {
    const out = run(6);
    expect(out.legal).toBe(true);
    expect(out.destroyed).toContain('a1');
  });
});

describe('"you may return a blue Pilot paired with this Unit to its owner\'s hand" (3-3-3)', () => {
  const run = (color: string) =>
    sim({
      state: { active_player: 'A', players: { A: { hand: 0, units: [{ id: 'a1', card: 'GD04-001', linked: true, pilot: { id: 'p1', name: 'Ace', color, ap: 1, hp: 1 } }] }, B: { units: [unit('b1', { rested: true, hp: 9 })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', choices: [{ use: true }] }],
    });

  it('GD04-001 attacking an enemy Unit: its blue Pilot returns to the hand, the Unit stays', () => {
    const out = run('blue');
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.pilot).toBeNull();
    expect(out.state.players.A.hand).toBe(1);
  });

  it('GD04-001 with a Pilot that is not blue: nothing returns', () => {
    const out = run('red');
    expect(unitOf(out, 'a1')?.pilot).not.toBeNull();
    expect(out.state.players.A.hand).toBe(0);
  });
});

describe('"While an enemy player has 7 or more cards in their trash" (12-2-6: the opponent, 10-1-5-3)', () => {
  it('GD05-091 Sting Oakley (a Pilot: its text is the Unit\'s, 3-3-9-2): AP+1 and HP+1 while the opponent has 7 cards in the trash, not with 6', () => {
    const run = (trash: number) => unitOf(sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Gaia', ap: 3, hp: 3, pilot: 'GD05-091' }] }, B: { trash } } }, actions: [] }), 'a1');
    const base = run(6)!;
    expect(run(7)).toMatchObject({ ap: base.ap + 1, hp: base.hp + 1 });
  });
});

describe('"When this rested Unit is set as active by an effect" (5-4-1-1, 10-1-6-1)', () => {
  const run = (actions: object[]) =>
    sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', name: 'Flag', ap: 3, hp: 3, rested: true, linked: true, pilot: 'GD03-098' }] }, B: { units: [unit('b1', { hp: 3 })] } } },
      actions,
    });

  it('GD03-098 Graham Aker on a Link Unit: set active by an effect, an enemy Unit with 3 or less HP returns to the hand', () => {
    const out = run([{ type: 'set_active', target: 'a1' }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')).toBeUndefined();
    expect(out.state.players.B.hand).toBe(6);
  });

  it("GD03-098: its owner's start phase sets it active by the rules, not by an effect (7-2-3-1): nothing triggers", () => {
    const out = run([{ type: 'end_turn' }]);
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    expect(unitOf(out, 'b1')).toBeDefined();
  });
});

describe('"1 enemy Unit that is Lv.1 or lower or has 1 or less AP": either one (10-2-1)', () => {
  it('GD04-063 GN Armor Type-E: a Lv.3 Unit with 1 AP and a Lv.1 Unit with 4 AP can be chosen, a Lv.3 Unit with 2 AP cannot', () => {
    const run = (choice: string) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 4 }, B: { units: [unit('b1', { level: 3, ap: 1 }), unit('b2', { level: 1, ap: 4 }), unit('b3', { level: 3, ap: 2 })] } } },
        actions: [{ type: 'deploy', id: 'a1', card: 'GD04-063', choices: [{ targets: [choice] }] }],
      });
    expect(run('b1').destroyed).toEqual(['b1']);
    expect(run('b2').destroyed).toEqual(['b2']);
    const bad = run('b3');
    expect(bad.violations[0]?.kind).toBe('input');
    expect(bad.violations[0]?.reason).toMatch(/b1, b2/);
  });
});
