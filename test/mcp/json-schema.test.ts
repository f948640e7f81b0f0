/**
 * The published JSON Schemas (src/mcp/json-schema.ts) against the zod schemas the server checks
 * with: every scenario and deck the server accepts, the published input schema accepts too, and
 * the published output schemas are as strict as zod's at the top level and keep the structure below
 * it (docs/tools.md, "Output schemas").
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
    const actions = (published('simulate_ruling').inputSchema as { $defs: { Action: { properties: { type: { enum: string[] } }; description: string } } }).$defs.Action;
    expect(actions.properties.type.enum).toEqual(expect.arrayContaining(['attack', 'deploy', 'pair', 'play', 'activate', 'end_turn']));
    expect(actions.description).toMatch(/attack\(attacker,target,blocker\?,action_step\?\)/);
    // Variants with the same fields share a signature; an optional field of many is named once.
    expect(actions.description).toMatch(/deal_damage\|rest\|set_active\|recover\(target,amount\?\)/);
    expect(actions.description).toMatch(/use_ex\? on deploy\|pair\|play\|activate/);
  });

  it("publish an attack's action_step as a reference to the same action shape (the engine, not the schema, says what is legal there)", () => {
    const input = published('simulate_ruling').inputSchema as { properties: { actions: { items: unknown } }; $defs: Record<string, { properties: { action_step: { items: unknown } } }> };
    expect(input.properties.actions.items).toEqual({ $ref: '#/$defs/Action' });
    expect(input.$defs.Action!.properties.action_step.items).toEqual({ $ref: '#/$defs/Action' });
  });
});

describe('published output schemas', () => {
  it('are exact at the top level and keep the structure below it: a real answer passes; a stray, mistyped or missing top-level field, a missing nested field or a value outside an enum fails', () => {
    const data = loadCorpusFromMarkdown();
    const answer = simulateRuling(simulateRulingInputSchema.parse(rulings[0]!.input), createCardLookup(data.cards));
    const validate = ajv.compile(published('simulate_ruling').outputSchema);
    expect(validate(answer), ajv.errorsText(validate.errors)).toBe(true);
    const mutate = (f: (a: Record<string, any>) => void) => {
      const copy = structuredClone(answer) as Record<string, any>;
      f(copy);
      return copy;
    };
    expect(validate(mutate((a) => (a.extra = 1)))).toBe(false);
    expect(validate(mutate((a) => (a.legal = 'yes')))).toBe(false);
    expect(validate(mutate((a) => delete a.events))).toBe(false);
    expect(validate(mutate((a) => (a.winner = 'C')))).toBe(false);
    expect(validate(mutate((a) => delete a.state.players.A.trash))).toBe(false);
    expect(validate(mutate((a) => (a.state.players = 'none')))).toBe(false);
    expect(validate(mutate((a) => (a.events[0].phase = 'lunch')))).toBe(false);
    expect(validate(mutate((a) => (a.violations = [{ action: null, action_type: null, reason: 'x', rules: [], kind: 'rule' }])))).toBe(true);
    // What the relaxation gives up (docs/tools.md): a nested leaf field's type, and extra nested fields.
    expect(validate(mutate((a) => (a.state.players.B.shields = 'six')))).toBe(true);
    expect(validate(mutate((a) => (a.state.players.A.extra = 1)))).toBe(true);
  });

  it("keep every tool's top-level fields typed and required as zod has them", () => {
    for (const tool of TOOLS) {
      const exact = z.toJSONSchema(tool.output, { target: 'draft-2020-12', io: 'output' }) as { properties: Record<string, unknown>; required: string[] };
      const schema = published(tool.name).outputSchema as { properties: Record<string, { type?: string; anyOf?: unknown; $ref?: string; enum?: unknown }>; required: string[]; additionalProperties: unknown };
      expect(schema.required, tool.name).toEqual(exact.required);
      expect(Object.keys(schema.properties), tool.name).toEqual(Object.keys(exact.properties));
      expect(schema.additionalProperties, tool.name).toBe(false);
      for (const [field, s] of Object.entries(schema.properties)) expect(s.type ?? s.anyOf ?? s.$ref ?? s.enum, `${tool.name}.${field}`).toBeDefined();
    }
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

  it('publishes an output object one level down as its required fields plus its object and enum fields; deeper ones without required', () => {
    const inner = z.object({ id: z.string(), score: z.number().nullable(), note: z.string().optional(), kind: z.enum(['a', 'b']), child: z.object({ x: z.number() }).nullable() });
    const json = toolJsonSchema(z.object({ name: z.string(), items: z.array(inner) }), 'output');
    expect(json).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { kind: { enum: ['a', 'b'] }, child: { anyOf: [{ type: 'object' }, { type: 'null' }] } },
            required: ['id', 'score', 'kind', 'child'],
          },
        },
      },
      required: ['name', 'items'],
      additionalProperties: false,
    });
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
    const json = toolJsonSchema(z.object({ a: Player, b: Player, c: z.array(z.string()), d: z.array(z.string()) }), 'input') as { $defs: Record<string, unknown> };
    expect(Object.keys(json.$defs)).toEqual(expect.arrayContaining(['TestPlayer']));
    expect(JSON.stringify(json).match(/"score":/g)).toHaveLength(1);
  });
});
