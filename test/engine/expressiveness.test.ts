/**
 * What a scenario can say beyond the main phase: the phase it starts in and `advance`, a keyword
 * lost, the order a player gives to effects that trigger together, and cards put into play from
 * the trash. Real catalog cards throughout.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);
const cited = (out: ReturnType<typeof sim>) => out.events.flatMap((e) => e.rules);

function at(phase: string, A: Record<string, unknown>, B: Record<string, unknown>, actions: unknown[]) {
  return sim({ state: { active_player: 'A', phase, players: { A, B } }, actions });
}

describe('the phase a scenario starts in', () => {
  it('start: "advance" plays the active step, the start step, the draw and the Resource, then the main phase begins', () => {
    const out = at('start', { units: [{ id: 'a1', card: 'GD01-004', rested: true }], resources: { active: 0, rested: 3 }, hand: 2, deck: 5, resource_deck: 4 }, {}, [{ type: 'advance' }]);
    expect(out.legal).toBe(true);
    expect(texts(out)[0]).toMatch(/starts in player A's start phase/);
    const a = out.state.players.A;
    expect(a.units[0]!.rested).toBe(false);
    expect(a.resources).toEqual({ active: 4, rested: 0, ex: 0 });
    expect([a.hand, a.deck, a.resource_deck]).toEqual([3, 4, 3]);
    expect(out.state.phase).toBe('main');
    expect(out.state.turn).toBe(1);
    expect(cited(out)).toEqual(expect.arrayContaining(['7-2-3-1', '7-2-4-1', '7-3-1', '7-4-1', '7-5-1']));
  });

  it('draw and resource phases play only what is left of them', () => {
    const draw = at('draw', { hand: 0, deck: 3, resource_deck: 2 }, {}, [{ type: 'advance' }]);
    expect([draw.state.players.A.hand, draw.state.players.A.resources.active]).toEqual([1, 1]);
    expect(texts(draw).some((t) => /Active step/.test(t))).toBe(false);
    const resource = at('resource', { hand: 0, deck: 3, resource_deck: 2 }, {}, [{ type: 'advance' }]);
    expect([resource.state.players.A.hand, resource.state.players.A.resources.active]).toEqual([0, 1]);
  });

  it('before the main phase no player acts: anything but "advance" is a rule violation', () => {
    for (const action of [{ type: 'deploy', id: 'a9', card: 'GD01-004' }, { type: 'end_turn' }, { type: 'play', card: 'GD01-100' }]) {
      const out = at('draw', { resources: 6, hand: ['GD01-004', 'GD01-100'] }, {}, [action]);
      expect(out.legal, action.type).toBe(false);
      expect(out.violations[0]).toMatchObject({ kind: 'rule', action: 0 });
      expect(out.violations[0]!.reason).toMatch(/draw phase, where players take no actions.*"advance"/);
      expect(out.violations[0]!.rules).toEqual(expect.arrayContaining(['7-1-1', '7-5-1']));
    }
    // An effect's result may still be described there (a start-step trigger's damage, say).
    expect(at('start', { units: [{ id: 'a1', card: 'GD01-004' }] }, {}, [{ type: 'deal_damage', target: 'a1' }]).legal).toBe(true);
  });

  it('end: its action step takes 【Action】 Commands; then the end step, hand step and cleanup, and the next turn', () => {
    const out = at(
      'end',
      { units: [{ id: 'a1', card: 'GD01-004', damage: 1 }], hand: ['GD01-099', ...Array<string>(11).fill('GD01-004')], resources: 4 },
      { units: [{ id: 'b1', card: 'GD01-004', rested: false }] },
      [{ type: 'play', card: 'GD01-099', player: 'A', choices: [{ targets: ['b1'] }] }, { type: 'advance' }],
    );
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(texts(out)[0]).toMatch(/starts in player A's end phase, in its action step/);
    // Intercept Orders' 【Action】 rested b1 in the end phase's action step (7-6-3-1).
    expect(out.events.find((e) => /b1/.test(e.text) && /rest/i.test(e.text))).toBeDefined();
    // <Repair 1> at the end of the turn (7-6-4-1), the hand limit (7-6-5-1).
    expect(texts(out).some((t) => /recovers 1 HP/.test(t))).toBe(true);
    expect(texts(out).some((t) => /Hand step: player A has 11 cards and discards 1/.test(t))).toBe(true);
    expect(out.state).toMatchObject({ active_player: 'B', turn: 2, phase: 'main' });
  });

  it('end: attacks, <Support> and cards from the hand belong to the main phase', () => {
    const board = { units: [{ id: 'a1', card: 'GD01-004' }], hand: ['GD01-004', 'GD01-100'], resources: 6 };
    for (const action of [{ type: 'attack', attacker: 'a1', target: 'player' }, { type: 'deploy', id: 'a9', card: 'GD01-004' }]) {
      const out = at('end', board, {}, [action]);
      expect(out.legal, action.type).toBe(false);
      expect(out.violations[0]!.reason).toMatch(/end phase \(action step\), where players may only activate 【Action】 Commands/);
      expect(out.violations[0]!.rules).toContain('7-6-3-1');
    }
    // A 【Main】-only Command has no 【Action】 effect to play there.
    const main = at('end', board, {}, [{ type: 'play', card: 'GD01-100', player: 'A' }]);
    expect(main.legal).toBe(false);
    expect(main.violations[0]!.reason).toMatch(/no 【Action】 effect/);
    // An 【Action】 there names its player: both may act, the standby player first (7-6-3-1).
    const unnamed = at('end', { hand: ['GD01-099'], resources: 4 }, { units: [{ id: 'b1', card: 'GD01-004' }] }, [{ type: 'play', card: 'GD01-099', choices: [{ targets: ['b1'] }] }]);
    expect(unnamed.violations[0]).toMatchObject({ kind: 'input' });
    expect(unnamed.violations[0]!.reason).toMatch(/give "player"/);
  });

  it('main: "advance" declares the end of the main phase and stops in the end phase\'s action step; a second one ends the turn', () => {
    const once = at('main', {}, {}, [{ type: 'advance' }]);
    expect(once.state).toMatchObject({ active_player: 'A', turn: 1, phase: 'end' });
    expect(cited(once)).toEqual(expect.arrayContaining(['7-5-5-1', '7-5-5-2', '7-6-3-1']));
    const twice = at('main', {}, {}, [{ type: 'advance' }, { type: 'advance' }]);
    expect(twice.state).toMatchObject({ active_player: 'B', turn: 2, phase: 'main' });
    // end_turn from the end phase's action step plays the rest of it, not a second end phase.
    const ended = at('main', {}, {}, [{ type: 'advance' }, { type: 'end_turn' }]);
    expect(ended.state).toMatchObject({ active_player: 'B', turn: 2, phase: 'main' });
    expect(texts(ended).filter((t) => /declares the end of the main phase/.test(t))).toHaveLength(1);
  });
});

describe('a keyword lost ("grant" with "remove")', () => {
  // Messala GD03-003 has <Blocker> printed.
  const board = (actions: unknown[]) =>
    sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: { units: [{ id: 'b1', card: 'GD03-003' }] } } }, actions });

  it('the Unit loses its printed <Blocker> for the turn, so it cannot block', () => {
    const out = board([
      { type: 'grant', target: 'b1', keyword: 'Blocker', duration: 'turn', remove: true },
      { type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1' },
    ]);
    expect(texts(out)).toContain('Messala (b1) loses <Blocker> during this turn');
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.action).toBe(1);
    expect(out.violations[0]!.reason).toMatch(/Blocker/);
    expect(out.state.players.B.units[0]!.keywords).not.toContain('Blocker');
    expect(out.state.players.B.units[0]!.keywords).toContain('Repair 1');
  });

  it('a grant after the loss gives it back; the loss ends with its duration', () => {
    const regained = board([
      { type: 'grant', target: 'b1', keyword: 'Blocker', duration: 'turn', remove: true },
      { type: 'grant', target: 'b1', keyword: 'Blocker', duration: 'turn' },
      { type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1' },
    ]);
    expect(regained.legal, JSON.stringify(regained.violations)).toBe(true);
    const later = board([{ type: 'grant', target: 'b1', keyword: 'Blocker', duration: 'battle', remove: true }]);
    expect(later.state.players.B.units[0]!.keywords).not.toContain('Blocker');
    const afterTurn = board([{ type: 'grant', target: 'b1', keyword: 'Blocker', duration: 'turn', remove: true }, { type: 'end_turn' }]);
    expect(afterTurn.state.players.B.units[0]!.keywords).toContain('Blocker');
  });
});

describe('the order of effects that trigger together (10-1-6-5)', () => {
  // All-Range Attack GD02-107 deals 1 damage to all enemy Units: Geara Doga (Sleeves) GD01-056 and
  // Gundam Gusion Rebake ST05-005, each 1 HP from destruction, trigger their 【Destroyed】 together.
  const play = (choices: unknown[]) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'a1', card: 'GD01-004' }], hand: ['GD02-107'], resources: 4 },
          B: { units: [{ id: 'b1', card: 'GD01-056', damage: 2 }, { id: 'b2', card: 'ST05-005', damage: 3 }] },
        },
      },
      actions: [{ type: 'play', card: 'GD02-107', choices }],
    });

  it('without an "order" they go as listed, and the log says the player could choose', () => {
    const out = play([{ targets: ['a1'] }, { targets: ['a1'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const asked = texts(out).find((t) => /triggered together/.test(t))!;
    expect(asked).toMatch(/b1 \(.*\), b2 \(.*\).*no \{"order": \[b1, b2\]\}/);
    expect(texts(out).findIndex((t) => /a1.*1 damage|1 damage.*a1/i.test(t))).toBeLessThan(texts(out).findIndex((t) => /a1.*rest|rest.*a1/i.test(t)));
  });

  it('{"order": ["b2", "b1"]} resolves Gusion Rebake first: a1 is rested, then dealt 1 damage', () => {
    const out = play([{ order: ['b2', 'b1'] }, { targets: ['a1'] }, { targets: ['a1'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(texts(out).some((t) => /in the order chosen, b2, then b1/.test(t))).toBe(true);
    const rest = texts(out).findIndex((t) => /Guncannon \(a1\).*rest/i.test(t));
    const damage = texts(out).findIndex((t) => /1 damage to Guncannon \(a1\)/i.test(t));
    expect(rest).toBeGreaterThan(-1);
    expect(damage).toBeGreaterThan(rest);
    expect(cited(out)).toContain('10-1-6-5');
  });

  it('an order that leaves a source out or names another is an input violation naming the sources', () => {
    for (const order of [['b2'], ['b2', 'b1', 'a1'], ['b1', 'b1']]) {
      const out = play([{ order }, { targets: ['a1'] }, { targets: ['a1'] }]);
      expect(out.legal).toBe(false);
      expect(out.violations[0]).toMatchObject({ kind: 'input' });
      expect(out.violations[0]!.reason).toMatch(/"order" must list each of b1, b2 once/);
    }
  });

  it('Shields destroyed together: their owner orders the 【Burst】 effects', () => {
    // A <Suppression> attack destroys the top two Shields at once (13-1-7-4); both are Sayla Mass GD01-087 and Intercept Orders GD01-099.
    const run = (choices: unknown[]) =>
      sim({
        state: {
          active_player: 'A',
          players: {
            A: { units: [{ id: 'a1', ap: 3, hp: 3, keywords: ['Suppression'] }] },
            B: { base: null, shields: ['GD01-087', 'GD01-099', 'GD01-004'], units: [{ id: 'b1', card: 'GD01-004', rested: false }] },
          },
        },
        actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }],
      });
    const order = (out: ReturnType<typeof sim>) => texts(out).filter((t) => /activates the 【Burst】 of/.test(t)).map((t) => /of (.*) without/.exec(t)![1]);
    const listed = run([{ use: true }, { use: true, targets: ['a1'] }]);
    expect(listed.legal, JSON.stringify(listed.violations)).toBe(true);
    expect(order(listed)).toEqual(['Sayla Mass', 'Intercept Orders']);
    const shieldIds = listed.destroyed.filter((d) => d.startsWith('B-shield'));
    const chosen = run([{ order: [shieldIds[1], shieldIds[0]] }, { use: true, targets: ['a1'] }, { use: true }]);
    expect(chosen.legal, JSON.stringify(chosen.violations)).toBe(true);
    expect(order(chosen)).toEqual(['Intercept Orders', 'Sayla Mass']);
  });
});

describe('cards put into play from the trash by an effect', () => {
  // GX-Bit GD03-062: "【Deploy】If you deploy this Unit from your trash, choose 1 enemy Unit with 4 or less AP. Deal 2 damage to it."
  const enemy = { units: [{ id: 'b1', card: 'GD01-004' }] };

  it('deploy from:"trash" takes the card out of the trash, unpaid, and it counts as deployed from the trash', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { trash: ['GD03-062', 'GD01-100'] }, B: enemy } }, actions: [{ type: 'deploy', id: 'a9', card: 'GD03-062', from: 'trash', choices: [{ targets: ['b1'] }] }] });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.trash).toEqual(['GD01-100']);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['a9']);
    expect(out.state.players.B.units[0]!.damage).toBe(2);
    expect(texts(out).some((t) => /put into play from player A's trash by an effect/.test(t))).toBe(true);
    // From the hand, the same card's condition fails.
    const fromHand = sim({ state: { active_player: 'A', players: { A: { hand: ['GD03-062'], resources: 4 }, B: enemy } }, actions: [{ type: 'deploy', id: 'a9', card: 'GD03-062' }] });
    expect(fromHand.state.players.B.units[0]!.damage).toBe(0);
  });

  it('a trash given as a count yields one of its unnamed cards; a card not there is a rule violation and changes nothing', () => {
    const counted = sim({ state: { active_player: 'A', players: { A: { trash: 3 }, B: enemy } }, actions: [{ type: 'deploy', id: 'a9', card: 'GD03-062', from: 'trash', choices: [{ targets: ['b1'] }] }] });
    expect(counted.legal).toBe(true);
    expect(counted.state.players.A.trash).toHaveLength(2);
    expect(texts(counted).some((t) => /did not name the trash's cards/.test(t))).toBe(true);
    const missing = sim({ state: { active_player: 'A', players: { A: { trash: ['GD01-100'] }, B: enemy } }, actions: [{ type: 'deploy', id: 'a9', card: 'GD03-062', from: 'trash' }] });
    expect(missing.legal).toBe(false);
    expect(missing.violations[0]).toMatchObject({ kind: 'rule' });
    expect(missing.violations[0]!.reason).toMatch(/GX-Bit is not in player A's trash \(it holds GD01-100\)/);
    expect(missing.state.players.A.trash).toEqual(['GD01-100']);
    expect(missing.state.players.A.units).toHaveLength(0);
  });

  it('pair from:"trash" pairs the Pilot from the trash, unpaid', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-004' }], trash: ['GD01-087'], resources: 0 }, B: {} } }, actions: [{ type: 'pair', unit: 'a1', pilot: 'GD01-087', from: 'trash' }] });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.units[0]!.pilot?.name).toBe('Sayla Mass');
    expect(out.state.players.A.trash).toEqual([]);
  });
});

describe('choices from a trash', () => {
  // Unicorn Gundam 02 Banshee (Destroy Mode) GD01-003, linked with Marida Cruz: "【During Link】【Attack】Choose 12 cards from your trash. …"
  const banshee = (trash: unknown, choices: unknown[]) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-003', pilot: 'Marida Cruz', linked: true }], trash }, B: {} } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }],
    });

  it('cards in a trash are named with "cards" as well as "targets"', () => {
    const trash = ['GD01-100', 'GD01-099', 'GD01-004', 'GD01-056', 'ST05-005', 'GD01-087', 'GD02-107', 'GD03-062', 'GD01-007', 'GD01-080', 'GD03-007', 'GD05-003', 'GD03-003'];
    const chosen = trash.slice(1);
    const byTargets = banshee(trash, [{ targets: chosen }]);
    const byCards = banshee(trash, [{ cards: chosen }]);
    expect(byTargets.legal, JSON.stringify(byTargets.violations)).toBe(true);
    expect(byCards.legal, JSON.stringify(byCards.violations)).toBe(true);
    expect(byCards.state.players.A.trash).toEqual(['GD01-100']);
    expect(byCards.state.players.A.units[0]!.rested).toBe(false);
    expect(byCards.events.map((e) => e.text)).toEqual(byTargets.events.map((e) => e.text));
  });

  it('two copies of a card in a trash are two choices: the second is "<number>#2"', () => {
    // Gundam Barbatos 1st Form ST10-008 【Deploy・Development 2】: exile 2 (G Generation) cards from the trash.
    const deploy = (targets: string[]) =>
      sim({
        state: { active_player: 'A', players: { A: { hand: ['ST10-008', 'GD01-004'], resources: 5, trash: ['ST10-005', 'ST10-005', 'EB01-009'] }, B: {} } },
        actions: [{ type: 'deploy', id: 'a1', card: 'ST10-008', choices: [{ use: true }, { targets }, { cards: ['GD01-004'] }] }],
      });
    const one = deploy(['ST10-005', 'EB01-009']);
    expect(one.legal, JSON.stringify(one.violations)).toBe(true);
    expect(one.state.players.A.removed).toEqual(['ST10-005', 'EB01-009']);
    expect(one.state.players.A.trash).toEqual(['ST10-005#2', 'GD01-004']);
    const both = deploy(['ST10-005', 'ST10-005#2']);
    expect(both.state.players.A.removed).toEqual(['ST10-005', 'ST10-005#2']);
  });

  it('a trash given as a count cannot be chosen from: the outcome is left open, with how to settle it', () => {
    const out = banshee(12, []);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ kind: 'not-executed', conclusion: 'outcome', unit: 'a1', card: 'GD01-003' });
    expect(out.undetermined[0]!.reason).toMatch(/player A's trash holds 12 cards the scenario does not name.*List the trash by card number/);
    expect(texts(out).some((t) => /only named cards can be chosen here/.test(t))).toBe(true);
  });
});

describe('keywords whose amount the card data lost', () => {
  // V2 Gundam GD05-001 and Build Strike Gundam (Full Package) (EX) EB01-021 print a bare <Repair> / <Breach>.
  it('when the amount matters the outcome is left open, saying how to settle it; when it does not, the rule decides', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD05-001', damage: 2 }, { id: 'a2', card: 'EB01-021' }] }, B: { units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a2', target: 'b1' }, { type: 'end_turn' }],
    });
    expect(out.legal).toBeNull();
    expect(out.undetermined.map((u) => [u.unit, u.conclusion, u.abilities[0]])).toEqual([['a2', 'outcome', '<Breach>'], ['a1', 'outcome', '<Repair>']]);
    expect(out.undetermined[1]!.reason).toMatch(/lost its amount, so how many HP it recovers at the end of the turn is not known; give the Unit "keywords"/);
    // Undamaged, <Repair> does not activate whatever its amount (1-3-2-1); with no shield area, <Breach> neither (13-1-2-4).
    const moot = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD05-001' }, { id: 'a2', card: 'EB01-021' }] }, B: { base: null, shields: 0, units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a2', target: 'b1' }, { type: 'end_turn' }],
    });
    expect(moot.undetermined).toEqual([]);
    // Asshimar GD05-007 "【During Link】This Unit gets AP+2 and <Repair>.": the AP+2 runs; its damage at the end of the
    // opponent's turn is not repaired (13-1-1-1 the owner's turn), so the amount never matters there.
    const asshimar = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', card: 'GD05-007', pilot: { name: 'P', type: 'pilot' }, linked: true, damage: 1 }] }, B: {} } },
      actions: [{ type: 'end_turn' }],
    });
    expect(asshimar.undetermined).toEqual([]);
    expect(asshimar.state.players.A.units[0]).toMatchObject({ damage: 1, keywords: ['Repair'] });
    expect(asshimar.state.players.A.units[0]!.ap).toBe(1 + 2); // printed AP 1, 【During Link】 AP+2
    expect(moot.events.map((e) => e.text)).toEqual(expect.arrayContaining([expect.stringMatching(/<Repair> of V2 Gundam \(a1\) does not activate: it has no damage/), expect.stringMatching(/<Breach> of .* does not activate: player B has neither a Base nor Shields/)]));
  });
});

describe('an inline card described in the hand is named by its name in play, deploy and pair', () => {
  const hand = [
    { name: 'Home Unit', type: 'unit', level: 1, cost: 1, ap: 2, hp: 2 },
    { name: 'Home Pilot', type: 'pilot', level: 1, cost: 1, ap: 1, hp: 1 },
    { name: 'Home Order', type: 'command', level: 1, cost: 1, text: '【Main】Draw 1.' },
  ];
  it('each leaves the hand and does what its description says', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 5, hand, deck: 10 }, B: {} } },
      actions: [
        { type: 'deploy', id: 'u1', card: 'Home Unit' },
        { type: 'pair', unit: 'u1', pilot: 'home pilot' },
        { type: 'play', card: 'Home Order' },
      ],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.units[0]).toMatchObject({ id: 'u1', name: 'Home Unit', ap: 3, hp: 3 });
    expect(out.state.players.A.hand).toBe(1);
  });

  it('a name that is neither in the hand nor in the catalog is still an unknown card', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 5, hand }, B: {} } }, actions: [{ type: 'deploy', id: 'u1', card: 'Nobody Unit' }] });
    expect(out.violations[0]!.reason).toMatch(/unknown card "Nobody Unit"/);
  });
});

describe('a deck listed with inline cards (the top cards a look or draw reads)', () => {
  const run = (choices: unknown[]) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          // Le Cygne (EX) EB01-023: "【Attack】All players each look at the top card of their deck. If it is a card that is Lv.5 or higher, they may reveal it and add it to their hand. …"
          A: { units: [{ id: 'a1', card: 'EB01-023' }], deck: [{ name: 'Big Unit', type: 'unit', level: 6, cost: 4, ap: 5, hp: 5 }, 'ST01-001'] },
          B: { deck: [{ name: 'Small Unit', type: 'unit', level: 2, cost: 1, ap: 1, hp: 1 }, 'ST01-002'] },
        },
      },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }],
    });

  it('an inline card is read for its Lv.: the Lv.6 one may be taken, the Lv.2 one may not (no choice is asked for it)', () => {
    const out = run([{ cards: ['A-deck-card-1'] }, { where: 'bottom' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.hand_cards).toContain('A-deck-card-1');
    expect(out.events.some((e) => /Player A reveals Big Unit \(A-deck-card-1\) and adds it to the hand/.test(e.text))).toBe(true);
    expect(out.state.players.B.hand_cards).toEqual([]);
  });

  it('the choice names the inline card by its id, and an error lists it', () => {
    const out = run([]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/up to 1 of: A-deck-card-1/);
  });

  it('an inline deck card that cannot be read is an input error naming the deck and its position', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { deck: ['ST01-001', { card: 'NOPE-999' }] }, B: {} } }, actions: [] });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.kind).toBe('input');
    expect(out.violations[0]!.reason).toMatch(/^deck of player A, card 2: /);
  });
});
