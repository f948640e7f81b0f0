/**
 * Property tests over valid-but-odd scenarios (up to 8 Units a side, random keywords and stats,
 * random action sequences, unknown ids): the engine never throws, and the invariants of the issue
 * hold (no negative numbers, at most 6 Units, no damage carried past a Base or Shield, the game
 * ends exactly when a defeat condition holds).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateRuling, simulateRulingInputSchema, simulateRulingOutputSchema, type SimulateRulingOutput } from '../../src/engine/index.js';
import { cards, jaRuleIds, ruleIds } from './helpers.js';

const KEYWORD_SPECS = ['Repair 1', 'Repair 2', 'Breach 1', 'Breach 3', 'Support 1', 'Support 2', 'Blocker', '<Blocker>', 'First Strike', 'first strike', 'High-Maneuver', 'Suppression'];
const CARDS = ['GD01-013', 'GD01-004', 'GD01-034', 'GD02-024', 'T-001', 'ST01-001'];
const IDS = [...Array.from({ length: 8 }, (_, i) => `a${i}`), ...Array.from({ length: 8 }, (_, i) => `b${i}`)];
const TARGETS = [...IDS, 'player', 'zz', 'A.base', 'B.base', 'A.shield', 'B.shield', 'A.resources', 'B.resources', 'B-ex-base'];

const small = (max: number) => fc.integer({ min: 0, max });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** Mostly `common`, sometimes `rare` (unknown ids and the like), so most scenarios get deep. */
const mostly = <T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) => fc.oneof({ weight: 40, arbitrary: common }, { weight: 1, arbitrary: rare });
const seldom = fc.constantFrom(false, false, false, true);

const pilotArb = fc.oneof(
  mostly(fc.constantFrom('ST01-010', 'Amuro Ray', 'GD01-087', 'GD01-103'), fc.constant('NOPE-1')),
  fc.record({ name: fc.constantFrom('Amuro Ray', 'Char', 'Someone'), ap: fc.integer({ min: -2, max: 3 }), hp: fc.integer({ min: -2, max: 3 }), traits: opt(fc.constant(['Clan'])) }, { requiredKeys: ['name'] }),
);

const unitArb = fc.record(
  {
    card: mostly(fc.constantFrom(...CARDS), fc.constant('GD99-999')),
    ap: small(8),
    hp: small(8),
    damage: small(8),
    rested: seldom,
    deployed_this_turn: seldom,
    keywords: fc.subarray(KEYWORD_SPECS, { maxLength: 4 }),
    pilot: pilotArb,
    linked: fc.boolean(),
  },
  { requiredKeys: [] },
);

const withIds = (prefix: string) => fc.array(unitArb, { maxLength: 8 }).map((us) => us.map((u, i) => ({ id: `${prefix}${i}`, ...u })));

const baseArb = fc.oneof(fc.constant(undefined), fc.constant(null), fc.record({ ap: small(3), hp: small(6), damage: small(3), rested: fc.boolean() }, { requiredKeys: [] }));

const playerArb = (prefix: string) =>
  fc.record(
    {
      units: withIds(prefix),
      base: baseArb,
      shields: small(8),
      hand: small(13),
      deck: small(6),
      resources: fc.oneof(small(8), fc.record({ active: small(6), rested: opt(small(6)), ex: opt(small(2)) })),
    },
    { requiredKeys: [] },
  );

const inlineUnit = fc.record({ name: fc.constant('New'), type: fc.constant('unit' as const), level: small(5), cost: small(4), ap: small(6), hp: small(6), keywords: fc.subarray(KEYWORD_SPECS, { maxLength: 2 }) });

/** Actions over the ids in play (mostly), any id or an unknown one (rarely). */
function actionArb(ids: string[]): fc.Arbitrary<object> {
  const someId = mostly(fc.constantFrom(...(ids.length > 0 ? ids : ['a0'])), fc.constantFrom(...IDS, 'zz'));
  const someTarget = mostly(fc.oneof(someId, fc.constantFrom('player', 'player', 'A.base', 'B.base', 'B.shield', 'A.resources')), fc.constantFrom(...TARGETS));
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ type: fc.constant('attack'), attacker: someId, target: someTarget, blocker: opt(someId) }, { requiredKeys: ['type', 'attacker', 'target'] }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('deploy'), id: fc.constantFrom('n1', 'n2', 'n3', 'a0'), card: fc.oneof(mostly(fc.constantFrom(...CARDS, 'ST01-015'), fc.constantFrom('ST01-010', 'GD99-999')), inlineUnit), replace: opt(someId) }, { requiredKeys: ['type', 'id', 'card'] }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('pair'), unit: someId, pilot: pilotArb, linked: opt(fc.boolean()) }, { requiredKeys: ['type', 'unit', 'pilot'] }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constantFrom('deal_damage', 'recover', 'rest', 'set_active'), target: someTarget, amount: opt(small(6)) }, { requiredKeys: ['type', 'target'] }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('destroy'), target: someTarget }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('modify'), target: someId, ap: opt(fc.integer({ min: -4, max: 4 })), hp: opt(fc.integer({ min: -4, max: 4 })), duration: fc.constantFrom('turn', 'battle') }, { requiredKeys: ['type', 'target', 'duration'] }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('grant'), target: someId, keyword: mostly(fc.constantFrom(...KEYWORD_SPECS), fc.constant('Nope')), duration: fc.constantFrom('turn', 'battle') }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('draw', 'discard'), player: fc.constantFrom('A', 'B'), count: small(4) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('support'), unit: someId, target: someId }) },
    { weight: 2, arbitrary: fc.constant({ type: 'end_turn' }) },
  );
}

const stateArb = fc.record({ active_player: fc.constantFrom('A', 'B'), players: fc.record({ A: playerArb('a'), B: playerArb('b') }) });

const scenarioArb = stateArb.chain((state) => {
  const ids = [...(state.players.A.units ?? []), ...(state.players.B.units ?? [])].map((u) => u.id);
  return fc.record({ state: fc.constant(state), actions: fc.array(actionArb(ids), { maxLength: 12 }) });
});

/** Battle-heavy scenarios: A attacks with active Units, B's Units are often rested, blockers optional. */
const battleArb = fc
  .record({
    a: fc.array(fc.record({ ap: small(7), hp: fc.integer({ min: 1, max: 7 }), keywords: fc.subarray(KEYWORD_SPECS, { maxLength: 3 }) }), { minLength: 1, maxLength: 6 }),
    b: fc.array(fc.record({ ap: small(7), hp: fc.integer({ min: 1, max: 7 }), rested: fc.boolean(), keywords: fc.subarray(KEYWORD_SPECS, { maxLength: 3 }) }), { maxLength: 6 }),
    base: baseArb,
    shields: small(4),
    deck: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ a, b, base, shields, deck }) => {
    const aIds = a.map((_, i) => `a${i}`);
    const bIds = b.map((_, i) => `b${i}`);
    const target = bIds.length > 0 ? fc.oneof(fc.constant('player'), fc.constantFrom(...bIds)) : fc.constant('player');
    const blocker = bIds.length > 0 ? opt(fc.constantFrom(...bIds)) : fc.constant(undefined);
    const act = fc.oneof(
      { weight: 6, arbitrary: fc.record({ type: fc.constant('attack'), attacker: fc.constantFrom(...aIds), target, blocker }, { requiredKeys: ['type', 'attacker', 'target'] }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('modify'), target: fc.constantFrom(...aIds), ap: fc.integer({ min: -3, max: 3 }), duration: fc.constantFrom('turn', 'battle') }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('grant'), target: fc.constantFrom(...aIds), keyword: fc.constantFrom(...KEYWORD_SPECS), duration: fc.constantFrom('turn', 'battle') }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('set_active'), target: fc.constantFrom(...aIds) }) },
    );
    return fc.record({
      state: fc.constant({
        active_player: 'A',
        players: {
          A: { units: a.map((u, i) => ({ id: aIds[i], ...u })), deck },
          B: { units: b.map((u, i) => ({ id: bIds[i], ...u })), base, shields, deck },
        },
      }),
      actions: fc.array(act, { maxLength: 8 }),
    });
  });

/** Effect-heavy scenarios: a nearly full battle area, enough Resources, deploys and effect primitives. */
const effectsArb = fc
  .record({
    a: fc.array(fc.record({ ap: small(5), hp: fc.integer({ min: 1, max: 6 }), damage: small(3), keywords: fc.subarray(KEYWORD_SPECS, { maxLength: 2 }) }), { minLength: 3, maxLength: 6 }),
    b: fc.array(fc.record({ ap: small(5), hp: fc.integer({ min: 1, max: 6 }), damage: small(3) }), { maxLength: 4 }),
  })
  .map(({ a, b }) => ({ a: a.map((u) => ({ ...u, damage: Math.min(u.damage, u.hp - 1) })), b: b.map((u) => ({ ...u, damage: Math.min(u.damage, u.hp - 1) })) }))
  .chain(({ a, b }) => {
    const ids = [...a.map((_, i) => `a${i}`), ...b.map((_, i) => `b${i}`)];
    const target = fc.constantFrom(...ids, 'A.base', 'B.base', 'B.shield', 'A.resources');
    const act = fc.oneof(
      { weight: 3, arbitrary: fc.record({ type: fc.constant('deploy'), id: fc.constantFrom('n1', 'n2', 'n3', 'n4'), card: inlineUnit, replace: opt(fc.constantFrom(...ids)) }, { requiredKeys: ['type', 'id', 'card'] }) },
      { weight: 3, arbitrary: fc.record({ type: fc.constantFrom('deal_damage', 'recover'), target, amount: small(7) }) },
      { weight: 2, arbitrary: fc.record({ type: fc.constant('modify'), target: fc.constantFrom(...ids), ap: fc.integer({ min: -6, max: 3 }), hp: fc.integer({ min: -6, max: 3 }), duration: fc.constantFrom('turn', 'battle') }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('rest', 'set_active', 'destroy'), target }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('draw', 'discard'), player: fc.constantFrom('A', 'B'), count: small(4) }) },
      { weight: 1, arbitrary: fc.constant({ type: 'end_turn' }) },
    );
    return fc.record({
      state: fc.constant({
        active_player: 'A',
        players: {
          A: { units: a.map((u, i) => ({ id: `a${i}`, ...u })), resources: 10, hand: 8, deck: 4 },
          B: { units: b.map((u, i) => ({ id: `b${i}`, ...u })), resources: 10, deck: 4 },
        },
      }),
      actions: fc.array(act, { maxLength: 10 }),
    });
  });

/** All generators: odd scenarios, battle-heavy and effect-heavy ones. */
const anyScenario = fc.oneof(scenarioArb, battleArb, effectsArb);

function run(input: unknown): SimulateRulingOutput {
  const parsed = simulateRulingInputSchema.safeParse(input);
  if (!parsed.success) throw new Error('generator produced invalid input: ' + parsed.error.message);
  return simulateRuling(parsed.data, cards());
}

const setupRejected = (out: SimulateRulingOutput) => out.violations.some((v) => v.action === null);

describe('engine properties', () => {
  it('never throws, answers in the output schema, and cites only existing rules', () => {
    fc.assert(
      fc.property(anyScenario, (input) => {
        const out = run(input);
        simulateRulingOutputSchema.parse(out);
        expect(out.violations.filter((v) => v.kind === 'internal')).toEqual([]);
        for (const r of out.rules_cited) expect(ruleIds().has(r) || jaRuleIds().has(r), r).toBe(true);
        expect(out.violations.length).toBeLessThanOrEqual(1);
        expect(out.legal).toBe(out.violations.length === 0);
      }),
      { numRuns: 400 },
    );
  });

  it('no negative damage, HP, AP or counts; at most 6 Units; damage never above what a card can take', () => {
    fc.assert(
      fc.property(anyScenario, (input) => {
        const out = run(input);
        for (const p of Object.values(out.state.players)) {
          for (const n of [p.shields, p.hand, p.deck, p.resources.active, p.resources.rested, p.resources.ex, p.resource_deck]) expect(n).toBeGreaterThanOrEqual(0);
          for (const u of p.units) {
            expect(u.ap).toBeGreaterThanOrEqual(0);
            expect(u.hp).toBeGreaterThanOrEqual(0);
            expect(u.damage).toBeGreaterThanOrEqual(0);
            if (!setupRejected(out) && !out.game_over) expect(u.damage).toBeLessThan(u.hp); // 11-3-1 lethal damage never stays in play
          }
          if (p.base) {
            expect(p.base.damage).toBeGreaterThanOrEqual(0);
            if (!setupRejected(out) && !out.game_over) expect(p.base.damage).toBeLessThan(p.base.hp);
          }
          if (!setupRejected(out)) expect(p.units.length).toBeLessThanOrEqual(6);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('one attack removes at most one Shield (two with Suppression), and none while a Base stands', () => {
    let checked = 0;
    fc.assert(
      fc.property(battleArb, ({ state, actions }) => {
        // Replays each attack on top of the actions before it and compares B's Shields around it.
        for (const [k, action] of actions.entries()) {
          if ((action as { type: string }).type !== 'attack') continue;
          const before = run({ state, actions: actions.slice(0, k) });
          const after = run({ state, actions: actions.slice(0, k + 1) });
          if (before.game_over || !before.legal || after.actions_applied !== k + 1) break;
          checked++;
          const b0 = before.state.players.B;
          const lost = b0.shields - after.state.players.B.shields;
          const attacker = before.state.players.A.units.find((u) => u.id === (action as { attacker: string }).attacker);
          expect(lost).toBeGreaterThanOrEqual(0);
          if (b0.base) expect(lost).toBe(0); // 8-5-2-4, 13-1-2-2, 5-5-6
          expect(lost).toBeLessThanOrEqual(attacker?.keywords.includes('Suppression') ? 2 : 1);
          if (after.state.players.B.base) expect(after.state.players.B.base.damage).toBeLessThan(after.state.players.B.base.hp);
        }
      }),
      { numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(100); // the generator really reaches attacks (about 230 on average)
  });

  it('the game ends exactly when a defeat condition holds, and the winner is the other player', () => {
    fc.assert(
      fc.property(anyScenario, (input) => {
        const out = run(input);
        if (setupRejected(out)) return;
        const players = out.state.players;
        const deckOut = (['A', 'B'] as const).filter((p) => players[p].deck === 0);
        const battleDefeat = out.events.some((e) => e.rules.includes('11-2-1-1'));
        const hitWithoutShields = out.events.some((e) => e.rules.includes('1-2-2-1'));
        expect(hitWithoutShields).toBe(battleDefeat);
        expect(out.game_over).toBe(deckOut.length > 0 || battleDefeat);
        for (const p of deckOut) expect(out.defeated).toContain(p);
        for (const p of out.defeated) expect(players[p].deck === 0 || battleDefeat).toBe(true);
        if (out.defeated.length === 1) expect(out.winner).toBe(out.defeated[0] === 'A' ? 'B' : 'A');
        else expect(out.winner).toBeNull();
        if (out.game_over) expect(out.actions_applied).toBeLessThanOrEqual(input.actions.length);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and does not change its input', () => {
    fc.assert(
      fc.property(anyScenario, (input) => {
        const copy = structuredClone(input);
        const a = run(input);
        const b = run(input);
        expect(b).toEqual(a);
        expect(input).toEqual(copy);
      }),
      { numRuns: 100 },
    );
  });
});
