/**
 * The server driven by clients this project did not write, over stdio and streamable HTTP:
 * initialize, list the tools (the Inspector's strict schema check must find nothing), call every
 * tool with the README's example, validate each structuredContent against the tool's outputSchema
 * with a standard JSON Schema validator, read a resource, get the prompt, end the session.
 *
 * - The MCP Inspector CLI (npm devDependency): always.
 * - The official MCP Python SDK: when .venv-clients exists (scripts/python-clients.sh, run by
 *   .ci/run; it needs the SDK's wheels, which this machine's pip index serves). REQUIRE_PYTHON_CLIENT=1
 *   turns its absence into a failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { cli, httpServer, type HttpServer } from '../helpers/servers.js';
import { inBatches, inspector, PYTHON, PYTHON_CLIENT, readmeExamples, run } from '../helpers/foreign.js';

const examples = readmeExamples();
const stdioTarget = ['--', process.execPath, cli, '--stdio'];
// One Inspector run is one session: several requests each. The budget is not what is tested here.
const generous = { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_BURST: '10000' };

let http: HttpServer;
beforeAll(async () => {
  http = await httpServer(generous);
});
afterAll(async () => {
  await http.stop();
});

type Tool = { name: string; outputSchema: object };

describe.each([
  ['stdio', () => stdioTarget],
  ['streamable HTTP', () => [`${http.url}/mcp`]],
])('the MCP Inspector CLI over %s', (_transport, target) => {
  let tools: Tool[] = [];

  it('lists every tool, and its strict schema check reports no portability problem', async () => {
    const r = await inspector(['--method', 'tools/list', '--strict', '--format', 'json', ...target()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/Warning:|Error:|portability/i);
    tools = (JSON.parse(r.stdout) as { result: { tools: Tool[] } }).result.tools;
    expect(tools.map((t) => t.name).sort()).toEqual(examples.map((e) => e.name).sort());
  });

  it("calls every tool with the README's example; each structuredContent validates against its outputSchema (ajv, draft 2020-12)", async () => {
    expect(examples.length).toBeGreaterThanOrEqual(11);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const results = await inBatches(examples, 3, async (e) => ({ e, r: await inspector(['--method', 'tools/call', '--tool-name', e.name, '--tool-args-json', JSON.stringify(e.arguments), '--format', 'json', ...target()]) }));
    for (const { e, r } of results) {
      expect(r.code, `${e.name}: ${r.stderr}`).toBe(0);
      const result = (JSON.parse(r.stdout) as { result: { isError?: boolean; structuredContent?: unknown } }).result;
      expect(result.isError ?? false, e.name).toBe(false);
      const validate = ajv.compile(tools.find((t) => t.name === e.name)!.outputSchema);
      expect(validate(result.structuredContent), `${e.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('reads the scenario-format resource and gets the ruling prompt', async () => {
    const [resource, prompt] = await Promise.all([
      inspector(['--method', 'resources/read', '--uri', 'gundam://docs/scenario-format', '--format', 'json', ...target()]),
      inspector(['--method', 'prompts/get', '--prompt-name', 'answer_ruling', '--prompt-args', 'question=Can a rested unit block?', '--format', 'json', ...target()]),
    ]);
    expect(resource.code, resource.stderr).toBe(0);
    expect(JSON.parse(resource.stdout).result.contents[0].text).toMatch(/## Scenario format/);
    expect(prompt.code, prompt.stderr).toBe(0);
    expect(JSON.parse(prompt.stdout).result.messages[0].content.text).toMatch(/Can a rested unit block\?/);
  });
});

const python = fs.existsSync(PYTHON);
if (!python && process.env.REQUIRE_PYTHON_CLIENT === '1') throw new Error(`REQUIRE_PYTHON_CLIENT=1 but ${PYTHON} is missing: run scripts/python-clients.sh`);
if (!python) console.warn(`MCP Python SDK client skipped: ${PYTHON} is missing (bash scripts/python-clients.sh makes it)`);

describe.skipIf(!python).each([
  ['stdio', () => ['stdio', '', '--', process.execPath, cli, '--stdio']],
  ['streamable HTTP', () => ['http', '', `${http.url}/mcp`]],
])('the official MCP Python SDK over %s', (_transport, args) => {
  it("initializes, lists, calls every tool with the README's example (structuredContent validated by the SDK and by jsonschema), reads a resource, gets the prompt, closes", async () => {
    const file = `${fs.mkdtempSync(path.join(os.tmpdir(), 'gundam-clients-'))}/examples.json`;
    fs.writeFileSync(file, JSON.stringify(examples));
    const [mode, , ...rest] = args();
    const r = await run(PYTHON, [PYTHON_CLIENT, mode!, file, ...rest]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    const report = JSON.parse(r.stdout) as { problems: string[]; server: string; tools: string[]; calls: { name: string; validated: boolean; is_error: boolean }[]; resource_chars: number; prompt_messages: number; closed: boolean };
    expect(report.problems).toEqual([]);
    expect(report.server).toBe('gundam-rules');
    expect(report.tools.sort()).toEqual(examples.map((e) => e.name).sort());
    expect(report.calls.every((c) => c.validated && !c.is_error)).toBe(true);
    expect(report.resource_chars).toBeGreaterThan(1000);
    expect(report.prompt_messages).toBe(1);
    expect(report.closed).toBe(true);
  });
});
