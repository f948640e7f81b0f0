/**
 * The card sentences players keep asking about (issue 20, class 2), each read for its class of
 * sentence and tested on the named card and on two more of the same wording (catalog cards where
 * the catalog has them, inline cards with the same sentence where it has only the one).
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf, violationRules } from './helpers.js';

const unit = (id: string, extra: object = {}) => ({ id, name: `U ${id}`, ap: 1, hp: 3, ...extra });
const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);
const has = (out: ReturnType<typeof sim>, re: RegExp) => texts(out).some((t) => re.test(t));

describe('"During this turn, this Unit gets AP+1 and, if it is a Link Unit, it gains <K>" (10-2-1, 13-1-6-1)', () => {
  // Char Aznable (ST03-011) paired with White Gundam (GD02-032, link [Char Aznable]): a Link Unit.
  const charOn = (linked: boolean, blocker?: string) =>
    sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', card: 'GD02-032', pilot: 'ST03-011', ...(linked ? {} : { linked: false }) }] }, B: { units: [unit('b1', { keywords: ['Blocker'] })] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', ...(blocker ? { blocker } : {}) }],
    });

  it('ST03-011 on a Link Unit: AP+1 and <High-Maneuver>, so a block is a rule violation (13-1-6-1)', () => {
    const out = charOn(true, 'b1');
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toContain('13-1-6-1');
    expect(out.not_executed).toEqual([]);
  });

  it('ST03-011 on a Link Unit, not blocked: AP 3+1+1 this turn, and it has <High-Maneuver>', () => {
    const out = charOn(true);
    expect(out.legal).toBe(true);
    expect(has(out, /gains <High-Maneuver> during this turn/)).toBe(true);
    expect(unitOf(out, 'a1')?.ap).toBe(5);
  });

  it('ST03-011 not linked: AP+1 only; the "if" governs only the second part, and the block is allowed (10-2-1)', () => {
    const out = charOn(false, 'b1');
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.ap).toBe(5);
    expect(has(out, /gains <High-Maneuver> during this turn \(/)).toBe(false);
    expect(has(out, /"this Unit is a Link Unit" does not hold/)).toBe(true);
    expect(cites(out, '10-2-1')).toBe(true);
  });

  const inline = (text: string, linked: boolean) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Striker', ap: 3, hp: 3, text, pilot: { name: 'P', ap: 0, hp: 0 }, linked }] }, B: { units: [unit('b1', { ap: 3, hp: 3, rested: true })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });

  it('the same sentence with <First Strike> during this battle: a Link Unit strikes first and survives', () => {
    const text = '【Attack】During this battle, this Unit gets AP+1 and, if it is a Link Unit, it gains <First Strike>.';
    const linked = inline(text, true);
    expect(linked.not_executed).toEqual([]);
    expect(linked.destroyed).toEqual(['b1']);
    const plain = inline(text, false);
    expect(plain.destroyed).toEqual(['a1', 'b1']);
  });

  it('the same sentence with a second stat change: "it gets HP+2" only on a Link Unit', () => {
    const text = '【Attack】During this turn, this Unit gets AP+1 and, if it is a Link Unit, it gets HP+2.';
    expect(unitOf(inline(text, true), 'a1')?.hp).toBe(5);
    expect(unitOf(inline(text, false), 'a1')).toBeUndefined(); // 4 AP into a 3/3: both destroyed, 3 HP
  });
});

describe('"This Unit can\'t be paired with a Pilot / set as active" (10-1-5-6, 1-3-3)', () => {
  it('GD04-017 Zeong paired with a (Newtype) Pilot deploys 2 [Wire-Guided Arm] tokens, which cannot be paired', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, units: [{ id: 'a1', card: 'GD04-017' }] }, B: {} } },
      actions: [
        { type: 'pair', unit: 'a1', pilot: 'GD02-089' },
        { type: 'pair', unit: 'A-token-1', pilot: { name: 'Any Pilot', ap: 1, hp: 1 } },
      ],
    });
    expect(out.state.players.A.units.filter((u) => u.name === 'Wire-Guided Arm')).toHaveLength(2);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.action).toBe(1);
    expect(out.violations[0]!.reason).toMatch(/can't be paired with a Pilot/);
    expect(violationRules(out)).toContain('1-3-3');
  });

  it('T-022 Wire-Guided Arm (the token card itself) cannot be paired either', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'T-022' }] }, B: {} } }, actions: [{ type: 'pair', unit: 'a1', pilot: 'GD02-089' }] });
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toContain('10-1-5-6');
  });

  it('T-014 Ad Balloon stays rested through its own start phase and an effect setting it active', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'T-014', rested: true }, unit('a2', { rested: true })] }, B: {} } },
      actions: [{ type: 'end_turn' }, { type: 'set_active', target: 'a1' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(unitOf(out, 'a2')?.rested).toBe(false);
    expect(has(out, /Ad Balloon \(a1\) stays rested: it can't be set as active/)).toBe(true);
  });

  it('GD03-020 Zaku II FZ: the [Ad Balloon] tokens it deploys carry the same text', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, units: [{ id: 'a1', card: 'GD03-020' }], trash: ['GD03-020', 'GD03-020', 'GD03-020', 'GD03-020'] }, B: {} } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'P', ap: 0, hp: 0 } }, { type: 'pair', unit: 'A-token-1', pilot: { name: 'Q', ap: 0, hp: 0 } }],
    });
    expect(out.state.players.A.units.filter((u) => u.name === 'Ad Balloon' && u.rested)).toHaveLength(2);
    expect(out.violations[0]?.reason).toMatch(/can't be paired/);
  });
});

describe('"Deploy 1 EX Base" (5-17-3-1-1, 11-5-2)', () => {
  it('GD04-110 Financier: an EX Base replaces the damaged one, placed into the trash and removed as a token', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD04-110'], base: { card: 'EXB-001', damage: 2 } }, B: {} } },
      actions: [{ type: 'play', card: 'GD04-110' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base).toMatchObject({ name: 'EX Base', hp: 3, damage: 0 });
    expect(cites(out, '11-5-2')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('GD04-110 with no Base: the EX Base is deployed into the empty base section', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD04-110'], base: null }, B: {} } }, actions: [{ type: 'play', card: 'GD04-110' }] });
    expect(out.state.players.A.base).toMatchObject({ name: 'EX Base', hp: 3 });
  });

  it('GD04-110 in the action step: a printed Base is replaced and goes to the trash (not destroyed, 11-5-2-1)', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { resources: 6, hand: ['GD04-110'], base: { card: 'GD02-125' } }, B: { units: [unit('b1', { ap: 2 })] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'player', action_step: [{ type: 'play', player: 'A', card: 'GD04-110' }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toContain('A-base');
    expect(out.destroyed).not.toContain('A-base');
  });
});

describe('"Discard 1 green (Earth Federation) Unit card" (5-11-1, 1-3-2, 5-20-1)', () => {
  it('GD02-021 Gundam AGE-1 Normal: discarding the named matching card places an EX Resource', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, hand: ['GD02-021', 'GD02-021', 'ST01-001'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD02-021', choices: [{ cards: ['GD02-021'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources.ex).toBe(1);
    expect(out.state.players.A.trash).toContain('GD02-021');
  });

  it('GD02-021 naming a card that is not a green (Earth Federation) Unit card is an input violation listing the legal ones', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, hand: ['GD02-021', 'GD02-021', 'ST01-010'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD02-021', choices: [{ cards: ['ST01-010'] }] }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.kind).toBe('input');
    expect(out.violations[0]!.reason).toMatch(/GD02-021/);
  });

  it('GD02-021 with no such card in a listed hand: nothing to decide, no EX Resource (5-20-1)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 3, hand: ['GD02-021', 'ST01-010'] }, B: {} } }, actions: [{ type: 'deploy', id: 'a1', card: 'GD02-021' }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources.ex).toBe(0);
  });

  it('GD02-125 Gwadan: "you may discard 1 red card. If you do, draw 1" on your turn', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD02-125', 'GD01-044'], deck: 10 }, B: {} } },
      actions: [{ type: 'deploy', id: 'a9', card: 'GD02-125', choices: [{ cards: ['GD01-044'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toContain('GD01-044');
    expect(out.state.players.A.deck).toBe(9);
  });

  it('GD02-003 Gundam Mk-II (Titans): discard 1 Unit card, then the card paired with it returns to your hand', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { hand: ['ST01-001'], units: [{ id: 'a1', card: 'GD02-003', pilot: 'GD01-087' }] }, B: {} } },
      actions: [{ type: 'destroy', target: 'a1', choices: [{ cards: ['ST01-001'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand_cards).toContain('GD01-087');
    expect(out.state.players.A.trash).toContain('ST01-001');
    expect(out.not_executed).toEqual([]);
  });
});

describe('"Choose 12 cards from your trash. Return them to their owner\'s deck and shuffle it" (10-2-2, 5-15-1)', () => {
  const banshee = (trash: number) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-003', linked: true, pilot: { name: 'Marida Cruz', ap: 0, hp: 0 } }], deck: 10, trash: Array.from({ length: trash }, () => 'ST01-001') }, B: { units: [unit('b1', { rested: true, hp: 9 })] } } },
      // Exactly 12 there: the only legal choice is all of them, taken and logged without a choice.
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });

  it('GD01-003 Banshee with 12 cards in the trash: they go into the deck, it is set active and gains <First Strike>', () => {
    const ids = banshee(12).state.players.A;
    expect(ids.deck).toBe(22);
    expect(ids.trash).toHaveLength(0);
    const out = banshee(12);
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    expect(has(out, /gains <First Strike> during this turn/)).toBe(true);
    expect(cites(out, '5-15-1')).toBe(true);
  });

  it('GD01-003 with 11 cards: 12 cannot be chosen, nothing returns, not set active and no <First Strike> (10-2-2, 5-20-1)', () => {
    const out = banshee(11);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.trash).toHaveLength(11);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(has(out, /gains <First Strike> during this turn \(/)).toBe(false);
    expect(cites(out, '10-2-2')).toBe(true);
  });
});

describe('"When you rest your Base with one of your Units\' effects, you may rest this Unit instead" (10-1-9-1)', () => {
  const zeta = (defenserRested: boolean, choice: object[]) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD02-069', linked: true, pilot: { name: 'Kamille Bidan', ap: 0, hp: 0 }, rested: true }, { id: 'a2', card: 'GD03-079', rested: defenserRested }] }, B: {} } },
      actions: [{ type: 'activate', source: 'a1', choices: choice }],
    });

  it('GD03-079 G-Defenser with GD02-069 Zeta Gundam: G-Defenser rests instead of the Base, and "If you do" holds', () => {
    const out = zeta(false, [{ use: true }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base?.rested).toBe(false);
    expect(unitOf(out, 'a2')?.rested).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    expect(cites(out, '10-1-9-1')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('GD03-079 declined: the Base rests; a rested G-Defenser offers nothing (1-3-2-1)', () => {
    expect(zeta(false, [{ use: false }]).state.players.A.base?.rested).toBe(true);
    const rested = zeta(true, []);
    expect(rested.legal).toBe(true);
    expect(rested.state.players.A.base?.rested).toBe(true);
  });

  it('GD03-079 without the choice: the player decides, so it is an input violation naming it', () => {
    const out = zeta(false, []);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/G-Defenser/);
  });

  it('GD02-075 Rick Dias (Red): the same substitution for its 【Attack】 rest', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD02-075' }, { id: 'a2', card: 'GD03-079' }] }, B: { units: [unit('b1', { level: 3, ap: 4, rested: true })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', choices: [{ use: true }, { targets: ['b1'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base?.rested).toBe(false);
    expect(unitOf(out, 'a2')?.rested).toBe(true);
  });

  it('the "would rest a Unit with a friendly (League Militaire) Unit\'s effect" wording on a Base, during your turn', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: {
            base: { name: 'Camp', hp: 5, text: "During your turn, when you would rest a Unit with a friendly (League Militaire) Unit's effect, you may rest this Base instead." },
            units: [{ id: 'a1', name: 'Gun EZ', ap: 2, hp: 2, traits: ['League Militaire'], text: '【Activate･Main】Choose 1 enemy Unit. Rest it.' }],
          },
          B: { units: [unit('b1')] },
        },
      },
      actions: [{ type: 'activate', source: 'a1', choices: [{ targets: ['b1'] }, { use: true }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(false);
    expect(out.state.players.A.base?.rested).toBe(true);
  });
});

describe('issue 20 class 4: <Support> through activate, a Base as attack target, Shields named by card', () => {
  const supportBoard = (extra: object[] = []) => ({ units: [unit('a1', { keywords: ['Support 2'] }), unit('a2'), ...extra] });

  it('13-1-3-1: activate a Unit\'s <Support> (an 【Activate･Main】): it rests and the chosen Unit gets AP+2', () => {
    const out = sim({ state: { active_player: 'A', players: { A: supportBoard([unit('a3')]), B: {} } }, actions: [{ type: 'activate', source: 'a1', choices: [{ targets: ['a3'] }] }] });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(unitOf(out, 'a3')?.ap).toBe(3);
    expect(cites(out, '13-1-3-1')).toBe(true);
  });

  it('13-1-3-1: with one other friendly Unit the target is that one; a rested Unit cannot pay (10-1-7-2)', () => {
    expect(unitOf(sim({ state: { active_player: 'A', players: { A: supportBoard(), B: {} } }, actions: [{ type: 'activate', source: 'a1' }] }), 'a2')?.ap).toBe(3);
    const rested = sim({ state: { active_player: 'A', players: { A: { units: [unit('a1', { keywords: ['Support 2'], rested: true }), unit('a2')] }, B: {} } }, actions: [{ type: 'activate', source: 'a1' }] });
    expect(rested.legal).toBe(false);
    expect(violationRules(rested)).toContain('10-1-7-2');
  });

  it('13-1-3-1: <Support> in an action step is a rule violation (13-2-1-1), not an input error', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1')] }, B: { units: [unit('b1', { keywords: ['Support 1'] }), unit('b2')] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', action_step: [{ type: 'activate', player: 'B', source: 'b1' }] }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.kind).toBe('rule');
    expect(violationRules(out)).toContain('13-2-1-1');
  });

  it('8-2-1: a Base named as the attack target is answered with its rule (attack the player; damage goes to the Base, 3-5-3)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [unit('a1')] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'B-ex-base' }] });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.kind).toBe('rule');
    expect(violationRules(out)).toEqual(expect.arrayContaining(['8-2-1', '3-5-3']));
    expect(out.violations[0]!.reason).toMatch(/EX Base \(B-ex-base\) is a Base/);
  });

  it('8-2-1: a Shield named as the attack target is answered with the same rule', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [unit('a1')] }, B: { shields: 2 } } }, actions: [{ type: 'attack', attacker: 'a1', target: 'B-shield-2' }] });
    expect(out.violations[0]!.kind).toBe('rule');
  });

  it('5-10-3: a destroyed Shield the scenario listed is logged by the card revealed', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [unit('a1', { ap: 2 })] }, B: { base: null, shields: ['ST01-001', 'ST01-002'] } } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player' }] });
    expect(texts(out).some((t) => /is destroyed \(.*\): it is revealed as Gundam \(ST01-001\)/.test(t))).toBe(true);
  });
});
