/** Stateless mode and WORKERS: any process answers, the budget is shared by the workers, SIGTERM drains all. */
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, httpServer, initializeBody, post, type HttpServer } from '../helpers/servers.js';
import { serverTrouble } from './leaks.js';

const servers: HttpServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) await s.stop();
});

describe('MCP_STATELESS=1 with WORKERS=2', () => {
  it('answers without sessions, shares one 60/min budget across the workers, and stops cleanly', async () => {
    const s = await httpServer({ MCP_STATELESS: '1', WORKERS: '2' });
    servers.push(s);
    for (let i = 0; i < 200 && s.logs().split('"event":"start"').length < 3; i++) await new Promise((r) => setTimeout(r, 25));
    expect(s.logs().split('"event":"start"').length - 1).toBe(2);
    const init = await post(s.url, initializeBody());
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    await init.text();
    // The SDK's client works unchanged (it sends no session id when it got none).
    const client = await httpClient(s.url);
    expect((await client.callTool({ name: 'get_rule', arguments: { id: '8-5-2-3-1' } })).isError).toBeFalsy();
    await client.close();
    const del = await fetch(`${s.url}/mcp`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    // Separate connections (fetch without keep-alive reuse between waves is not guaranteed, so
    // parallel waves): the workers take them in turn, and the budget is the primary's, exact.
    const statuses: number[] = [];
    for (let wave = 0; wave < 14; wave++) {
      const rs = await Promise.all(Array.from({ length: 5 }, (_, i) => post(s.url, { jsonrpc: '2.0', id: wave * 5 + i, method: 'tools/call', params: { name: 'get_rule', arguments: { id: '8-5-2-3-1' } } })));
      for (const r of rs) {
        statuses.push(r.status);
        await r.text();
      }
    }
    // 70 calls after 3 charged requests (initialize, the client's initialize and call; tools/list none).
    const used = 60 - statuses.filter((x) => x === 200).length;
    expect(statuses.filter((x) => x === 429).length).toBe(70 - (60 - used));
    expect(used).toBeGreaterThanOrEqual(2);
    expect(used).toBeLessThanOrEqual(4);
    const workersAnswering = new Set([...s.logs().matchAll(/"event":"start"[^\n]*"worker":(\d+)/g)].map((m) => m[1]));
    expect(workersAnswering.size).toBe(2);
    expect(serverTrouble(s.logs())).toEqual([]);
    expect(await s.stop()).toBe(0);
  });

  it('refuses WORKERS > 1 without MCP_STATELESS=1, with a clear message', async () => {
    await expect(httpServer({ WORKERS: '2' })).rejects.toThrow(/WORKERS=2 needs MCP_STATELESS=1/);
  });
});
