/**
 * What an assistant pays for this server before it says a word: every tool definition is loaded
 * into its context. The list stays within budget, every schema is portable to the model vendors'
 * tool-calling dialects, and each is a valid JSON Schema (draft 2020-12, the MCP default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { stdioClient } from '../helpers/servers.js';
import { lintSchema } from '../helpers/schema-lint.js';

/** Budgets, in bytes of compact JSON. The list was 106 KB (simulate_ruling's input 72 KB). */
export const TOOL_LIST_BUDGET = 24 * 1024;
export const SIMULATE_INPUT_BUDGET = 8 * 1024;

let client: Client;
let close: () => Promise<void>;
let tools: Awaited<ReturnType<Client['listTools']>>['tools'];

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

beforeAll(async () => {
  ({ client, close } = await stdioClient());
  ({ tools } = await client.listTools());
});
afterAll(async () => {
  await close();
});

describe('tools/list', () => {
  it(`fits the budget: the whole list within ${TOOL_LIST_BUDGET} bytes, simulate_ruling's input schema within ${SIMULATE_INPUT_BUDGET}`, async () => {
    const list = await client.listTools();
    const sizes = Object.fromEntries(list.tools.map((t) => [t.name, { input: bytes(t.inputSchema), output: bytes(t.outputSchema), description: Buffer.byteLength(t.description ?? '') }]));
    expect(list.tools.length).toBeGreaterThanOrEqual(11);
    expect(sizes.simulate_ruling!.input, JSON.stringify(sizes)).toBeLessThanOrEqual(SIMULATE_INPUT_BUDGET);
    expect(bytes(list), JSON.stringify(sizes)).toBeLessThanOrEqual(TOOL_LIST_BUDGET);
  });

  it('leaves out the SDK\'s default execution {taskSupport: "forbidden"}: absent means the same', () => {
    expect(tools.filter((t) => 'execution' in t).map((t) => t.name)).toEqual([]);
  });

  it('has no schema portability problem: no type arrays, no schema that accepts anything, only local references that resolve', () => {
    const findings = tools.flatMap((t) => [...lintSchema(t.name, t.inputSchema, 'inputSchema'), ...lintSchema(t.name, t.outputSchema, 'outputSchema')]);
    expect(findings).toEqual([]);
  });

  it('shares each repeated shape once in $defs (Player, Unit, card reference, keywords, choices)', () => {
    const simulate = tools.find((t) => t.name === 'simulate_ruling')!;
    const defs = Object.keys((simulate.inputSchema as { $defs?: object }).$defs ?? {});
    expect(defs).toEqual(expect.arrayContaining(['Player', 'Unit', 'Pilot', 'CardRef', 'Card', 'Keywords', 'Choices']));
    expect(JSON.stringify(simulate.inputSchema).match(/"units"/g)).toHaveLength(1);
    expect(simulate.description).toMatch(/gundam:\/\/docs\/scenario-format/);
  });

  it('every schema compiles under a standard JSON Schema 2020-12 validator', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const t of tools) {
      expect(() => ajv.compile(t.inputSchema), `${t.name} input`).not.toThrow();
      expect(() => ajv.compile(t.outputSchema!), `${t.name} output`).not.toThrow();
    }
  });
});
