/**
 * The JSON API against its own published document, over real HTTP on an ephemeral loopback port:
 * the document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator), every operation in it
 * answers, and every answer (successes and errors) conforms to the schema the document gives for
 * it (ajv, draft 2020-12). The answers are the MCP tools' structured content, and the errors are
 * the MCP path's, checked against the same server's /mcp.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { httpClient, httpServer, initializeBody, post, type HttpServer } from '../helpers/servers.js';
import { openApiChecker } from '../helpers/openapi.js';

let server: HttpServer;
let doc: Record<string, unknown>;
let checker: ReturnType<typeof openApiChecker>;
let mcp: Client;

beforeAll(async () => {
  // A budget these tests cannot exhaust; the budget itself has its own server below.
  server = await httpServer({ RATE_LIMIT_PER_MINUTE: '10000', MAX_BODY_BYTES: '4096' });
  const r = await fetch(`${server.url}/openapi.json`);
  expect(r.status).toBe(200);
  doc = (await r.json()) as Record<string, unknown>;
  checker = openApiChecker(doc);
  mcp = await httpClient(server.url);
});
afterAll(async () => {
  await mcp?.close();
  await server?.stop();
});

interface Sample {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** The same question as an MCP tool call. */
  tool: string;
  args: Record<string, unknown>;
}

const deck = { deck: [{ card: 'GD01-001', count: 4 }, { card: 'GD01-002', count: 4 }], resource_deck: [{ card: 'R-001', count: 10 }] };
const scenario = {
  state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-013' }] }, B: { units: [{ id: 'b1', card: 'GD01-001' }] } } },
  actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
};

const SAMPLES: Sample[] = [
  { operationId: 'listGames', method: 'GET', path: '/api/v1/games', tool: 'list_games', args: {} },
  { operationId: 'listDocuments', method: 'GET', path: '/api/v1/documents?language=ja', tool: 'list_rules_documents', args: { language: 'ja' } },
  { operationId: 'readDocument', method: 'GET', path: '/api/v1/documents/gundam-cr-en?section=8-5&limit=5&offset=1', tool: 'read_rules_document', args: { document: 'gundam-cr-en', section: '8-5', limit: 5, offset: 1 } },
  { operationId: 'searchRules', method: 'GET', path: '/api/v1/rules?query=blocker&limit=3&include_unofficial=false', tool: 'search_rules', args: { query: 'blocker', limit: 3, include_unofficial: false } },
  { operationId: 'getRule', method: 'GET', path: '/api/v1/rules/8-5-3', tool: 'get_rule', args: { id: '8-5-3' } },
  { operationId: 'getDocumentRule', method: 'GET', path: '/api/v1/rules/gundam-cr-ja/8-5-3', tool: 'get_rule', args: { document: 'gundam-cr-ja', id: '8-5-3' } },
  { operationId: 'searchGlossary', method: 'GET', path: '/api/v1/glossary?query=blocker&limit=2', tool: 'search_glossary', args: { query: 'blocker', limit: 2 } },
  { operationId: 'searchCards', method: 'GET', path: '/api/v1/cards?keyword=Blocker&level=3&color=white&limit=5', tool: 'search_cards', args: { keyword: 'Blocker', level: 3, color: 'white', limit: 5 } },
  { operationId: 'getCardByName', method: 'GET', path: '/api/v1/cards/named?name=zaku%20ii', tool: 'get_card', args: { name: 'zaku ii' } },
  { operationId: 'getCard', method: 'GET', path: '/api/v1/cards/GD01-013', tool: 'get_card', args: { id: 'GD01-013' } },
  { operationId: 'listSets', method: 'GET', path: '/api/v1/sets', tool: 'list_card_sets', args: {} },
  { operationId: 'checkDeck', method: 'POST', path: '/api/v1/deck/check', body: deck, tool: 'check_deck', args: deck },
  { operationId: 'simulate', method: 'POST', path: '/api/v1/simulate', body: scenario, tool: 'simulate_ruling', args: scenario },
];

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: JSON.parse(text) as Record<string, unknown> };
}

/** A request whose answer must conform to the document; returns it. */
async function conforming(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await call(method, path, body, headers);
  expect(checker.check(method, path.split('?')[0]!, r.status, r.headers, r.body), `${method} ${path} -> ${r.status}`).toEqual([]);
  return r;
}

async function mcpCall(tool: string, args: Record<string, unknown>) {
  return (await mcp.callTool({ name: tool, arguments: args })) as { structuredContent?: unknown; isError?: boolean; content: { text: string }[] };
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has one sample request here for every operation in it, and marks every operation read-only', () => {
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string; 'x-read-only'?: boolean; 'x-mcp-annotations'?: { readOnlyHint: boolean } }>>).flatMap((item) => Object.values(item));
    expect(ops.map((o) => o.operationId).sort()).toEqual([...SAMPLES.map((s) => s.operationId), 'openApiDocument'].sort());
    for (const o of ops) expect(o['x-read-only'], o.operationId).toBe(true);
    for (const o of ops.filter((x) => x.operationId !== 'openApiDocument')) expect(o['x-mcp-annotations']?.readOnlyHint, o.operationId).toBe(true);
  });

  it('is checked for real: an answer off the document is refused by the checker', () => {
    const json = new Headers({ 'content-type': 'application/json' });
    expect(checker.check('GET', '/api/v1/sets', 200, json, { total: 'many', sets: [] })).not.toEqual([]);
    expect(checker.check('GET', '/api/v1/cards/GD01-001', 404, json, { message: 'no error field' })).not.toEqual([]);
    expect(checker.check('GET', '/api/v1/sets', 404, json, { error: 'x' })).toEqual(['GET /api/v1/sets does not document status 404']);
  });

  it('describes the query parameters with the tools\' own bounds', () => {
    const params = (doc.paths as Record<string, { get: { parameters: { name: string; in: string; required?: boolean; schema: { maximum?: number; enum?: string[] } }[] } }>)['/api/v1/cards']!.get.parameters;
    expect(params.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', schema: { maximum: 100 } });
    expect(params.find((p) => p.name === 'color')?.schema.enum).toEqual(['blue', 'green', 'red', 'white', 'purple']);
    const named = (doc.paths as Record<string, { get: { parameters: { name: string; required?: boolean }[] } }>)['/api/v1/cards/named']!.get.parameters;
    expect(named).toEqual([expect.objectContaining({ name: 'name', required: true })]);
  });
});

describe('every endpoint, live', () => {
  it.each(SAMPLES.map((s) => [s.operationId, s] as const))('%s answers 200 as the document says, with the MCP tool\'s structured content', async (_id, s) => {
    const r = await conforming(s.method, s.path, s.body);
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-limit')).toBe('10000');
    const m = await mcpCall(s.tool, s.args);
    expect(m.isError).toBeFalsy();
    expect(r.body).toEqual(m.structuredContent);
  });

  it('serves a rule with its children, references and counterpart, and a name the way get_card reads it', async () => {
    // 12-2 has them all: rules under it, rules it cites, a record citing it, and the Japanese rule.
    const rule = (await conforming('GET', '/api/v1/rules/12-2')).body.rule as { children: unknown[]; cites: { target: string | null }[]; cited_by: string[]; counterpart: { document: string; id: string } };
    expect(rule.children.length).toBeGreaterThan(0);
    expect(rule.cites.map((c) => c.target)).toContain('6');
    expect(rule.cited_by.length).toBeGreaterThan(0);
    expect(rule.counterpart).toMatchObject({ document: 'gundam-cr-ja', id: '12-2' });
    const loose = (await conforming('GET', '/api/v1/cards/named?name=GUNDAM')).body as { card: { name: string } };
    expect(loose.card.name).toBe('Gundam');
  });
});

describe('errors, as the document and the MCP path give them', () => {
  it('refuses an out-of-bounds field with 400 naming it, in the MCP path\'s words', async () => {
    const r = await conforming('GET', '/api/v1/cards?limit=500');
    expect(r.status).toBe(400);
    const issues = r.body.issues as { field: string; message: string }[];
    expect(issues).toEqual([{ field: 'limit', message: expect.stringContaining('100') }]);
    const m = await mcpCall('search_cards', { limit: 500 });
    expect(m.isError).toBe(true);
    expect(m.content[0]!.text).toContain(issues[0]!.message);
  });

  it('converts only real numbers and booleans from the query, and refuses unknown or repeated parameters', async () => {
    const text = await conforming('GET', '/api/v1/cards?level=three');
    expect(text.status).toBe(400);
    expect(text.body.issues).toEqual([{ field: 'level', message: expect.stringMatching(/expected number/) }]);
    const typo = await conforming('GET', '/api/v1/cards?colour=red');
    expect(typo.status).toBe(400);
    expect(String(typo.body.error)).toMatch(/colour: unknown query parameter; accepted: query, type, color/);
    const twice = await conforming('GET', '/api/v1/cards?color=red&color=blue');
    expect(twice.body.issues).toEqual([{ field: 'color', message: 'given 2 times; give it once' }]);
    // A path endpoint takes no field of the path as a query parameter, nor one it leaves out.
    const other = await conforming('GET', '/api/v1/cards/GD01-013?name=zaku');
    expect(other.status).toBe(400);
    const flag = await conforming('GET', '/api/v1/rules?query=blocker&include_unofficial=yes');
    expect(flag.body.issues).toEqual([{ field: 'include_unofficial', message: expect.stringMatching(/expected boolean/) }]);
  });

  it('answers a lookup of nothing with 404 and the MCP suggestions, and a refused search with 400', async () => {
    const r = await conforming('GET', '/api/v1/cards/GD01-999');
    expect(r.status).toBe(404);
    const m = await mcpCall('get_card', { id: 'GD01-999' });
    expect(m.content[0]!.text).toBe(`${r.body.error}\nDid you mean: ${(r.body.suggestions as string[]).join(', ')}?`);
    const rule = await conforming('GET', '/api/v1/rules/nope/8-5-3');
    expect(rule.status).toBe(404);
    // A name resolves as get_card resolves it: the API answers what the tool answers, found or not.
    const name = await conforming('GET', '/api/v1/cards/named?name=qwzx%20blorp%20nothing');
    const byName = await mcpCall('get_card', { name: 'qwzx blorp nothing' });
    if (byName.isError) expect([name.status, name.body.error]).toEqual([404, byName.content[0]!.text.split('\n')[0]]);
    else expect([name.status, name.body]).toEqual([200, byName.structuredContent]);
    const search = await conforming('GET', '/api/v1/rules?query=blocker&document=nope');
    expect(search.status).toBe(400);
    expect(String(search.body.error)).toMatch(/nope/);
  });

  it('checks POST bodies as /mcp does: type, size, JSON, nesting, and the schema with the format reminder', async () => {
    expect((await conforming('POST', '/api/v1/simulate', 'x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await conforming('POST', '/api/v1/simulate', JSON.stringify({ pad: 'x'.repeat(5000) }))).status).toBe(413);
    const bad = await conforming('POST', '/api/v1/deck/check', '{"deck": [');
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/not valid JSON/);
    const deep = await conforming('POST', '/api/v1/deck/check', '['.repeat(100) + ']'.repeat(100));
    expect(String(deep.body.error)).toMatch(/nested deeper than 64/);
    const wrong = await conforming('POST', '/api/v1/simulate', { state: {}, actions: [], power: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toContainEqual({ field: '(input)', message: expect.stringContaining('unknown field "power" in the arguments; accepted: state, actions') });
    expect(String(wrong.body.help)).toMatch(/^Scenario format:/);
  });

  it('refuses a foreign Host with 403, and answers other paths and methods under /api/v1 with JSON 404 and 405', async () => {
    const status = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/v1/sets`, { headers: { host: 'evil.example' } }, (res) => {
        let b = '';
        res.on('data', (d: Buffer) => (b += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: b, type: String(res.headers['content-type']) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status.status).toBe(403);
    expect(checker.check('GET', '/api/v1/sets', 403, new Headers({ 'content-type': status.type }), JSON.parse(status.body))).toEqual([]);
    const missing = await call('GET', '/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(String(missing.body.error)).toContain('POST /api/v1/simulate');
    const method = await call('GET', '/api/v1/deck/check');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('POST');
  });
});

describe('odd requests', () => {
  const gets = SAMPLES.filter((x) => x.method === 'GET');
  const fieldNames = ['query', 'limit', 'offset', 'language', 'level', 'cost', 'color', 'type', 'name', 'section', 'document', 'include_unofficial', 'printings', 'keyword'];
  const value = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', '0', '-1', '1.5', '1e3', '20', 'true', 'ja', '\u0000', 'x'.repeat(600), '8-5-3', '%zz', '<Blocker>'), fc.integer().map(String));
  const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 50 }), fc.constantFrom('GD01-013', '8-5-3', 'gundam-cr-ja', '%', 'a b', 'x'.repeat(100))).filter((v) => v !== '.' && v !== '..');

  it('get a documented answer for any query string and path value, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gets),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ minLength: 1, maxLength: 12 })), value), { maxLength: 4 }),
        segment,
        async (sample, params, seg) => {
          const template = Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>).find(([, item]) => item.get?.operationId === sample.operationId)![0];
          const path = template.replace(/\{\w+\}/g, encodeURIComponent(seg));
          const qs = new URLSearchParams(params).toString();
          const r = await call('GET', `${path}${qs ? `?${qs}` : ''}`);
          expect([200, 400, 404], `${path}?${qs}`).toContain(r.status);
          expect(checker.check('GET', path, r.status, r.headers, r.body), `${path}?${qs}`).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('get a documented answer for any JSON body on the POST endpoints', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/v1/deck/check', '/api/v1/simulate'), fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constant(deck), fc.constant(scenario)), async (path, body) => {
        const r = await call('POST', path, JSON.stringify(body));
        expect([200, 400], JSON.stringify(body).slice(0, 200)).toContain(r.status);
        expect(checker.check('POST', path, r.status, r.headers, r.body)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the budget is /mcp\'s', () => {
  let small: HttpServer;
  beforeAll(async () => {
    small = await httpServer({ RATE_LIMIT_PER_MINUTE: '3', API_KEYS: 'listed-key' });
  });
  afterAll(async () => {
    await small?.stop();
  });

  it('charges each API request one point of the client\'s budget, answers 429 with Retry-After past it, /mcp shares it, and API keys work as on /mcp', async () => {
    const d = openApiChecker(await (await fetch(`${small.url}/openapi.json`)).json());
    const statuses: number[] = [];
    let last: Response | undefined;
    // The document took one point; three more requests, bounded.
    for (let i = 0; i < 3; i++) {
      last = await fetch(`${small.url}/api/v1/sets`);
      statuses.push(last.status);
      if (last.status === 429) break;
      await last.text();
    }
    expect(statuses).toEqual([200, 200, 429]);
    const body = (await last!.json()) as { error: string };
    expect(d.check('GET', '/api/v1/sets', 429, last!.headers, body)).toEqual([]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body.error).toMatch(/^Rate limit exceeded: 3 requests per minute; retry after \d+ s$/);
    const rpc = await post(small.url, initializeBody());
    expect(rpc.status).toBe(429);
    await rpc.text();
    // With API_KEYS, a listed key is its own client with its own budget; an unlisted one is refused.
    const keyed = await fetch(`${small.url}/api/v1/sets`, { headers: { 'x-api-key': 'listed-key' } });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('ratelimit-remaining')).toBe('2');
    await keyed.text();
    const unlisted = await fetch(`${small.url}/api/v1/sets`, { headers: { authorization: 'Bearer made-up' } });
    expect(unlisted.status).toBe(401);
    expect(d.check('GET', '/api/v1/sets', 401, unlisted.headers, await unlisted.json())).toEqual([]);
  });
});
