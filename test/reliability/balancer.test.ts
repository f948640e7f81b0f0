/**
 * Two stateless replicas behind a real nginx (round robin, no stickiness) with a real redis-server:
 * full MCP sessions through the balancer with no errors, the per-client budget exact across the
 * replicas (shared through Redis), and a replica killed mid-run costing no more than the requests
 * it had in flight.
 *
 * Needs nginx and REDIS_URL. .ci/run installs nginx, starts it from docs/deploy/nginx.conf on a
 * free loopback port (BALANCER_URL, upstreams on BALANCER_UPSTREAM_PORTS) and a redis-server
 * (REDIS_URL); elsewhere the test starts nginx itself when it is installed. Without them it is
 * skipped with a message, except under CI=true, where it fails: CI must run it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginx, type Balancer } from '../helpers/balancer.js';
import { deleteRedisKeys } from '../helpers/redis.js';
import { freePort } from '../helpers/ports.js';
import { clientAddress, closeLoopbackAgents, loopbackRequest, type LoopbackResult } from '../helpers/loopback.js';
import { httpServer, initializeBody, type HttpServer } from '../helpers/servers.js';
import { serverTrouble } from './leaks.js';

const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';
const external = process.env.BALANCER_URL && process.env.BALANCER_UPSTREAM_PORTS ? { url: process.env.BALANCER_URL, ports: process.env.BALANCER_UPSTREAM_PORTS.split(',').map(Number) } : null;
const nginx = external ? 'external' : nginxBinary();
const ci = process.env.CI === 'true' || process.env.CI === '1';
const missing = [!nginx && 'nginx (apt-get install nginx)', !redisUrl && 'REDIS_URL (a running redis-server)'].filter(Boolean).join(' and ');
const prefix = `lb-${process.pid}-${Date.now()}`;

if (ci && missing) {
  describe('balancer', () => {
    it('runs in CI', () => {
      throw new Error(`CI=true but the balancer test cannot run: missing ${missing}; .ci/run installs and starts them`);
    });
  });
} else if (missing) {
  describe('balancer', () => {
    it.skip(`skipped: needs ${missing}; .ci/run provides both (set CI=true to make this a failure)`, () => undefined);
  });
} else {
  describe('two stateless replicas behind nginx (round robin) sharing Redis', () => {
    const replicas: HttpServer[] = [];
    let balancer: Balancer | null = null;
    let url = '';
    const env = (port: number) => ({
      PORT: String(port),
      MCP_STATELESS: '1',
      WORKERS: '1',
      REDIS_URL: redisUrl,
      RATE_LIMIT_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '60',
      TRUST_PROXY_HEADER: 'x-forwarded-for',
      // A busy CI machine may be slow to answer; this test is about sharing, not Redis's speed.
      REDIS_TIMEOUT_MS: '3000',
    });

    beforeAll(async () => {
      const ports = external?.ports ?? [await freePort(), await freePort()];
      replicas.push(...(await Promise.all(ports.map((p) => httpServer(env(p))))));
      // Both replicas must be talking to Redis before the budget is counted.
      for (const r of replicas) {
        for (let i = 0; i < 400 && !r.logs().includes('"event":"redis_ready"'); i++) await new Promise((res) => setTimeout(res, 25));
        expect(r.logs()).toContain('"event":"redis_ready"');
      }
      if (external) url = external.url;
      else {
        balancer = await startNginx(nginx!, replicas.map((r) => `127.0.0.1:${r.port}`));
        url = balancer.url;
      }
    });

    afterAll(async () => {
      closeLoopbackAgents();
      // Everything stopped first, checked after: a failed check must not leave nginx or a replica running.
      await balancer?.stop();
      const trouble = replicas.flatMap((r) => serverTrouble(r.logs()));
      for (const r of replicas) await r.stop();
      await deleteRedisKeys(redisUrl, prefix);
      expect(trouble).toEqual([]);
    });

    const requestsSeen = (r: HttpServer) => r.logs().split('"event":"request"').length - 1;
    const rpc = (from: string, id: number, method: string, params: unknown = {}) => loopbackRequest(url, { from, body: { jsonrpc: '2.0', id, method, params } });
    const ok = (r: LoopbackResult) => 'status' in r && r.status === 200 && !(JSON.parse(r.text) as { error?: unknown }).error;

    it('full client sessions through the balancer: 0 errors, both replicas answer', async () => {
      const before = replicas.map(requestsSeen);
      // Ten raw clients at distinct addresses, each a whole session: initialize, initialized, list, calls.
      const results = await Promise.all(
        Array.from({ length: 10 }, async (_, n) => {
          const from = clientAddress(n, 41);
          const out: LoopbackResult[] = [];
          out.push(await loopbackRequest(url, { from, body: initializeBody(1, `lb-${n}`) }));
          const note = await loopbackRequest(url, { from, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
          expect('status' in note && note.status).toBe(202);
          out.push(await rpc(from, 2, 'tools/list'));
          for (let i = 0; i < 12; i++) out.push(await rpc(from, 3 + i, 'tools/call', { name: i % 2 ? 'get_rule' : 'search_rules', arguments: i % 2 ? { id: '8-5-2-3-1' } : { query: 'first strike', limit: 3 } }));
          out.push(await rpc(from, 20, 'tools/call', { name: 'get_card', arguments: { id: 'GD01-013' } }));
          return out;
        }),
      );
      const all = results.flat();
      const failed = all.filter((r) => !ok(r));
      expect(failed.map((r) => ('status' in r ? `${r.status} ${r.text.slice(0, 200)}` : r.error))).toEqual([]);
      expect(all).toHaveLength(10 * 15);
      // Round robin: each replica answered a fair share (no stickiness).
      const served = replicas.map((r, i) => requestsSeen(r) - before[i]!);
      for (const s of served) expect(s).toBeGreaterThan(40);

      // The SDK's own client, as an assistant would connect: no session id, any replica answers.
      const client = new Client({ name: 'lb-sdk', version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      const tools = await client.listTools();
      expect(tools.tools.length).toBeGreaterThan(5);
      for (let i = 0; i < 6; i++) {
        const r = await client.callTool({ name: 'get_rule', arguments: { id: '8-5-2-3-1' } });
        expect(r.isError).toBeFalsy();
      }
      await client.close();
    });

    it('the 60/min budget per client is exact across both replicas (shared through Redis)', async () => {
      const from = clientAddress(0, 42);
      const statuses: number[] = [];
      // 75 calls in waves of 5 in parallel: nginx spreads them over both replicas.
      for (let wave = 0; wave < 15; wave++) {
        const rs = await Promise.all(Array.from({ length: 5 }, (_, i) => rpc(from, wave * 5 + i + 1, 'tools/call', { name: 'get_rule', arguments: { id: '8-5-2-3-1' } })));
        statuses.push(...rs.map((r) => ('status' in r ? r.status : 0)));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      // Another address behind the same balancer has its own budget.
      const other = await Promise.all(Array.from({ length: 5 }, (_, i) => rpc(clientAddress(1, 42), i + 1, 'tools/call', { name: 'get_rule', arguments: { id: '8-5-2-3-1' } })));
      expect(other.every(ok)).toBe(true);
    });

    it('a replica killed mid-run costs no more than its in-flight requests', async () => {
      const clients = 8;
      const perClient = 45;
      let done = 0;
      let inFlight = 0;
      let inFlightAtKill = -1;
      /**
       * Between kill() and the moment this process sees the exit, new requests may still reach the
       * dying replica: those are in flight on it too. Requests started after it are not.
       */
      let dying = false;
      let exited = false;
      const failuresAfterExit: string[] = [];
      const failures: string[] = [];
      const victim = replicas[1]!;
      const run = async (n: number) => {
        const from = clientAddress(n, 43);
        for (let i = 0; i < perClient; i++) {
          inFlight++;
          if (dying) inFlightAtKill++;
          const startedAfterExit = exited;
          const r = await rpc(from, i + 1, 'tools/call', { name: i % 3 ? 'get_rule' : 'search_rules', arguments: i % 3 ? { id: '8-5-2-3-1' } : { query: 'blocker', limit: 3 } });
          inFlight--;
          done++;
          if (!ok(r)) (startedAfterExit ? failuresAfterExit : failures).push('status' in r ? `${r.status} ${r.text.slice(0, 120)}` : r.error);
          if (done === 100 && inFlightAtKill < 0) {
            inFlightAtKill = inFlight;
            dying = true;
            victim.child.once('exit', () => {
              dying = false;
              exited = true;
            });
            victim.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: clients }, (_, n) => run(n)));
      expect(inFlightAtKill).toBeGreaterThanOrEqual(0);
      expect(done).toBe(clients * perClient);
      // Only what the dead replica was answering may fail: at most the requests in flight while it
      // died, never more than the clients' concurrency, and nothing sent once it was gone.
      expect(failures.length, failures.join('\n')).toBeLessThanOrEqual(Math.min(inFlightAtKill, clients));
      expect(failuresAfterExit).toEqual([]);
      // And the survivor answers everything after it.
      const after = await Promise.all(Array.from({ length: 6 }, (_, i) => rpc(clientAddress(clients + 1, 43), i + 1, 'tools/call', { name: 'get_rule', arguments: { id: '8-5-2-3-1' } })));
      expect(after.every(ok)).toBe(true);
      replicas.splice(1, 1);
    });
  });
}
