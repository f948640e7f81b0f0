/**
 * The clause classes a blind rulings run had to resolve by hand (the simulator said PARTIAL): each
 * now runs, on real catalog cards, with the rules that decide it. One describe per class.
 */
import { describe, expect, it } from 'vitest';
import { cites, sim, unitOf } from './helpers.js';

describe('the log names the card that prints an ability', () => {
  it('3-3-9-2 a Pilot\'s 【When Linked】 (GD03-091 Rau Le Creuset on GD03-033 Providence) is labelled with the Pilot and its Unit', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, hand: ['GD03-091'], trash: ['GD01-127'], units: [{ id: 'a1', card: 'GD03-033' }] } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'GD03-091', choices: [{ targets: ['GD01-127'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.events.map((e) => e.text)).toContain('【When Linked】 of Rau Le Creuset (Pilot of Providence Gundam (a1)) triggers: "【When Linked】Choose 1 (ZAFT) Base card from your trash. Add it to your hand."');
    expect(out.state.players.A.hand_cards).toContain('GD01-127');
    expect(unitOf(out, 'a1')?.linked).toBe(true);
    expect(cites(out, '13-2-11-1')).toBe(true);
  });
});

describe('changing the attack target in the action step (1-3-1, 8-4-1, 8-5-1)', () => {
  const cb = (id: string, extra: object = {}) => ({ id, name: `CB ${id}`, ap: 2, hp: 5, traits: ['CB'], rested: true, ...extra });
  const attackWith = (B: object, action_step: object[], target = 'player', blocker?: string) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', name: 'Attacker', ap: 4, hp: 4 }] }, B: { resources: 4, base: null, shields: 6, ...B } } },
      actions: [{ type: 'attack', attacker: 'a1', target, ...(blocker ? { blocker } : {}), action_step }],
    });

  it('ST07-013 Armed Intervention: an attack on the player becomes an attack on the chosen rested (CB) Unit; no Shield is hit', () => {
    const out = attackWith({ units: [cb('b1')] }, [{ type: 'play', player: 'B', card: 'ST07-013', choices: [{ targets: ['b1'] }] }]);
    expect(out.legal).toBe(true);
    expect(out.state.players.B.shields).toBe(6);
    expect(unitOf(out, 'b1')?.damage).toBe(4);
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(cites(out, '8-5-1') && cites(out, '1-3-1')).toBe(true);
  });

  it('GD05-108 Overcoming Hardships: an attack on one rested Unit moves to another, which is dealt the damage and deals its AP back', () => {
    const out = attackWith(
      { units: [{ id: 'b1', name: 'Guel', ap: 3, hp: 6, traits: ['Academy'], rested: true }, { id: 'b2', name: 'Weak', ap: 1, hp: 1, rested: true }] },
      [{ type: 'play', player: 'B', card: 'GD05-108', choices: [{ targets: ['b1'] }] }],
      'b2',
    );
    expect(out.destroyed).toEqual([]);
    expect(unitOf(out, 'b2')?.damage).toBe(0);
    expect(unitOf(out, 'b1')?.damage).toBe(4);
    expect(unitOf(out, 'a1')?.damage).toBe(3);
  });

  it('EB01-077 Master League Begins after a <Blocker>: the blocked attack goes on to the chosen Unit instead (the blocker is not dealt damage)', () => {
    const out = attackWith(
      { units: [{ id: 'b1', name: 'GGen', ap: 1, hp: 2, traits: ['G Generation'], rested: true }, { id: 'b2', name: 'Wall', ap: 1, hp: 6, keywords: ['Blocker'] }] },
      [{ type: 'play', player: 'B', card: 'EB01-077', choices: [{ targets: ['b1'] }] }],
      'player',
      'b2',
    );
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'b2')).toMatchObject({ rested: true, damage: 0 });
    expect(out.state.players.B.shields).toBe(6);
  });

  it('played by the attacking player, "the battling enemy Unit" is the Unit attacked, which has no attack target: nothing changes (1-3-2)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { resources: 4, units: [{ id: 'a1', name: 'Attacker', ap: 4, hp: 4 }, cb('a2')] }, B: { units: [{ id: 'b1', name: 'Target', ap: 1, hp: 3, rested: true }] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'A', card: 'ST07-013', choices: [{ targets: ['a2'] }] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    expect(unitOf(out, 'a2')?.damage).toBe(0);
  });

  it('8-4-2 the new target destroyed later in the action step: the battle ends without damage', () => {
    const out = attackWith({ units: [cb('b1', { hp: 2 })] }, [
      { type: 'play', player: 'B', card: 'ST07-013', choices: [{ targets: ['b1'] }] },
      { type: 'play', player: 'A', card: 'ST03-013', choices: [{ targets: ['b1'] }] },
    ]);
    expect(out.destroyed).toEqual(['b1']);
    expect(out.state.players.B.shields).toBe(6);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(cites(out, '8-4-2')).toBe(true);
  });
});

describe('damage reduced for a duration by an effect (5-21)', () => {
  const guard = (ap: number, extra: object[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 2, units: [{ id: 'a1', name: 'Attacker', ap, hp: 6 }] }, B: { resources: 3, units: [{ id: 'b1', name: 'Defender', ap: 2, hp: 4, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'B', card: 'GD04-113', choices: [{ targets: ['b1'] }] }, ...extra] }],
    });

  it('GD04-113 Damage Control: "During this battle, reduce battle damage it receives by 3" turns a lethal 5 into 2', () => {
    const out = guard(5);
    expect(out.destroyed).toEqual([]);
    expect(unitOf(out, 'b1')?.damage).toBe(2);
    expect(unitOf(out, 'a1')?.damage).toBe(2);
    expect(cites(out, '5-21-1')).toBe(true);
  });

  it('5-21-2-1 reduced to 0 the battle damage is neither dealt nor received; effect damage is not reduced; the reduction ends with the battle (8-6-1)', () => {
    const out = guard(3, [{ type: 'play', player: 'A', card: 'ST03-013', choices: [{ targets: ['b1'] }] }]);
    expect(unitOf(out, 'b1')?.damage).toBe(2); // Close Combat's 2 effect damage, then 0 battle damage
    expect(cites(out, '5-21-2-1')).toBe(true);
    const after = sim({
      state: { active_player: 'A', players: { A: { resources: 2, units: [{ id: 'a1', name: 'Attacker', ap: 3, hp: 6 }, { id: 'a2', name: 'Second', ap: 3, hp: 3 }] }, B: { resources: 3, units: [{ id: 'b1', name: 'Defender', ap: 2, hp: 4, rested: true }] } } },
      actions: [
        { type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'B', card: 'GD04-113', choices: [{ targets: ['b1'] }] }] },
        { type: 'attack', attacker: 'a2', target: 'b1' },
      ],
    });
    expect(unitOf(after, 'b1')?.damage).toBe(3);
  });

  it('GD05-094 Quess Paraya 【Destroyed】: the chosen (Neo Zeon) Unit takes 2 less enemy battle damage for the rest of the turn', () => {
    const out = sim({
      state: {
        active_player: 'B',
        players: {
          A: { units: [{ id: 'a1', name: 'Gaza', ap: 1, hp: 2, traits: ['Neo Zeon'], rested: true, pilot: 'GD05-094' }, { id: 'a2', name: 'Geara', ap: 1, hp: 3, traits: ['Neo Zeon'], rested: true }] },
          B: { units: [{ id: 'b1', name: 'First', ap: 6, hp: 6 }, { id: 'b2', name: 'Second', ap: 4, hp: 6 }] },
        },
      },
      actions: [
        { type: 'attack', attacker: 'b1', target: 'a1', choices: [{ targets: ['a2'] }] },
        { type: 'attack', attacker: 'b2', target: 'a2' },
      ],
    });
    expect(out.destroyed).toEqual(['a1']);
    expect(unitOf(out, 'a2')?.damage).toBe(2);
  });

  it('GD05-125 Ra Cailum: enemy damage to the chosen (Londo Bell) Unit is 1 less this turn; damage from your own effect is not enemy damage', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { resources: 3, base: { card: 'GD05-125' }, units: [{ id: 'a1', name: 'Jegan', ap: 2, hp: 5, traits: ['Londo Bell'] }] },
          B: { units: [{ id: 'b1', name: 'Target', ap: 3, hp: 6, rested: true }] },
        },
      },
      actions: [
        { type: 'activate', source: 'A-base', choices: [{ targets: ['a1'] }] },
        { type: 'attack', attacker: 'a1', target: 'b1' },
        { type: 'deal_damage', target: 'a1', amount: 1 },
      ],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base?.rested).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(3); // 3 - 1 from the battle, then 1 from an effect of unknown source
  });

  it('GD04-093 Rey Za Burrel 【When Linked】: the next damage is 2 less and stacks with the Unit\'s own reduction; the damage after it is not reduced', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { resources: 4, hand: ['GD04-093'], units: [{ id: 'a1', card: 'GD04-053' }] }, B: { resources: 2, units: [{ id: 'b1', name: 'Target', ap: 3, hp: 9, rested: true }] } },
      },
      actions: [
        { type: 'pair', unit: 'a1', pilot: 'GD04-093', choices: [{ targets: ['a1'] }] },
        { type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'B', card: 'ST03-013', choices: [{ targets: ['a1'] }] }] },
      ],
    });
    expect(out.legal).toBe(true);
    // Close Combat's 2 meets Rey's 2 and the Zaku's own 1 (5-21-2: 0, not dealt); then the 3 battle damage in full.
    expect(unitOf(out, 'a1')).toMatchObject({ linked: true, damage: 3 });
    expect(cites(out, '5-21-2-1')).toBe(true);
  });
});

describe('"If …, choose … / deal N damage / reduce by N instead" (10-1-9-1-1), and 【Burst】 running the card\'s own command effect (13-2-5)', () => {
  const burst = (trash: string[], choices: object[], attacker: object = { id: 'a1', name: 'Big', level: 6, ap: 5, hp: 6 }) =>
    sim({
      state: {
        active_player: 'A',
        players: { A: { units: [attacker, { id: 'a2', name: 'Small', level: 3, ap: 2, hp: 4 }] }, B: { base: null, shields: ['GD03-109', 'GD01-100'], trash } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }],
    });

  it('GD03-109 Improved Technique 【Burst】 → 【Main】 with 2 copies in the trash: any enemy Unit may be chosen, so the Lv.6 attacker takes 3', () => {
    const out = burst(['GD03-109', 'GD03-109'], [{ use: true }, { targets: ['a1'] }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(3);
    expect(out.state.players.B.trash).toContain('B-shield-2');
    expect(out.not_executed).toEqual([]);
    expect(cites(out, '10-1-9-1-1') && cites(out, '13-2-5-1')).toBe(true);
  });

  it('13-2-5-3 the revealed card is not in the trash yet, so with 1 other copy there the condition fails: only a Lv.4 or lower Unit may be chosen', () => {
    const wrong = burst(['GD03-109'], [{ use: true }, { targets: ['a1'] }]);
    expect(wrong.legal).toBe(false);
    expect(wrong.violations[0]?.reason).toContain('a2');
    const out = burst(['GD03-109'], [{ use: true }, { targets: ['a2'] }]);
    expect(unitOf(out, 'a2')?.damage).toBe(3);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
  });

  it('GD03-109 played from the hand in the main phase reads the same condition (3-4-3: a Command resolving is in no zone)', () => {
    const play = (trash: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 3, hand: ['GD03-109'], trash }, B: { units: [{ id: 'b1', name: 'Lv7', level: 7, ap: 5, hp: 5 }] } } },
        actions: [{ type: 'play', card: 'GD03-109', choices: [{ targets: ['b1'] }] }],
      });
    expect(unitOf(play(['GD03-109', 'GD03-109']), 'b1')?.damage).toBe(3);
    expect(play(['GD03-109']).violations[0]?.rules).toEqual(expect.arrayContaining(['10-1-8-1-1']));
  });

  it('GD03-114 Look of Determination 【Burst】 → 【Action】: with 10 cards in the trash (counted, not named) an active Lv.4 Unit may be destroyed', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', name: 'Attacker', level: 4, ap: 3, hp: 3 }, { id: 'a2', name: 'Other', level: 4, ap: 3, hp: 3 }] }, B: { base: null, shields: ['GD03-114'], trash: 10 } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }, { targets: ['a2'] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toContain('a2');
  });

  it('EB01-082 Warship Cruise 【Burst】 → 【Action】 read for two players (12-2-6: "1 Unit … belonging to each enemy player" is 1 enemy Unit): the Lv.2 attacker returns to its owner\'s hand', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Attacker', level: 2, ap: 3, hp: 3 }] }, B: { base: null, shields: ['EB01-082'] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(unitOf(out, 'a1')).toBeUndefined();
  });

  it('ST08-013 Lady Luck: 2 damage instead of 1 while a friendly (Mafty) Link Unit is in play', () => {
    const play = (units: object[]) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: 5, units }, B: { units: [{ id: 'b1', name: 'Target', ap: 1, hp: 5 }] } } },
        actions: [{ type: 'play', card: 'ST08-013', choices: [{ targets: ['b1'] }] }],
      });
    expect(unitOf(play([]), 'b1')?.damage).toBe(1);
    expect(unitOf(play([{ id: 'a1', name: 'Xi', ap: 4, hp: 4, traits: ['Mafty'], linked: true, pilot: { name: 'Hathaway', ap: 1, hp: 1 } }]), 'b1')?.damage).toBe(2);
  });

  it('GD04-108 Witches from Earth: the next damage is 4 less when an EX Resource paid for it (5-17-3-2-1), 2 less otherwise', () => {
    const witches = (use_ex: number) =>
      sim({
        state: { active_player: 'A', players: { A: { resources: { active: 3, ex: 1 }, units: [{ id: 'a1', name: 'Aerial', ap: 3, hp: 6, traits: ['Academy'] }] } } },
        actions: [
          { type: 'play', card: 'GD04-108', use_ex, choices: [{ targets: ['a1'] }] },
          { type: 'deal_damage', target: 'a1', amount: 5 },
        ],
      });
    expect(unitOf(witches(1), 'a1')?.damage).toBe(1);
    expect(unitOf(witches(0), 'a1')?.damage).toBe(3);
  });
});

describe('damage dealt to another Unit instead (10-1-9-1), and "when one of your Units receives damage"', () => {
  const academy = (id: string, extra: object = {}) => ({ id, name: `Academy ${id}`, ap: 1, hp: 4, traits: ['Academy'], ...extra });
  const elan = (choice: object) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', card: 'GD02-078', pilot: 'GD04-087' }, academy('a2'), { id: 'a3', card: 'GD04-018' }] },
          B: { units: [{ id: 'b1', name: 'Target', ap: 3, hp: 9, rested: true }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', choices: [choice] }],
    });

  it('GD04-087 Elan Ceres 【Attack】: the battle damage the attacker would receive goes to the chosen (Academy) Unit; GD04-018 Pharact sees an other (Academy) Unit receive enemy damage and places an EX Resource', () => {
    const out = elan({ targets: ['a2'] });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'a1')?.damage).toBe(0);
    expect(unitOf(out, 'a2')?.damage).toBe(3);
    expect(unitOf(out, 'b1')?.damage).toBe(6);
    expect(out.state.players.A.resources.ex).toBe(1);
    expect(cites(out, '10-1-9-1') && cites(out, '5-17-3-2-1')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('Elan\'s "you may choose" declined: the attacker takes the damage itself, and Pharact does not watch its own damage ("other")', () => {
    const out = elan({ use: false });
    expect(unitOf(out, 'a1')?.damage).toBe(3);
    expect(out.state.players.A.resources.ex).toBe(1); // a1 is an other (Academy) Unit for a3
    const selfOnly = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a3', card: 'GD04-018' }] }, B: { units: [{ id: 'b1', name: 'Target', ap: 3, hp: 9, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a3', target: 'b1' }],
    });
    expect(unitOf(selfOnly, 'a3')?.damage).toBe(3);
    expect(selfOnly.state.players.A.resources.ex).toBe(0);
  });

  it('GD04-095 Lunamaria Hawke 【When Linked】: the chosen (Minerva Squad) Unit\'s battle damage goes to her Unit, which is destroyed by it (the enemy destroyed it with battle damage)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { resources: 3, hand: ['GD04-095'], units: [{ id: 'a1', card: 'GD04-056' }, { id: 'a2', name: 'Zaku', ap: 2, hp: 3, traits: ['Minerva Squad'] }] },
          B: { units: [{ id: 'b1', name: 'Target', ap: 4, hp: 9, rested: true }] },
        },
      },
      actions: [
        { type: 'pair', unit: 'a1', pilot: 'GD04-095', choices: [{ targets: ['a2'] }] },
        { type: 'attack', attacker: 'a2', target: 'b1' },
      ],
    });
    expect(out.legal).toBe(true);
    expect(out.destroyed).toEqual(['a1']);
    expect(unitOf(out, 'a2')?.damage).toBe(0);
    expect(unitOf(out, 'b1')?.damage).toBe(2);
  });

  it('GD03-053 Gusion Rebake Full City (paired): during your turn, a (Tekkadan) Unit receiving effect damage lets you rest an enemy Unit of Lv.4 or lower', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', card: 'GD03-053', pilot: { name: 'Akihiro', ap: 1, hp: 1 } }, { id: 'a2', name: 'Mobile Worker', ap: 1, hp: 3, traits: ['Tekkadan'] }] },
          B: { resources: 2, units: [{ id: 'b1', name: 'Target', level: 4, ap: 1, hp: 9 }, { id: 'b2', name: 'Attacked', ap: 1, hp: 9, rested: true }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a2', target: 'b2', action_step: [{ type: 'play', player: 'B', card: 'ST03-013', choices: [{ targets: ['a2'] }, { targets: ['b1'] }] }] }],
    });
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(true);
  });

  it('GD03-129 Hotarubi (a Base watching): you may rest it when a friendly (Teiwaz) Unit receives effect damage during your turn; if you do, the top card of the deck goes to the trash', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { base: { card: 'GD03-129' }, deck: 10, units: [{ id: 'a1', name: 'Teiwaz', ap: 1, hp: 5, traits: ['Teiwaz'] }] }, B: { resources: 2, units: [{ id: 'b1', name: 'Attacked', ap: 1, hp: 9, rested: true }] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'play', player: 'B', card: 'ST03-013', choices: [{ targets: ['a1'] }, { use: true }] }] }],
    });
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base?.rested).toBe(true);
    expect(out.state.players.A.deck).toBe(9);
    expect(out.state.players.A.trash.length).toBe(1);
  });

  it('GD05-084 Odelo Henrik: enemy effect damage to one of your (League Militaire) Unit tokens is 1 less (5-21)', () => {
    const out = sim({
      state: {
        active_player: 'B',
        players: {
          A: { units: [{ id: 'a1', name: 'Carrier', ap: 2, hp: 3, pilot: 'GD05-084' }, { id: 'a2', name: 'Parts', ap: 1, hp: 3, traits: ['League Militaire'], token: true }] },
          B: { resources: 2 },
        },
      },
      actions: [{ type: 'play', card: 'ST03-013', choices: [{ targets: ['a2'] }] }],
    });
    expect(unitOf(out, 'a2')?.damage).toBe(1);
    expect(cites(out, '5-21-1')).toBe(true);
  });
});

describe('"friendly Shields can\'t receive battle damage" while a condition holds (10-1-5-3, 10-1-5-6)', () => {
  const freedom = (B: object, attacker: object = { id: 'a1', name: 'Attacker', ap: 5, hp: 5 }) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [attacker] }, B: { base: null, shields: 2, ...B } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });

  it('GD03-070 Freedom Gundam rested: an attack on the player reaches the top Shield, which receives no battle damage and is not destroyed', () => {
    const out = freedom({ units: [{ id: 'b1', card: 'GD03-070', rested: true }] });
    expect(out.legal).toBe(true);
    expect(out.state.players.B.shields).toBe(2);
    expect(out.destroyed).toEqual([]);
    expect(cites(out, '10-1-5-6')).toBe(true);
    expect(out.not_executed).toEqual([]);
  });

  it('Freedom active: the condition does not hold and the Shield is destroyed as usual', () => {
    const out = freedom({ units: [{ id: 'b1', card: 'GD03-070' }] });
    expect(out.state.players.B.shields).toBe(1);
  });

  it('Shields only: a Base in the shield area still receives the battle damage; <Suppression> reaches no Shield either', () => {
    const base = freedom({ base: { name: 'Colony', hp: 6 }, units: [{ id: 'b1', card: 'GD03-070', rested: true }] });
    expect(base.state.players.B.base?.damage).toBe(5);
    const two = freedom({ units: [{ id: 'b1', card: 'GD03-070', rested: true }] }, { id: 'a1', name: 'Wide', ap: 5, hp: 5, keywords: ['Suppression'] });
    expect(two.state.players.B.shields).toBe(2);
  });

  it('with no Shield left the player receives the battle damage and is defeated: the player is not a Shield (8-5-2-2)', () => {
    const out = freedom({ shields: 0, units: [{ id: 'b1', card: 'GD03-070', rested: true }] });
    expect(out.winner).toBe('A');
  });

  it('effect damage to a Shield is not battle damage: a Breach still destroys the top Shield (13-1-2-2)', () => {
    const out = sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'a1', name: 'Breacher', ap: 5, hp: 5, keywords: ['Breach 2'] }] }, B: { base: null, shields: 2, units: [{ id: 'b1', card: 'GD03-070', rested: true }, { id: 'b2', name: 'Prey', ap: 1, hp: 1, rested: true }] } },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b2' }],
    });
    expect(out.state.players.B.shields).toBe(1);
  });
});

describe('"when this Unit deals battle damage to an enemy Unit" fires only on damage actually dealt (5-5-5, 5-21-2-1)', () => {
  const attack = (attacker: object, b1: object, action_step: object[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { deck: 10, units: [{ id: 'a1', ...attacker }] }, B: { resources: 3, units: [{ id: 'b1', name: 'Target', ap: 1, hp: 9, rested: true, ...b1 }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1', action_step }],
    });

  it('GD04-054 Gundam Virtue (Trans-Am): its 2 battle damage destroys the enemy Unit it was dealt to', () => {
    const out = attack({ card: 'GD04-054' }, {});
    expect(out.destroyed).toEqual(['b1']);
    expect(out.not_executed).toEqual([]);
  });

  it('GD04-113 Damage Control reduces Virtue\'s 2 to 0: no damage is dealt, so nothing triggers and the Unit survives', () => {
    const out = attack({ card: 'GD04-054' }, {}, [{ type: 'play', player: 'B', card: 'GD04-113', choices: [{ targets: ['b1'] }] }]);
    expect(out.destroyed).toEqual([]);
    expect(unitOf(out, 'b1')?.damage).toBe(0);
    expect(cites(out, '5-21-2-1')).toBe(true);
    expect(out.events.some((e) => e.text.includes('When it deals battle damage'))).toBe(false);
  });

  it('GD05-050 Gundam Exia Repair: "Lv.4 or lower that has no paired Pilot"; destroyed together with its target, the trigger still resolves (10-1-6-4)', () => {
    const bare = attack({ card: 'GD05-050' }, { level: 4 });
    expect(bare.destroyed.sort()).toEqual(['a1', 'b1']);
    const paired = attack({ card: 'GD05-050' }, { level: 4, pilot: { name: 'Ace', ap: 0, hp: 0 } });
    expect(paired.destroyed).toEqual(['a1']);
  });

  it('GD04-096 Ennil El 【During Link】 on GD04-060 Esperansa: a Lv.5 enemy is destroyed, a Lv.6 one only damaged', () => {
    const lv = (level: number) => attack({ card: 'GD04-060', pilot: 'GD04-096' }, { level });
    expect(lv(5).destroyed).toEqual(['b1']);
    expect(lv(6).destroyed).toEqual([]);
  });

  it('GD03-052 Gundam Virtue: "if you have a (CB) Pilot in play" is checked as it resolves', () => {
    const cb = attack({ card: 'GD03-052', pilot: { name: 'Tieria Erde', traits: ['CB'], ap: 0, hp: 0 } }, { level: 5 });
    expect(cb.destroyed).toEqual(['b1']);
    const none = attack({ card: 'GD03-052' }, { level: 5 });
    expect(none.destroyed).toEqual([]);
    expect(cites(none, '10-2-1')).toBe(true);
  });
});
