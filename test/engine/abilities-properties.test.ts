/**
 * Property tests for card abilities: random boards of real catalog cards whose abilities compile,
 * random plays, activations, attacks with action steps, and random (often wrong) choices. The engine
 * never fails internally, the answer parses, and an illegal action leaves exactly the state the
 * actions before it produced (validate-then-apply holds even when a choice deep in an ability is
 * the problem).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateRuling, simulateRulingInputSchema, simulateRulingOutputSchema } from '../../src/engine/index.js';
import { cards, corpus } from './helpers.js';

const full = corpus().cards.filter((c) => c.base_id === null && (c as { effects?: string }).effects === 'full');
const UNITS = full.filter((c) => c.type === 'unit').map((c) => c.id);
const COMMANDS = full.filter((c) => c.type === 'command').map((c) => c.id);
const PILOTS = full.filter((c) => c.type === 'pilot').map((c) => c.id);
const SHIELDS = full.filter((c) => /【Burst】/.test(c.text)).map((c) => c.id);
const IDS = ['a0', 'a1', 'a2', 'b0', 'b1', 'b2', 'n1', 'n2'];

const pick = (list: string[]) => fc.constantFrom(...list);
const small = (max: number) => fc.integer({ min: 0, max });
const choiceArb = fc.oneof(
  fc.record({ targets: fc.subarray(IDS, { maxLength: 2 }) }),
  fc.record({ use: fc.boolean() }),
  fc.record({ cards: fc.subarray([...COMMANDS.slice(0, 3), ...UNITS.slice(0, 3)], { maxLength: 1 }) }),
);
const choices = fc.option(fc.array(choiceArb, { maxLength: 3 }), { nil: undefined });

const unitsOf = (prefix: string) =>
  fc.array(fc.record({ card: pick(UNITS), rested: fc.boolean(), damage: small(2), pilot: fc.option(pick(PILOTS), { nil: undefined }) }, { requiredKeys: ['card'] }), { maxLength: 3 }).map((us) =>
    us.map((u, i) => ({ id: `${prefix}${i}`, ...u })),
  );

const playerArb = (prefix: string) =>
  fc.record({
    units: unitsOf(prefix),
    resources: small(10),
    shields: fc.array(pick(SHIELDS), { maxLength: 3 }),
    trash: fc.array(pick([...COMMANDS, ...UNITS]), { maxLength: 5 }),
    hand: small(6),
  });

const stepArb = fc.oneof(
  fc.record({ type: fc.constant('play'), player: fc.constantFrom('A', 'B'), card: pick(COMMANDS), choices }),
  fc.record({ type: fc.constant('activate'), source: pick(IDS), choices }),
);

const actionArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('play'), card: pick(COMMANDS), choices }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('activate'), source: pick(IDS), choices }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('deploy'), id: fc.constantFrom('n1', 'n2'), card: pick(UNITS), choices }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('pair'), unit: pick(IDS), pilot: pick(PILOTS), choices }) },
  {
    weight: 3,
    arbitrary: fc.record(
      { type: fc.constant('attack'), attacker: pick(IDS), target: fc.constantFrom('player', ...IDS), action_step: fc.array(stepArb, { maxLength: 2 }), choices },
      { requiredKeys: ['type', 'attacker', 'target'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('destroy'), target: fc.constantFrom(...IDS, 'B.shield', 'A.shield'), choices }) },
  { weight: 1, arbitrary: fc.constant({ type: 'end_turn' }) },
);

const scenarioArb = fc.record({
  state: fc.record({ active_player: fc.constantFrom('A', 'B'), players: fc.record({ A: playerArb('a'), B: playerArb('b') }) }),
  actions: fc.array(actionArb, { maxLength: 5 }),
});

describe('card abilities under random play', () => {
  it('never fails internally, always parses, and an illegal action leaves the state of the actions before it', () => {
    fc.assert(
      fc.property(scenarioArb, (raw) => {
        const input = simulateRulingInputSchema.parse(raw);
        const out = simulateRuling(input, cards());
        expect(out.violations.filter((v) => v.kind === 'internal')).toEqual([]);
        simulateRulingOutputSchema.parse(out);
        for (const side of [out.state.players.A, out.state.players.B]) {
          expect(side.units.length).toBeLessThanOrEqual(6);
          for (const u of side.units) expect(u.damage).toBeGreaterThanOrEqual(0);
          expect(side.hand).toBeGreaterThanOrEqual(side.hand_cards.length);
          expect(Math.min(side.resources.active, side.resources.rested, side.resources.ex, side.deck, side.hand)).toBeGreaterThanOrEqual(0);
        }
        const bad = out.violations[0];
        if (bad && bad.action !== null) {
          const before = simulateRuling({ ...input, actions: input.actions.slice(0, bad.action) }, cards());
          expect(out.state).toEqual(before.state);
        }
      }),
      { numRuns: 300, seed: 20261130 },
    );
  });
});
