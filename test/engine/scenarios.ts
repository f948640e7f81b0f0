/**
 * Extra scenarios in the evaluator's format, each outcome worked out by hand from the rules cited
 * in its name. They run through the same checker as the official examples (examples.test.ts).
 */
import type { RulingCase } from './checker.js';
import { attack as atk } from './helpers.js';

const s = (active: 'A' | 'B', A: object, B: object, actions: object[]) => ({ state: { active_player: active, players: { A, B } }, actions });
const big = { id: 'a1', name: 'Big', ap: 5, hp: 5 };

export const EXTRA_RULINGS: RulingCase[] = [
  // --- 13-1-2 Breach
  {
    name: '13-1-2-1 Breach destroys the top Shield after its battle damage destroys a Unit',
    input: s('A', { units: [{ id: 'a1', ap: 4, hp: 4, keywords: ['Breach 2'] }] }, { base: null, shields: 6, units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, destroyed: ['b1'], shields: { B: 5 }, units: { a1: { damage: 1 } }, rules_any: ['13-1-2'] },
  },
  {
    name: '13-1-2-2 Breach hits the Base first and leaves the Shields alone',
    input: s('A', { units: [{ id: 'a1', ap: 4, hp: 4, keywords: ['Breach 2'] }] }, { units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, destroyed: ['b1'], shields: { B: 6 }, base_present: { B: true }, base: { B: { damage: 2 } }, rules_any: ['13-1-2-2'] },
  },
  {
    name: '13-1-2-3 Breach fires even when both Units are destroyed',
    input: s('A', { units: [{ id: 'a1', ap: 3, hp: 2, keywords: ['<Breach 1>'] }] }, { base: null, shields: 4, units: [{ id: 'b1', ap: 2, hp: 3, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, destroyed: ['a1', 'b1'], shields: { B: 3 }, rules_any: ['13-1-2-3'] },
  },
  {
    name: '13-1-2-4 Breach with an empty shield area does nothing (and defeats nobody)',
    input: s('A', { units: [{ id: 'a1', ap: 5, hp: 5, keywords: ['Breach 3'] }] }, { base: null, shields: 0, units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, winner: null, destroyed: ['b1'], shields: { B: 0 }, rules_any: ['13-1-2-4'] },
  },
  {
    name: '13-1-2-1 Breach does nothing when the enemy Unit survives',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 5, keywords: ['Breach 3'] }] }, { base: null, shields: 6, units: [{ id: 'b1', ap: 1, hp: 4, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, destroyed: [], shields: { B: 6 }, units: { b1: { damage: 2 } } },
  },
  {
    name: '5-5-6 Breach 5 destroys one Shield only',
    input: s('A', { units: [{ id: 'a1', ap: 5, hp: 5, keywords: ['Breach 5'] }] }, { base: null, shields: 3, units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, shields: { B: 2 }, rules_any: ['5-5-6'] },
  },
  {
    name: '13-1-2-5 a granted Breach adds to the one the Unit has',
    input: s('A', { units: [{ id: 'a1', ap: 5, hp: 5, keywords: ['Breach 1'] }] }, { units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, [
      { type: 'grant', target: 'a1', keyword: 'Breach 2', duration: 'turn' },
      atk('a1', 'b1'),
    ]),
    expect: { legal: true, destroyed: ['b1'], base_present: { B: false }, shields: { B: 6 }, rules_any: ['13-1-2-5'] },
  },
  // --- 13-1-7 Suppression
  {
    name: '13-1-7-1 Suppression destroys the top two Shields at once',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2, keywords: ['Suppression'] }] }, { base: null, shields: 4 }, [atk('a1', 'player')]),
    expect: { legal: true, shields: { B: 2 }, winner: null, rules_any: ['13-1-7-1'] },
  },
  {
    name: '13-1-7-3 Suppression with one Shield left destroys just that one',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2, keywords: ['Suppression'] }] }, { base: null, shields: 1 }, [atk('a1', 'player')]),
    expect: { legal: true, shields: { B: 0 }, winner: null, rules_any: ['13-1-7-3'] },
  },
  {
    name: '13-1-7-1 Suppression does not reach past a Base',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2, keywords: ['Suppression'] }] }, {}, [atk('a1', 'player')]),
    expect: { legal: true, shields: { B: 6 }, base: { B: { damage: 2 } }, rules_any: ['8-5-2-4'] },
  },
  // --- 13-1-4 Blocker, 13-1-6 High-Maneuver
  {
    name: '13-1-6-1 a High-Maneuver attacker cannot be blocked',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2, keywords: ['High-Maneuver'] }] }, { units: [{ id: 'b1', ap: 1, hp: 3, keywords: ['Blocker'] }] }, [atk('a1', 'player', 'b1')]),
    expect: { legal: false, violation_rules_any: ['13-1-6'] },
  },
  {
    name: '8-3-1 a rested Unit cannot block',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2 }] }, { units: [{ id: 'b1', ap: 1, hp: 3, keywords: ['Blocker'], rested: true }] }, [atk('a1', 'player', 'b1')]),
    expect: { legal: false, violation_rules_any: ['8-3-1'] },
  },
  {
    name: '8-3-3 the Unit originally attacked cannot block for itself',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2 }] }, { units: [{ id: 'b1', ap: 1, hp: 3, keywords: ['Blocker'], rested: true }] }, [atk('a1', 'b1', 'b1')]),
    expect: { legal: false, violation_rules_any: ['8-3-3'] },
  },
  {
    name: '13-1-4-1 a Unit without Blocker cannot block',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2 }] }, { units: [{ id: 'b1', ap: 1, hp: 3 }] }, [atk('a1', 'player', 'b1')]),
    expect: { legal: false, violation_rules_any: ['8-3-1', '13-1-4'] },
  },
  {
    name: '8-3-1 a blocker redirects an attack on a Unit',
    input: s('A', { units: [big] }, { units: [{ id: 'b1', ap: 1, hp: 4, rested: true }, { id: 'b2', ap: 2, hp: 2, keywords: ['Blocker'] }] }, [atk('a1', 'b1', 'b2')]),
    expect: { legal: true, destroyed: ['b2'], units: { b1: { damage: 0 }, a1: { damage: 2 } }, rules_any: ['8-3-1'] },
  },
  {
    name: '13-1-4-1 a blocker destroys the attacker, the player takes nothing',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 2 }] }, { base: null, shields: 1, units: [{ id: 'b1', ap: 3, hp: 4, keywords: ['Blocker'] }] }, [atk('a1', 'player', 'b1')]),
    expect: { legal: true, destroyed: ['a1'], shields: { B: 1 }, units: { b1: { damage: 2, rested: true } }, winner: null },
  },
  // --- 8-2 attack step legality
  {
    name: '8-2-1 a rested Unit cannot attack',
    input: s('A', { units: [{ ...big, rested: true }] }, {}, [atk('a1', 'player')]),
    expect: { legal: false, violation_rules_any: ['8-2-1'] },
  },
  {
    name: '8-2-1 an active enemy Unit cannot be attacked',
    input: s('A', { units: [big] }, { units: [{ id: 'b1', ap: 1, hp: 1 }] }, [atk('a1', 'b1')]),
    expect: { legal: false, violation_rules_any: ['8-2-1', '7-5-4-1'] },
  },
  {
    name: '3-2-4 a Unit deployed this turn cannot attack',
    input: s('A', { units: [{ ...big, deployed_this_turn: true }] }, {}, [atk('a1', 'player')]),
    expect: { legal: false, violation_rules_any: ['3-2-4', '3-2-6-3'] },
  },
  {
    name: '3-2-6-3 a Link Unit attacks the turn it is deployed (Gundam with Amuro Ray)',
    input: s('A', { units: [{ id: 'a1', card: 'GD01-013', pilot: 'ST01-010', deployed_this_turn: true }] }, {}, [atk('a1', 'player')]),
    expect: { legal: true, base_present: { B: false }, shields: { B: 6 }, units: { a1: { ap: 5, hp: 5, rested: true } }, rules_any: ['8-5-2-4'] },
  },
  {
    name: '7-5-4-1 only the active player attacks',
    input: s('A', {}, { units: [{ id: 'b1', ap: 2, hp: 2 }] }, [atk('b1', 'player')]),
    expect: { legal: false, violation_rules_any: ['7-5-4-1', '8-1'] },
  },
  // --- 8-5-2 attacks on the player
  {
    name: '8-5-2-2 battle damage with no Base and no Shields defeats the player',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 1 }] }, { base: null, shields: 0 }, [atk('a1', 'player')]),
    expect: { legal: true, winner: 'A', rules_any: ['8-5-2-2', '1-2-2-1'] },
  },
  {
    name: '5-5-5 an AP 0 Unit deals no damage, so nobody is defeated',
    input: s('A', { units: [{ id: 'a1', ap: 0, hp: 1 }] }, { base: null, shields: 0 }, [atk('a1', 'player')]),
    expect: { legal: true, winner: null, rules_any: ['5-5-5'] },
  },
  {
    name: '5-5-6 damage beyond the Base is not dealt to a Shield',
    input: s('A', { units: [{ id: 'a1', ap: 7, hp: 1 }] }, {}, [atk('a1', 'player')]),
    expect: { legal: true, base_present: { B: false }, shields: { B: 6 }, rules_any: ['5-5-6'] },
  },
  {
    name: '8-5-2-4-2 First Strike on a Base',
    input: s('A', { units: [{ id: 'a1', ap: 3, hp: 1, keywords: ['First Strike'] }] }, { base: { name: 'Fort', ap: 2, hp: 3 } }, [atk('a1', 'player')]),
    expect: { legal: true, destroyed: [], base_present: { B: false }, units: { a1: { damage: 0 } }, rules_any: ['8-5-2-4-2', '13-1-5-2'] },
  },
  // --- 8-5-3 attacks on Units
  {
    name: '8-5-3-2-3 both battling Units are destroyed together',
    input: s('A', { units: [{ id: 'a1', ap: 3, hp: 3 }] }, { units: [{ id: 'b1', ap: 3, hp: 3, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, destroyed: ['a1', 'b1'], units_in_play: { A: 0, B: 0 }, trash_contains: { A: ['a1'], B: ['b1'] }, rules_any: ['8-5-3-2-3'] },
  },
  {
    name: '1-3-6 negative AP counts as 0',
    input: s('A', { units: [{ id: 'a1', ap: 2, hp: 3 }] }, { units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] }, [
      { type: 'modify', target: 'b1', ap: -3, duration: 'turn' },
      atk('a1', 'b1'),
    ]),
    expect: { legal: true, destroyed: ['b1'], units: { a1: { damage: 0 } }, rules_any: ['1-3-6'] },
  },
  {
    name: '13-1-5-2 a First Strike kill takes no damage back',
    input: s('A', { units: [{ id: 'a1', ap: 3, hp: 1, keywords: ['first strike'] }] }, { units: [{ id: 'b1', ap: 5, hp: 3, rested: true }] }, [atk('a1', 'b1')]),
    expect: { legal: true, destroyed: ['b1'], units: { a1: { damage: 0 } }, rules_any: ['13-1-5-2'] },
  },
  {
    name: '8-6-1 an AP bonus for the battle ends with it',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 5 }, { id: 'a2', ap: 1, hp: 5 }] }, { base: null, shields: 6 }, [
      { type: 'modify', target: 'a1', ap: 2, duration: 'battle' },
      atk('a1', 'player'),
    ]),
    expect: { legal: true, shields: { B: 5 }, units: { a1: { ap: 1 } }, rules_any: ['8-6-1'] },
  },
  // --- 7-5-2 playing cards
  {
    name: '7-5-2-2-3 deploying rests active Resources for the cost, rested ones count for Lv',
    input: s('A', { resources: { active: 3, rested: 1 } }, {}, [{ type: 'deploy', id: 'a9', card: { name: 'Mid', type: 'unit', level: 4, cost: 2, ap: 3, hp: 3 } }]),
    expect: { legal: true, resources: { A: { active: 1, rested: 3, ex: 0 } }, hand: { A: 4 }, units_in_play: { A: 1 }, units: { a9: { rested: false } }, rules_any: ['7-5-2-2-3'] },
  },
  {
    name: '2-9-1 Lv counts every Resource, and 4 are not enough for Lv.5',
    input: s('A', { resources: { active: 3, rested: 1 } }, {}, [{ type: 'deploy', id: 'a9', card: { name: 'Big', type: 'unit', level: 5, cost: 1, ap: 3, hp: 3 } }]),
    expect: { legal: false, violation_rules_any: ['2-9-1', '7-5-2-2-2'] },
  },
  {
    name: '5-17-3-2-3 an EX Resource used to pay leaves the game',
    input: s('A', { resources: { active: 1, ex: 1 } }, {}, [{ type: 'deploy', id: 'a9', card: { name: 'Two', type: 'unit', level: 2, cost: 2, ap: 2, hp: 2 } }]),
    expect: { legal: true, resources: { A: { active: 0, rested: 1, ex: 0 } }, rules_any: ['5-17-3-2-3'] },
  },
  {
    name: '3-2-4 a Unit deployed in the scenario cannot attack that turn',
    input: s('A', { resources: 3 }, {}, [{ type: 'deploy', id: 'a9', card: { name: 'New', type: 'unit', level: 1, cost: 1, ap: 2, hp: 2 } }, atk('a9', 'player')]),
    expect: { legal: false, violation_rules_any: ['3-2-4'], units_in_play: { A: 1 } },
  },
  {
    name: '11-4-2 a 7th Unit needs one put into the trash',
    input: s('A', { resources: 3, units: [1, 2, 3, 4, 5, 6].map((i) => ({ id: `a${i}`, ap: 1, hp: 1 })) }, {}, [
      { type: 'deploy', id: 'a7', card: { name: 'New', type: 'unit', level: 1, cost: 1, ap: 2, hp: 2 } },
    ]),
    expect: { legal: false, violation_rules_any: ['11-4-2', '4-5-4'] },
  },
  {
    name: '11-4-2-1 the Unit replaced by a 7th goes to the trash without being destroyed',
    input: s('A', { resources: 3, units: [1, 2, 3, 4, 5, 6].map((i) => ({ id: `a${i}`, ap: 1, hp: 1 })) }, {}, [
      { type: 'deploy', id: 'a7', card: { name: 'New', type: 'unit', level: 1, cost: 1, ap: 2, hp: 2 }, replace: 'a3' },
    ]),
    expect: { legal: true, destroyed: [], units_in_play: { A: 6 }, trash_contains: { A: ['a3'] }, rules_any: ['11-4-2-1'] },
  },
  {
    name: '11-5-2 deploying White Base replaces the EX Base; its 【Deploy】 adds a Shield to the hand',
    input: s('A', { resources: 3 }, {}, [{ type: 'deploy', id: 'wb', card: 'ST01-015' }]),
    expect: {
      legal: true,
      destroyed: [],
      base: { A: { name: 'White Base', hp: 5, damage: 0 } },
      resources: { A: { active: 1, rested: 2 } },
      hand: { A: 5 },
      shields: { A: 5 },
      rules_any: ['11-5-2', '13-2-6-1'],
    },
  },
  {
    name: '3-2-6-4 pairing Amuro Ray makes Gundam a Link Unit with his AP and HP',
    input: s('A', { resources: 4, units: [{ id: 'a1', card: 'GD01-013' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'ST01-010' }]),
    expect: { legal: true, units: { a1: { ap: 5, hp: 5, linked: true } }, resources: { A: { active: 3, rested: 1 } }, rules_any: ['3-2-6-4', '3-3-8-1', '13-2-9'] },
  },
  {
    name: '3-3-4 a Unit has at most one Pilot',
    input: s('A', { resources: 4, units: [{ id: 'a1', card: 'GD01-013', pilot: { name: 'Someone', ap: 1, hp: 1 } }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'ST01-010' }]),
    expect: { legal: false, violation_rules_any: ['3-3-4'] },
  },
  {
    name: '3-2-6-3 pairing the link Pilot lets a freshly deployed Unit attack',
    input: s('A', { resources: 4, units: [{ id: 'a1', card: 'GD01-013', deployed_this_turn: true }] }, { base: null, shields: 2 }, [
      { type: 'pair', unit: 'a1', pilot: 'Amuro Ray' },
      atk('a1', 'player'),
    ]),
    expect: { legal: true, shields: { B: 1 }, units: { a1: { rested: true, linked: true } } },
  },
  // --- 7 turn flow, 13-1-1 Repair
  {
    name: '13-1-1-1 Repair recovers at the end of its owner\'s turn',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 4, damage: 3, keywords: ['Repair 2'] }] }, {}, [{ type: 'end_turn' }]),
    expect: { legal: true, units: { a1: { damage: 1 } }, rules_any: ['13-1-1'] },
  },
  {
    name: '13-1-1-1 Repair does not act at the end of the opponent\'s turn',
    input: s('A', {}, { units: [{ id: 'b1', ap: 1, hp: 4, damage: 2, keywords: ['Repair 2'] }] }, [{ type: 'end_turn' }]),
    expect: { legal: true, units: { b1: { damage: 2 } } },
  },
  {
    name: '5-6-2 Repair removes no more than the damage there is',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 4, damage: 1, keywords: ['Repair 1', 'Repair 2'] }] }, {}, [{ type: 'end_turn' }]),
    expect: { legal: true, units: { a1: { damage: 0, hp: 4 } }, rules_any: ['5-6-2'] },
  },
  {
    name: '7-6-5-1 the hand step discards down to 10',
    input: s('A', { hand: 13 }, {}, [{ type: 'end_turn' }]),
    expect: { legal: true, hand: { A: 10, B: 6 }, rules_any: ['7-6-5-1'] },
  },
  {
    name: '7-3-1-1 drawing the last card of the deck loses',
    input: s('A', {}, { deck: 1 }, [{ type: 'end_turn' }]),
    expect: { legal: true, winner: 'A', hand: { B: 6 }, rules_any: ['7-3-1-1', '1-2-2-2'] },
  },
  {
    name: '7-2-3-1 the new active player readies Resources, then the resource phase adds one',
    input: s('A', { resources: { active: 0, rested: 2 } }, { resources: { active: 0, rested: 2 }, units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, [{ type: 'end_turn' }]),
    expect: { legal: true, resources: { B: { active: 3, rested: 0 }, A: { active: 0, rested: 2 } }, units: { b1: { rested: false } }, rules_any: ['7-2-3-1', '7-4-1'] },
  },
  {
    name: '7-6-6-1 an HP bonus ending at cleanup leaves lethal damage',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 2, damage: 1 }] }, {}, [
      { type: 'modify', target: 'a1', hp: 2, duration: 'turn' },
      { type: 'deal_damage', target: 'a1', amount: 2 },
      { type: 'end_turn' },
    ]),
    expect: { legal: true, destroyed: ['a1'], rules_any: ['7-6-6-1'] },
  },
  {
    name: '7-2-3-1 a unit rested by its own attack is active again two turns later',
    input: s('A', { units: [big] }, {}, [atk('a1', 'player'), { type: 'end_turn' }, { type: 'end_turn' }, atk('a1', 'player')]),
    expect: { legal: true, base_present: { B: false }, shields: { B: 5 }, rules_any: ['7-2-3-1'] },
  },
  // --- effects
  {
    name: '5-5-4 effect damage equal to HP destroys',
    input: s('A', {}, { units: [{ id: 'b1', ap: 1, hp: 3 }] }, [{ type: 'deal_damage', target: 'b1', amount: 3 }]),
    expect: { legal: true, destroyed: ['b1'], rules_any: ['5-5-4', '11-3-1'] },
  },
  {
    name: '3-3-6 a destroyed Unit takes its Pilot to the trash',
    input: s('A', {}, { units: [{ id: 'b1', card: 'GD01-013', pilot: 'ST01-010' }] }, [{ type: 'destroy', target: 'b1' }]),
    expect: { legal: true, destroyed: ['b1'], trash_contains: { B: ['b1', 'ST01-010'] }, rules_any: ['3-3-6'] },
  },
  {
    name: '5-6-3 / 5-6-2 recovery',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 4, damage: 2 }] }, {}, [{ type: 'recover', target: 'a1', amount: 5 }]),
    expect: { legal: true, units: { a1: { damage: 0 } }, rules_any: ['5-6-2'] },
  },
  {
    name: '1-2-2-2 drawing the whole deck loses at once',
    input: s('A', { deck: 3 }, {}, [{ type: 'draw', player: 'A', count: 3 }]),
    expect: { legal: true, winner: 'B', hand: { A: 8 }, rules_any: ['1-2-2-2'] },
  },
  {
    name: '13-1-3-1 Support gives another friendly Unit AP for the turn',
    input: s('A', { units: [{ id: 'a1', ap: 1, hp: 1, keywords: ['Support 2'] }, { id: 'a2', ap: 2, hp: 3 }] }, { units: [{ id: 'b1', ap: 0, hp: 4, rested: true }] }, [
      { type: 'support', unit: 'a1', target: 'a2' },
      atk('a2', 'b1'),
    ]),
    expect: { legal: true, destroyed: ['b1'], units: { a1: { rested: true }, a2: { ap: 4 } }, rules_any: ['13-1-3'] },
  },
  // --- bad scenarios
  {
    name: '4-5-4 seven Units in one battle area is not a legal state',
    input: s('A', { units: [1, 2, 3, 4, 5, 6, 7].map((i) => ({ id: `a${i}`, ap: 1, hp: 1 })) }, {}, []),
    expect: { legal: false, violation_rules_any: ['4-5-4'] },
  },
  {
    name: 'an unknown card id is reported, not thrown',
    input: s('A', { units: [{ id: 'a1', card: 'GD99-999' }] }, {}, [atk('a1', 'player')]),
    expect: { legal: false, violation_rules_any: ['2-1-1'] },
  },
  {
    name: 'an unknown attacker id is reported',
    // Its violation cites no rule (kind 'input'): battle.test.ts asserts the kind and the reason.
    input: s('A', { units: [big] }, {}, [atk('zz', 'player')]),
    expect: { legal: false },
  },
];
