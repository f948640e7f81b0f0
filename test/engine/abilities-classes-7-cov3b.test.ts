/**
 * Long-tail classes of card text (issue 20), part 3b: conditions on what happened earlier in the
 * turn (10-2-1; the scenario's `this_turn` says what came before its board), the opponent's "may"
 * and "if they don't", and the other classes of this branch, each on a real card.
 */
import { describe, expect, it } from 'vitest';
import { sim, unitOf } from './helpers.js';

const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);

describe('GD05-089 Master Asia: "【During Link】【Attack】If you have activated a (Special Move) Command card\'s 【Main】/【Action】 during this turn, choose 1 enemy Unit. Deal 2 damage to it."', () => {
  // From the start of A's turn (the whole turn is seen), or from a board in its main phase.
  const run = (phase: 'start' | 'main', actions: unknown[], B: Record<string, unknown> = {}) =>
    sim({
      state: {
        active_player: 'A',
        phase,
        players: {
          A: { units: [{ id: 'mg', name: 'Master Gundam', ap: 5, hp: 5, pilot: 'GD05-089', linked: true }, { id: 'a2', ap: 2, hp: 4 }], hand: ['GD05-121'], resources: 4 },
          B: { units: [{ id: 'b1', ap: 1, hp: 5 }, { id: 'b2', ap: 1, hp: 3, rested: true }], ...B },
        },
      },
      actions: phase === 'start' ? [{ type: 'advance' }, ...actions] : actions,
    });
  const attack = { type: 'attack', attacker: 'mg', target: 'b2', choices: [{ targets: ['b1'] }] };

  it('a (Special Move) Command played earlier in the turn: 2 damage to the chosen enemy Unit', () => {
    const out = run('start', [{ type: 'play', card: 'GD05-121', choices: [{ targets: ['b1'] }] }, attack]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitOf(out, 'b1')!.damage).toBe(2);
    expect(out.undetermined).toEqual([]);
  });

  it('played in the same scenario from a board in the main phase: it holds, whatever came before', () => {
    const out = run('main', [{ type: 'play', card: 'GD05-121', choices: [{ targets: ['b1'] }] }, attack]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')!.damage).toBe(2);
  });

  it('only the opponent activated one (Darkness Finger GD05-110 by its 【Burst】): it does not hold', () => {
    const out = run('start', [{ type: 'attack', attacker: 'a2', target: 'player', choices: [{ use: true }, { targets: ['a2'] }] }, { type: 'attack', attacker: 'mg', target: 'b2' }], { base: null, shields: ['GD05-110'] });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(texts(out).some((t) => /Darkness Finger.*【Main】 effect activates/.test(t))).toBe(true);
    expect(unitOf(out, 'b1')!.damage).toBe(0);
    expect(out.undetermined).toEqual([]);
  });

  it('nothing activated since the start of the turn: the condition fails and nothing is dealt', () => {
    const out = run('start', [{ type: 'attack', attacker: 'mg', target: 'b2' }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'b1')!.damage).toBe(0);
    expect(texts(out).some((t) => /does not hold/.test(t))).toBe(true);
  });

  it('a board in the middle of the turn does not say what came before: the outcome is left open, citing 10-2-1', () => {
    const out = run('main', [{ type: 'attack', attacker: 'mg', target: 'b2' }]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ kind: 'not-executed', conclusion: 'outcome', card: 'GD05-089', rules: ['10-2-1'] });
    expect(out.undetermined[0]!.reason).toMatch(/start phase/);
  });
});

describe('GD05-129 Axis: "【Activate･Main】Rest this Base：If one of your Units has been destroyed by one of your (Neo Zeon) card\'s effects during this turn, deploy 1 (Neo Zeon) Unit card that is Lv.3 or lower from your hand."', () => {
  const axis = (actions: unknown[]) =>
    sim({
      state: {
        active_player: 'A',
        phase: 'start',
        players: {
          A: { base: { card: 'GD05-129' }, units: [{ id: 'jd', card: 'GD05-057' }, { id: 'z1', card: 'GD01-059' }], hand: ['GD01-056'], resources: 5 },
          B: { units: [{ id: 'b1', ap: 1, hp: 9, rested: true }], hand: ['GD05-116'], resources: 2 },
        },
      },
      actions: [{ type: 'advance' }, ...actions],
    });
  const deployAxis = { type: 'activate', source: 'A-base', choices: [{ cards: ['GD01-056'] }] };

  it('a Unit destroyed by a (Neo Zeon) Unit\'s effect (Gyunei\'s Jagd Doga GD05-057): Axis deploys a Lv.3 (Neo Zeon) Unit from the hand', () => {
    const out = axis([{ type: 'activate', source: 'jd', choices: [{ targets: ['z1'] }] }, deployAxis]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.units.map((u) => u.card)).toContain('GD01-056');
    expect(out.state.players.A.base!.rested).toBe(true);
    expect(out.undetermined).toEqual([]);
  });

  it('none destroyed this turn: the Base is rested (the cost) and nothing is deployed', () => {
    const out = axis([deployAxis]);
    expect(out.legal).toBe(true);
    expect(out.state.players.A.base!.rested).toBe(true);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['jd', 'z1']);
    expect(out.undetermined).toEqual([]);
  });

  it('destroyed by the opponent\'s (Neo Zeon) Command (Veteran\'s Pride GD05-116 in an action step): not "one of your" cards', () => {
    const out = axis([{ type: 'attack', attacker: 'jd', target: 'b1', action_step: [{ type: 'play', player: 'B', card: 'GD05-116', choices: [{ targets: ['z1'] }] }] }, deployAxis]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toContain('z1');
    expect(out.state.players.A.units.map((u) => u.card)).not.toContain('GD01-056');
    expect(out.undetermined).toEqual([]);
  });

  it('destroyed by an effect whose card is not named (the destroy action): the outcome is left open', () => {
    const out = axis([{ type: 'destroy', target: 'z1' }, deployAxis]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'A-base', card: 'GD05-129', rules: ['10-2-1'] });
  });
});

describe('GD04-069 ∀ Gundam: "【During Link】At the end of a turn where you have paid ① or more for one of your other (Militia)/(Dianna Counter) Units\' effects, choose 1 of your (Militia) Units. Set it as active."', () => {
  const board = (actions: unknown[], active: 'A' | 'B' = 'A', phase: 'start' | 'main' = 'start') =>
    sim({
      state: {
        active_player: active,
        phase,
        players: { A: { units: [{ id: 'tg', card: 'GD04-069', pilot: 'GD04-097' }, { id: 'tg2', card: 'GD04-073' }, { id: 'kp', card: 'GD04-074', rested: true }], resources: 3 }, B: { units: [{ id: 'b1', ap: 1, hp: 9, rested: true }] } },
      },
      actions: phase === 'start' ? [{ type: 'advance' }, ...actions] : actions,
    });
  const setActive = (out: ReturnType<typeof sim>) => texts(out).filter((t) => /is now active \(∀ Gundam \(tg\)/.test(t));

  const kapool = (pay: boolean) => ({ type: 'attack', attacker: 'kp', target: 'b1', choices: [{ use: pay }] });
  const triggered = (out: ReturnType<typeof sim>) => texts(out).filter((t) => /At the end of the turn of ∀ Gundam \(tg\) triggers/.test(t));

  it('① paid for another (Militia) Unit\'s effect (Kapool GD04-074: "【Attack】You may pay ①"): at the end of the turn the rested Kapool is set as active', () => {
    const out = board([kapool(true), { type: 'end_turn', choices: [{ targets: ['kp'] }] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(setActive(out)).toEqual([expect.stringMatching(/^Kapool \(kp\) is now active/)]);
    expect(out.undetermined).toEqual([]);
  });

  it('an 【Activate･Main】 cost ① (GD04-073) counts the same', () => {
    const out = board([{ type: 'activate', source: 'tg2' }, kapool(false), { type: 'end_turn', choices: [{ targets: ['kp'] }] }]);
    expect(setActive(out)).toHaveLength(1);
  });

  it('nothing paid: it does not trigger; the next turn (the opponent\'s, where it is read too, 7-6-4-1) starts a new record', () => {
    expect(triggered(board([kapool(false), { type: 'end_turn' }]))).toEqual([]);
    const two = board([kapool(true), { type: 'end_turn', choices: [{ targets: ['kp'] }] }, { type: 'end_turn' }]);
    expect(two.legal, JSON.stringify(two.violations)).toBe(true);
    expect(triggered(two)).toHaveLength(1);
    expect(two.undetermined).toEqual([]);
  });

  it('at the end of the opponent\'s turn from a board in its middle: what was paid before is not known, so the outcome is left open', () => {
    const out = board([{ type: 'end_turn' }], 'B', 'main');
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'tg', card: 'GD04-069', rules: ['10-2-1'] });
  });
});

describe('GD05-034 Gaia Gundam: "…When this Unit destroys an enemy shield area card with battle damage, that enemy player may discard 1. If they don\'t discard with this effect, you may deploy 1 (Phantom Pain) Unit card that is Lv.4 or lower from your hand."', () => {
  const gaia = (choices: unknown[], bHand: unknown = 2, pilot: unknown = 'GD05-090') =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'ga', card: 'GD05-034', ...(pilot ? { pilot } : {}) }], hand: ['GD05-039'] }, B: { base: null, shields: 3, hand: bHand } } },
      actions: [{ type: 'attack', attacker: 'ga', target: 'player', choices }],
    });

  it('the enemy player discards (their decision, 10-1-3, 12-2-6): nothing is deployed', () => {
    const out = gaia([{ use: true }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.hand).toBe(1);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['ga']);
    expect(texts(out).some((t) => /"If they don't": the part before it was done/.test(t))).toBe(true);
  });

  it('they decline: you may deploy a (Phantom Pain) Unit from your hand', () => {
    const out = gaia([{ use: false }, { cards: ['GD05-039'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.hand).toBe(2);
    expect(out.state.players.A.units.map((u) => u.card)).toContain('GD05-039');
  });

  it('an empty hand cannot discard, so they don\'t: the deploy follows with no decision of theirs', () => {
    const out = gaia([{ cards: ['GD05-039'] }], 0);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.units.map((u) => u.card)).toContain('GD05-039');
  });

  it('【During Pair】: with no Pilot it does not trigger', () => {
    const out = gaia([], 2, null);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.hand).toBe(2);
    expect(out.state.players.A.units).toHaveLength(1);
  });
});

describe('GD05-089 Master Asia: "【Burst】Add this card to your hand. If there are 3 or more (MF) cards in your trash, you may deploy it as an (AP3・HP3) Unit instead. (Don\'t treat it as a Pilot.)"', () => {
  const mf = ['GD05-035', 'GD05-036', 'GD05-042'];
  const run = (trash: string[], choices: unknown[], more: unknown[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 2, hp: 4 }] }, B: { base: null, shields: ['GD05-089'], trash, hand: 0 } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices }, ...more],
    });

  it('3 (MF) cards in the trash and the owner takes the substitution: the Pilot card is deployed as an AP3 HP3 Unit, not a Link Unit (10-1-9-1-1, 13-2-5-3)', () => {
    const out = run(mf, [{ use: true }, { use: true }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.units).toEqual([expect.objectContaining({ id: 'GD05-089', name: 'Master Asia', ap: 3, hp: 3, pilot: null, linked: false })]);
    expect(out.state.players.B.hand).toBe(0);
    expect(out.state.players.B.trash).toEqual(mf);
  });

  it('the substitution is a "you may": declined, the card is added to the hand', () => {
    const out = run(mf, [{ use: true }, { use: false }]);
    expect(out.state.players.B.units).toEqual([]);
    expect(out.state.players.B.hand).toBe(1);
  });

  it('only 2 (MF) cards: no decision, the card goes to the hand', () => {
    const out = run(mf.slice(0, 2), [{ use: true }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.B.hand).toBe(1);
    expect(out.state.players.B.units).toEqual([]);
  });

  it('out of play it is its own card again: destroyed, the Pilot card goes to the trash', () => {
    const out = run(mf, [{ use: true }, { use: true }], [{ type: 'destroy', target: 'GD05-089' }]);
    expect(out.state.players.B.trash).toEqual([...mf, 'GD05-089']);
  });
});

describe('GD04-067 ∀ Gundam: "【Activate･Main】【Once per Turn】①：Choose 1 Unit card with <Repair>/<Breach>/… from your trash. During this turn, this Unit gets AP+1 and all <Repair>/<Breach>/… on that Unit card."', () => {
  const run = (trash: unknown, actions: unknown[]) =>
    sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'tg', card: 'GD04-067' }], trash, resources: 2 }, B: { units: [{ id: 'b1', ap: 1, hp: 2, rested: true }], base: null, shields: 3 } } }, actions });

  it('Gundam Lfrith Thorn (GD04-021, <Breach 3>) chosen: AP+1 and <Breach 3> this turn, which then hits the shield area (13-1-2)', () => {
    const out = run(['GD04-021', 'GD04-034'], [{ type: 'activate', source: 'tg', choices: [{ cards: ['GD04-021'] }] }, { type: 'attack', attacker: 'tg', target: 'b1' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitOf(out, 'tg')).toMatchObject({ ap: 5, keywords: ['Breach 3'] });
    expect(out.state.players.B.shields).toBe(2);
    expect(out.undetermined).toEqual([]);
  });

  it('all the listed keyword effects of the card: Messala (GD03-003) gives <Blocker> and <Repair 1>', () => {
    const out = run(['GD03-003'], [{ type: 'activate', source: 'tg' }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitOf(out, 'tg')!.keywords.sort()).toEqual(['Blocker', 'Repair 1']);
  });

  it('【Once per Turn】: a second activation is a rule violation (13-2-13-1)', () => {
    const out = run(['GD03-003', 'GD04-021'], [{ type: 'activate', source: 'tg', choices: [{ cards: ['GD03-003'] }] }, { type: 'activate', source: 'tg', choices: [{ cards: ['GD04-021'] }] }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.rules).toContain('13-2-13-1');
  });

  it('no such card in the trash: the effect does not activate, not even the AP+1 (10-2-2)', () => {
    const out = run(['ST01-005'], [{ type: 'activate', source: 'tg' }]);
    expect(out.legal).toBe(true);
    expect(unitOf(out, 'tg')).toMatchObject({ ap: 4, keywords: [] });
    expect(out.state.players.A.resources.active).toBe(1);
  });

  it('a card with the keyword only under a condition (Gundam Heavyarms GD01-034, 【During Pair】<Breach 3>): not settled', () => {
    const out = run(['GD01-034'], [{ type: 'activate', source: 'tg' }]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', card: 'GD04-067', rules: ['2-11-2', '13-1'] });
  });
});

describe('GD04-021 Gundam Lfrith Thorn / GD04-020 Gundam Lfrith Ur: "During your turn, when you play and activate a (Dawn of Fold) Command card using an EX Resource, you may pair that card from your trash with one of your Units with "Gundam Lfrith" in its card name." / "…, draw 1."', () => {
  // Witches from Earth (GD04-108): a (Dawn of Fold) Command with 【Pilot】[Sophie Pulone].
  const run = (useEx: number, choices: unknown[], thorn: Record<string, unknown> = {}) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'th', card: 'GD04-021', ...thorn }, { id: 'ur', card: 'GD04-020', ...thorn }], hand: ['GD04-108'], resources: { active: 3, ex: 1 }, deck: 10 }, B: {} } },
      actions: [{ type: 'play', card: 'GD04-108', use_ex: useEx, choices }],
    });

  it('played with an EX Resource: the Command is paired from the trash with Gundam Lfrith Thorn as its 【Pilot】 (3-4-6-2), and Gundam Lfrith Ur draws 1', () => {
    const out = run(1, [{ targets: ['th'] }, { order: ['th', 'ur'] }, { targets: ['th'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitOf(out, 'th')!.pilot).toEqual({ id: 'GD04-108', name: 'Witches from Earth' });
    expect(out.state.players.A.trash).toEqual([]);
    expect(out.state.players.A.hand).toBe(1);
  });

  it('the pairing is a "you may": declined, the card stays in the trash', () => {
    const out = run(1, [{ targets: ['th'] }, { order: ['th', 'ur'] }, { use: false }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(unitOf(out, 'th')!.pilot).toBeNull();
    expect(out.state.players.A.trash).toEqual(['GD04-108']);
  });

  it('paid without an EX Resource: neither triggers', () => {
    const out = run(0, [{ targets: ['th'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.trash).toEqual(['GD04-108']);
    expect(out.state.players.A.hand).toBe(0);
    expect(texts(out).some((t) => /triggers: "(?:【Once per Turn】)?During your turn, when you play and activate/.test(t))).toBe(false);
  });

  it('no "Gundam Lfrith" Unit without a Pilot (3-3-4): nothing to decide, the card stays in the trash', () => {
    const out = run(1, [{ targets: ['th'] }, { order: ['th', 'ur'] }], { pilot: 'GD04-097' });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.trash).toEqual(['GD04-108']);
    expect(out.state.players.A.hand).toBe(1);
  });
});
