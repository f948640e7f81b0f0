/** Chapter 11 rules management, 1-2 winning and losing, and scenario-level checks. */
import { describe, expect, it } from 'vitest';
import { cites, scenario, sim, unitOf, violationRules } from './helpers.js';

describe('11-2 defeat', () => {
  it('1-2-2-2 / 11-2-1-2: a player with an empty deck loses at the first rules management', () => {
    const out = sim(scenario({ deck: 0 }, {}, [{ type: 'end_turn' }]));
    expect(out).toMatchObject({ winner: 'B', defeated: ['A'], game_over: true, actions_applied: 0 });
    expect(cites(out, '11-2-1-2')).toBe(true);
  });

  it('11-2-1: both players defeated at once: nobody wins', () => {
    const out = sim(scenario({ deck: 0 }, { deck: 0 }, []));
    expect(out).toMatchObject({ winner: null, game_over: true });
    expect([...out.defeated].sort()).toEqual(['A', 'B']);
  });

  it('1-2-1: actions after the end of the game are not performed (and are not violations)', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }, { id: 'a2', ap: 1, hp: 1 }] }, { base: null, shields: 0 }, [
        { type: 'attack', attacker: 'a1', target: 'player' },
        { type: 'attack', attacker: 'a2', target: 'player' },
      ]),
    );
    expect(out).toMatchObject({ legal: true, winner: 'A', actions_applied: 1 });
    expect(unitOf(out, 'a2')?.rested).toBe(false);
  });
});

describe('11-3 destruction', () => {
  it('5-5-2: a Unit given lethal damage in the scenario is destroyed at once', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 2, damage: 2 }] }, {}, []));
    expect(out.destroyed).toEqual(['a1']);
    expect(out.state.players.A.trash).toEqual(['a1']);
    expect(cites(out, '11-3-1')).toBe(true);
  });

  it('3-2-5-2: a Unit whose HP drops to 0 is destroyed', () => {
    const out = sim(scenario({}, { units: [{ id: 'b1', ap: 1, hp: 2 }] }, [{ type: 'modify', target: 'b1', hp: -2, duration: 'turn' }]));
    expect(out.destroyed).toEqual(['b1']);
  });

  it('5-17-2-5: a destroyed token leaves the game instead of staying in the trash', () => {
    const out = sim(scenario({}, { units: [{ id: 't1', card: 'T-001' }] }, [{ type: 'destroy', target: 't1' }]));
    expect(out.destroyed).toEqual(['t1']);
    expect(out.state.players.B.trash).toEqual([]);
    expect(out.state.players.B.removed).toEqual(['t1']);
  });
});

describe('scenario checks', () => {
  it('4-5-4 / 11-4-1: more than six Units is reported as a rules violation with the state as given', () => {
    const units = Array.from({ length: 8 }, (_, i) => ({ id: `b${i}`, ap: 1, hp: 1 }));
    const out = sim(scenario({}, { units }, []));
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ action: null, kind: 'rule' });
    expect(violationRules(out)).toEqual(['4-5-4', '11-4-1']);
  });

  it('4-4-2 / 4-4-2-1: too many Resources or EX Resources', () => {
    expect(violationRules(sim(scenario({ resources: 16 }, {}, [])))).toEqual(['4-4-2']);
    expect(violationRules(sim(scenario({ resources: { active: 0, ex: 6 } }, {}, [])))).toEqual(['4-4-2-1']);
  });

  it('duplicate ids, unknown cards and wrong card types are input violations', () => {
    const dup = sim(scenario({ units: [{ id: 'x', ap: 1, hp: 1 }] }, { units: [{ id: 'x', ap: 1, hp: 1 }] }, []));
    expect(dup.violations[0]?.reason).toMatch(/"x" is used twice/);
    const unknown = sim(scenario({ units: [{ id: 'a1', card: 'Nope Gundam' }] }, {}, []));
    expect(unknown.violations[0]?.reason).toMatch(/unit a1: unknown card "Nope Gundam"; accepted/);
    const pilotAsUnit = sim(scenario({ units: [{ id: 'a1', card: 'ST01-010' }] }, {}, []));
    expect(violationRules(pilotAsUnit)).toContain('3-2-1');
    const unitAsBase = sim(scenario({ base: { card: 'GD01-013' } }, {}, []));
    expect(violationRules(unitAsBase)).toContain('3-5-1');
  });

  it('defaults: 6 Shields, EX Base, hand 5, deck 30, no Resources', () => {
    const out = sim(scenario({}, {}, []));
    expect(out.state.players.A).toMatchObject({
      shields: 6,
      base: { id: 'A-ex-base', name: 'EX Base', ap: 0, hp: 3, damage: 0, rested: false },
      hand: 5,
      deck: 30,
      resources: { active: 0, rested: 0, ex: 0 },
      resource_deck: 10,
      trash: [],
    });
    expect(out).toMatchObject({ legal: true, winner: null, game_over: false, state: { turn: 1, phase: 'main', active_player: 'A' } });
  });

  it('a name shared by several cards resolves the same way every time, and says so', () => {
    const out = sim(scenario({ units: [{ id: 'a1', card: 'gundam' }] }, {}, []));
    expect(out.state.players.A.units[0]?.card).toBe(sim(scenario({ units: [{ id: 'a1', card: 'Gundam' }] }, {}, [])).state.players.A.units[0]?.card);
    expect(out.events.some((e) => /names \d+ cards/.test(e.text))).toBe(true);
  });
});
