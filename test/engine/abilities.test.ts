/**
 * Card abilities run by the engine, with real catalog cards: each test names the rule and the card
 * text that decide it. The review's correctness findings (keywords granted under conditions the
 * engine did not check) are pinned here too.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

type Out = ReturnType<typeof sim>;
const unit = (out: Out, id: string) => [...out.state.players.A.units, ...out.state.players.B.units].find((u) => u.id === id);
const cites = (out: Out, rule: string) => out.rules_cited.includes(rule);
const flit = { name: 'Flit Asuno', ap: 1, hp: 1 };
const suletta = { name: 'Suletta Mercury', ap: 1, hp: 1 };

describe('keywords granted under a condition apply only while it holds (10-1-5-3)', () => {
  it('GD02-023 "【During Link】While you are Lv.7 or higher, this Unit gains <First Strike>": not at Lv.6, yes at Lv.7 (2-9-1)', () => {
    const at = (resources: number) =>
      sim({ state: { active_player: 'A', players: { A: { resources, units: [{ id: 'a1', card: 'GD02-023', pilot: flit }] } } }, actions: [] });
    expect(unit(at(6), 'a1')).toMatchObject({ linked: true, keywords: [] });
    expect(unit(at(7), 'a1')?.keywords).toEqual(['First Strike']);
  });

  it('GD02-074 "【During Pair】While there are 4 or more Command cards in your trash, this Unit gains <Blocker>"', () => {
    const commands = ['GD01-100', 'GD01-111', 'GD01-113', 'GD01-115'];
    const board = (trash: string[], pilot: boolean) =>
      sim({ state: { active_player: 'B', players: { A: { trash, units: [{ id: 'a1', card: 'GD02-074', ...(pilot ? { pilot: suletta } : {}) }] } } }, actions: [] });
    expect(unit(board(commands.slice(0, 3), true), 'a1')?.keywords).toEqual(['High-Maneuver']);
    expect(unit(board(commands, false), 'a1')?.keywords).toEqual(['High-Maneuver']);
    expect(unit(board(commands, true), 'a1')?.keywords).toEqual(['Blocker', 'High-Maneuver']);
  });

  it('GD01-003: <First Strike> comes only from its 【Attack】 effect (a cost of 12 trash cards), never from being linked', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-003', pilot: { name: 'Marida Cruz', ap: 2, hp: 1 } }] }, B: { base: null } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(unit(out, 'a1')?.keywords).toEqual([]);
    // The 【Attack】 ability runs: with no 12 cards in the trash nothing is returned, so no <First Strike> (10-2-2, 5-20-1).
    expect(out.not_executed).toEqual([]);
  });

  it('GD03-037: "while this Unit is battling an enemy Unit with a 【Destroyed】 effect": linked but not battling, no <First Strike>', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD03-037', pilot: { name: 'P', traits: ['Newtype'], ap: 1, hp: 1 } }] } } },
      actions: [],
    });
    expect(unit(out, 'a1')).toMatchObject({ linked: true, keywords: [] });
    expect(out.not_executed).toEqual([]);
  });
});

describe('triggered abilities (10-1-6)', () => {
  it('13-2-6-1 GD01-052 【Deploy】 "Choose 1 enemy Unit. Deal 1 damage to it." with the only legal target chosen and logged', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4 }, B: { units: [{ id: 'b1', name: 'Zaku', ap: 2, hp: 2 }] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD01-052' }],
    });
    expect(out.legal).toBe(true);
    expect(unit(out, 'b1')?.damage).toBe(1);
    expect(cites(out, '13-2-6-1') && cites(out, '10-3-3')).toBe(true);
  });

  it('10-3-3 a missing choice is an input violation listing the legal targets; the state is the one before the action', () => {
    const input = {
      state: { active_player: 'A', players: { A: { resources: 4 }, B: { units: [{ id: 'b1', ap: 2, hp: 2 }, { id: 'b2', ap: 1, hp: 1 }] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD01-052' }],
    };
    const out = sim(input);
    expect(out.legal).toBe(false);
    expect(out.violations[0]).toMatchObject({ action: 0, kind: 'input' });
    expect(out.violations[0]?.reason).toContain('1 of: b1, b2');
    expect(out.state.players.A.units).toEqual([]);
    expect(out.state.players.A.resources.active).toBe(4);
    const chosen = sim({ ...input, actions: [{ ...input.actions[0], choices: [{ targets: ['b2'] }] }] });
    expect(chosen.legal).toBe(true);
    expect(chosen.destroyed).toEqual(['b2']);
  });

  it('10-3-3 a target outside the filter is refused with the legal ones ("with 2 or less HP", ST01-004 Guntank)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3 }, B: { units: [{ id: 'b1', ap: 2, hp: 2 }, { id: 'b2', ap: 4, hp: 5 }] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'ST01-004', choices: [{ targets: ['b2'] }] }],
    });
    expect(out.violations[0]?.reason).toContain('b2 cannot be chosen; legal targets: b1');
  });

  it('10-3-3-1 with no legal target the 【Deploy】 effect does not activate, and the deploy stays legal', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 3 } } }, actions: [{ type: 'deploy', id: 'a1', card: 'ST01-004' }] });
    expect(out.legal).toBe(true);
    expect(cites(out, '10-3-3-1')).toBe(true);
  });

  it('8-2-2 【Attack】 resolves in the attack step, before the block (GD01-002 "Choose 1 enemy Unit. Rest it." rests the would-be blocker)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-002' }] }, B: { units: [{ id: 'b1', ap: 1, hp: 5, keywords: ['Blocker'] }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1' }],
    });
    // The block named by the scenario is checked when it is made, after the 【Attack】 effect rested b1.
    expect(out.legal).toBe(false);
    expect(out.violations[0]?.rules).toContain('8-3-1');
    expect(out.violations[0]?.reason).toContain('b1 is rested');
    const noBlock = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-002' }] }, B: { units: [{ id: 'b1', ap: 1, hp: 5, keywords: ['Blocker'] }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    const rested = noBlock.events.findIndex((e) => e.text.startsWith('b1 is now rested'));
    const block = noBlock.events.findIndex((e) => e.step === 'block step');
    expect(noBlock.events[rested]?.step).toBe('attack step');
    expect(rested).toBeLessThan(block);
  });

  it('13-2-8-2-1 【Destroyed】 reads the Unit as it was: GD01-026 "【During Pair】【Destroyed】Deploy 1 rested [Char\'s Zaku Ⅱ] token" needs its Pilot when destroyed', () => {
    const destroyed = (pilot: boolean) =>
      sim({
        state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'GD01-026', ...(pilot ? { pilot: { name: 'Char', ap: 1, hp: 1 } } : {}) }] } } },
        actions: [{ type: 'destroy', target: 'a1' }],
      });
    const withPilot = destroyed(true);
    expect(withPilot.state.players.A.units).toEqual([expect.objectContaining({ name: "Char's Zaku Ⅱ", ap: 3, hp: 1, rested: true })]);
    expect(cites(withPilot, '5-17-1')).toBe(true);
    expect(destroyed(false).state.players.A.units).toEqual([]);
  });

  it('13-2-9-2 【When Paired･(Operation Meteor) Pilot】 (GD01-025) needs a Pilot with that trait', () => {
    const paired = (traits: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', card: 'GD01-025' }] } } },
        actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'Heero', traits, level: 1, cost: 1, ap: 1, hp: 1 } }],
      });
    const yes = paired(['Operation Meteor']);
    expect(yes.state.players.A.resources).toMatchObject({ rested: 2 }); // paid 1, placed 1 rested
    expect(unit(yes, 'a1')?.keywords).toContain('First Strike');
    const no = paired(['Earth Federation']);
    expect(no.state.players.A.resources).toMatchObject({ rested: 1 });
    expect(unit(no, 'a1')?.keywords).not.toContain('First Strike');
  });
});

describe('Commands and activated abilities', () => {
  it('13-2-3-1 a 【Main】 Command in the main phase: GD01-100 "Draw 2", then to the trash (3-4-4)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 4, hand: 3 } } }, actions: [{ type: 'play', card: 'GD01-100' }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(4);
    expect(out.state.players.A.trash).toEqual(['GD01-100']);
    expect(cites(out, '3-4-4')).toBe(true);
  });

  it('13-2-4-1 an 【Action】-only Command cannot be played in the main phase (GD01-114)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 2, units: [{ id: 'a1', ap: 1, hp: 1 }, { id: 'a2', ap: 1, hp: 1 }] } } }, actions: [{ type: 'play', card: 'GD01-114' }] });
    expect(out.legal).toBe(false);
    expect(out.violations[0]?.rules).toContain('13-2-3-1');
  });

  it('10-1-8-1-1 a Command whose target cannot be chosen cannot be played (GD01-115 with no enemy Unit)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 2 } } }, actions: [{ type: 'play', card: 'GD01-115' }] });
    expect(out.legal).toBe(false);
    expect(out.violations[0]?.rules).toContain('10-1-8-1-1');
  });

  it('9-2 / 13-2-4-1 【Action】 Commands in the action step, standby player first (ST03-013, ST03-012)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { resources: 2, units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: { resources: 2, units: [{ id: 'b1', ap: 2, hp: 5, rested: true }] } },
      },
      actions: [
        {
          type: 'attack',
          attacker: 'a1',
          target: 'b1',
          action_step: [
            { type: 'play', player: 'B', card: 'ST03-013', choices: [{ targets: ['a1'] }] },
            { type: 'play', player: 'A', card: 'ST03-012', choices: [{ targets: ['a1'] }] },
          ],
        },
      ],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['a1', 'b1']);
    expect(out.state.players.B.trash).toContain('ST03-013');
    expect(cites(out, '13-2-4-1') && cites(out, '8-5-3-2-3')).toBe(true);
  });

  it('13-2-1-1 / 13-2-13-1 【Activate･Main】【Once per Turn】①: GD01-053 pays 1 Resource, and a second use the same turn is illegal', () => {
    const act = { type: 'activate', source: 'a1', choices: [{ targets: ['b1'] }] };
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'GD01-053' }] }, B: { units: [{ id: 'b1', ap: 2, hp: 3 }] } } },
      actions: [act, act],
    });
    expect(out.actions_applied).toBe(1);
    expect(unit(out, 'b1')?.damage).toBe(1);
    expect(out.state.players.A.resources).toMatchObject({ active: 2, rested: 1 });
    expect(out.violations[0]).toMatchObject({ action: 1, kind: 'rule' });
    expect(out.violations[0]?.rules).toContain('13-2-13-1');
  });

  it('13-2-2-1 an 【Activate･Action】 ability outside an action step is illegal (GD01-058)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'GD01-058' }] } } }, actions: [{ type: 'activate', source: 'a1' }] });
    expect(out.violations[0]?.rules).toContain('13-2-2-1');
  });
});

describe('constant abilities follow the board (10-1-5-3)', () => {
  it('GD01-076 "While there are 4 or more Command cards in your trash, this Unit gets AP+1 and HP+1" turns on when the 4th Command is played', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, trash: ['GD01-111', 'GD01-113', 'GD01-115'], units: [{ id: 'a1', card: 'GD01-076' }] } } },
      actions: [{ type: 'play', card: 'GD01-100' }],
    });
    const base = sim({ state: { active_player: 'A', players: { A: { trash: ['GD01-111', 'GD01-113', 'GD01-115'], units: [{ id: 'a1', card: 'GD01-076' }] } } }, actions: [] });
    const before = unit(base, 'a1')!;
    expect(unit(out, 'a1')).toMatchObject({ ap: before.ap + 1, hp: before.hp + 1 });
  });

  it('GD02-064 "while there are 7 or more cards in your trash": cards the scenario only counts (trash: 7) count, since any card does', () => {
    const leopard = (trash: number) =>
      sim({ state: { active_player: 'A', players: { A: { trash, units: [{ id: 'a1', card: 'GD02-064' }] }, B: { resources: 2 } } }, actions: [] });
    expect(leopard(7).events.some((e) => e.text.includes('is now affected by the constant effect'))).toBe(true);
    expect(leopard(6).events.some((e) => e.text.includes('is now affected by the constant effect'))).toBe(false);
  });

  it('GD01-076 with inline cards in the trash ({"name", "type": "command"}): they count as the cards they describe, under "A-trash-<n>"', () => {
    const command = { name: 'Some Command', type: 'command' };
    const out = sim({ state: { active_player: 'A', players: { A: { trash: [command, command, { name: 'A Unit', type: 'unit' }, command, 'GD01-111'], units: [{ id: 'a1', card: 'GD01-076' }] } } }, actions: [] });
    expect(out.events.some((e) => e.text.includes('is now affected by the constant effect'))).toBe(true);
    expect(out.state.players.A.trash).toEqual(['A-trash-1', 'A-trash-2', 'A-trash-3', 'A-trash-4', 'GD01-111']);
  });

  it('a Command whose targeting text the engine cannot read leaves legality undetermined (10-1-8-1-1 unchecked) instead of letting "Legal" stand for it', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', card: 'ST01-001' }] }, B: { resources: 6, hand: ['GD05-102'], units: [{ id: 'b1', card: 'GD01-072' }] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1', action_step: [{ type: 'play', player: 'B', card: 'GD05-102' }] }],
    });
    const note = out.events.find((e) => /chooses a target the engine cannot read/.test(e.text));
    expect(note?.rules).toEqual(['10-1-8-1-1', '10-2-2-1']);
    expect(note?.text).toMatch(/cannot be played at all and nothing is paid \(10-1-8-1-1\), so whether this play is legal is not settled; check that by hand/);
    expect(out.not_executed.map((n) => n.card)).toContain('GD05-102');
    expect(out.legal).toBeNull();
    expect(out.undetermined).toContainEqual(expect.objectContaining({ kind: 'not-executed', conclusion: 'legality', card: 'GD05-102', rules: ['10-1-8-1-1', '10-2-2-1'] }));
  });

  it('a mandatory "discard 1" with only known cards in hand names one: none is not an answer (1-3-2), and the error says it is not optional', () => {
    const play = (choices: unknown[]) =>
      sim({ state: { active_player: 'A', players: { A: { resources: 4, hand: ['GD01-118', 'GD01-111'], deck: ['ST01-005', 'ST01-006', 'ST01-007'] } } }, actions: [{ type: 'play', card: 'GD01-118', choices }] });
    for (const none of [[{ cards: [] }], [{ use: false }]]) {
      const out = play(none);
      expect(out.legal).toBe(false);
      expect(out.violations[0]!.reason).toMatch(/not optional/);
    }
    const hint = play([]).violations[0]!.reason;
    expect(hint).toMatch(/\{"cards": \[1 of: GD01-111, ST01-005, ST01-006\]\} \(not optional\)/);
    expect(hint).not.toMatch(/for none/);
    const ok = play([{ cards: ['GD01-111'] }]);
    expect(ok.legal).toBe(true);
    expect(ok.state.players.A.hand_cards).toEqual(['ST01-005', 'ST01-006']);
  });

  it('an inline card in the hand is a known hand card ("A-hand-1"), and leaves it when that card is deployed', () => {
    const mine = { name: 'Mine', type: 'unit', level: 1, cost: 1, ap: 2, hp: 2 };
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 2, hand: [mine, 'GD01-111'] } } }, actions: [{ type: 'deploy', id: 'a1', card: mine }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(1);
    expect(out.state.players.A.hand_cards).toEqual(['GD01-111']);
  });
});

describe('damage that cannot be received, cost changes, staying rested', () => {
  it('10-1-5-6 ST03-014 The Blue Giant in the action step: the defender can\'t receive battle damage from an attacker with 2 or less AP', () => {
    const battle = (ap: number) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap, hp: 5 }] }, B: { resources: 4, units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] } } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'B', card: 'ST03-014', choices: [{ targets: ['b1'] }] }] }],
      });
    const weak = battle(2);
    expect(weak.legal).toBe(true);
    expect(unit(weak, 'b1')?.damage).toBe(0);
    expect(cites(weak, '10-1-5-6')).toBe(true);
    expect(battle(3).destroyed).toEqual(['b1']); // AP 3 is not "2 or less"
  });

  it('GD01-091 Chang Wufei: during your turn, with <Breach>, no battle damage from enemy Units with 3 or less AP', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', ap: 4, hp: 2, keywords: ['Breach 1'], pilot: 'GD01-091' }] }, B: { units: [{ id: 'b1', ap: 3, hp: 3, rested: true }] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.destroyed).toEqual(['b1']);
    expect(unit(out, 'a1')?.damage).toBe(0);
  });

  it('GD01-016 Jegan costs 1 less from the hand while you have 2 or more (Earth Federation) Units (Lv. unchanged)', () => {
    const deploy = (units: object[]) =>
      sim({ state: { active_player: 'A', players: { A: { resources: { active: 1, rested: 2 }, units } } }, actions: [{ type: 'deploy', id: 'n1', card: 'GD01-016' }] });
    const ef = { ap: 1, hp: 1, traits: ['Earth Federation'] };
    expect(deploy([{ id: 'a1', ...ef }, { id: 'a2', ...ef }]).legal).toBe(true);
    const one = deploy([{ id: 'a1', ...ef }]);
    expect(one.legal).toBe(false);
    expect(one.violations[0]?.rules).toContain('2-10-1');
  });

  it('GD02-004 Byarlant: the chosen rested enemy Unit is not set active in its owner\'s next start phase, and is after that', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 1, units: [{ id: 'a1', card: 'GD02-004' }] }, B: { units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'P', level: 1, cost: 1, ap: 0, hp: 0 } }, { type: 'end_turn' }],
    });
    expect(unit(out, 'b1')?.rested).toBe(true);
    const later = sim({
      state: { active_player: 'A', players: { A: { resources: 1, units: [{ id: 'a1', card: 'GD02-004' }] }, B: { units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: { name: 'P', level: 1, cost: 1, ap: 0, hp: 0 } }, { type: 'end_turn' }, { type: 'rest', target: 'b1' }, { type: 'end_turn' }, { type: 'end_turn' }],
    });
    expect(unit(later, 'b1')?.rested).toBe(false);
  });
});

describe('the clauses an assistant had to resolve by hand (now run)', () => {
  it('10-1-5-6 GD01-090 Duo Maxwell 【During Link】: an enemy 【Deploy】 AP-1 (GD01-078 Mistral) does not lower the linked Deathscythe; an unlinked Unit is lowered', () => {
    const mistral = (units: object[]) =>
      sim({ state: { active_player: 'B', players: { A: { units }, B: { resources: 1 } } }, actions: [{ type: 'deploy', id: 'b1', card: 'GD01-078', choices: [{ targets: ['a1'] }] }] });
    const linked = mistral([{ id: 'a1', card: 'GD01-025', pilot: 'GD01-090' }]);
    expect(unit(linked, 'a1')?.ap).toBe(6); // 5 + Duo's 1, not reduced
    expect(cites(linked, '10-1-5-6')).toBe(true);
    expect(unit(mistral([{ id: 'a1', ap: 3, hp: 3 }]), 'a1')?.ap).toBe(2);
  });

  it('2-2-4 / 3-2-6-4 GD02-098 Quattro Bajeena is also named [Char Aznable], so he links Char\'s Zaku Ⅱ (ST03-006)', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'ST03-006', pilot: 'GD02-098' }] } } }, actions: [] });
    expect(unit(out, 'a1')?.linked).toBe(true);
  });

  it('10-1-5-6 ST02-013 Peaceful Timbre in the action step: the shield area takes no damage from a Lv.4 attacker, and no Shield breaks', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Gundam', level: 4, ap: 5, hp: 4 }] }, B: { resources: 4, base: null, shields: 3 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', action_step: [{ type: 'play', player: 'B', card: 'ST02-013' }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.B.shields).toBe(3);
    expect(cites(out, '10-1-5-6')).toBe(true);
    const lv5 = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Big', level: 5, ap: 5, hp: 4 }] }, B: { resources: 4, base: null, shields: 3 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', action_step: [{ type: 'play', player: 'B', card: 'ST02-013' }] }],
    });
    expect(lv5.state.players.B.shields).toBe(2);
  });

  it('13-1-3-1 GD01-046 Buster Gundam with a Coordinator pilot: using <Support> on a (ZAFT) Unit sets Buster active again (once per turn)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', card: 'GD01-046', pilot: { name: 'Dearka Elthman', traits: ['Coordinator'], ap: 1, hp: 1 } }, { id: 'a2', ap: 2, hp: 2, traits: ['ZAFT'] }] } },
      },
      actions: [{ type: 'support', unit: 'a1', target: 'a2' }],
    });
    expect(unit(out, 'a2')?.ap).toBe(5);
    expect(unit(out, 'a1')?.rested).toBe(false);
  });

  it('GD02-073 Carta\'s Graze Ritter: on the opponent\'s turn the enemy Unit battling it has <First Strike>, so a 5/4 attacker kills it and takes nothing', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'GD02-073', rested: true }] }, B: { units: [{ id: 'b1', ap: 5, hp: 4 }] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'a1' }],
    });
    expect(out.destroyed).toEqual(['a1']);
    expect(unit(out, 'b1')?.damage).toBe(0);
  });
});

describe('choices and cards as an assistant writes them', () => {
  const zakuSniper = (choices: unknown[]) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 2, hand: ['GD01-048'], deck: ['GD01-051', 'GD01-015'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD01-048', choices } as never],
    });

  it('GD01-048 "you may … add it to your hand": {"use": false} declines the take like {"cards": []} (10-1-3)', () => {
    const declined = zakuSniper([{ use: false }]);
    expect(declined.legal).toBe(true);
    expect(declined.state.players.A.hand).toBe(0);
    // One card looked at goes back to the bottom: no "randomly" (5-13-1) about it.
    const back = declined.events.find((e) => /remaining 1 card goes to the bottom/.test(e.text))!;
    expect(back.rules).toEqual(['10-3-5']);
    expect(zakuSniper([{ cards: [] }]).state.players.A).toMatchObject({ hand: 0, deck: declined.state.players.A.deck });
    expect(zakuSniper([{ cards: ['GD01-051'] }]).state.players.A.hand).toBe(1);
  });

  it('a Unit given only an id that is a catalog card number is that card, and the log says so', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'ST05-002' }] } } }, actions: [] });
    expect(unit(out, 'ST05-002')).toMatchObject({ card: 'ST05-002', ap: 2, hp: 4 });
    expect(out.events.map((e) => e.text).join('\n')).toMatch(/no "card" given; the id is the catalog card number/);
    // An id that is no card number keeps the old meaning: a Unit the scenario names only.
    const plain = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1' }] } } }, actions: [] });
    expect(unit(plain, 'a1')).toMatchObject({ card: null, name: 'a1' });
  });
});

describe('triggers that happen together (10-1-6-6) and what a destruction cites', () => {
  it('ST05-005 and GD01-056 destroyed by the same battle damage: the active player\'s 【Destroyed】 resolves first, then the standby player\'s; an effect\'s kill cites 11-3-1, not the battle rule', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', card: 'ST05-005', damage: 2 }, { id: 'a2', card: 'ST05-006', damage: 2 }] },
          B: { units: [{ id: 'b1', card: 'GD01-056', rested: true }, { id: 'b2', card: 'ST01-005' }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    const texts = out.events.map((e) => e.text);
    const rested = texts.findIndex((t) => /GM \(b2\) is now rested/.test(t));
    const hit = texts.findIndex((t) => /deals 1 damage to Hyakuren \(a2\)/.test(t));
    expect(rested).toBeGreaterThan(-1);
    expect(hit).toBeGreaterThan(rested);
    expect(out.events.find((e) => /resolves before player B's effects that triggered at the same time/.test(e.text))?.rules).toEqual(['10-1-6-6']);
    expect(out.destroyed).toEqual(['a1', 'b1', 'a2']);
    const destroyedBy = (id: string) => out.events.find((e) => e.text.includes(`(${id}) is destroyed`))!.rules;
    expect(destroyedBy('a1')).toContain('8-5-3-2-1');
    expect(destroyedBy('b1')).toContain('8-5-3-2-1');
    expect(destroyedBy('a2')).not.toContain('8-5-3-2-1');
    expect(destroyedBy('a2')).toContain('11-3-1');
  });

  it('<Breach> triggers with both 【Destroyed】 when both battling Units die: it resolves with the active player\'s effects, before the standby player\'s (10-1-6-6)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', card: 'ST05-005', damage: 2, keywords: ['Breach 2'] }, { id: 'a2', card: 'ST05-006', damage: 2 }] },
          B: { units: [{ id: 'b1', card: 'GD01-056', rested: true }, { id: 'b2', card: 'ST01-005' }], shields: 3 },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    const texts = out.events.map((e) => e.text);
    const at = (re: RegExp) => texts.findIndex((t) => re.test(t));
    const breach = at(/<Breach 2> of .* activates/);
    const ownDestroyed = at(/GM \(b2\) is now rested/);
    const theirDestroyed = at(/deals 1 damage to Hyakuren \(a2\)/);
    expect(breach).toBeGreaterThan(-1);
    expect(ownDestroyed).toBeGreaterThan(breach);
    expect(theirDestroyed).toBeGreaterThan(ownDestroyed);
    expect(out.events.find((e) => /<Breach> of .* triggered at the same time/.test(e.text))?.rules).toEqual(['10-1-6-6', '10-1-6-5']);
    expect(out.events[breach]!.rules).toContain('13-1-2-3');
  });

  it('two Shields destroyed together (<Suppression>): both are revealed first; what the first 【Burst】 triggers (Falmel\'s 【Deploy】) resolves before the second 【Burst】 (10-1-6-8-1)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', card: 'ST09-004', keywords: ['Suppression'] }] },
          B: { base: null, shields: ['ST03-016', 'ST03-013', 'ST01-005'], units: [{ id: 'b1', card: 'ST01-005', rested: true }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }, { use: true }, { targets: ['a1'] }] }],
    });
    expect(out.violations).toEqual([]);
    const texts = out.events.map((e) => e.text);
    const at = (re: RegExp) => texts.findIndex((t) => re.test(t));
    const revealed = at(/The 2 Shields are revealed at the same time/);
    const falmelBurst = at(/activates the 【Burst】 of Falmel/);
    const deploy = at(/Player B adds 1 Shield to the hand/);
    const closeCombat = at(/activates the 【Burst】 of Close Combat/);
    expect(revealed).toBeGreaterThan(-1);
    expect(falmelBurst).toBeGreaterThan(revealed);
    expect(deploy).toBeGreaterThan(falmelBurst);
    expect(closeCombat).toBeGreaterThan(deploy);
    expect(out.events.find((e) => /triggered while 【Burst】 effects were resolving/.test(e.text))?.rules).toEqual(['10-1-6-8-1']);
    // Not B's turn: no token (Falmel's "if it is your turn"); the third Shield went to the hand.
    expect(texts.some((t) => /the condition "it is your turn" does not hold/.test(t))).toBe(true);
  });
});
