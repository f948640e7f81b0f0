/**
 * The engine's bounds: card text the caller writes can loop for ever or cascade for millions of
 * steps. A loop is an answer (undetermined, naming the abilities that repeat), an exhausted budget
 * says how large it got, long logs are cut with a count, and every answer stays small.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENTS_SHOWN_HEAD, EVENTS_SHOWN_TAIL, MAX_EVENTS, MAX_RESOLUTIONS, readEngineBudget } from '../../src/engine/bounds.js';
import { sim } from './helpers.js';

const HEAL = 'When this Unit receives damage, this Unit recovers 1 HP.';
const SPLASH = 'When this Unit receives damage, deal 1 damage to all Units.';
const ONE_MB = 1024 * 1024;

function unit(id: string, text: string, hp = 5) {
  return { id, name: `Test ${id}`, ap: 1, hp, text };
}

describe('loops', () => {
  it('a Unit that heals and splashes on damage loops: undetermined, naming both abilities, with no rule that ends it', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1', `${HEAL}\n${SPLASH}`)] }, B: {} } },
      actions: [{ type: 'deal_damage', target: 'a1', amount: 1 }, { type: 'end_turn' }],
    });
    expect(out.undetermined).toHaveLength(1);
    const u = out.undetermined[0]!;
    expect(u.kind).toBe('loop');
    expect(u.action).toBe(0);
    expect(u.reason).toMatch(/Comprehensive Rules have no rule that ends a loop/);
    expect(u.abilities.some((a) => a.includes(HEAL))).toBe(true);
    expect(u.abilities.some((a) => a.includes(SPLASH))).toBe(true);
    // It is an answer, not an input or rule violation; the later action was not performed.
    expect(out.violations).toEqual([]);
    expect(out.actions_applied).toBe(0);
    expect(out.state.turn).toBe(1);
    expect(out.events.at(-1)!.text).toMatch(/^Stopped: endless loop/);
    expect(JSON.stringify(out).length).toBeLessThan(ONE_MB);
  });

  it('two Units that heal each other through damage loop too, across both players', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1', `${HEAL}\n${SPLASH}`, 9)] }, B: { units: [unit('b1', HEAL, 9)] } } },
      actions: [{ type: 'deal_damage', target: 'b1', amount: 1 }],
    });
    // b1 heals and ends the chain at once: no loop there; the splash only comes from a1.
    expect(out.undetermined.every((u) => u.kind === 'loop' || u.kind === 'too-large')).toBe(true);
    expect(JSON.stringify(out).length).toBeLessThan(ONE_MB);
  });
});

describe('budgets', () => {
  it('a finite cascade too large to play out stops with its size, a cut log and a small answer', () => {
    const side = (p: string) => [1, 2, 3, 4, 5, 6].map((i) => unit(`${p}${i}`, SPLASH, 1000));
    const out = sim({
      state: { active_player: 'A', players: { A: { units: side('a') }, B: { units: side('b') } } },
      // The last action is illegal: it is never reached, and the legal prefix is not replayed.
      actions: [{ type: 'deal_damage', target: 'a1', amount: 1 }, { type: 'attack', attacker: 'zz', target: 'player' }],
    });
    expect(out.undetermined).toHaveLength(1);
    const u = out.undetermined[0]!;
    expect(u.kind).toBe('too-large');
    expect(u.reason).toMatch(new RegExp(`too large to simulate \\(${MAX_EVENTS + 1} events`));
    expect(u.abilities.length).toBeGreaterThan(0);
    expect(out.violations).toEqual([]);
    expect(out.events).toHaveLength(EVENTS_SHOWN_HEAD + 1 + EVENTS_SHOWN_TAIL);
    expect(out.events_omitted).toBe(MAX_EVENTS + 1 - EVENTS_SHOWN_HEAD - EVENTS_SHOWN_TAIL);
    expect(out.events[EVENTS_SHOWN_HEAD]!.text).toBe(`… ${out.events_omitted} events not shown …`);
    expect(JSON.stringify(out).length).toBeLessThan(ONE_MB);
  });

  it('an ordinary chain that ends by itself is settled and logged whole', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [unit('a1', SPLASH, 3)] }, B: { units: [unit('b1', SPLASH, 3)] } } },
      actions: [{ type: 'deal_damage', target: 'a1', amount: 1 }],
    });
    expect(out.undetermined).toEqual([]);
    expect(out.events_omitted).toBe(0);
    expect(out.destroyed.sort()).toEqual(['a1', 'b1']);
  });
});

describe('any card text a caller writes', () => {
  const sentences = [
    HEAL,
    SPLASH,
    'When this Unit receives damage, draw 1.',
    'When this Unit receives damage, choose 1 enemy Unit. Deal 1 damage to it.',
    '【Destroyed】Deal 1 damage to all Units.',
    'When this Unit receives damage, rest this Unit.',
    'When this Unit receives damage, set this Unit as active.',
  ];
  it('is always answered: settled or undetermined, never an internal error, never over 1 MB', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.subarray(sentences, { minLength: 1 }), fc.integer({ min: 1, max: 400 })), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.subarray(sentences, { minLength: 1 }), fc.integer({ min: 1, max: 400 })), { maxLength: 4 }),
        (mine, theirs) => {
          const out = sim({
            state: {
              active_player: 'A',
              players: {
                A: { units: mine.map(([t, hp], i) => unit(`a${i}`, t.join('\n'), hp)) },
                B: { units: theirs.map(([t, hp], i) => unit(`b${i}`, t.join('\n'), hp)) },
              },
            },
            actions: [{ type: 'deal_damage', target: 'a0', amount: 1 }],
          });
          expect(out.violations.filter((v) => v.kind === 'internal')).toEqual([]);
          expect(JSON.stringify(out).length).toBeLessThan(ONE_MB);
          expect(out.events.length).toBeLessThanOrEqual(EVENTS_SHOWN_HEAD + 1 + EVENTS_SHOWN_TAIL);
        },
      ),
      { numRuns: 20, seed: 19 },
    );
  });
});

describe('the budget setting', () => {
  it('defaults to 3000 events and 1000 resolutions; ENGINE_MAX_* raise or lower it; a bad value is an error naming the range', () => {
    expect(readEngineBudget({})).toEqual({ events: MAX_EVENTS, resolutions: MAX_RESOLUTIONS });
    expect(readEngineBudget({ ENGINE_MAX_EVENTS: ' 20000 ', ENGINE_MAX_RESOLUTIONS: '500' })).toEqual({ events: 20000, resolutions: 500 });
    for (const bad of ['50', '1e3', 'many', '-1', '100000001']) {
      expect(() => readEngineBudget({ ENGINE_MAX_EVENTS: bad }), bad).toThrow(/ENGINE_MAX_EVENTS must be an integer from 100 to 100000000/);
    }
    expect(() => readEngineBudget({ ENGINE_MAX_RESOLUTIONS: '0' })).toThrow(/ENGINE_MAX_RESOLUTIONS/);
  });
});
