/** 13-1 keyword effects: parsing, stacking, catalog keywords, and each keyword in play. */
import { describe, expect, it } from 'vitest';
import { combineKeywords, parseKeywordSpec } from '../../src/engine/keywords.js';
import { attack, cites, scenario, sim, unitOf, violationRules } from './helpers.js';

describe('keyword strings', () => {
  it('accepts the spellings players use', () => {
    expect(parseKeywordSpec('Breach 3')).toEqual({ name: 'Breach', amount: 3 });
    expect(parseKeywordSpec('<Blocker>')).toEqual({ name: 'Blocker', amount: null });
    expect(parseKeywordSpec('first strike')).toEqual({ name: 'First Strike', amount: null });
    expect(parseKeywordSpec('High Maneuver')).toEqual({ name: 'High-Maneuver', amount: null });
    expect(parseKeywordSpec('<Repair 2>')).toEqual({ name: 'Repair', amount: 2 });
  });

  it('rejects unknown keywords and missing or extra amounts with a reason', () => {
    expect(parseKeywordSpec('Flying')).toMatch(/unknown keyword "Flying"; accepted: Repair N/);
    expect(parseKeywordSpec('Breach')).toMatch(/takes an amount/);
    expect(parseKeywordSpec('Blocker 2')).toMatch(/takes no amount/);
  });

  it('13-1-1-2 / 13-1-2-5 / 13-1-3-2: amounts add; 13-1-4-2 / 13-1-5-3: others do not stack', () => {
    const set = combineKeywords([
      { name: 'Repair', amount: 1 },
      { name: 'Repair', amount: 2 },
      { name: 'Breach', amount: 1 },
      { name: 'Breach', amount: 2 },
      { name: 'Support', amount: 1 },
      { name: 'Support', amount: 1 },
      { name: 'Blocker', amount: null },
      { name: 'Blocker', amount: null },
      { name: 'First Strike', amount: null },
      { name: 'First Strike', amount: null },
    ]);
    expect([...set.entries()]).toEqual([
      ['Repair', 3],
      ['Breach', 3],
      ['Support', 2],
      ['Blocker', null],
      ['First Strike', null],
    ]);
  });

  it('an unknown keyword in a scenario is an input violation naming it', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Trample 2'] }] }, {}, []));
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ kind: 'input', action: null });
    expect(out.violations[0]?.reason).toMatch(/Trample 2/);
  });

  it('the output lists keywords with summed amounts', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Breach 1', 'Blocker', 'breach 2'] }] }, {}, []));
    expect(unitOf(out, 'a1')?.keywords).toEqual(['Breach 3', 'Blocker']);
  });
});

describe('keywords from the catalog', () => {
  it('innate keywords come with the card (GD01-004 Guncannon has <Repair 1>)', () => {
    const out = sim(scenario({ units: [{ id: 'a1', card: 'GD01-004' }] }, {}, []));
    expect(unitOf(out, 'a1')?.keywords).toEqual(['Repair 1']);
  });

  it('13-2-10-1: a 【During Pair】 keyword holds only while paired (GD01-034 Heavyarms, Breach 3)', () => {
    const alone = sim(scenario({ units: [{ id: 'a1', card: 'GD01-034' }] }, {}, []));
    expect(unitOf(alone, 'a1')?.keywords).toEqual([]);
    const paired = sim(scenario({ units: [{ id: 'a1', card: 'GD01-034', pilot: { name: 'Someone', ap: 0, hp: 0 } }] }, {}, []));
    expect(unitOf(paired, 'a1')?.keywords).toEqual(['Breach 3']);
  });

  it('13-2-12-1: a 【During Link】 keyword holds only while linked (GD02-024 Red Gundam, link (Clan))', () => {
    const notLinked = sim(scenario({ units: [{ id: 'a1', card: 'GD02-024', pilot: { name: 'Outsider', traits: ['Zeon'] } }] }, {}, []));
    expect(unitOf(notLinked, 'a1')).toMatchObject({ linked: false, keywords: [] });
    const linked = sim(scenario({ units: [{ id: 'a1', card: 'GD02-024', pilot: { name: 'Insider', traits: ['Clan'] } }] }, {}, []));
    expect(unitOf(linked, 'a1')).toMatchObject({ linked: true, keywords: ['High-Maneuver'] });
  });

  it('explicit scenario keywords replace the catalog ones', () => {
    const out = sim(scenario({ units: [{ id: 'a1', card: 'GD01-004', keywords: ['Blocker'] }] }, {}, []));
    expect(unitOf(out, 'a1')?.keywords).toEqual(['Blocker']);
  });
});

describe('13-1-1 Repair', () => {
  it('13-1-1-1: recovers at the end of its owner\'s turn', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 5, damage: 3, keywords: ['Repair 1'] }] }, {}, [{ type: 'end_turn' }]));
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(cites(out, '13-1-1-1')).toBe(true);
  });

  it('13-1-1-2: a granted Repair adds to the printed one', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 9, damage: 5, keywords: ['Repair 1'] }] }, {}, [
        { type: 'grant', target: 'a1', keyword: 'Repair 2', duration: 'turn' },
        { type: 'end_turn' },
      ]),
    );
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(cites(out, '13-1-1-2')).toBe(true);
  });

  it('5-6-3: an undamaged Unit recovers nothing', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 5, keywords: ['Repair 2'] }] }, {}, [{ type: 'end_turn' }]));
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '5-6-3')).toBe(true);
  });
});

describe('13-1-2 Breach', () => {
  it('13-1-2-1: only on an enemy Unit destroyed by the attacker\'s battle damage, not on an attack on the player', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Breach 3'] }] }, { base: null, shields: 3 }, [attack('a1', 'player')]));
    expect(out.state.players.B.shields).toBe(2);
  });

  it('13-1-2-1: Breach works when a blocker is the Unit destroyed', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 4, hp: 4, keywords: ['Breach 2'] }] }, { base: null, shields: 3, units: [{ id: 'b1', ap: 1, hp: 1, keywords: ['Blocker'] }] }, [
        attack('a1', 'player', 'b1'),
      ]),
    );
    expect(out.destroyed).toEqual(['b1', 'B-shield-3']);
    expect(out.state.players.B.shields).toBe(2);
  });

  it('13-1-2-2: Breach more than the Base\'s HP destroys the Base only', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 4, hp: 4, keywords: ['Breach 5'] }] }, { units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, [attack('a1', 'b1')]));
    expect(out.state.players.B.base).toBeNull();
    expect(out.state.players.B.shields).toBe(6);
  });

  it('13-1-2-3: Breach still resolves when the attacker is destroyed in the same battle', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Breach 1'] }] }, { base: null, shields: 2, units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, [attack('a1', 'b1')]));
    expect([...out.destroyed].sort()).toEqual(['B-shield-2', 'a1', 'b1']);
    expect(out.destroyed.at(-1)).toBe('B-shield-2'); // after the simultaneous destruction
    expect(cites(out, '13-1-2-3')).toBe(true);
  });
});

describe('13-1-4 Blocker and 13-1-6 High-Maneuver', () => {
  it('13-1-4-1 / 8-3-1: blocking rests the blocker and makes it the target', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 3 }] }, { units: [{ id: 'b1', ap: 1, hp: 5, keywords: ['<Blocker>'] }] }, [attack('a1', 'player', 'b1')]));
    expect(unitOf(out, 'b1')).toMatchObject({ rested: true, damage: 3 });
    expect(out.state.players.B.base?.damage).toBe(0);
  });

  it('8-3-1: the attacker\'s own Unit cannot block', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 3 }, { id: 'a2', ap: 1, hp: 1, keywords: ['Blocker'] }] }, {}, [attack('a1', 'player', 'a2')]));
    expect(violationRules(out)).toEqual(['8-3-1']);
  });

  it('13-1-6-1: High-Maneuver forbids blocks, granted for the battle too', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 3, hp: 3 }] }, { units: [{ id: 'b1', ap: 1, hp: 5, keywords: ['Blocker'] }] }, [
        { type: 'grant', target: 'a1', keyword: 'High-Maneuver', duration: 'battle' },
        attack('a1', 'player', 'b1'),
      ]),
    );
    expect(out.legal).toBe(false);
    expect(violationRules(out)).toEqual(['13-1-6-1']);
  });

  it('13-1-6-1: a High-Maneuver attack without a block goes through and is logged', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 3, keywords: ['High-Maneuver'] }] }, { units: [{ id: 'b1', ap: 1, hp: 5, keywords: ['Blocker'] }] }, [attack('a1', 'player')]));
    expect(out.state.players.B.base?.damage).toBe(2);
    expect(cites(out, '13-1-6-1')).toBe(true);
  });
});

describe('13-1-5 First Strike', () => {
  it('13-1-5-2: the attacker deals first; a survivor strikes back', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 2, hp: 2, keywords: ['First Strike'] }] }, { units: [{ id: 'b1', ap: 2, hp: 3, rested: true }] }, [attack('a1', 'b1')]));
    expect(out.destroyed).toEqual(['a1']);
    expect(unitOf(out, 'b1')?.damage).toBe(2);
  });

  it('13-1-5-1: First Strike on the Unit being attacked changes nothing', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 3, hp: 3 }] }, { units: [{ id: 'b1', ap: 3, hp: 3, rested: true, keywords: ['First Strike'] }] }, [attack('a1', 'b1')]));
    expect([...out.destroyed].sort()).toEqual(['a1', 'b1']);
    expect(cites(out, '13-1-5-1')).toBe(true);
  });
});

describe('13-1-7 Suppression', () => {
  it('13-1-7-1: two Shields at once, each 1 HP, no excess carried', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 5, hp: 3, keywords: ['Suppression'] }] }, { base: null, shields: 5 }, [attack('a1', 'player')]));
    expect(out.state.players.B.shields).toBe(3);
    expect(out.destroyed).toEqual(['B-shield-5', 'B-shield-4']);
    expect(cites(out, '13-1-7-4')).toBe(true);
  });
});

describe('13-1-3 Support', () => {
  it('13-1-3-1: a rested Unit cannot activate Support', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, rested: true, keywords: ['Support 1'] }, { id: 'a2', ap: 1, hp: 1 }] }, {}, [{ type: 'support', unit: 'a1', target: 'a2' }]));
    expect(violationRules(out)).toContain('13-1-3-1');
  });

  it('13-1-3-1: Support chooses another friendly Unit, not itself or an enemy', () => {
    const self = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Support 1'] }] }, {}, [{ type: 'support', unit: 'a1', target: 'a1' }]));
    expect(self.legal).toBe(false);
    expect(violationRules(self)).toEqual(['13-1-3-1']);
    const enemy = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Support 1'] }] }, { units: [{ id: 'b1', ap: 1, hp: 1 }] }, [{ type: 'support', unit: 'a1', target: 'b1' }]));
    expect(enemy.legal).toBe(false);
    expect(violationRules(enemy)).toEqual(['13-1-3-1']);
  });

  it('7-6-6-1: the Support bonus ends with the turn', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Support 3'] }, { id: 'a2', ap: 1, hp: 1 }] }, {}, [{ type: 'support', unit: 'a1', target: 'a2' }, { type: 'end_turn' }]),
    );
    expect(unitOf(out, 'a2')?.ap).toBe(1);
  });
});
