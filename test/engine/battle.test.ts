/** Chapter 8: attack legality, attacks on players and on Units, battle end. */
import { describe, expect, it } from 'vitest';
import { attack, cites, scenario, sim, unitOf, violationRules } from './helpers.js';

describe('8-2 attack step', () => {
  it('8-2-1: attacking rests the attacker', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, {}, [attack('a1', 'player')]));
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(cites(out, '8-2-1')).toBe(true);
  });

  it('8-2-1: a rested Unit cannot attack, and the state is the one before the action', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, rested: true }] }, {}, [attack('a1', 'player')]));
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ action: 0, action_type: 'attack', kind: 'rule' });
    expect(violationRules(out)).toContain('8-2-1');
    expect(out.state.players.B.base?.damage).toBe(0);
  });

  it('8-2-1 / 7-5-4-1: the target must be a rested enemy Unit, not a friendly one', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }, { id: 'a2', ap: 1, hp: 1, rested: true }] }, {}, [attack('a1', 'a2')]));
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toEqual(['8-2-1', '7-5-4-1']);
  });

  it('3-2-4: a Unit deployed this turn cannot attack; 3-2-6-3: a Link Unit can', () => {
    const fresh = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, deployed_this_turn: true }] }, {}, [attack('a1', 'player')]));
    expect(violationRules(fresh)).toContain('3-2-4');
    const linked = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, deployed_this_turn: true, linked: true }] }, {}, [attack('a1', 'player')]));
    expect(linked.legal).toBe(true);
  });

  it('an unknown attacker id is an input violation naming the id and what is accepted', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, {}, [attack('zz', 'player')]));
    expect(out.legal).toBe(false);
    expect(out.violations).toHaveLength(1);
    expect(out.violations[0]).toMatchObject({ action: 0, action_type: 'attack', kind: 'input', rules: [] });
    expect(out.violations[0]?.reason).toMatch(/unknown unit id "zz" in attack\.attacker; accepted: the id of a Unit in play \(a1\)/);
    expect(out.actions_applied).toBe(0);
  });

  it('simulation stops at the first illegal action; later actions are not applied', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, {}, [attack('a1', 'player'), attack('a1', 'player'), { type: 'end_turn' }]));
    expect(out.legal).toBe(false);
    expect(out.actions_applied).toBe(1);
    expect(out.violations[0]?.action).toBe(1);
    expect(out.state.active_player).toBe('A');
    expect(out.state.players.B.base?.damage).toBe(1);
  });

  it('13-2-7-1: 【Attack】 in the attacker\'s text is logged', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, text: '【Attack】Draw 1.' }] }, {}, [attack('a1', 'player')]));
    const e = out.events.find((x) => x.text.includes('【Attack】'));
    expect(e?.rules).toEqual(expect.arrayContaining(['8-2-2', '13-2-7-1']));
    expect(e?.step).toBe('attack step');
  });
});

describe('8-4 action step: only 【Action】 Commands and 【Activate･Action】 effects (8-4-1, 9-2, 9-3)', () => {
  const withStep = (sub: object) =>
    sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 3 }] }, { resources: 2, hand: ['ST01-010'], units: [{ id: 'b1', ap: 1, hp: 3 }] }, [{ ...attack('a1', 'player'), action_step: [sub] }]));

  it('a pair in the action step passes the input schema and is a rules violation citing what may be done there (13-2-4-2 for a Command\'s 【Pilot】)', () => {
    const out = withStep({ type: 'pair', player: 'B', unit: 'b1', pilot: 'ST01-010' });
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ action: 0, kind: 'rule' });
    expect(out.violations[0]?.reason).toMatch(/^action_step\[0\] \(pair\): in the action step players may only activate 【Action】 Command cards/);
    expect(violationRules(out)).toEqual(expect.arrayContaining(['8-4-1', '9-3', '13-2-4-2']));
    expect(unitOf(out, 'a1')?.rested).toBe(false);
  });

  it('deploy, attack, support, end_turn and a bare effect action are refused the same way, each with its own rule', () => {
    const rules = (sub: object) => violationRules(withStep(sub));
    expect(rules({ type: 'deploy', player: 'B', id: 'b2', card: 'ST01-010' })).toEqual(expect.arrayContaining(['9-3', '7-5-2-1']));
    expect(rules({ type: 'attack', attacker: 'b1', target: 'player' })).toEqual(expect.arrayContaining(['9-3', '7-5-4-1']));
    expect(rules({ type: 'support', unit: 'b1', target: 'b1' })).toEqual(expect.arrayContaining(['9-3', '13-1-3-1']));
    expect(rules({ type: 'end_turn' })).toEqual(expect.arrayContaining(['9-3', '7-5-5-1']));
    expect(rules({ type: 'deal_damage', target: 'a1', amount: 2 })).toEqual(expect.arrayContaining(['9-3', '13-2-4-1']));
  });
});

describe('8-5-2 attack on a player', () => {
  it('8-5-2-4: a Base takes the damage first; Shields are untouched', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 2 }] }, { shields: 6 }, [attack('a1', 'player')]));
    expect(out.state.players.B.base).toMatchObject({ name: 'EX Base', damage: 2, hp: 3 });
    expect(out.state.players.B.shields).toBe(6);
    expect(cites(out, '8-5-2-4')).toBe(true);
  });

  it('8-5-2-4-1 / 5-5-6: a destroyed Base takes no Shield with it', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 9, hp: 2 }] }, { shields: 6 }, [attack('a1', 'player')]));
    expect(out.state.players.B.base).toBeNull();
    expect(out.state.players.B.shields).toBe(6);
    expect(out.destroyed).toEqual(['B-ex-base']);
    expect(out.state.players.B.removed).toContain('B-ex-base'); // 5-17-2-5 the EX Base is a token
    expect(cites(out, '5-5-6')).toBe(true);
  });

  it('8-5-2-3: with no Base the top Shield takes the damage and is destroyed', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 4, hp: 2 }] }, { base: null, shields: 3 }, [attack('a1', 'player')]));
    expect(out.state.players.B.shields).toBe(2);
    expect(out.destroyed).toEqual(['B-shield-3']);
    expect(out.state.players.B.trash).toEqual(['B-shield-3']);
    expect(cites(out, '8-5-2-3-1')).toBe(true);
    expect(cites(out, '13-2-5-1')).toBe(true); // 【Burst】 check
  });

  it('8-5-2-2 / 1-2-2-1: no Base and no Shields: battle damage defeats the player', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 2 }] }, { base: null, shields: 0 }, [attack('a1', 'player')]));
    expect(out.winner).toBe('A');
    expect(out.defeated).toEqual(['B']);
    expect(out.game_over).toBe(true);
    expect(cites(out, '11-2-1-1')).toBe(true);
  });

  it('1-2-2-1: losing the last Shield is not defeat; the next attack is', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 2 }, { id: 'a2', ap: 1, hp: 2 }] }, { base: null, shields: 1 }, [attack('a1', 'player'), attack('a2', 'player')]),
    );
    expect(out.winner).toBe('A');
    expect(out.events.filter((e) => e.rules.includes('8-5-2-3')).length).toBe(1);
  });

  it('5-5-5: an AP 0 attacker deals no damage to a Base, Shield or player', () => {
    const base = sim(scenario({ units: [{ id: 'a1', ap: 0, hp: 2 }] }, {}, [attack('a1', 'player')]));
    expect(base.state.players.B.base?.damage).toBe(0);
    const shield = sim(scenario({ units: [{ id: 'a1', ap: 0, hp: 2 }] }, { base: null, shields: 2 }, [attack('a1', 'player')]));
    expect(shield.state.players.B.shields).toBe(2);
    const player = sim(scenario({ units: [{ id: 'a1', ap: 0, hp: 2 }] }, { base: null, shields: 0 }, [attack('a1', 'player')]));
    expect(player.winner).toBeNull();
  });

  it('3-5-4-1: a Base with AP deals battle damage back to the attacker', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 2 }] }, { base: { name: 'Fort', ap: 2, hp: 5 } }, [attack('a1', 'player')]));
    expect(out.destroyed).toEqual(['a1']);
    expect(out.state.players.B.base).toMatchObject({ id: 'B-base', damage: 1 });
  });

  it('8-5-2-4-2: a First Strike attacker destroying the Base takes no damage back', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 5, hp: 1, keywords: ['First Strike'] }] }, { base: { name: 'Fort', ap: 3, hp: 5 } }, [attack('a1', 'player')]));
    expect(out.state.players.B.base).toBeNull();
    expect(unitOf(out, 'a1')?.damage).toBe(0);
  });
});

describe('8-5-3 attack on a Unit', () => {
  it('8-5-3-2: the two Units deal damage to each other at the same time', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 5 }] }, { units: [{ id: 'b1', ap: 3, hp: 5, rested: true }] }, [attack('a1', 'b1')]));
    expect(unitOf(out, 'a1')?.damage).toBe(3);
    expect(unitOf(out, 'b1')?.damage).toBe(2);
  });

  it('8-5-3-2-3: both battling Units are destroyed together', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 2 }] }, { units: [{ id: 'b1', ap: 2, hp: 3, rested: true }] }, [attack('a1', 'b1')]));
    expect([...out.destroyed].sort()).toEqual(['a1', 'b1']);
    expect(cites(out, '8-5-3-2-3')).toBe(true);
  });

  it('5-5-2: damage equal to HP destroys; damage below HP stays as counters', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 4 }] }, { units: [{ id: 'b1', ap: 3, hp: 3, rested: true }] }, [attack('a1', 'b1')]));
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'a1')).toMatchObject({ damage: 3, hp: 4 });
  });

  it('1-3-6: an AP pushed below zero deals no damage', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 2 }] }, { units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] }, [
        { type: 'modify', target: 'a1', ap: -5, duration: 'turn' },
        attack('a1', 'b1'),
      ]),
    );
    expect(unitOf(out, 'a1')).toMatchObject({ ap: 0, damage: 1 });
    expect(unitOf(out, 'b1')?.damage).toBe(0);
  });

  it('8-6-1: "during this battle" effects end at the battle end step, "during this turn" ones do not', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 5 }] }, { units: [{ id: 'b1', ap: 0, hp: 9, rested: true }] }, [
        { type: 'modify', target: 'a1', ap: 2, duration: 'battle' },
        { type: 'modify', target: 'a1', ap: 1, duration: 'turn' },
        attack('a1', 'b1'),
      ]),
    );
    expect(unitOf(out, 'b1')?.damage).toBe(4);
    expect(unitOf(out, 'a1')?.ap).toBe(2);
  });

  it('3-3-6 / 13-2-8-1: a destroyed Unit takes its Pilot to the trash and its 【Destroyed】 is logged', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 5, hp: 5 }] }, { units: [{ id: 'b1', ap: 1, hp: 1, rested: true, text: '【Destroyed】Draw 1.', pilot: { id: 'p1', name: 'Ace', ap: 1, hp: 1 } }] }, [attack('a1', 'b1')]),
    );
    expect(out.destroyed).toEqual(['b1']);
    expect(out.state.players.B.trash).toEqual(['b1', 'p1']);
    expect(out.events.some((e) => e.text.includes('【Destroyed】') && e.rules.includes('13-2-8-1'))).toBe(true);
  });
});
