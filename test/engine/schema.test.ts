/** The zod input schemas: descriptions on every field, bounds, and messages that name the problem. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDeckInputSchema, simulateRulingInputSchema } from '../../src/engine/index.js';
import { scenario } from './helpers.js';
import { scenarioFormatText } from '../../src/mcp/resources.js';

type Any = z.ZodType;

/** Walks a schema and lists the paths of object properties that carry no description (each schema once: actions nest in an attack's action_step). */
function undescribed(schema: Any, path: string, out: string[], seen = new Set<Any>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const type = def.type as string;
  if (type === 'optional' || type === 'nullable' || type === 'default') return undescribed(def.innerType as Any, path, out, seen);
  if (type === 'array') return undescribed(def.element as Any, `${path}[]`, out, seen);
  if (type === 'union') {
    for (const [i, o] of (def.options as Any[]).entries()) undescribed(o, `${path}|${i}`, out, seen);
    return;
  }
  if (type === 'object') {
    for (const [k, v] of Object.entries(def.shape as Record<string, Any>)) {
      if (!described(v)) out.push(`${path}.${k}`);
      undescribed(v, `${path}.${k}`, out, seen);
    }
  }
}

function described(s: Any): boolean {
  if (s.description) return true;
  const def = (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  return ['optional', 'nullable', 'default'].includes(def.type as string) ? described(def.innerType as Any) : false;
}

const message = (r: { success: boolean; error?: z.ZodError }) => (r.error ? z.prettifyError(r.error) : '');

describe('input schemas', () => {
  it('every input field is explained: in its one-line description, or by name in the scenario format an assistant reads (gundam://docs/scenario-format)', () => {
    const missing: string[] = [];
    undescribed(simulateRulingInputSchema, 'simulate', missing);
    undescribed(checkDeckInputSchema, 'check', missing);
    const format = scenarioFormatText();
    const unexplained = [...new Set(missing.map((p) => p.split('.').pop()!))].filter((field) => !new RegExp(`(?<![\\w-])${field}(?![\\w-])`).test(format));
    expect(unexplained).toEqual([]);
  });

  it('negative damage is rejected with a message naming the field', () => {
    const unit = simulateRulingInputSchema.safeParse(scenario({ units: [{ id: 'a1', ap: 1, hp: 1, damage: -1 }] }, {}, []));
    expect(unit.success).toBe(false);
    expect(message(unit)).toMatch(/damage cannot be negative[\s\S]*state\.players\.A\.units\[0\]\.damage/);
    const action = simulateRulingInputSchema.safeParse(scenario({}, {}, [{ type: 'deal_damage', target: 'a1', amount: -2 }]));
    expect(message(action)).toMatch(/amount cannot be negative/);
  });

  it('bounds: ids 64, strings 200, 12 units, 200 actions, whole numbers up to 1000', () => {
    const cases: [unknown, RegExp][] = [
      [scenario({ units: [{ id: 'x'.repeat(65), ap: 1, hp: 1 }] }, {}, []), /unit id is at most 64 characters/],
      [scenario({ units: [{ id: 'a', name: 'n'.repeat(201) }] }, {}, []), /name is at most 200 characters/],
      [scenario({ units: Array.from({ length: 13 }, (_, i) => ({ id: `u${i}` })) }, {}, []), /at most 12 units per player/],
      [scenario({}, {}, Array.from({ length: 201 }, () => ({ type: 'end_turn' }))), /at most 200 actions/],
      [scenario({ hand: 2.5 }, {}, []), /hand must be a whole number/],
      [scenario({ deck: 1001 }, {}, []), /deck is at most 1000/],
      [scenario({}, {}, [{ type: 'fly' }]), /type/],
      [{ state: { active_player: 'C', players: {} }, actions: [] }, /active_player/],
    ];
    for (const [input, re] of cases) {
      const r = simulateRulingInputSchema.safeParse(input);
      expect(r.success, String(re)).toBe(false);
      expect(message(r)).toMatch(re);
    }
  });

  it('accepts up to 12 units so the engine can report 4-5-4 itself', () => {
    expect(simulateRulingInputSchema.safeParse(scenario({ units: Array.from({ length: 12 }, (_, i) => ({ id: `u${i}` })) }, {}, [])).success).toBe(true);
  });

  it('accepts the documented scenario shapes', () => {
    const ok = simulateRulingInputSchema.safeParse({
      state: {
        active_player: 'B',
        turn: 3,
        players: {
          A: { units: [{ id: 'a1', card: 'GD01-013', pilot: 'ST01-010', linked: true, rested: true, damage: 1 }], base: null, shields: ['ST01-010', { name: 'Plain' }], resources: 4, trash: 2 },
          B: { units: [{ id: 'b1', name: 'X', ap: 3, hp: 3, keywords: ['Breach 3', '<Blocker>'], pilot: { name: 'P', ap: -1, hp: 2 } }], base: { card: 'ST01-015', damage: 1 }, resources: { active: 1, rested: 2, ex: 1 }, trash: ['c1'] },
        },
      },
      actions: [
        { type: 'attack', attacker: 'b1', target: 'player', blocker: 'a1' },
        { type: 'deploy', id: 'n', card: { name: 'Mid', type: 'unit', level: 3, cost: 2, ap: 3, hp: 3 }, replace: 'b1' },
        { type: 'pair', unit: 'b1', pilot: 'Amuro Ray', linked: false },
        { type: 'modify', target: 'b1', ap: -2, duration: 'battle' },
        { type: 'grant', target: 'b1', keyword: 'First Strike', duration: 'turn' },
        { type: 'draw', player: 'A', count: 2 },
        { type: 'support', unit: 'b1', target: 'n' },
        { type: 'end_turn' },
      ],
    });
    expect(ok.success, message(ok)).toBe(true);
  });

  it('check_deck input bounds', () => {
    expect(checkDeckInputSchema.safeParse({ deck: [{ card: 'ST01-001', count: -1 }] }).success).toBe(false);
    expect(checkDeckInputSchema.safeParse({ deck: Array.from({ length: 201 }, () => ({ card: 'ST01-001', count: 1 })) }).success).toBe(false);
    expect(checkDeckInputSchema.safeParse({ deck: [{ card: 'ST01-001', count: 4 }] }).success).toBe(true);
  });

  // A dropped field changes the board silently: without the strict check "power" was ignored and the
  // Unit fought with AP 0, "blocked_by" let the attack through unblocked (8-3-4), and
  // "players.player1" left both sides at the defaults.
  it('unknown fields are refused at every level, naming the field, where it is and the fields accepted there', () => {
    const cases: [unknown, RegExp][] = [
      [scenario({ units: [{ id: 'a1', power: 3, hp: 2 }] }, {}, []), /unknown field "power" in state\.players\.A\.units\[0\]; accepted: id, card, name, ap, hp, /],
      [scenario({ units: [{ id: 'a1', health: 2 }] }, {}, []), /unknown field "health" in state\.players\.A\.units\[0\]; accepted: .*\bdeployed_this_turn\b/],
      [scenario({ units: [{ id: 'a1', ap: 1 }] }, { units: [{ id: 'b1', ap: 1, hp: 1 }] }, [{ type: 'attack', attacker: 'a1', target: 'player', blocked_by: 'b1' }]), /unknown field "blocked_by" in actions\[0\]; accepted: type, attacker, target, blocker/],
      [{ state: { active_player: 'A', players: { player1: {} } }, actions: [] }, /unknown field "player1" in state\.players; accepted: A, B/],
      [{ state: { active_player: 'A', players: {}, step: 'main' }, actions: [] }, /unknown field "step" in state; accepted: active_player, turn, phase, players/],
      [{ state: { active_player: 'A', players: {} }, actions: [], seed: 1 }, /unknown field "seed" in the arguments; accepted: state, actions/],
      [scenario({ shields: 6, life: 3 }, {}, []), /unknown field "life" in state\.players\.A; accepted: units, base, shields, /],
      [scenario({ resources: { active: 2, exhausted: 1 } }, {}, []), /unknown field "exhausted" in state\.players\.A\.resources; accepted: active, rested, ex/],
      [scenario({ units: [{ id: 'a1', pilot: { name: 'P', apBonus: 2 } }] }, {}, []), /unknown field "apBonus" in state\.players\.A\.units\[0\]\.pilot; accepted: id, card, name, ap, hp/],
      [scenario({ units: [{ id: 'a1', link: { pilots: ['Amuro'] } }] }, {}, []), /unknown field "pilots" in state\.players\.A\.units\[0\]\.link; accepted: names, traits/],
      [scenario({ base: { card: 'ST01-015', hp2: 1 } }, {}, []), /unknown field "hp2" in state\.players\.A\.base/],
      [scenario({ shields: [{ name: 'S', burst: true }] }, {}, []), /unknown field "burst" in state\.players\.A\.shields\[0\]/],
      [scenario({}, {}, [{ type: 'deploy', id: 'n', card: { name: 'X', power: 2 } }]), /unknown field "power" in actions\[0\]\.card; accepted: card, name, ap, hp/],
      [scenario({}, {}, [{ type: 'modify', target: 'a1', ap: 1, duration: 'turn', until: 'end' }]), /unknown field "until" in actions\[0\]; accepted: type, target, ap, hp, duration/],
      [scenario({}, {}, [{ type: 'end_turn', player: 'A' }]), /unknown field "player" in actions\[0\]; accepted: type/],
      [scenario({ units: [{ id: 'a1', power: 3, health: 2 }] }, {}, []), /unknown fields "power", "health" in state\.players\.A\.units\[0\]/],
    ];
    for (const [input, re] of cases) {
      const r = simulateRulingInputSchema.safeParse(input);
      expect(r.success, String(re)).toBe(false);
      expect(message(r)).toMatch(re);
    }
  });

  it('check_deck refuses unknown fields the same way', () => {
    const entry = checkDeckInputSchema.safeParse({ deck: [{ card: 'ST01-001', qty: 4 }] });
    expect(message(entry)).toMatch(/unknown field "qty" in deck\[0\]; accepted: card, count/);
    const top = checkDeckInputSchema.safeParse({ deck: [], sideboard: [] });
    expect(message(top)).toMatch(/unknown field "sideboard" in the arguments; accepted: deck, resource_deck/);
  });
});
