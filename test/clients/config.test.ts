/**
 * Config that works as pasted: every client config snippet in the README is read out of it and
 * started exactly as written (only /path/to/gundam-rules-mcp becomes this checkout) through the
 * MCP Inspector's config loader, a client this project did not write; the HTTP one against a
 * server started the way the README says (`npm start`), and the container the way the README runs
 * it, as far as a machine without a Docker engine allows: the Dockerfile's CMD with its ENV and the
 * README's `docker run -e` settings, its HEALTHCHECK, and the Host names a client would send.
 * Both use port 8180, as documented, one after the other; where something else on this machine
 * holds 8180 (another checkout's server), a free port stands in for it, in the snippet and the server alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initializeBody, root } from '../helpers/servers.js';
import { inspector, run } from '../helpers/foreign.js';

const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Connect an MCP client'), readme.indexOf('\n## ', readme.indexOf('## Connect an MCP client') + 5));
const snippets = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
type Entry = { command?: string; args?: string[]; type?: string; url?: string };
const entries = snippets.map((s) => (JSON.parse(s) as { mcpServers: Record<string, Entry> }).mcpServers);

function free(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** 8180 as documented, unless another process on this machine holds it. */
async function documentedPort(): Promise<number> {
  if ((await free(8180, '127.0.0.1')) && (await free(8180, '0.0.0.0'))) return 8180;
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let port = 8180;
const atPort = (text: string) => text.replaceAll(':8180', `:${port}`);

/** The snippet as a user would paste it, with the placeholder path made real. */
function configFile(snippet: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gundam-config-'));
  const file = path.join(dir, 'mcp.json');
  fs.writeFileSync(file, atPort(snippet.replaceAll('/path/to/gundam-rules-mcp', root)));
  return file;
}

// "node" and "npm" resolve through PATH, as they do for a desktop assistant: this Node.js first
// (the snapshot runs only on the binary that built it).
const env = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };

async function listThrough(file: string) {
  const r = await inspector(['--config', file, '--server', 'gundam-rules', '--method', 'tools/list', '--strict', '--format', 'json'], { env });
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stderr).not.toMatch(/Warning:|Error:/);
  return (JSON.parse(r.stdout) as { result: { tools: { name: string }[] } }).result.tools;
}

let started: ChildProcess | undefined;
afterEach(async () => {
  // The whole process group: npm start runs a shell and the server under it.
  if (started?.pid && started.exitCode === null) {
    const exited = new Promise((resolve) => started!.once('exit', resolve));
    process.kill(-started.pid, 'SIGTERM');
    await exited;
  }
  started = undefined;
});

function startDetached(command: string, args: string[], extraEnv: NodeJS.ProcessEnv): ChildProcess {
  const { PORT: _p, HOST: _h, ALLOWED_HOSTS: _a, REDIS_URL: _r, API_KEYS: _k, LOG_LEVEL: _l, ...rest } = process.env;
  const child = spawn(command, args, { cwd: root, env: { ...rest, ...env, ...extraEnv }, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', () => {});
  return child;
}

async function healthy(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (started?.exitCode !== null && started?.exitCode !== undefined) throw new Error(`the server exited with ${started.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('README config snippets', () => {
  it('has one for each way to run the server: snapshot, bundle, npm (stdio) and streamable HTTP with its type', () => {
    expect(entries).toHaveLength(4);
    for (const e of entries) expect(Object.keys(e)).toEqual(['gundam-rules']);
    expect(entries.filter((e) => e['gundam-rules']!.command).length).toBe(3);
    expect(entries.find((e) => e['gundam-rules']!.url)!['gundam-rules']).toEqual({ type: 'http', url: 'http://127.0.0.1:8180/mcp' });
  });

  it.each(snippets.filter((s) => s.includes('"command"')).map((s) => [JSON.parse(s).mcpServers['gundam-rules'].args.join(' '), s]))(
    'stdio snippet starts the server as pasted: %s',
    async (_name, snippet) => {
      const tools = await listThrough(configFile(snippet));
      expect(tools.length).toBeGreaterThanOrEqual(11);
    },
  );

  it('the HTTP snippet connects to a server started with `npm start`', async () => {
    const snippet = snippets.find((s) => s.includes('"url"'))!;
    port = await documentedPort();
    started = startDetached('npm', ['start'], port === 8180 ? {} : { PORT: String(port) });
    await healthy(`http://127.0.0.1:${port}/healthz`);
    const tools = await listThrough(configFile(snippet));
    expect(tools.length).toBeGreaterThanOrEqual(11);
    // Without the "type" the Inspector's loader refuses the entry: why the README has it.
    const untyped = await inspector(['--config', configFile(snippet.replace('"type": "http", ', '')), '--server', 'gundam-rules', '--method', 'tools/list'], { env });
    expect(untyped.code).not.toBe(0);
  });
});

describe('the container, as the README runs it', () => {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const runLine = /^docker run (.*)$/m.exec(readme)![1]!;
  const envOf = (words: string) => Object.fromEntries([...words.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
  const dockerEnv = envOf(/^ENV (.*)$/m.exec(dockerfile)![1]!);
  const runEnv = envOf([...runLine.matchAll(/-e (\S+)/g)].map((m) => m[1]).join(' '));
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  const healthcheck = /^HEALTHCHECK .*?CMD (.*)$/m.exec(dockerfile)![1]!;

  it('copies everything the server reads at run time', () => {
    const copied = [...dockerfile.matchAll(/^COPY (.*) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    for (const p of copied) expect(fs.existsSync(path.join(root, p)), p).toBe(true);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'src', 'corpus', 'docs', 'bin', 'scripts']));
  });

  it('runs its CMD with its ENV and the README\'s -e settings: healthy, answers on 127.0.0.1 and on the ALLOWED_HOSTS name, refuses other Hosts', async () => {
    expect(runLine).toMatch(/-p 8180:8180/);
    expect(dockerEnv).toMatchObject({ HOST: '0.0.0.0', PORT: '8180' });
    expect(runEnv).toEqual({ ALLOWED_HOSTS: 'rules.example.org' });
    port = await documentedPort();
    started = startDetached(cmd[0] === 'node' ? process.execPath : cmd[0]!, cmd.slice(1), { ...dockerEnv, ...runEnv, PORT: String(port) });
    await healthy(`http://127.0.0.1:${port}/healthz`);
    const check = await run('sh', ['-c', atPort(healthcheck)], { env });
    expect(check.code, check.stderr).toBe(0);
    const tools = await listThrough(configFile(snippets.find((s) => s.includes('"url"'))!));
    expect(tools.length).toBeGreaterThanOrEqual(11);
    const post = (host: string) =>
      new Promise<number>((resolve, reject) => {
        // fetch() will not send another Host header; node:http will.
        import('node:http').then(({ request }) => {
          const body = JSON.stringify(initializeBody());
          const req = request(
            { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end(body);
        }, reject);
      });
    expect(await post('rules.example.org:8180')).toBe(200);
    expect(await post('127.0.0.1:8180')).toBe(200);
    expect(await post('evil.example:8180')).toBe(403);
  });
});
