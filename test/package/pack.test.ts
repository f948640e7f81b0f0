/**
 * The package as a user gets it: `npm pack`, the tarball installed into an empty folder with no
 * registry (an empty cache and --offline: every runtime dependency is bundled in the tarball), then
 * both bins run from there with `npx <bin>`, as the README says, offline: MCP over stdio with nothing but JSON-RPC on stdout, a rule on
 * the command line, and the HTTP server with the rules page. Every file the server reads at run
 * time is in the tarball (the scenario-format resource is read from it), and no server started here
 * outlives its test (each carries a tag; SIGTERM to npx must stop the server behind it).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/servers.js';
import { processesWithEnv, waitGone } from '../helpers/processes.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-pack-'));
const app = path.join(work, 'app');
// No registry: an empty cache, offline, and a proxy that goes nowhere for anything that tries anyway.
const offlineEnv = {
  ...process.env,
  npm_config_offline: 'true',
  npm_config_cache: path.join(work, 'cache'),
  npm_config_update_notifier: 'false',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  LOG_LEVEL: 'silent',
  GCG_PACK_TEST: work,
};

/**
 * Stops a server started by npx as a user or a supervisor would, with SIGTERM to npx alone (npx
 * runs the bin through sh, which does not pass it on), and checks that nothing it started is
 * left: the server must notice and stop by itself.
 */
async function stopNpx(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  expect(await waitGone('GCG_PACK_TEST', work, 15_000), 'a process of the installed package is still running').toEqual([]);
}

let files: string[] = [];

beforeAll(() => {
  const packed = spawnSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', timeout: 240_000 });
  expect(packed.status, packed.stderr).toBe(0);
  const info = JSON.parse(packed.stdout)[0] as { filename: string; files: { path: string }[] };
  files = info.files.map((f) => f.path);
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'empty', private: true }));
  const installed = spawnSync(npm, ['install', '--no-audit', '--no-fund', path.join(work, info.filename)], { cwd: app, encoding: 'utf8', env: offlineEnv, timeout: 120_000 });
  expect(installed.status, installed.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  // Whatever a failed test left running is stopped before its folder goes.
  for (const p of processesWithEnv('GCG_PACK_TEST', work)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('ships the built program, its data, the page, the bins and the notices, and nothing else', () => {
    // The two runtime dependencies the bundle leaves out (ioredis for REDIS_URL, gray-matter for a Markdown corpus) travel inside.
    expect(files).toContain('node_modules/ioredis/package.json');
    for (const f of ['bin/start.mjs', 'bin/gundam-rules.mjs', 'dist/bundle/cli.js', 'dist/data/corpus-rules.json', 'dist/data/index-rules-en.json', 'dist/data/integrity.json', 'public/sw.js', 'public/app.js', 'docs/engine.md', 'README.md', 'CHANGELOG.md', 'LICENSE', 'NOTICE', 'package.json']) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => !f.startsWith('node_modules/')).filter((f) => (/^(src|test|tools|scripts|corpus|docs)\//.test(f) && f !== 'docs/engine.md') || /\.map$|snapshot\.blob|tsconfig/.test(f))).toEqual([]);
  });

  it('ships every file integrity.json records, and the record covers every runtime file it ships', () => {
    const pkg = path.join(app, 'node_modules', 'gundam-rules-mcp');
    const recorded = Object.keys((JSON.parse(fs.readFileSync(path.join(pkg, 'dist', 'data', 'integrity.json'), 'utf8')) as { sha256: Record<string, string> }).sha256);
    for (const f of recorded) expect(files, `${f} is recorded but not shipped`).toContain(f);
    const runtime = files.filter((f) => /^(dist\/bundle\/.*\.js|dist\/data\/.*\.json|public\/.+|docs\/engine\.md)$/.test(f) && f !== 'dist/data/integrity.json');
    expect(runtime.filter((f) => !recorded.includes(f))).toEqual([]);
    expect(JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).license).toBe('MIT');
  });

  it('installs without dev tools (no TypeScript, no esbuild)', () => {
    expect(fs.existsSync(path.join(app, 'node_modules', 'gundam-rules-mcp', 'dist', 'bundle', 'cli.js'))).toBe(true);
    expect(fs.existsSync(path.join(app, 'node_modules', 'typescript'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'esbuild'))).toBe(false);
  });

  it('npx gundam-rules rule 8-5-3 answers offline', () => {
    const r = spawnSync(npx, ['gundam-rules', 'rule', '8-5-3'], { cwd: app, encoding: 'utf8', env: offlineEnv, timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^8-5-3 Attack on a Unit — Gundam Card Game Comprehensive Rules/);
  });

  it('npx gundam-rules-mcp --stdio speaks JSON-RPC and nothing else on stdout', async () => {
    const child = spawn(npx, ['gundam-rules-mcp', '--stdio'], { cwd: app, env: offlineEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', () => undefined);
    const send = (m: unknown) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-test', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_rule', arguments: { id: '8-5-3-2' } } });
    // Read from docs/engine.md in the installed package: the file must have been packed.
    send({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'gundam://docs/scenario-format' } });
    const deadline = Date.now() + 30_000;
    while (!(out.includes('"id":2') && out.includes('"id":3')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    await stopNpx(child);
    const lines = out.trim().split('\n');
    const messages = lines.map((l) => JSON.parse(l) as { id?: number; result?: { structuredContent?: { rule?: { id: string } }; contents?: { uri: string; text?: string }[] }; error?: unknown });
    expect(messages.every((m) => (m as { jsonrpc?: string }).jsonrpc === '2.0')).toBe(true);
    expect(messages.find((m) => m.id === 2)?.result?.structuredContent?.rule?.id).toBe('8-5-3-2');
    const format = messages.find((m) => m.id === 3);
    expect(format?.error, JSON.stringify(format?.error)).toBeUndefined();
    expect(format?.result?.contents?.[0]?.text).toMatch(/"actions"/);
  });

  it('npx gundam-rules-mcp serves /mcp and the rules page from the installed package', async () => {
    const child = spawn(npx, ['gundam-rules-mcp'], { cwd: app, env: { ...offlineEnv, LOG_LEVEL: 'info', PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.stdout.on('data', () => undefined);
    try {
      const deadline = Date.now() + 30_000;
      let port: string | undefined;
      while (!(port = /"event":"start".*?"port":(\d+)/.exec(log)?.[1]) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(port, log).toBeDefined();
      const page = await fetch(`http://127.0.0.1:${port}/rule/gundam-cr-en/8-5-3-2`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('CR 1.7.0 8-5-3-2');
      expect((await fetch(`http://127.0.0.1:${port}/sw.js`)).status).toBe(200);
    } finally {
      await stopNpx(child);
    }
  });
});
