/**
 * Classes of sentence of the long tail (issue 20), on the real cards: a battle that only performs
 * the damage step (GD05-017, JA 5-22-p3/p4, JA 13-1-5-p1), "when this Unit destroys an enemy card
 * with battle damage" and a <Repair> counted by Unit tokens (GD05-006, 4-6-1, 10-1-5-3), "When
 * another Unit attacks an enemy Unit" (EB01-028, 12-2-6, 8-2-1), "When another friendly … Unit that
 * is Lv.3 is deployed" (EB01-035), an ability granted for a turn (GD05-104, 5-16-1), and a keyword
 * name the source lost (EB01-049).
 */
import { describe, expect, it } from 'vitest';
import { cards, sim, unitOf } from './helpers.js';

const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);
const cited = (out: ReturnType<typeof sim>, re: RegExp) => out.events.filter((e) => re.test(e.text)).flatMap((e) => e.rules);

describe('GD05-017 Nu Gundam: "【When Paired】You may choose 3 (Londo Bell) cards from your trash. Exile them from the game. If you do, choose 1 enemy Unit. Begin a battle between this Unit and it and only perform the damage step."', () => {
  const LONDO_BELL = ['GD05-019', 'GD05-023', 'GD05-027'];
  const run = (opts: { trash?: string[]; nu?: Record<string, unknown>; b1?: Record<string, unknown>; pilot?: Record<string, unknown>; choices?: unknown[] } = {}) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { resources: 6, deck: 10, trash: opts.trash ?? [...LONDO_BELL, 'GD05-028'], units: [{ id: 'nu', card: 'GD05-017', keywords: ['Breach 2'], ...opts.nu }] },
          B: { shields: 3, base: null, units: [{ id: 'b1', name: 'Zaku', ap: 3, hp: 4, ...opts.b1 }, { id: 'b2', name: 'Big', ap: 1, hp: 9 }] },
        },
      },
      actions: [{ type: 'pair', unit: 'nu', pilot: { name: 'Test Pilot', level: 1, cost: 1, ...opts.pilot }, choices: opts.choices ?? [{ cards: LONDO_BELL }, { targets: ['b1'] }] }],
    });

  it('the Unit and the chosen enemy Unit deal battle damage to each other, this Unit attacking (JA 5-22-p3); <Breach> follows', () => {
    const out = run();
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['b1', 'B-shield-3']);
    expect(out.state.players.A.removed).toEqual(LONDO_BELL);
    expect(out.state.players.A.trash).toEqual(['GD05-028']);
    // No attack step: it is not rested, and it was dealt the enemy Unit's AP.
    expect(unitOf(out, 'nu')).toMatchObject({ damage: 3, rested: false });
    expect(out.state.players.B.shields).toBe(2);
    expect(cited(out, /^A battle begins between Nu Gundam \(nu\) and Zaku \(b1\)/)).toEqual(['JA 5-22-p3', 'JA 5-22-p4', '8-5-1']);
    expect(texts(out).some((t) => /^<Breach 2> of Nu Gundam \(nu\) activates/.test(t))).toBe(true);
    expect(texts(out).some((t) => /^The battle ends after its damage step/.test(t))).toBe(true);
    expect(out.undetermined).toEqual([]);
  });

  it('nothing that triggers on an attack triggers: there is no attack step (JA 5-22-p4)', () => {
    const out = run({ pilot: { text: '【Attack】Draw 1.' } });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.hand).toBe(4); // 5, less the Pilot paired; no draw
    expect(texts(out).some((t) => /【Attack】 of/.test(t))).toBe(false);
  });

  it('<First Strike> applies (JA 13-1-5-p1): the attacking Unit deals its damage first and receives none back; the target\'s does not', () => {
    const first = run({ nu: { keywords: ['Breach 2', 'First Strike'] } });
    expect(first.destroyed).toContain('b1');
    expect(unitOf(first, 'nu')!.damage).toBe(0);
    expect(cited(first, /applies in a battle that only performs the damage step/)).toEqual(['JA 13-1-5-p1']);
    const theirs = run({ b1: { keywords: ['First Strike'] } });
    expect(unitOf(theirs, 'nu')!.damage).toBe(3);
    expect(texts(theirs).some((t) => /<First Strike> does not apply: it only works while that Unit is attacking/.test(t))).toBe(true);
  });

  it('the chosen Unit can destroy this Unit too: both go at once (8-5-3-2-3)', () => {
    const out = run({ b1: { ap: 9 } });
    expect(out.destroyed).toEqual(expect.arrayContaining(['nu', 'b1']));
    expect(texts(out)).toContain('Both battling Units are destroyed, at the same time');
  });

  it('with fewer than 3 (Londo Bell) cards in the trash nothing is exiled, so no battle begins (5-20-1)', () => {
    const out = run({ trash: ['GD05-019', 'GD05-023', 'ST01-001'], choices: [] });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual([]);
    expect(out.state.players.A.removed).toEqual([]);
    expect(texts(out).some((t) => /A battle begins/.test(t))).toBe(false);
  });

  it('declining the exile: no battle', () => {
    const out = run({ choices: [{ use: false }] });
    expect(out.destroyed).toEqual([]);
    expect(unitOf(out, 'nu')!.damage).toBe(0);
  });

  it('the catalog lost the amount of its own <Breach>: where it would deal damage the outcome is left open', () => {
    const out = run({ nu: { keywords: undefined } });
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'nu', rules: ['13-1-2-1'] });
    expect(out.state.players.B.shields).toBe(3);
  });
});

describe('GD05-006 Hashmal: "【Once per Turn】During your turn, when this Unit destroys an enemy card with battle damage, deploy 1 [Pluma] Unit token. This Unit gains the same number of <Repair> as the number of (Calamity War) Unit tokens you have in play."', () => {
  it('the two sentences are two abilities: a trigger and a constant (a grant with no duration is constant, 10-1-5)', () => {
    const rec = cards().byId('GD05-006')!;
    const abilities = (rec as unknown as { abilities: { kind: string }[] }).abilities;
    expect(abilities.map((a) => a.kind)).toEqual(['triggered', 'constant']);
    // The count is the amount: nothing was lost.
    expect(rec.keywords.some((k) => k.amount_lost)).toBe(false);
  });

  const board = (B: Record<string, unknown>, target: string, tokens = 1) =>
    sim({
      state: {
        active_player: 'A',
        players: { A: { units: [{ id: 'ha', card: 'GD05-006', damage: 3 }, ...Array.from({ length: tokens }, (_, i) => ({ id: `t${i + 1}`, card: 'T-027' }))] }, B },
      },
      actions: [{ type: 'attack', attacker: 'ha', target }, { type: 'end_turn' }],
    });

  it('a Shield destroyed by its battle damage is an enemy card (4-6-1): a [Pluma] is deployed, and <Repair> counts the tokens (2), recovering 2 at the end of the turn', () => {
    const out = board({ shields: 3, base: null }, 'player');
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['ha', 't1', 'A-token-1']);
    expect(texts(out)).toContain('Hashmal (ha) recovers 2 HP (<Repair 2> at the end of its owner\'s turn), now 1 damage');
    expect(cited(out, /^When it destroys an enemy card with battle damage of Hashmal/)).toContain('4-6-1');
  });

  it('an enemy Unit destroyed by its battle damage too', () => {
    const out = board({ units: [{ id: 'b1', ap: 1, hp: 2, rested: true }] }, 'b1', 0);
    expect(out.destroyed).toContain('b1');
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['ha', 'A-token-1']);
    expect(unitOf(out, 'ha')!.damage).toBe(3); // 3 + 1 battle damage, <Repair 1> recovers 1
  });

  it('nothing destroyed: no token, and with no token in play it has no <Repair> (1-3-2-2)', () => {
    const out = board({ shields: 3, base: { hp: 9 } }, 'player', 0);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['ha']);
    expect(unitOf(out, 'ha')!.keywords).toEqual([]);
    expect(unitOf(out, 'ha')!.damage).toBe(3);
  });

  it('not during the opponent\'s turn ("During your turn"): it destroys the attacker, no token', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'ha', card: 'GD05-006', rested: true }] }, B: { units: [{ id: 'b1', ap: 1, hp: 2 }] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'ha' }],
    });
    expect(out.destroyed).toEqual(['b1']);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['ha']);
    expect(cited(out, /^When it destroys an enemy card with battle damage of Hashmal \(ha\) does not trigger: "it is your turn" does not hold/)).toEqual(['10-1-6-2', '10-2-1']);
  });
});

describe('EB01-028 Gundam Plutone: "【Once per Turn】When another Unit attacks an enemy Unit, if this Unit is rested, the attacking Unit gains <Breach> during this battle."', () => {
  const run = (plRested: boolean, actions: unknown[], a1: Record<string, unknown> = {}) =>
    sim({
      state: {
        active_player: 'A',
        players: {
          A: { units: [{ id: 'pl', card: 'EB01-028', rested: plRested }, { id: 'a1', name: 'Striker', ap: 4, hp: 4, ...a1 }, { id: 'a2', name: 'Second', ap: 4, hp: 4 }] },
          B: { shields: 3, base: null, units: [{ id: 'b1', name: 'Zaku', ap: 1, hp: 2, rested: true }, { id: 'b2', name: 'Dom', ap: 1, hp: 2, rested: true }] },
        },
      },
      actions,
    });
  const attack = (attacker: string, target: string) => ({ type: 'attack', attacker, target });

  it('the attacking Unit gains <Breach> for the battle; its amount was lost, so the Breach damage is left open; the battle end step ends it', () => {
    const out = run(true, [attack('a1', 'b1')]);
    expect(out.legal).toBeNull();
    expect(texts(out).some((t) => /^Striker \(a1\) gains <Breach> during this battle \(Gundam Plutone/.test(t))).toBe(true);
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'a1', rules: ['13-1-2-1'] });
    expect(out.undetermined[0]!.reason).toMatch(/from Gundam Plutone \(pl\)'s effect .*whose amount the card data lost/);
    expect(unitOf(out, 'a1')!.keywords).toEqual([]);
    expect(out.state.players.B.shields).toBe(3);
  });

  it('【Once per Turn】: the second attack gains nothing', () => {
    const out = run(true, [attack('a1', 'b1'), attack('a2', 'b2')], { hp: 9, ap: 1 });
    expect(texts(out).filter((t) => /^\w+ \(a\d\) gains <Breach>/.test(t))).toHaveLength(1);
    expect(texts(out).some((t) => /was already used this turn \(【Once per Turn】\)/.test(t))).toBe(true);
  });

  it('while it is active the "if" fails: nothing is done, so 【Once per Turn】 is not used up (1-3-2-1); once rested, the next attack gains <Breach>', () => {
    const out = run(false, [attack('a1', 'b1'), attack('pl', 'b1'), attack('a2', 'b2')], { ap: 1, hp: 9 });
    expect(out.violations).toEqual([]);
    // Second (AP 4) destroys Dom with the granted <Breach>, whose amount was lost.
    expect(out.undetermined.map((u) => u.unit)).toEqual(['a2']);
    expect(cited(out, /none of its actions was performed, so 【Once per Turn】 is not used up/)).toEqual(['1-3-2-1', '13-2-13-1']);
    expect(texts(out).filter((t) => /^\w+ \(a\d\) gains <Breach>/.test(t))).toEqual([expect.stringMatching(/^Second \(a2\) gains <Breach> during this battle/)]);
    expect(out.events.find((e) => /^When another Unit attacks an enemy Unit of Gundam Plutone \(pl\) triggers/.test(e.text))!.rules).toEqual(['8-2-2', '10-1-6-1', '12-2-6']);
  });

  it('not for an attack on the player, not for its own attack, and not while it is active', () => {
    const player = run(true, [attack('a1', 'player')]);
    expect(texts(player).some((t) => /Gundam Plutone \(pl\) triggers/.test(t))).toBe(false);
    // It attacks itself ("another Unit": not this one) and so is rested when a1 attacks.
    const own = run(false, [attack('pl', 'b1'), attack('a1', 'b2')], { ap: 1, hp: 9 });
    expect(texts(own).filter((t) => /Gundam Plutone \(pl\) triggers/.test(t))).toHaveLength(1);
    expect(texts(own).some((t) => /^Striker \(a1\) gains <Breach>/.test(t))).toBe(true);
    const active = run(false, [attack('a1', 'b1')], { ap: 1, hp: 9 });
    expect(texts(active).some((t) => /^\w+ \(a\d\) gains <Breach>/.test(t))).toBe(false);
    expect(active.legal).toBe(true);
  });
});

describe('EB01-035 Gundam Lfrith Thorn: "When another friendly (G Generation) Unit that is Lv.3 is deployed, this Unit gains <Breach> during this turn."', () => {
  const run = (card: string, attack = true, choices: unknown[] = []) =>
    sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: [card], units: [{ id: 'th', card: 'EB01-035' }] }, B: { shields: 3, units: [{ id: 'b1', name: 'Zaku', ap: 1, hp: 2, rested: true }] } } },
      actions: [{ type: 'deploy', id: 'new', card, choices }, ...(attack ? [{ type: 'attack', attacker: 'th', target: 'b1' }] : [])],
    });

  it('another Lv.3 (G Generation) Unit deployed: it gains <Breach> (amount lost: the Breach damage is left open), the deployed one does not', () => {
    const out = run('EB01-035');
    expect(texts(out).some((t) => /^Gundam Lfrith Thorn \(th\) gains <Breach> during this turn/.test(t))).toBe(true);
    expect(unitOf(out, 'new')!.keywords).toEqual([]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'th', rules: ['13-1-2-1'] });
    expect(out.state.players.B.base).not.toBeNull();
  });

  it('the grant ends with the turn', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['EB01-031'], units: [{ id: 'th', card: 'EB01-035' }] } } },
      actions: [{ type: 'deploy', id: 'new', card: 'EB01-031' }, { type: 'end_turn' }],
    });
    expect(texts(out).some((t) => /^Gundam Lfrith Thorn \(th\) gains <Breach>/.test(t))).toBe(true);
    expect(unitOf(out, 'th')!.keywords).toEqual([]);
  });

  it('not for a Lv.4 (G Generation) Unit', () => {
    // Gundam Astray Gold Frame Amatsu, Lv.4: its own 【Deploy】 gives the new Unit <Repair> (a choice).
    const out = run('EB01-006', false, [{ targets: ['new'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(texts(out).some((t) => /Gundam Lfrith Thorn \(th\) triggers/.test(t))).toBe(false);
    expect(unitOf(out, 'th')!.keywords).toEqual([]);
  });
});

describe('GD05-104 At the Risk of One\'s Life: "【Action】Choose 1 friendly (Shrike Team) Unit. It gains the following effect during this turn: ■【During Link】【Destroyed】Choose 1 friendly (League Militaire) Unit. Set it as active."', () => {
  const run = (linked: boolean, extra: unknown[] = []) =>
    sim({
      state: {
        active_player: 'B',
        players: {
          A: {
            resources: 3,
            hand: ['GD05-104'],
            units: [
              { id: 'gz', card: 'GD04-015', rested: true, pilot: { name: 'Helen Jackson', traits: ['Shrike Team'] }, linked },
              { id: 'jv', card: 'GD05-014', rested: true },
            ],
          },
          B: { units: [{ id: 'b1', name: 'Big', ap: 9, hp: 9 }, { id: 'b2', name: 'Small', ap: 1, hp: 9 }] },
        },
      },
      actions: [{ type: 'attack', attacker: 'b1', target: 'gz', action_step: [{ type: 'play', player: 'A', card: 'GD05-104', choices: [{ targets: ['gz'] }] }], choices: linked ? [{ targets: ['jv'] }] : [] }, ...extra],
    });

  it('the chosen Link Unit, destroyed, has the granted 【Destroyed】: a (League Militaire) Unit is set active (its only other one)', () => {
    const out = run(true);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['gz']);
    expect(unitOf(out, 'jv')!.rested).toBe(false);
    expect(cited(out, /^Gun EZ \(gz\) gains the effect/)).toEqual(['5-16-1', '7-6-6-1']);
    expect(texts(out).some((t) => /^【Destroyed】 of Gun EZ \(gz\) triggers: "【During Link】【Destroyed】Choose 1 friendly \(League Militaire\) Unit\. Set it as active\."/.test(t))).toBe(true);
  });

  it('【During Link】: not a Link Unit when destroyed, so it does not trigger', () => {
    const out = run(false);
    expect(out.destroyed).toEqual(['gz']);
    expect(unitOf(out, 'jv')!.rested).toBe(true);
    expect(texts(out).some((t) => /【Destroyed】 of Gun EZ.* triggers/.test(t))).toBe(false);
    expect(texts(out).some((t) => /【Destroyed】 of Gun EZ.* does not trigger: it is 【During Link】 and Gun EZ \(gz\) is not a Link Unit/.test(t))).toBe(true);
  });

  it('the effect lasts this turn only: destroyed on the next turn, nothing triggers (7-6-6-1)', () => {
    // Played in player A's own battle (gz attacks), then B destroys gz on B's turn.
    const out = sim({
      state: {
        active_player: 'A',
        players: {
          A: { resources: 3, hand: ['GD05-104'], units: [{ id: 'gz', card: 'GD04-015', pilot: { name: 'Helen Jackson', traits: ['Shrike Team'] }, linked: true }, { id: 'jv', card: 'GD05-014', rested: true }] },
          B: { shields: 3, units: [{ id: 'b1', name: 'Big', ap: 9, hp: 9 }] },
        },
      },
      actions: [
        { type: 'attack', attacker: 'gz', target: 'player', action_step: [{ type: 'play', player: 'A', card: 'GD05-104', choices: [{ targets: ['gz'] }] }] },
        { type: 'end_turn' },
        { type: 'attack', attacker: 'b1', target: 'gz' },
      ],
    });
    expect(out.violations).toEqual([]);
    expect(texts(out).some((t) => /^Gun EZ \(gz\) gains the effect/.test(t))).toBe(true);
    expect(out.destroyed).toContain('gz');
    expect(texts(out).some((t) => /【Destroyed】 of Gun EZ/.test(t))).toBe(false);
  });
});

describe('EB01-049 Pale Rider (Ground Heavy Equipment Type): "While a friendly (G Generation) Unit with is in play, this Unit gains <Suppression>."', () => {
  it('the seed lost the keyword after "with" and the publisher data has no EB01 cards to restore it: the ability stays unread, reason source-lost', () => {
    for (const id of ['EB01-049', 'EB01-043']) {
      const rec = cards().byId(id)! as unknown as { effects: string; abilities: { kind: string; reason?: string; unread?: string }[] };
      expect(rec.effects).toBe('partial');
      expect(rec.abilities[0]).toMatchObject({ kind: 'unsupported', reason: 'source-lost' });
      expect(rec.abilities[0]!.unread).toMatch(/Unit with is in/);
      // The corpus build records the hole on the card.
      expect(cards().byId(id)!.flags.some((f) => /^keyword-name-lost: ".*Unit with is in play/.test(f))).toBe(true);
    }
  });

  it('in play it is reported, never run, and the outcome is left open: the lost keyword may be anything', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'pr', card: 'EB01-049' }, { id: 'g', card: 'EB01-016' }] }, B: { shields: 3, base: null } } },
      actions: [{ type: 'attack', attacker: 'pr', target: 'player' }],
    });
    expect(out.not_executed.map((n) => n.card)).toContain('EB01-049');
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ kind: 'not-executed', conclusion: 'outcome', unit: 'pr', card: 'EB01-049' });
  });
});
