/** 7-5-2 playing cards: Lv and cost, deploying Units and Bases, excess, pairing and linking. */
import { describe, expect, it } from 'vitest';
import { cites, scenario, sim, unitOf, violationRules } from './helpers.js';

const unitCard = (level: number, cost: number, extra: object = {}) => ({ name: 'Card', type: 'unit', level, cost, ap: 2, hp: 2, ...extra });
const deploy = (id: string, card: unknown, extra: object = {}) => ({ type: 'deploy', id, card, ...extra });
const six = [1, 2, 3, 4, 5, 6].map((i) => ({ id: `a${i}`, ap: 1, hp: 1 }));

describe('7-5-2-2 Lv and cost', () => {
  it('2-9-1: rested and EX Resources count for Lv', () => {
    const out = sim(scenario({ resources: { active: 1, rested: 2, ex: 1 } }, {}, [deploy('n', unitCard(4, 1))]));
    expect(out.legal).toBe(true);
    expect(out.state.players.A.resources).toEqual({ active: 0, rested: 3, ex: 1 });
  });

  it('7-5-2-2-2: a Lv above the Resource count is illegal and changes nothing', () => {
    const out = sim(scenario({ resources: { active: 2, rested: 1 }, hand: 5 }, {}, [deploy('n', unitCard(4, 1))]));
    expect(violationRules(out)).toEqual(['2-9-1', '7-5-2-2-2']);
    expect(out.state.players.A).toMatchObject({ hand: 5, resources: { active: 2, rested: 1, ex: 0 }, units: [] });
  });

  it('2-10-1: the cost is paid by resting active Resources (rested ones cannot pay)', () => {
    const out = sim(scenario({ resources: { active: 1, rested: 3 } }, {}, [deploy('n', unitCard(3, 2))]));
    expect(violationRules(out)).toEqual(['2-10-1', '7-5-2-2-3']);
  });

  it('5-17-3-2-3: normal Resources pay first; EX ones only cover the rest and leave the game', () => {
    const normal = sim(scenario({ resources: { active: 2, ex: 1 } }, {}, [deploy('n', unitCard(2, 2))]));
    expect(normal.state.players.A.resources).toEqual({ active: 0, rested: 2, ex: 1 });
    const short = sim(scenario({ resources: { active: 1, ex: 2 } }, {}, [deploy('n', unitCard(2, 2))]));
    expect(short.state.players.A.resources).toEqual({ active: 0, rested: 1, ex: 1 });
    expect(short.state.players.A.removed).toHaveLength(1);
    expect(cites(short, '5-17-3-2-3')).toBe(true);
  });

  it('use_ex spends EX Resources first when asked', () => {
    const out = sim(scenario({ resources: { active: 2, ex: 1 } }, {}, [deploy('n', unitCard(2, 2), { use_ex: 1 })]));
    expect(out.state.players.A.resources).toEqual({ active: 1, rested: 1, ex: 0 });
  });

  it('7-5-2-2-1: the card comes from the hand; an empty hand cannot play', () => {
    const ok = sim(scenario({ resources: 2, hand: 3 }, {}, [deploy('n', unitCard(1, 1))]));
    expect(ok.state.players.A.hand).toBe(2);
    const empty = sim(scenario({ resources: 2, hand: 0 }, {}, [deploy('n', unitCard(1, 1))]));
    expect(violationRules(empty)).toContain('7-5-2-2-1');
  });

  it('7-5-2-1: only the active player plays cards', () => {
    const out = sim(scenario({}, { resources: 5 }, [deploy('n', unitCard(1, 1), { player: 'B' })]));
    expect(violationRules(out)).toContain('7-5-2-1');
  });

  it('5-17-2-4: an effect or a token deploys without hand, Lv or cost', () => {
    const effect = sim(scenario({ resources: 0, hand: 0 }, {}, [deploy('n', unitCard(9, 9), { from: 'effect' })]));
    expect(effect.legal).toBe(true);
    const token = sim(scenario({ resources: 0, hand: 0 }, {}, [deploy('t', 'T-001')]));
    expect(unitOf(token, 't')).toMatchObject({ name: 'Gundam', ap: 3, hp: 3 });
  });
});

describe('deploying Units (3-2) and Bases (3-5)', () => {
  it('3-2-4 / 5-4-2: a deployed Unit is active and marked deployed this turn', () => {
    const out = sim(scenario({ resources: 5 }, {}, [deploy('g', 'GD01-013')]));
    expect(unitOf(out, 'g')).toMatchObject({ name: 'Gundam', card: 'GD01-013', ap: 3, hp: 4, rested: false, deployed_this_turn: true, linked: false });
  });

  it('11-4-2: a 7th Unit without "replace" is legal but needs the player\'s choice: an input violation naming "replace" and the Units to choose from', () => {
    const out = sim(scenario({ resources: 5, units: six }, {}, [deploy('n', unitCard(1, 1))]));
    expect(out.violations).toEqual([
      {
        action: 0,
        action_type: 'deploy',
        kind: 'input',
        reason: 'player A\'s battle area already holds 6 Units, so deploying Card puts one of them into the trash, and player A chooses which: give "replace" with the id of one of a1, a2, a3, a4, a5, a6',
        rules: ['4-5-4', '11-4-2'],
      },
    ]);
    expect(out.state.players.A.resources.active).toBe(5); // nothing was paid
  });

  it('11-4-2: an effect deploying a 7th Unit (a token) asks for the choice too; a play the rules forbid is reported first', () => {
    const token = sim(scenario({ units: six }, {}, [deploy('t', 'T-001', { from: 'effect' })]));
    expect(token.violations[0]).toMatchObject({ kind: 'input', rules: ['4-5-4', '11-4-2'] });
    expect(token.violations[0]!.reason).toMatch(/give "replace" with the id of one of a1, a2, a3, a4, a5, a6$/);
    const unpaid = sim(scenario({ resources: 0, units: six }, {}, [deploy('n', unitCard(1, 1))]));
    expect(unpaid.violations[0]).toMatchObject({ kind: 'rule', rules: ['2-9-1', '7-5-2-2-2'] });
  });

  it('11-4-2-1: the replaced Unit and its Pilot go to the trash, not destroyed', () => {
    const units = [...six.slice(0, 5), { id: 'a6', ap: 1, hp: 1, pilot: { id: 'p6', name: 'Ace' } }];
    const out = sim(scenario({ resources: 5, units }, {}, [deploy('n', unitCard(1, 1), { replace: 'a6' })]));
    expect(out.destroyed).toEqual([]);
    expect(out.state.players.A.trash).toEqual(['a6', 'p6']);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'n']);
    expect(cites(out, '11-4-2-1')).toBe(true);
  });

  it('11-4-2: "replace" must name one of your own Units', () => {
    const out = sim(scenario({ resources: 5, units: six }, { units: [{ id: 'b1', ap: 1, hp: 1 }] }, [deploy('n', unitCard(1, 1), { replace: 'b1' })]));
    expect(violationRules(out)).toEqual(['11-4-2']);
  });

  it('11-5-2 / 13-2-6-1: a new Base replaces the old one (not destroyed) and logs 【Deploy】', () => {
    const out = sim(scenario({ resources: 3, base: { id: 'old', name: 'Old Base', hp: 4, damage: 2 } }, {}, [deploy('wb', 'ST01-015')]));
    expect(out.state.players.A.base).toMatchObject({ id: 'wb', name: 'White Base', hp: 5, damage: 0, rested: false });
    expect(out.state.players.A.trash).toEqual(['old']);
    expect(out.destroyed).toEqual([]);
    expect(cites(out, '11-5-2-1')).toBe(true);
    expect(out.events.some((e) => e.text.includes('【Deploy】') && e.rules.includes('13-2-6-1'))).toBe(true);
  });

  it('5-9-1 / 3-4-1: Pilots and Commands are not deployed', () => {
    expect(violationRules(sim(scenario({ resources: 9 }, {}, [deploy('p', 'ST01-010')])))).toEqual(['3-3-1', '5-9-1']);
    expect(violationRules(sim(scenario({ resources: 9 }, {}, [deploy('c', 'ST01-014')])))).toContain('3-4-1');
  });

  it('an unknown card id is an input violation naming the id and what is accepted', () => {
    const out = sim(scenario({ resources: 9 }, {}, [deploy('x', 'GD99-999')]));
    expect(out.violations[0]).toMatchObject({ kind: 'input', action: 0 });
    expect(out.violations[0]?.reason).toMatch(/GD99-999.*accepted: a catalog card number/);
  });

  it('a deploy id already in use is rejected', () => {
    const out = sim(scenario({ resources: 9, units: [{ id: 'a1', ap: 1, hp: 1 }] }, {}, [deploy('a1', unitCard(1, 1))]));
    expect(out.violations[0]?.kind).toBe('input');
  });
});

describe('pairing (3-3, 5-9) and linking (3-2-6)', () => {
  it('3-3-8-1 / 3-2-6-4: Amuro Ray on Gundam adds AP+2 HP+1 and links by name', () => {
    const out = sim(scenario({ resources: 4, units: [{ id: 'a1', card: 'GD01-013' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'ST01-010' }]));
    expect(unitOf(out, 'a1')).toMatchObject({ ap: 5, hp: 5, linked: true, pilot: { id: 'ST01-010', name: 'Amuro Ray' } });
    expect(out.state.players.A.resources).toEqual({ active: 3, rested: 1, ex: 0 });
    expect(cites(out, '3-2-6-4')).toBe(true);
    expect(out.events.some((e) => e.text.includes('【When Paired】') && e.rules.includes('13-2-9-1'))).toBe(true);
  });

  it('3-2-6-4: a link name matches as part of a longer Pilot name', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 3, link: '[Garrod Ran]' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: { name: 'Garrod Ran & Tiffa Adill', ap: 1, hp: 1 }, from: 'effect' }]));
    expect(unitOf(out, 'a1')?.linked).toBe(true);
  });

  it('2-12-1: a trait link condition (Guncannon, (White Base Team)) is met by Sayla Mass', () => {
    const out = sim(scenario({ resources: 4, units: [{ id: 'a1', card: 'GD01-004' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'GD01-087' }]));
    expect(unitOf(out, 'a1')).toMatchObject({ linked: true, ap: 3, hp: 4 });
    expect(out.events.some((e) => e.text.includes('【When Linked】') || e.text.includes('【When Paired】'))).toBe(true);
  });

  it('3-2-6-2: a Pilot not meeting the condition pairs without linking; linked: true overrides', () => {
    const plain = sim(scenario({ resources: 4, units: [{ id: 'a1', card: 'GD01-013' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: { name: 'Kai Shiden', ap: 1, hp: 1 } }]));
    expect(unitOf(plain, 'a1')).toMatchObject({ linked: false, ap: 4, hp: 5 });
    const forced = sim(scenario({ resources: 4, units: [{ id: 'a1', card: 'GD01-013' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: { name: 'Kai Shiden' }, linked: true }]));
    expect(unitOf(forced, 'a1')?.linked).toBe(true);
  });

  it('3-4-6-2: a Command with 【Pilot】 pairs as its named Pilot; one without cannot', () => {
    const cog = sim(scenario({ resources: 2, units: [{ id: 'a1', ap: 2, hp: 2, link: '[Daguza Mackle]' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'GD01-103' }]));
    expect(unitOf(cog, 'a1')).toMatchObject({ ap: 2, hp: 3, linked: true });
    expect(cites(cog, '3-4-6-2')).toBe(true);
    const plain = sim(scenario({ resources: 5, units: [{ id: 'a1', ap: 2, hp: 2 }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'ST01-014' }]));
    expect(violationRules(plain)).toEqual(['3-4-6-2', '5-9-1']);
  });

  it('3-3-4: a second Pilot is refused; 7-5-2-1: so is an enemy Unit', () => {
    const twice = sim(scenario({ resources: 9, units: [{ id: 'a1', ap: 1, hp: 1, pilot: 'ST01-010' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: { name: 'B' } }]));
    expect(violationRules(twice)).toEqual(['3-3-4', '3-3-5']);
    const enemy = sim(scenario({ resources: 9 }, { units: [{ id: 'b1', ap: 1, hp: 1 }] }, [{ type: 'pair', unit: 'b1', pilot: { name: 'B' } }]));
    expect(violationRules(enemy)).toContain('7-5-2-1');
  });

  it('2-9-1: pairing checks the Pilot\'s Lv like any card', () => {
    const out = sim(scenario({ resources: 3, units: [{ id: 'a1', card: 'GD01-013' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'ST01-010' }]));
    expect(violationRules(out)).toEqual(['2-9-1', '7-5-2-2-2']);
  });
});
