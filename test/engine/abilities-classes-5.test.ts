/**
 * The long tail of card text, part 1 (issue 20): multiplayer wording read as a two-player game
 * (12-2-6) and the event triggers the engine runs through its one queue, each on real catalog
 * cards, citing the rule.
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf } from './helpers.js';

const unit = (id: string, extra: object = {}) => ({ id, name: `U ${id}`, ap: 1, hp: 3, ...extra });
const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);

describe('multiplayer wording in a two-player game (12-2-6)', () => {
  it('EB01-009: "All enemy players each choose 1 of their active Units. Rest them." is the opponent choosing one of theirs', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5 }, B: { units: [unit('b1'), unit('b2'), unit('b3', { rested: true })] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'EB01-009', choices: [{ targets: ['b2'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b2')?.rested).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(false);
    expect(texts(out).some((t) => /^Player B chooses .*\(b2\)/.test(t))).toBe(true);
    expect(cites(out, '12-2-6')).toBe(true);
  });

  it('EB01-009: the opponent can only choose among their active Units (a rested one is not legal)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5 }, B: { units: [unit('b1'), unit('b2'), unit('b3', { rested: true })] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'EB01-009', choices: [{ targets: ['b3'] }] }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/player B chooses/);
    expect(out.violations[0]!.reason).toMatch(/legal targets: b1, b2/);
  });

  it('EB01-074 Eternal Road: rest a friendly (G Generation) Unit; if you do, the opponent rests one of their active Units', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [unit('a1', { traits: ['G Generation'] })] }, B: { units: [unit('b1')] } } },
      actions: [{ type: 'play', card: 'EB01-074' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(true);
  });

  it('EB01-044: "If there are 2 or more enemy players" never holds with two players, so nothing returns', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6 }, B: { units: [unit('b1')] } } },
      actions: [{ type: 'deploy', id: 'a1', card: 'EB01-044' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')).toBeDefined();
    expect(out.not_executed).toEqual([]);
    expect(texts(out).some((t) => t.includes('"there are 2 or more enemy players" does not hold'))).toBe(true);
    expect(cites(out, '12-2-6')).toBe(true);
  });

  it('EB01-058: "If there are 2 or more enemy players, this Unit gains <Blocker>": it has no <Blocker> here', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1', { ap: 3 })] }, B: { units: [{ id: 'b1', card: 'EB01-058' }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1' }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.rules).toContain('13-1-4-1');
  });

  it('EB01-055: a rested Dom Gross Beil does not protect the Shields with one enemy player', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1', { ap: 3 })] }, B: { base: null, shields: 2, units: [{ id: 'b1', card: 'EB01-055', rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.B.shields).toBe(1);
  });

  const barbatos = (use: boolean) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 4, hand: 2, trash: ['EB01-009', 'EB01-044'] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'ST10-008', choices: [{ use }] }],
    });

  it('ST10-008: "Draw a number of cards equal to the number of enemy players. Then, discard the same number" draws 1 and discards 1', () => {
    const out = barbatos(true);
    expect(out.legal).toBe(true);
    // The deployed card leaves the hand (2 → 1), then +1 drawn and -1 discarded.
    expect(out.state.players.A.hand).toBe(1);
    expect(texts(out).some((t) => /draws 1/.test(t))).toBe(true);
    expect(out.state.players.A.trash.length).toBe(1);
  });

  it('ST10-008 without exiling: neither the draw nor the discard happens', () => {
    const out = barbatos(false);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(1);
    expect(out.state.players.A.trash.length).toBe(2);
  });

  const abyss = (hand: number) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', card: 'GD05-046' }] }, B: { hand } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD05-090' }],
    });

  it('GD05-046: "Choose 1 enemy player with 4 or more cards in their hand. They discard 1." with 4 cards: the opponent discards 1', () => {
    const out = abyss(4);
    expect(out.legal).toBe(true);
    expect(out.state.players.B.hand).toBe(3);
  });

  it('GD05-046 with 3 cards in the opponent\'s hand: no player can be chosen, nothing is discarded', () => {
    const out = abyss(3);
    expect(out.legal).toBe(true);
    expect(out.state.players.B.hand).toBe(3);
  });
});

describe('"When a friendly (G Team) Unit destroys an enemy Unit with battle damage" (8-5-3-2-1, 10-1-6-1)', () => {
  const battle = (base: string, attacker: object, choices: object[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { base: { card: base }, units: [{ id: 'a1', name: 'Wing', ap: 4, hp: 5, damage: 3, ...attacker }] }, B: { units: [unit('b1', { ap: 1, hp: 2, rested: true })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', choices }],
    });

  it('EB01-087: a green (G Generation) Unit destroys an enemy Unit: a friendly Unit recovers 2 HP', () => {
    const out = battle('EB01-087', { color: 'green', traits: ['G Generation'] });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    // 3 damage, +1 from the battle, then 2 recovered.
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(cites(out, '8-5-3-2-1')).toBe(true);
  });

  it('EB01-087: a Unit of another colour does not trigger it', () => {
    const out = battle('EB01-087', { color: 'blue', traits: ['G Generation'] });
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'a1')?.damage).toBe(4);
  });

  it('GD03-125 Peacemillion: "that friendly Unit may recover 2 HP" is the Unit that destroyed it', () => {
    const out = battle('GD03-125', { traits: ['G Team'], level: 6 }, [{ use: true }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(2);
  });

  it('GD03-125: a Lv.5 (G Team) Unit is not one, and a "no" keeps the damage', () => {
    expect(unitOf(battle('GD03-125', { traits: ['G Team'], level: 5 }), 'a1')?.damage).toBe(4);
    expect(unitOf(battle('GD03-125', { traits: ['G Team'], level: 6 }, [{ use: false }]), 'a1')?.damage).toBe(4);
  });
});

describe('"When this Unit recovers HP" (5-6-1, 10-1-6-1)', () => {
  const murasame = (extra: object, actions: object[], hand = 3) =>
    sim({
      state: { active_player: 'A', players: { A: { hand, units: [{ id: 'a1', name: 'Murasame', ap: 3, hp: 5, damage: 2, pilot: 'GD02-085', linked: true, ...extra }] }, B: {} } },
      actions,
    });

  it('GD02-085 Four Murasame: recovering HP draws 1, once per turn', () => {
    const out = murasame({}, [{ type: 'recover', target: 'a1', amount: 1 }, { type: 'recover', target: 'a1', amount: 1 }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(4);
    expect(cites(out, '13-2-13-1')).toBe(true);
    expect(cites(out, '5-6-1')).toBe(true);
  });

  it('GD02-085: no damage, no recovery, no trigger (5-6-3); 5 cards in hand: the condition fails', () => {
    expect(murasame({ damage: 0 }, [{ type: 'recover', target: 'a1', amount: 1 }]).state.players.A.hand).toBe(3);
    expect(murasame({}, [{ type: 'recover', target: 'a1', amount: 1 }], 5).state.players.A.hand).toBe(5);
  });

  it('GD02-085: <Repair 1> at the end of the turn is a recovery too (13-1-1-1)', () => {
    const out = murasame({ keywords: ['Repair 1'] }, [{ type: 'end_turn' }]);
    expect(out.legal).toBe(true);
    expect(texts(out).some((t) => t.includes('When it recovers HP of Four Murasame') && t.includes('triggers'))).toBe(true);
    expect(texts(out).some((t) => /Player A draws 1/.test(t))).toBe(true);
  });

  it('EB01-004 Barbatos Lupus Rex (EX): its <Repair> amount is lost, but "when this Unit recovers HP" runs on an effect\'s recovery', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'EB01-004', damage: 2 }] }, B: { units: [unit('b1', { rested: true })] } } },
      actions: [{ type: 'recover', target: 'a1', amount: 1 }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(1);
  });
});

describe('events of a player or of one of their Units, seen by that player\'s cards (10-1-6-1)', () => {
  it('GD04-066 Unicorn Gundam (Awakened): playing a Command\'s 【Main】 gives an enemy Unit AP-2, after that effect', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, units: [{ id: 'a1', card: 'GD04-066' }] }, B: { units: [unit('b1', { ap: 3 })] } } },
      actions: [{ type: 'play', card: 'GD01-100' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.ap).toBe(1);
    const t = texts(out);
    expect(t.findIndex((x) => /triggers/.test(x) && x.includes('Unicorn'))).toBeGreaterThan(t.findIndex((x) => /draws 2/.test(x)));
    expect(cites(out, '10-1-8-1')).toBe(true);
  });

  it('GD05-068 Shining Gundam (Super Mode): a (Special Move) Command gives it <Suppression>; another Command does not', () => {
    const play = (card: string, choices: object[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 4, units: [{ id: 'a1', card: 'GD05-068' }] }, B: { units: [unit('b1', { ap: 3 })] } } },
        actions: [{ type: 'play', card, choices }],
      });
    const special = play('GD05-121', [{ targets: ['b1'] }, { use: false }]);
    expect(special.legal).toBe(true);
    expect(unitOf(special, 'a1')?.keywords).toContain('Suppression');
    const other = play('GD01-100', []);
    expect(other.legal).toBe(true);
    expect(unitOf(other, 'a1')?.keywords ?? []).not.toContain('Suppression');
  });

  it('ST08-011 Lane Aim: a draw by an effect gives a blue Unit <High-Maneuver>; the draw phase is no effect', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, units: [{ id: 'a1', name: 'Blue', color: 'blue', ap: 3, hp: 3, pilot: 'ST08-011' }] }, B: {} } },
      actions: [{ type: 'play', card: 'GD01-100' }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.keywords).toContain('High-Maneuver');
    expect(cites(out, '5-14-1')).toBe(true);
  });

  it('ST08-011 on a red Unit: the draw triggers it, the condition does not hold', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 4, units: [{ id: 'a1', name: 'Red', color: 'red', ap: 3, hp: 3, pilot: 'ST08-011' }] }, B: {} } },
      actions: [{ type: 'play', card: 'GD01-100' }],
    });
    expect(unitOf(out, 'a1')?.keywords ?? []).not.toContain('High-Maneuver');
  });

  const doritea = (command: string, choices: object[]) =>
    sim({
      state: { active_player: 'B', players: { A: { base: { card: 'GD03-128' }, units: [unit('a1', { hp: 2 })] }, B: { resources: 4, units: [unit('b1', { hp: 4 })] } } },
      actions: [{ type: 'play', card: command, choices }],
    });

  it('GD03-128 Doritea: an opponent\'s effect rests one of your Units: deal 1 damage to an enemy Unit', () => {
    const out = doritea('GD03-104', [{ targets: ['a1'] }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(1);
    expect(cites(out, '5-4-1-2')).toBe(true);
  });

  it('GD03-128: your own effect resting your Unit is not the opponent\'s', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { resources: 3, base: { card: 'GD03-128' }, units: [unit('a1', { traits: ['G Generation'] })] }, B: { units: [unit('b1', { hp: 4 })] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'player', action_step: [{ type: 'play', player: 'A', card: 'EB01-074', choices: [{ targets: ['a1'] }] }] }],
    });
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(texts(out).some((t) => t.includes('Doritea') && /triggers/.test(t))).toBe(false);
  });

  const payer = (watcher: object, base?: string) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 2, ...(base ? { base: { card: base, damage: 3 } } : {}), units: [{ id: 'a1', card: 'GD01-053' }, watcher] }, B: { units: [unit('b1', { ap: 2 })] } } },
      actions: [{ type: 'activate', source: 'a1' }],
    });

  it('GD04-129 Willgem: paying ① for a Unit\'s 【Activate･Main】 recovers 2 HP of this Base', () => {
    const out = payer(unit('a2'), 'GD04-129');
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.damage).toBe(1);
    expect(out.state.players.A.base?.damage).toBe(1);
    expect(cites(out, '2-10-1')).toBe(true);
  });

  it('GD05-101 Gavane Goonny: on a (Militia) Unit it may recover 2 HP when you pay ① for a Unit\'s effect', () => {
    const militia = payer({ id: 'a2', name: 'Militia', ap: 2, hp: 4, damage: 3, traits: ['Militia'], pilot: 'GD05-101' });
    expect(militia.legal).toBe(false);
    expect(militia.violations[0]!.reason).toMatch(/"use": true/);
    const yes = sim({
      state: { active_player: 'A', players: { A: { resources: 2, units: [{ id: 'a1', card: 'GD01-053' }, { id: 'a2', name: 'Militia', ap: 2, hp: 4, damage: 3, traits: ['Militia'], pilot: 'GD05-101' }] }, B: { units: [unit('b1', { ap: 2 })] } } },
      actions: [{ type: 'activate', source: 'a1', choices: [{ use: true }] }],
    });
    expect(yes.legal).toBe(true);
    expect(unitOf(yes, 'a2')?.damage).toBe(1);
  });

  it('GD04-074: "You may pay ①" in a Unit\'s effect is paying for that Unit\'s effect too', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 1, base: { card: 'GD04-129', damage: 3 }, units: [{ id: 'a1', card: 'GD04-074' }] }, B: {} } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base?.damage).toBe(1);
  });
});

describe('"If this Unit is destroyed with battle damage" in its 【Destroyed】 (8-5-3-2-1, 13-2-8-1)', () => {
  it('EB01-017 Haro: destroyed in battle, you and the player who destroyed it (the opponent) draw 1', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { hand: 2, units: [unit('a1', { ap: 3 })] }, B: { hand: 2, units: [{ id: 'b1', card: 'EB01-017', rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toContain('b1');
    expect(out.state.players.A.hand).toBe(3);
    expect(out.state.players.B.hand).toBe(3);
    expect(cites(out, '8-5-3-2-1')).toBe(true);
  });

  it('EB01-017: destroyed by an effect, nobody draws', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { hand: 2 }, B: { hand: 2, units: [{ id: 'b1', card: 'EB01-017' }] } } },
      actions: [{ type: 'destroy', target: 'b1' }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.hand).toBe(2);
    expect(out.state.players.B.hand).toBe(2);
    expect(texts(out).some((t) => t.includes('"this Unit is destroyed with battle damage" does not hold'))).toBe(true);
  });
});

describe('"When this Unit is blocked by an enemy Unit that is Lv.4 or lower" (8-3-2, 13-1-4-1, 10-1-6-1)', () => {
  const tokwan = (level: number) =>
    sim({
      // Tokwan is a Pilot: its text is the paired Unit's (3-3-9-2).
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Unit', ap: 3, hp: 3, pilot: 'GD04-088' }] }, B: { units: [unit('b1', { ap: 5, hp: 1, level, keywords: ['Blocker'] })] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1' }],
    });

  it('GD04-088 Tokwan: blocked by a Lv.4 Unit, it receives no battle damage during this battle', () => {
    const out = tokwan(4);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage ?? 0).toBe(0);
    expect(out.destroyed).toEqual(['b1']);
    expect(cites(out, '8-3-2')).toBe(true);
  });

  it('GD04-088: a Lv.5 blocker does not trigger it, and its damage is dealt', () => {
    const out = tokwan(5);
    expect(out.legal).toBe(true);
    expect(out.destroyed).toContain('a1');
  });
});

describe('"When one of your other Units with <Repair> attacks" (8-2-2, 10-1-6-1)', () => {
  const theO = (attacker: object, paired = true) =>
    sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', card: 'GD03-002', ...(paired ? { pilot: { name: 'P', type: 'pilot', level: 1, cost: 1, ap: 0, hp: 0 } } : {}) }, { id: 'a2', name: 'Repairer', ap: 2, hp: 3, level: 3, ...attacker }] }, B: { units: [unit('b1', { level: 3 }), unit('b2', { level: 5 })] } },
      },
      actions: [{ type: 'attack', attacker: 'a2', target: 'player' }],
    });

  it('GD03-002 The-O: the attacker has <Repair>: rest an enemy Unit whose Lv. is at most the attacker\'s (only b1 is)', () => {
    const out = theO({ keywords: ['Repair 1'] });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(true);
    expect(unitOf(out, 'b2')?.rested).toBe(false);
    expect(cites(out, '8-2-2')).toBe(true);
  });

  it('GD03-002: an attacker without <Repair>, or The-O with no Pilot, rests nothing', () => {
    expect(unitOf(theO({}), 'b1')?.rested).toBe(false);
    expect(unitOf(theO({ keywords: ['Repair 1'] }, false), 'b1')?.rested).toBe(false);
  });
});

describe('delayed triggers for this turn: "During this turn, when one of your Units destroys an enemy Unit with battle damage" (10-1-6-1, 7-6-6-1)', () => {
  const board = (A: object, B: object, actions: object[]) => sim({ state: { active_player: 'A', players: { A, B } }, actions });
  const zaku = unit('b1', { hp: 2, rested: true });

  it('GD04-002 Penelope (Flight Form): its 【Deploy】 waits; an (Earth Federation) Unit destroys an enemy Unit: rest an enemy Unit with 5 or less HP', () => {
    const out = board({ resources: 6, units: [unit('a1', { ap: 4, hp: 4, traits: ['Earth Federation'] })] }, { units: [zaku, unit('b2', { hp: 5 })] }, [
      { type: 'deploy', id: 'a2', card: 'GD04-002' },
      { type: 'attack', attacker: 'a1', target: 'b1' },
    ]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b2')?.rested).toBe(true);
    expect(cites(out, '7-6-6-1')).toBe(true);
  });

  it('GD04-002: a Unit of another trait destroying it does not fire it; nor does anything next turn', () => {
    const other = board({ resources: 6, units: [unit('a1', { ap: 4, hp: 4, traits: ['Zeon'] })] }, { units: [zaku, unit('b2', { hp: 5 })] }, [
      { type: 'deploy', id: 'a2', card: 'GD04-002' },
      { type: 'attack', attacker: 'a1', target: 'b1' },
    ]);
    expect(unitOf(other, 'b2')?.rested).toBe(false);
    const later = board({ resources: 6, units: [unit('a1', { ap: 4, hp: 4, traits: ['Earth Federation'] })] }, { units: [unit('b1', { hp: 2 }), unit('b2', { hp: 5 })] }, [
      { type: 'deploy', id: 'a2', card: 'GD04-002' },
      { type: 'end_turn' },
      { type: 'rest', target: 'b1' },
      { type: 'end_turn' },
      { type: 'attack', attacker: 'a1', target: 'b1' },
    ]);
    expect(later.legal).toBe(true);
    expect(later.destroyed).toContain('b1');
    expect(unitOf(later, 'b2')?.rested).toBe(false);
  });

  it('GD04-035 Ξ Gundam: the chosen (Mafty) Unit destroys an enemy Unit this turn: with 3 or less cards in hand, draw 1', () => {
    const run = (hand: number) =>
      board({ resources: 5, hand, units: [unit('a1', { ap: 4, hp: 4, traits: ['Mafty'] })] }, { units: [zaku] }, [
        { type: 'deploy', id: 'a2', card: 'GD04-035', choices: [{ targets: ['a1'] }] },
        { type: 'attack', attacker: 'a1', target: 'b1' },
      ]);
    const three = run(4);
    expect(three.legal).toBe(true);
    // 4 in hand, the deployed card leaves it: 3, then +1.
    expect(three.state.players.A.hand).toBe(4);
    expect(run(5).state.players.A.hand).toBe(4);
  });

  it('GD03-120 Immortal Colasour: "During this turn, if a friendly (UN) Unit destroys …": set a rested (UN) Unit active; it can\'t attack', () => {
    const out = board({ resources: 2, units: [unit('a1', { ap: 4, hp: 4, traits: ['UN'] })] }, { units: [zaku] }, [
      { type: 'play', card: 'GD03-120' },
      { type: 'attack', attacker: 'a1', target: 'b1' },
    ]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.rested).toBe(false);
    const again = board({ resources: 2, units: [unit('a1', { ap: 4, hp: 4, traits: ['UN'] })] }, { base: null, shields: 3, units: [zaku] }, [
      { type: 'play', card: 'GD03-120' },
      { type: 'attack', attacker: 'a1', target: 'b1' },
      { type: 'attack', attacker: 'a1', target: 'player' },
    ]);
    expect(again.legal).toBe(false);
  });
});

describe('GD05-049 Sazabi: "all enemy players each choose 1 of their non-battling Units. Destroy them." (12-2-6, JA 5-22-p1)', () => {
  const sazabi = (choices: object[]) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD05-049' }, unit('a2')] }, B: { units: [unit('b1', { rested: true }), unit('b2'), unit('b3')] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', choices }],
    });

  it('you destroy one of your Units; the opponent chooses one of theirs that is not battling, and it is destroyed', () => {
    const out = sazabi([{ use: true, targets: ['a2'] }, { targets: ['b3'] }]);
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(expect.arrayContaining(['a2', 'b3']));
    expect(unitOf(out, 'b2')).toBeDefined();
    expect(cites(out, '12-2-6')).toBe(true);
  });

  it('the attack target is battling, so the opponent cannot choose it', () => {
    const out = sazabi([{ use: true, targets: ['a2'] }, { targets: ['b1'] }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/legal targets: b2, b3/);
  });

  it('without destroying one of yours ("you may"), nothing of the opponent\'s is destroyed', () => {
    const out = sazabi([{ use: false }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b2')).toBeDefined();
    expect(unitOf(out, 'b3')).toBeDefined();
  });
});

describe('"… by an amount equal to the cost paid" (GD04-100 Sochie Heim, 2-10-1)', () => {
  it('paying ① for a Unit\'s 【Activate･Main】: this Unit may get AP+1 during this turn', () => {
    const run = (use: boolean) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 2, units: [{ id: 'a1', card: 'GD01-053' }, { id: 'a2', name: 'S', ap: 2, hp: 3, pilot: 'GD04-100' }] }, B: { units: [unit('b1', { ap: 2 })] } } },
        actions: [{ type: 'activate', source: 'a1', choices: [{ use }] }],
      });
    const yes = run(true);
    expect(yes.legal).toBe(true);
    const base = unitOf(run(false), 'a2')!.ap;
    expect(unitOf(yes, 'a2')?.ap).toBe(base + 1);
    expect(texts(yes).some((t) => t.includes('1 Resource paid'))).toBe(true);
  });
});

describe('"When an enemy Link Unit is destroyed with damage while this Unit is attacking" (GD01-094 Yzak Jule, 11-3-1)', () => {
  const yzak = (linked: boolean) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { hand: 2, units: [{ id: 'a1', name: 'Duel', ap: 4, hp: 4, pilot: 'GD01-094' }] },
          B: { units: [unit('b1', { hp: 2, rested: true, pilot: { name: 'P', type: 'pilot', level: 1, cost: 1, ap: 0, hp: 0 }, linked })] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });

  it('its attack destroys an enemy Link Unit: draw 1', () => {
    const out = yzak(true);
    expect(out.legal).toBe(true);
    expect(out.destroyed).toContain('b1');
    expect(out.state.players.A.hand).toBe(3);
    expect(cites(out, '11-3-1')).toBe(true);
  });

  it('an enemy Unit that is not a Link Unit: no draw', () => {
    const out = yzak(false);
    expect(out.destroyed).toContain('b1');
    expect(out.state.players.A.hand).toBe(2);
  });
});

describe('GD05-107 Interwoven Blessings: "Choose 1 enemy player. Destroy the first 2 cards in that player\'s shield area." (12-2-6, 3-5-3, 5-10-3)', () => {
  const play = (B: object) =>
    sim({ state: { active_player: 'A', players: { A: { resources: 10 }, B } }, actions: [{ type: 'play', card: 'GD05-107' }] });

  it('with a Base: the Base and the top Shield are destroyed', () => {
    const out = play({ shields: 3 });
    expect(out.legal).toBe(true);
    expect(out.state.players.B.base).toBeNull();
    expect(out.state.players.B.shields).toBe(2);
    expect(cites(out, '3-5-3')).toBe(true);
  });

  it('without a Base: the top 2 Shields, each revealed and checked for 【Burst】', () => {
    const out = play({ base: null, shields: 3 });
    expect(out.legal).toBe(true);
    expect(out.state.players.B.shields).toBe(1);
    expect(cites(out, '5-10-3')).toBe(true);
  });
});

describe('EB01-062 Jona Basta: "Choose 1 enemy player. They may draw 1. If they draw with this effect, draw 1." (12-2-6, 10-1-3)', () => {
  const jona = (use: boolean) =>
    sim({
      state: { active_player: 'A', players: { A: { hand: 2, units: [{ id: 'a1', name: 'Unit', ap: 2, hp: 3, pilot: 'EB01-062' }] }, B: { hand: 2 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use }] }],
    });

  it('the opponent draws: then you draw 1', () => {
    const out = jona(true);
    expect(out.legal).toBe(true);
    expect(out.state.players.B.hand).toBe(3);
    expect(out.state.players.A.hand).toBe(3);
    expect(cites(out, '12-2-6')).toBe(true);
  });

  it('the opponent declines: nobody draws', () => {
    const out = jona(false);
    expect(out.legal).toBe(true);
    expect(out.state.players.B.hand).toBe(2);
    expect(out.state.players.A.hand).toBe(2);
    expect(texts(out).some((t) => t.startsWith('Player B chooses not to'))).toBe(true);
  });
});
