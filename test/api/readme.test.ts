/**
 * The README's `curl` examples of the JSON API, run exactly as written against a live server on an
 * ephemeral loopback port (only the port changed): each must answer JSON that conforms to the
 * published document's 200 schema for its operation, and together they must cover every operation.
 * docs/api.md must list every path of the document.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer, root, type HttpServer } from '../helpers/servers.js';
import { openApiChecker } from '../helpers/openapi.js';

const README_URL = 'http://127.0.0.1:8180';

/** The commands of the first `sh` block under the README's API heading, continuation lines joined. */
function readmeCommands(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const at = readme.indexOf('## The JSON API');
  expect(at, 'README has a "## The JSON API" section').toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  expect(block, 'the section has a sh block').not.toBeNull();
  return block![1]!
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** What a curl command asks for: its method and the path of its URL. */
function requestOf(cmd: string): { method: string; path: string } {
  const url = /https?:\/\/[^\s'"]+/.exec(cmd)![0];
  return { method: /(^|\s)-X\s+POST\b|\s-d\s/.test(cmd) ? 'POST' : 'GET', path: new URL(url).pathname };
}

function run(cmd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', cmd], { timeout: 20_000, maxBuffer: 8 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

let server: HttpServer;
let doc: unknown;
let checker: ReturnType<typeof openApiChecker>;

beforeAll(async () => {
  server = await httpServer({ RATE_LIMIT_PER_MINUTE: '1000' });
  doc = await (await fetch(`${server.url}/openapi.json`)).json();
  checker = openApiChecker(doc);
});
afterAll(async () => {
  await server?.stop();
});

describe('the README\'s JSON API examples', () => {
  const commands = readmeCommands();

  it('are curl commands against the documented address, one for every operation in the document', () => {
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) {
      expect(c.startsWith('curl '), c).toBe(true);
      expect(c, c).toContain(README_URL);
    }
    const covered = new Set(commands.map((c) => {
      const { method, path: p } = requestOf(c);
      const op = checker.operationFor(method, p);
      expect(op, `${method} ${p} is in the document`).toBeDefined();
      return `${op!.method} ${op!.template}`;
    }));
    expect([...covered].sort()).toEqual(checker.operations.map((o) => `${o.method} ${o.template}`).sort());
  });

  it.each(commands.map((c) => [c.length > 90 ? `${c.slice(0, 90)}…` : c, c] as const))('%s works as pasted', async (_label, cmd) => {
    const r = await run(cmd.replaceAll(README_URL, server.url));
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as unknown;
    const { method, path: p } = requestOf(cmd);
    // curl -s shows the body only: it must be the documented success answer.
    expect(checker.check(method, p, 200, null, body)).toEqual([]);
  });
});

describe('docs/api.md', () => {
  it('lists every path of the document', () => {
    const text = fs.readFileSync(path.join(root, 'docs', 'api.md'), 'utf8');
    for (const o of checker.operations) expect(text, `${o.method} ${o.template}`).toContain(`\`${o.method} ${o.template}\``);
  });
});
