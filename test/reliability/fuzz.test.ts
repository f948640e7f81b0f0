/**
 * Hostile input through the real MCP client over HTTP: generated garbage and generated
 * valid-but-odd arguments for every tool tools/list returns (exactly the tools in TOOLS), raw garbage bodies, and targeted cases whose error message must name the field and
 * what it accepts. Whatever arrives: an answer (a result, an isError result or a JSON-RPC error),
 * never a crash, a hang, a 5xx, a stack trace or an unhandled rejection in the server.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { TOOLS } from '../../src/mcp/server.js';
import { httpClient, httpServer, post, session as newSession, type HttpServer } from '../helpers/servers.js';
import { fromSchema, garbageArguments, garbageValue, nastyStrings, type JsonSchema } from './arbitraries.js';
import { assertNoLeak, serverTrouble } from './leaks.js';

/** Runs per property; FUZZ_RUNS raises it for a longer soak. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const MAX_BODY = 1024 * 1024;
/** Time for a property over every tool: generous, since it scales with RUNS. */
const PROPERTY_TIMEOUT = 60_000 + RUNS * 1_000;

let server: HttpServer;
let client: Client;
let tools: Tool[];
const zodInput = new Map<string, z.ZodType>(TOOLS.map((t) => [t.name as string, t.input as z.ZodType]));

type Result = { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: unknown };

/** The text of a result's content blocks, one per line. */
const resultText = (r: Result): string => (r.content ?? []).map((c) => c.text ?? '').join('\n');

beforeAll(async () => {
  // The storm below opens 200 connections at once from 127.0.0.1: past the per-address cap (tested
  // in abuse.test.ts), which this file is not about.
  server = await httpServer({ RATE_LIMIT_PER_MINUTE: '1000000', MAX_BODY_BYTES: String(MAX_BODY), MAX_CONNECTIONS_PER_ADDRESS: '0' });
  client = await httpClient(server.url);
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client?.close();
  const code = await server.stop();
  expect(code).toBe(0);
});

/** The SDK's way of printing a zod path: state.players.A.units[0].damage. */
function dotPath(path: PropertyKey[]): string {
  return path.reduce<string>((acc, seg, i) => (i === 0 ? String(seg) : typeof seg === 'number' ? `${acc}[${seg}]` : `${acc}.${String(seg)}`), '');
}

/** The SDK copies arguments key by key, so a "__proto__" key sets a prototype there instead of a field: skip the exact comparison. */
function hasProtoKey(v: unknown): boolean {
  return v !== null && typeof v === 'object' && Object.entries(v).some(([k, x]) => k === '__proto__' || hasProtoKey(x));
}

function jsonDepth(v: unknown): number {
  return v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(jsonDepth)) : 0;
}

/**
 * Calls a tool and checks the answer is one a client can use: a result with readable text, or a
 * JSON-RPC invalid-params error. For object arguments, a result that refuses them must do so with
 * the SDK's validation message naming the first bad field, exactly when the tool's schema refuses them.
 */
async function callAndCheck(name: string, args: unknown): Promise<Result | McpError> {
  let r: Result;
  try {
    r = (await client.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { timeout: 20_000 })) as Result;
  } catch (e) {
    // Only a clear JSON-RPC error is acceptable (non-object arguments): never a transport failure or a timeout.
    expect(e, `${name} ${JSON.stringify(args)?.slice(0, 300)}`).toBeInstanceOf(McpError);
    const err = e as McpError;
    expect(err.code, err.message).toBe(-32602);
    expect(err.message).toMatch(/Invalid params|Unknown tool/);
    assertNoLeak(err.message);
    expect(args === null || typeof args !== 'object' || Array.isArray(args), `object arguments refused at the protocol level: ${err.message}`).toBe(true);
    return err;
  }
  const text = resultText(r);
  expect(text.length, `${name}: empty answer`).toBeGreaterThan(0);
  assertNoLeak(text);
  expect(text, `${name} crashed on ${JSON.stringify(args).slice(0, 300)}`).not.toMatch(/failed on this input|Internal error/);
  const schema = zodInput.get(name);
  if (schema && args !== null && typeof args === 'object' && !Array.isArray(args) && !hasProtoKey(args)) {
    const parsed = schema.safeParse(JSON.parse(JSON.stringify(args)));
    if (!parsed.success) {
      expect(r.isError, `${name} accepted invalid ${JSON.stringify(args).slice(0, 300)}`).toBe(true);
      expect(text).toContain(`Invalid arguments for tool ${name}`);
      const issue = parsed.error.issues[0]!;
      if (issue.path.length) expect(text).toContain(`at ${dotPath(issue.path)}`);
      else expect(text).toContain(issue.message);
    } else if (!r.isError) {
      expect(r.structuredContent, `${name}: success without structured content`).toBeDefined();
    }
  }
  return r;
}

describe('every tool, generated input, through the MCP client', () => {
  it('lists the tools to fuzz', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name as string).sort());
    for (const t of tools) expect(zodInput.has(t.name), `${t.name} has a zod schema in TOOLS`).toBe(true);
  });

  // One property per row, over every tool: the generator of arguments, and which generated values to keep.
  const properties: { title: string; args: (schema: JsonSchema) => fc.Arbitrary<unknown>; keep: (args: unknown) => boolean }[] = [
    {
      title: 'answers generated garbage arguments for every tool with a clear refusal, never a crash',
      args: (schema) => garbageArguments(schema),
      keep: (args) => jsonDepth(args) < 40,
    },
    {
      title: 'answers generated valid-but-odd arguments (from each tool\'s own schema) for every tool',
      args: (schema) => fromSchema(schema),
      keep: (args) => jsonDepth(args) < 40 && JSON.stringify(args).length < MAX_BODY / 2,
    },
    {
      title: 'names the one bad field in near-valid arguments for every tool',
      args: (schema) => fromSchema(schema, { mutate: true }),
      keep: (args) => jsonDepth(args) < 40 && JSON.stringify(args ?? null).length < MAX_BODY / 2,
    },
  ];
  for (const { title, args: generate, keep } of properties) {
    it(title, async () => {
      for (const tool of tools) {
        await fc.assert(
          fc.asyncProperty(generate(tool.inputSchema as JsonSchema), async (args) => {
            fc.pre(keep(args));
            await callAndCheck(tool.name, args);
          }),
          { numRuns: RUNS },
        );
      }
    }, PROPERTY_TIMEOUT);
  }

  it('keeps answering a storm of parallel garbage from several clients', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => httpClient(server.url)));
    const calls = fc.sample(fc.tuple(fc.constantFrom(...tools.map((t) => t.name)), fc.nat(), garbageValue), { numRuns: 200 });
    await Promise.all(
      calls.map(async ([name, n, value], i) => {
        const tool = tools.find((t) => t.name === name)!;
        const field = Object.keys((tool.inputSchema as JsonSchema).properties ?? {})[n % 3] ?? 'x';
        const c = clients[i % clients.length]!;
        try {
          const r = (await c.callTool({ name, arguments: { [field]: value } }, undefined, { timeout: 20_000 })) as Result;
          assertNoLeak(JSON.stringify(r));
        } catch (e) {
          expect(e).toBeInstanceOf(McpError);
          expect((e as McpError).code).toBe(-32602);
        }
      }),
    );
    await Promise.all(clients.map((c) => c.close()));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('never calls an unknown tool, with a JSON-RPC error naming it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom(...nastyStrings)), async (name) => {
        fc.pre(!tools.some((t) => t.name === name));
        await expect(client.callTool({ name, arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool/) });
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT);
});

describe('raw garbage bodies over HTTP', () => {
  let session: string;
  beforeAll(async () => {
    session = await newSession(server.url);
  });

  const message = fc.oneof(
    garbageValue,
    fc.record({
      jsonrpc: fc.oneof(fc.constant('2.0'), garbageValue),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), garbageValue),
      method: fc.oneof(
        fc.constantFrom('tools/call', 'tools/list', 'resources/read', 'resources/list', 'resources/templates/list', 'prompts/get', 'prompts/list', 'ping', 'initialize', 'logging/setLevel', 'completion/complete', 'notifications/cancelled', 'notifications/initialized', 'tasks/list'),
        fc.string({ maxLength: 30 }),
      ),
      params: fc.oneof(garbageValue, fc.record({ name: fc.constantFrom(...TOOLS.map((t) => t.name as string), 'nope'), arguments: garbageValue, uri: fc.oneof(fc.string(), fc.constantFrom('gundam://documents/../../etc/passwd', 'gundam://cards/%', 'file:///etc/passwd')) }, { requiredKeys: [] })),
    }, { requiredKeys: [] }),
  );
  const body = fc.oneof(
    fc.string({ maxLength: 200 }),
    message.map((m) => JSON.stringify(m) ?? 'null'),
    fc.array(message, { maxLength: 25 }).map((m) => JSON.stringify(m)),
    fc.nat({ max: 2000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    fc.nat({ max: 2000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  );

  it('answers every body with a JSON answer or an empty 202, never a 5xx or a stack trace', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (raw, withSession) => {
        const r = await post(server.url, raw, withSession ? { 'mcp-session-id': session } : {});
        const text = await r.text();
        expect(r.status, `${r.status} for ${raw.slice(0, 200)}: ${text.slice(0, 200)}`).toBeLessThan(500);
        if (r.status === 202) expect(text).toBe('');
        else {
          expect(() => JSON.parse(text), text.slice(0, 200)).not.toThrow();
          assertNoLeak(text);
        }
      }),
      { numRuns: RUNS * 5 },
    );
  }, PROPERTY_TIMEOUT);
});

describe('targeted refusals name the field and what it accepts', () => {
  const refuse = async (name: string, args: unknown, ...patterns: RegExp[]) => {
    const r = (await callAndCheck(name, args)) as Result;
    expect(r).not.toBeInstanceOf(McpError);
    expect(r.isError, JSON.stringify(r)).toBe(true);
    for (const p of patterns) expect(resultText(r)).toMatch(p);
  };

  it('wrong types, missing fields, unknown fields', async () => {
    await refuse('search_rules', { query: 5 }, /expected string, received number at query/);
    await refuse('get_rule', {}, /expected string, received undefined at id/);
    await refuse('get_card', {}, /give id or name/);
    await refuse('list_games', { evil: 1 }, /unknown field "evil" in the arguments; accepted: none/);
    await refuse('search_cards', { level: '3' }, /expected number, received string at level/);
    await refuse('read_rules_document', { document: ['gundam-cr-en'] }, /expected string, received array at document/);
  });

  it('huge strings and out-of-range numbers', async () => {
    await refuse('search_rules', { query: 'x'.repeat(100_000) }, /query is limited to 500 characters/);
    await refuse('search_glossary', { query: '   ' }, /query must not be empty/);
    await refuse('get_rule', { id: '8-'.repeat(1000) }, /id is limited to 40 characters/);
    await refuse('search_cards', { limit: 1000 }, /<=100 at limit/);
    await refuse('search_cards', { cost: -1 }, />=0 at cost/);
    await refuse('read_rules_document', { document: 'gundam-cr-en', limit: 0 }, />=1 at limit/);
    await refuse('read_rules_document', { document: 'gundam-cr-en', offset: 1.5 }, /expected int.*at offset/);
  });

  it('unknown rule ids, card ids and documents, with what is accepted', async () => {
    await refuse('get_rule', { id: '99-99-99' }, /no rule "99-99-99"/, /rule numbers look like/);
    await refuse('get_rule', { id: '8-5', document: 'nope' }, /unknown document "nope"; accepted: gundam-cr-en/);
    await refuse('get_card', { id: 'ZZ99-999' }, /no card with id "ZZ99-999"; ids look like/);
    await refuse('read_rules_document', { document: 'gundam-cr-en', section: '99-9' }, /no section "99-9"/);
  });

  it('deep and self-referencing JSON', async () => {
    await refuse('search_rules', { query: { $ref: '#' } }, /expected string, received object at query/);
    await refuse('get_card', { $ref: '#', id: 'GD01-001' }, /unknown field "\$ref" in the arguments; accepted: id, name/);
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const r = await post(server.url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_rules","arguments":{"query":${deep(10_000)}}}}`);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/nested deeper than 64 levels/);
  });

  it('simulate_ruling: 100 units, negative damage, too many actions are refused clearly', async () => {
    const units = Array.from({ length: 100 }, (_, i) => ({ id: `u${i}`, ap: 1, hp: 1 }));
    await refuse('simulate_ruling', { state: { active_player: 'A', players: { A: { units } } }, actions: [] }, /units/, /12/);
    await refuse('simulate_ruling', { state: { active_player: 'A', players: { A: { units: [{ id: 'a1', damage: -3 }] } } }, actions: [] }, /damage/, /negative/);
    await refuse('simulate_ruling', { state: { active_player: 'A', players: {} }, actions: [{ type: 'deal_damage', target: 'a1', amount: -1 }] }, /amount/, /negative/);
    await refuse('simulate_ruling', { state: { active_player: 'A', players: {} }, actions: Array.from({ length: 201 }, () => ({ type: 'end_turn' })) }, /actions/, /200/);
    await refuse('simulate_ruling', { state: { active_player: 'C', players: {} }, actions: [] }, /active_player/);
    // An unknown card id is not a crash: either refused or reported in the answer, by name.
    const unknown = await callAndCheck('simulate_ruling', { state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'NOPE-999' }] } } }, actions: [] });
    expect(JSON.stringify(unknown)).toMatch(/NOPE-999/);
  });

  it('check_deck: negative counts, unknown cards, oversized lists are refused clearly', async () => {
    await refuse('check_deck', { deck: [{ card: 'ST01-001', count: -1 }] }, /count/, /negative/);
    await refuse('check_deck', { deck: Array.from({ length: 201 }, () => ({ card: 'ST01-001', count: 1 })) }, /200/);
    await refuse('check_deck', {}, /deck/);
    const r = (await callAndCheck('check_deck', { deck: [{ card: 'NOPE-999', count: 4 }] })) as Result;
    expect(JSON.stringify(r)).toMatch(/NOPE-999/);
  });
});

describe('the server after all of it', () => {
  it('is alive, healthy, and logged no crash, unhandled rejection or internal error', async () => {
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(serverTrouble(server.logs())).toEqual([]);
  });
});
