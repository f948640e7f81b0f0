/**
 * Load test of the HTTP server, on loopback only: many clients (API keys), each with its own MCP
 * session, send a mix of well-formed tool calls as fast as a pool of connections allows, well past
 * the rate limit, for a bounded time and number of requests. Reports answered, limited and failed
 * requests, latency percentiles and the server's RSS before, during and after; exits 1 if any
 * request failed (network error, 5xx, a 4xx other than 429, or an error answer to a well-formed
 * call), if the server died, or if its RSS kept growing.
 *
 *   npm run load                                  # starts dist/cli.js itself (built first if stale) on an ephemeral port
 *   npm run load -- --seconds 10 --keys 50        # options: --seconds (<= 60) --requests (<= 50000)
 *                                                 #   --keys --concurrency --url http://127.0.0.1:PORT [--pid PID]
 */
import type { ChildProcess } from 'node:child_process';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { httpServer, initializeBody, type HttpServer } from '../test/helpers/servers.js';
import { isTrouble } from '../test/helpers/trouble.js';
import { percentile, rssMb } from './measure.js';

function option(name: string, fallback: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.min(v, max);
}
function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const SECONDS = option('seconds', 15, 60);
const MAX_REQUESTS = option('requests', 20_000, 50_000);
const KEYS = Math.round(option('keys', 100, 1000));
const CONCURRENCY = Math.round(option('concurrency', 64, 256));
const REQUEST_TIMEOUT_MS = 10_000;

// ------------------------------------------------------------------------------------------------
// The server: ours (spawned on an ephemeral loopback port) or the one at --url, which must be loopback.

interface Target {
  url: string;
  pid: number | null;
  server: HttpServer | null;
}

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

async function startServer(): Promise<Target> {
  const given = textOption('url');
  if (given) {
    const u = new URL(given);
    if (!isLoopback(u.hostname)) throw new Error(`refusing to load ${u.hostname}: this load test only targets loopback addresses`);
    const pid = textOption('pid');
    return { url: u.origin, pid: pid ? Number(pid) : null, server: null };
  }
  ensureBuilt();
  // The server's own defaults (60/min, burst 30) unless the caller's environment sets them. httpServer
  // passes on neither API_KEYS (the keys here must not share a budget) nor LOG_LEVEL (the log is
  // read), nor REDIS_URL unless asked for with --redis. The log is streamed, not kept: a run is long.
  const redis: Record<string, string> = process.argv.includes('--redis') ? { REDIS_URL: process.env.REDIS_URL ?? '' } : {};
  const server = await httpServer(redis, { retainLogs: false, onLog: countTrouble, startTimeoutMs: 60_000 });
  spawned = server.child;
  return { url: server.url, pid: server.child.pid ?? null, server };
}

/** The server this run started, ended whatever happens to the run. */
let spawned: ChildProcess | null = null;
process.on('exit', () => {
  if (spawned && spawned.exitCode === null) spawned.kill('SIGKILL');
});

let serverTrouble = 0;
let logTail = '';
function countTrouble(chunk: string): void {
  const text = logTail + chunk;
  const lines = text.split('\n');
  logTail = lines.pop() ?? '';
  for (const l of lines) if (isTrouble(l)) serverTrouble++;
}

// ------------------------------------------------------------------------------------------------
// Clients and the call mix (all well-formed; every one must be answered or limited).

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

const QUERIES = ['can a unit attack the turn it is deployed', 'blocker', 'ブロッカー', 'hand size limit', 'what happens when a player has no shields', 'first strike damage', 'how does pairing a pilot work', 'mulligan'];
const MIX: [string, () => Record<string, unknown>][] = [
  ['search_rules', () => ({ query: pick(QUERIES), limit: 5 })],
  ['search_rules', () => ({ query: pick(QUERIES) })],
  ['get_rule', () => ({ id: pick(['8-5-3-2-3', '7-6-5-1', '13-1-5', '3-2-4']) })],
  ['get_rule', () => ({ id: '2.4.1', document: 'gundam-tournament-rules-en' })],
  ['get_card', () => ({ id: pick(['GD01-001', 'GD01-013', 'ST01-001']) })],
  ['get_card', () => ({ name: pick(['Gundam', 'unicorn gundam', 'Amuro Ray']) })],
  ['search_cards', () => pick([{ query: 'gundam' }, { color: 'blue', limit: 50 }, { keyword: 'Blocker' }, { type: 'pilot', limit: 100 }])],
  ['search_glossary', () => ({ query: pick(['link unit', 'rested', 'blocker', 'burst']) })],
  ['read_rules_document', () => ({ document: pick(['gundam-cr-en', 'gundam-cr-ja']), offset: 50 * Math.floor(Math.random() * 10), limit: 50 })],
  ['read_rules_document', () => ({ document: 'gundam-cr-en', section: pick(['8-5', '7-6', '13-1']) })],
];

/** Engine calls, added to the mix when the server lists these tools. */
const ENGINE_MIX: [string, () => Record<string, unknown>][] = [
  [
    'simulate_ruling',
    () => ({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: pick(['GD01-001', 'GD01-013']) }] }, B: { units: [{ id: 'b1', ap: 2, hp: 3, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: pick(['b1', 'player']) }, { type: 'end_turn' }],
    }),
  ],
  ['check_deck', () => ({ deck: [{ card: 'ST01-001', count: 4 }, { card: 'GD01-001', count: pick([3, 4, 5]) }] })],
];

function pick<T>(xs: readonly T[]): T {
  return xs[Math.floor(Math.random() * xs.length)]!;
}

type Outcome = 'answered' | 'limited' | 'failed';

interface Stats {
  sent: number;
  answered: number;
  limited: number;
  failed: number;
  reinitialized: number;
  latencies: number[];
  answeredLatencies: number[];
  failures: Map<string, number>;
  byTool: Map<string, { answered: number; limited: number; failed: number }>;
}

const stats: Stats = { sent: 0, answered: 0, limited: 0, failed: 0, reinitialized: 0, latencies: [], answeredLatencies: [], failures: new Map(), byTool: new Map() };

function record(tool: string, outcome: Outcome, ms: number, why?: string): void {
  stats.sent++;
  stats[outcome]++;
  stats.latencies.push(ms);
  if (outcome === 'answered') stats.answeredLatencies.push(ms);
  if (why) stats.failures.set(why, (stats.failures.get(why) ?? 0) + 1);
  const t = stats.byTool.get(tool) ?? { answered: 0, limited: 0, failed: 0 };
  t[outcome]++;
  stats.byTool.set(tool, t);
}

async function send(url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string; session: string | null; ms: number } | { error: string; ms: number }> {
  const t = performance.now();
  try {
    const r = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await r.text();
    return { status: r.status, text, session: r.headers.get('mcp-session-id'), ms: performance.now() - t };
  } catch (e) {
    return { error: e instanceof Error ? e.name === 'TimeoutError' ? 'timeout' : e.message : String(e), ms: performance.now() - t };
  }
}

class LoadClient {
  session: string | null = null;
  constructor(
    readonly url: string,
    readonly key: string,
  ) {}

  /** initialize + initialized; a 429 leaves the client without a session, to try again later. */
  async connect(): Promise<void> {
    const h = { 'x-api-key': this.key };
    const r = await send(this.url, initializeBody(0, 'load'), h);
    if ('error' in r) return record('initialize', 'failed', r.ms, `initialize: ${r.error}`);
    if (r.status === 429) return record('initialize', 'limited', r.ms);
    if (r.status !== 200 || !r.session) return record('initialize', 'failed', r.ms, `initialize: HTTP ${r.status}`);
    record('initialize', 'answered', r.ms);
    this.session = r.session;
    const n = await send(this.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...h, 'mcp-session-id': r.session });
    if ('error' in n) return record('initialized', 'failed', n.ms, `initialized: ${n.error}`);
    record('initialized', n.status === 202 ? 'answered' : n.status === 429 ? 'limited' : 'failed', n.ms, n.status === 202 || n.status === 429 ? undefined : `initialized: HTTP ${n.status}`);
  }

  async call(id: number): Promise<void> {
    if (!this.session) return this.connect();
    const [tool, args] = pick(MIX);
    const r = await send(this.url, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args() } }, { 'x-api-key': this.key, 'mcp-session-id': this.session });
    if ('error' in r) return record(tool, 'failed', r.ms, `network: ${r.error}`);
    if (r.status === 429) return record(tool, 'limited', r.ms);
    if (r.status === 404) {
      // The session was evicted or expired: a real client initializes again. Counted as a failure
      // all the same, since nothing in this run should evict a live session.
      stats.reinitialized++;
      this.session = null;
      return record(tool, 'failed', r.ms, 'session lost (404)');
    }
    if (r.status !== 200) return record(tool, 'failed', r.ms, `HTTP ${r.status}`);
    let msg: { result?: { isError?: boolean; content?: { text?: string }[] }; error?: { message?: string } };
    try {
      msg = JSON.parse(r.text) as typeof msg;
    } catch {
      return record(tool, 'failed', r.ms, 'unparseable body');
    }
    if (msg.error) return record(tool, 'failed', r.ms, `JSON-RPC error: ${msg.error.message?.slice(0, 80)}`);
    if (msg.result?.isError) return record(tool, 'failed', r.ms, `${tool} error: ${msg.result.content?.[0]?.text?.slice(0, 80)}`);
    record(tool, 'answered', r.ms);
  }
}

/** Latency percentile in ms, to 0.1. */
const pct = (xs: number[], p: number) => Math.round(percentile(xs, p) * 10) / 10;

async function main(): Promise<number> {
  const target = await startServer();
  const health = await fetch(`${target.url}/healthz`).then((r) => r.ok, () => false);
  if (!health) throw new Error(`${target.url}/healthz does not answer`);

  // The engine tools join the mix when the server has them.
  const probe = new LoadClient(target.url, `load-${process.pid}-probe`);
  await probe.connect();
  if (probe.session) {
    const r = await send(target.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': probe.key, 'mcp-session-id': probe.session });
    const listed = 'text' in r ? r.text : '';
    for (const call of ENGINE_MIX) if (listed.includes(`"name":"${call[0]}"`)) MIX.push(call);
  }

  const clients = Array.from({ length: KEYS }, (_, i) => new LoadClient(target.url, `load-${process.pid}-${i}`));
  // Settle before measuring: sessions for every client, then a moment of quiet.
  for (let i = 0; i < clients.length; i += CONCURRENCY) await Promise.all(clients.slice(i, i + CONCURRENCY).map((c) => c.connect()));
  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = rssMb(target.pid);

  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let rssPeak = rssBefore ?? 0;
  let rssMid: number | null = null;
  const sampler = setInterval(() => {
    const v = rssMb(target.pid);
    if (v !== null) rssPeak = Math.max(rssPeak, v);
    if (rssMid === null && performance.now() - started >= (SECONDS * 1000) / 2) rssMid = v;
  }, 250);
  let next = 0;
  let id = 1;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline && stats.sent < MAX_REQUESTS) {
        await clients[next++ % clients.length]!.call(id++);
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  const rssAfter = rssMb(target.pid);
  await new Promise((r) => setTimeout(r, 3000));
  const rssSettled = rssMb(target.pid);

  const alive = await fetch(`${target.url}/healthz`).then((r) => r.ok, () => false);
  let exitCode: number | null = null;
  if (target.server) exitCode = await target.server.stop();

  // RSS settles when the second half of the run did not keep growing it (allowing for allocator noise).
  const mid = rssMid ?? rssBefore;
  const settled = mid === null || rssAfter === null || rssSettled === null || rssSettled - mid <= Math.max(48, 0.2 * mid);
  const result = {
    event: 'load',
    url: target.url,
    seconds: Math.round(elapsed * 10) / 10,
    keys: KEYS,
    concurrency: CONCURRENCY,
    requests: stats.sent,
    rps: Math.round(stats.sent / elapsed),
    answered: stats.answered,
    limited: stats.limited,
    failed: stats.failed,
    failures: Object.fromEntries(stats.failures),
    sessions_lost: stats.reinitialized,
    p50_ms: pct(stats.latencies, 50),
    p99_ms: pct(stats.latencies, 99),
    answered_p50_ms: pct(stats.answeredLatencies, 50),
    answered_p99_ms: pct(stats.answeredLatencies, 99),
    max_ms: pct(stats.latencies, 100),
    rss_mb: { before: rssBefore, mid, peak: rssPeak || null, after: rssAfter, settled: rssSettled },
    rss_settled: settled,
    server_alive: alive,
    server_errors_logged: serverTrouble,
    server_exit: exitCode,
  };

  const pad = (s: unknown, n: number) => String(s).padStart(n);
  console.log(`\nload: ${result.seconds} s against ${target.url}, ${KEYS} keys, ${CONCURRENCY} connections, ${result.rps} requests/s`);
  console.log(`${pad('requests', 10)}${pad('answered', 10)}${pad('limited', 10)}${pad('failed', 8)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}`);
  console.log(`${pad(result.requests, 10)}${pad(result.answered, 10)}${pad(result.limited, 10)}${pad(result.failed, 8)}${pad(result.p50_ms, 9)}${pad(result.p99_ms, 9)}${pad(result.max_ms, 9)}`);
  console.log(`answered only: p50 ${result.answered_p50_ms} ms, p99 ${result.answered_p99_ms} ms; sessions lost (404, initialized again): ${result.sessions_lost}`);
  console.log(`\n${'tool'.padEnd(22)}${pad('answered', 10)}${pad('limited', 10)}${pad('failed', 8)}`);
  for (const [tool, t] of [...stats.byTool].sort()) console.log(`${tool.padEnd(22)}${pad(t.answered, 10)}${pad(t.limited, 10)}${pad(t.failed, 8)}`);
  const r = result.rss_mb;
  console.log(`\nserver RSS MB: before ${r.before ?? '?'}, half-way ${r.mid ?? '?'}, peak ${r.peak ?? '?'}, after ${r.after ?? '?'}, 3 s later ${r.settled ?? '?'} (${settled ? 'settled' : 'STILL GROWING'})`);
  if (stats.failures.size) console.log(`failures: ${JSON.stringify(result.failures)}`);
  console.log(`server: ${alive ? 'alive' : 'NOT ANSWERING'} after the run${target.server ? `, exited ${exitCode} on SIGTERM` : ''}; ${serverTrouble} error events logged`);
  console.log(JSON.stringify(result));

  const ok = stats.failed === 0 && alive && settled && serverTrouble === 0 && (target.server === null || exitCode === 0);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`load: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
