/** Effect primitives (chapter 5): damage, destroy, rest/active, recover, modify, grant, draw, discard. */
import { describe, expect, it } from 'vitest';
import { cites, scenario, sim, unitOf } from './helpers.js';

describe('5-5 damage by effects', () => {
  it('5-5-4: effect damage to a Unit adds counters; 5-5-5: zero does nothing', () => {
    const out = sim(scenario({}, { units: [{ id: 'b1', ap: 1, hp: 5 }] }, [{ type: 'deal_damage', target: 'b1', amount: 2 }, { type: 'deal_damage', target: 'b1', amount: 0 }]));
    expect(unitOf(out, 'b1')?.damage).toBe(2);
    expect(cites(out, '5-5-5')).toBe(true);
  });

  it('effect damage to the Base, "B.base", and to the top Shield, "B.shield"', () => {
    const out = sim(scenario({}, {}, [{ type: 'deal_damage', target: 'B.base', amount: 2 }]));
    expect(out.state.players.B.base?.damage).toBe(2);
    const shield = sim(scenario({}, { base: null, shields: 3 }, [{ type: 'deal_damage', target: 'B.shield', amount: 4 }]));
    expect(shield.state.players.B.shields).toBe(2);
    expect(cites(shield, '5-5-6')).toBe(true);
  });

  it('1-3-2: damage to a missing Base simply does not happen', () => {
    const out = sim(scenario({}, { base: null }, [{ type: 'deal_damage', target: 'B.base', amount: 2 }]));
    expect(out.legal).toBe(true);
    expect(cites(out, '1-3-2')).toBe(true);
  });

  it('base ids work as targets', () => {
    const out = sim(scenario({}, { base: { id: 'fort', name: 'Fort', hp: 4 } }, [{ type: 'deal_damage', target: 'fort', amount: 4 }]));
    expect(out.destroyed).toEqual(['fort']);
    expect(out.state.players.B.trash).toEqual(['fort']);
  });
});

describe('5-10 destroy', () => {
  it('5-10-1: destroy by effect, Units, Bases and Shields (with the 【Burst】 check)', () => {
    const out = sim(
      scenario({}, { units: [{ id: 'b1', ap: 1, hp: 9 }], shields: ['ST01-010'] }, [
        { type: 'destroy', target: 'b1' },
        { type: 'destroy', target: 'B.base' },
        { type: 'destroy', target: 'B.shield', choices: [{ use: false }] },
      ]),
    );
    expect(out.destroyed).toEqual(['b1', 'B-ex-base', 'B-shield-1']);
    expect(out.state.players.B.shields).toBe(0);
    expect(out.state.players.B.trash).toContain('B-shield-1');
    expect(out.events.some((e) => e.text.includes('Shield B-shield-1 is Amuro Ray, with 【Burst】') && e.rules.includes('13-2-5-1'))).toBe(true);
    expect(out.events.some((e) => e.text.includes('does not activate the 【Burst】') && e.rules.includes('13-2-5-2'))).toBe(true);
  });

  it('13-2-5-3: a 【Burst】 "Add this card to your hand" keeps the Shield out of the trash', () => {
    const out = sim(scenario({}, { shields: ['ST01-010'] }, [{ type: 'destroy', target: 'B.shield', choices: [{ use: true }] }]));
    expect(out.legal).toBe(true);
    expect(out.state.players.B.trash).not.toContain('B-shield-1');
    expect(out.state.players.B.hand).toBe(6);
    expect(out.state.players.B.hand_cards).toEqual(['ST01-010']);
    expect(out.rules_cited).toContain('13-2-5-3');
  });

  it('13-2-5-2: a revealed 【Burst】 needs its owner\'s decision; without one the answer asks for it', () => {
    const out = sim(scenario({}, { shields: ['ST01-010'] }, [{ type: 'destroy', target: 'B.shield' }]));
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ action: 0, kind: 'input' });
    expect(out.violations[0]?.reason).toMatch(/choices\[0\] must be \{"use": true\} or \{"use": false\}/);
    expect(out.state.players.B.shields).toBe(1); // the state before the action
  });
});

describe('5-4 rest and set active', () => {
  it('5-4-1-2 / 1-3-2-1: rest a Unit; resting it again does nothing', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, {}, [{ type: 'rest', target: 'a1' }, { type: 'rest', target: 'a1' }]));
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(cites(out, '1-3-2-1')).toBe(true);
  });

  it('5-4-1-1: set active after attacking lets a Unit attack again', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, { base: null, shields: 3 }, [
        { type: 'attack', attacker: 'a1', target: 'player' },
        { type: 'set_active', target: 'a1' },
        { type: 'attack', attacker: 'a1', target: 'player' },
      ]),
    );
    expect(out.state.players.B.shields).toBe(1);
  });

  it('Resources can be rested and set active in numbers', () => {
    const out = sim(scenario({ resources: 3 }, {}, [{ type: 'rest', target: 'A.resources', amount: 5 }, { type: 'set_active', target: 'A.resources', amount: 1 }]));
    expect(out.state.players.A.resources).toEqual({ active: 1, rested: 2, ex: 0 });
  });
});

describe('5-6 recovery and modifiers', () => {
  it('5-6-2: recovery stops at zero damage', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 4, damage: 1 }] }, {}, [{ type: 'recover', target: 'a1', amount: 3 }]));
    expect(unitOf(out, 'a1')).toMatchObject({ damage: 0, hp: 4 });
  });

  it('modify changes AP and HP for the turn; 1-3-6 shows 0 for a negative result', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 4 }] }, {}, [{ type: 'modify', target: 'a1', ap: -5, hp: 2, duration: 'turn' }]));
    expect(unitOf(out, 'a1')).toMatchObject({ ap: 0, hp: 6 });
  });

  it('5-16-1: grant adds a keyword; 13-1-4-2 a second Blocker is not a second copy', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 4, keywords: ['Blocker'] }] }, {}, [{ type: 'grant', target: 'a1', keyword: '<Blocker>', duration: 'turn' }]));
    expect(unitOf(out, 'a1')?.keywords).toEqual(['Blocker']);
    expect(cites(out, '13-1-4-2')).toBe(true);
  });

  it('grant with an unknown keyword is an input violation', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 4 }] }, {}, [{ type: 'grant', target: 'a1', keyword: 'Flight', duration: 'turn' }]));
    expect(out.violations[0]).toMatchObject({ kind: 'input', action: 0, action_type: 'grant' });
  });

  it('targets that make no sense are refused with the accepted forms', () => {
    const out = sim(scenario({}, {}, [{ type: 'recover', target: 'B.shield', amount: 1 }]));
    expect(out.violations[0]?.kind).toBe('input');
    const unknown = sim(scenario({}, {}, [{ type: 'rest', target: 'zz' }]));
    expect(unknown.violations[0]?.reason).toMatch(/unknown target "zz"; accepted/);
  });
});

describe('5-14 draw and 5-11 discard', () => {
  it('draw and discard move cards between deck, hand and trash', () => {
    const out = sim(scenario({ hand: 2, deck: 10 }, {}, [{ type: 'draw', player: 'A', count: 3 }, { type: 'discard', player: 'A', count: 4 }]));
    expect(out.state.players.A).toMatchObject({ hand: 1, deck: 7 });
    expect(out.state.players.A.trash).toHaveLength(4);
  });

  it('1-3-2: discarding more than the hand discards what there is', () => {
    const out = sim(scenario({ hand: 2 }, {}, [{ type: 'discard', player: 'A', count: 5 }]));
    expect(out.state.players.A.hand).toBe(0);
    expect(out.state.players.A.trash).toHaveLength(2);
  });

  it('11-2-1-2: the standby player decking out by an effect loses too', () => {
    const out = sim(scenario({}, { deck: 2 }, [{ type: 'draw', player: 'B', count: 5 }]));
    expect(out).toMatchObject({ winner: 'A', defeated: ['B'] });
    expect(out.state.players.B).toMatchObject({ deck: 0, hand: 7 });
  });
});
