/**
 * The published JSON Schemas (src/mcp/json-schema.ts) against the zod schemas the server checks
 * with: every scenario and deck the server accepts, the published input schema accepts too, and
 * the published output schemas are as strict as zod's (a stray or mistyped field is refused).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { TOOLS, toolSchemas } from '../../src/mcp/server.js';
import { toolJsonSchema } from '../../src/mcp/json-schema.js';
import { checkDeckInputSchema, simulateRuling, simulateRulingInputSchema, createCardLookup } from '../../src/engine/index.js';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { readJsonl } from '../engine/helpers.js';
import { EXTRA_RULINGS } from '../engine/scenarios.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });
const published = (name: string) => toolSchemas(TOOLS.find((t) => t.name === name)!);
const fixtures = path.join(import.meta.dirname, '..', 'engine', 'fixtures');
const rulings = [...readJsonl<{ name: string; input: unknown }>(path.join(fixtures, 'rulings-dev.jsonl')), ...EXTRA_RULINGS];
const decks = readJsonl<{ name: string; input: unknown }>(path.join(fixtures, 'decks-dev.jsonl'));

describe('published input schemas', () => {
  it('accept every scenario and deck list the server accepts (the engine fixtures)', () => {
    const simulate = ajv.compile(published('simulate_ruling').inputSchema);
    const deck = ajv.compile(published('check_deck').inputSchema);
    let checked = 0;
    for (const c of rulings) {
      if (!simulateRulingInputSchema.safeParse(c.input).success) continue;
      checked++;
      expect(simulate(c.input), `${c.name}: ${ajv.errorsText(simulate.errors)}`).toBe(true);
    }
    for (const c of decks) {
      if (!checkDeckInputSchema.safeParse(c.input).success) continue;
      checked++;
      expect(deck(c.input), `${c.name}: ${ajv.errorsText(deck.errors)}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("publish simulate_ruling's actions as one object whose description gives each type's fields", () => {
    const actions = (published('simulate_ruling').inputSchema as { properties: { actions: { items: { properties: { type: { enum: string[] } }; description: string } } } }).properties.actions.items;
    expect(actions.properties.type.enum).toEqual(expect.arrayContaining(['attack', 'deploy', 'pair', 'play', 'activate', 'end_turn']));
    expect(actions.description).toMatch(/attack\(attacker, target, blocker\?, action_step\?\)/);
    expect(actions.description).toMatch(/deal_damage\(target, amount\?\)/);
  });
});

describe('published output schemas', () => {
  it('are as strict as zod: a real answer passes, a stray field, a wrong type or a missing field anywhere fails', () => {
    const data = loadCorpusFromMarkdown();
    const answer = simulateRuling(simulateRulingInputSchema.parse(rulings[0]!.input), createCardLookup(data.cards));
    const validate = ajv.compile(published('simulate_ruling').outputSchema);
    expect(validate(answer), ajv.errorsText(validate.errors)).toBe(true);
    const mutate = (f: (a: Record<string, any>) => void) => {
      const copy = structuredClone(answer) as Record<string, any>;
      f(copy);
      return copy;
    };
    expect(validate(mutate((a) => (a.state.players.A.extra = 1)))).toBe(false);
    expect(validate(mutate((a) => (a.state.players.B.shields = 'six')))).toBe(false);
    expect(validate(mutate((a) => delete a.state.players.A.trash))).toBe(false);
    expect(validate(mutate((a) => (a.winner = 'C')))).toBe(false);
    expect(validate(mutate((a) => (a.violations = [{ action: null, action_type: null, reason: 'x', rules: [], kind: 'rule' }])))).toBe(true);
  });
});

describe('toolJsonSchema', () => {
  it('splits a type array into anyOf branches, each with its own keywords', () => {
    const json = toolJsonSchema(z.object({ a: z.string().max(9).nullable(), b: z.number().int().min(0).nullable() }), 'output');
    expect(JSON.stringify(json)).not.toMatch(/"type":\[/);
    const v = ajv.compile(json);
    expect(v({ a: null, b: 3 })).toBe(true);
    expect(v({ a: 'x'.repeat(10), b: 3 })).toBe(false);
    expect(v({ a: 'x', b: -1 })).toBe(false);
  });

  it("leaves out zod's safe-integer bounds on an integer, and keeps real ones", () => {
    const json = toolJsonSchema(z.object({ n: z.number().int(), m: z.number().int().min(0) }), 'output');
    expect(JSON.stringify(json)).not.toMatch(/9007199254740991/);
    expect((json as { properties: { m: { minimum?: number } } }).properties.m.minimum).toBe(0);
  });

  it('writes an output enum without its type (the same values pass), an input enum with it', () => {
    const shape = z.object({ language: z.enum(['en', 'ja']) });
    expect(toolJsonSchema(shape, 'output').properties).toEqual({ language: { enum: ['en', 'ja'] } });
    expect(toolJsonSchema(shape, 'input').properties).toEqual({ language: { type: 'string', enum: ['en', 'ja'] } });
  });

  it('refuses to publish a schema that accepts anything', () => {
    expect(() => toolJsonSchema(z.object({ anything: z.unknown() }), 'output', 'bad')).toThrow(/accepts any value/);
  });

  it("does not lend a named shape's description to another field of the same shape", () => {
    const Rules = z.array(z.string()).describe('Rule numbers').meta({ id: 'TestRules' });
    const json = toolJsonSchema(z.object({ a: Rules, b: Rules, colors: z.array(z.string()), names: z.array(z.string()) }), 'output') as { properties: Record<string, { $ref?: string }> };
    expect(json.properties.a!.$ref).toBe('#/$defs/TestRules');
    expect(json.properties.colors!.$ref).not.toBe('#/$defs/TestRules');
    expect(json.properties.names!.$ref).not.toBe('#/$defs/TestRules');
  });

  it('shares a repeated shape once, and a shape named with .meta({ id }) under its name', () => {
    const Player = z.object({ name: z.string(), score: z.number().nullable() }).meta({ id: 'TestPlayer' });
    const json = toolJsonSchema(z.object({ a: Player, b: Player, c: z.array(z.string()), d: z.array(z.string()) }), 'output') as { $defs: Record<string, unknown> };
    expect(Object.keys(json.$defs)).toEqual(expect.arrayContaining(['TestPlayer']));
    expect(JSON.stringify(json).match(/"score":/g)).toHaveLength(1);
  });
});
