/** What must never reach a client, and what must never appear in a healthy server's log. */
import { afterAll, expect } from 'vitest';
import { httpServer, root, type HttpServer } from '../helpers/servers.js';

const LEAKS: [RegExp, string][] = [
  [/^\s*at .+:\d+:\d+\)?\s*$/m, 'a stack frame'],
  [/\bat (?:async )?\S+ \((?:file:|node:|\/)/, 'a stack frame'],
  [/node:internal|node_modules/, 'an internal module path'],
  [new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the server\'s directory'],
  [/\b(?:src|dist)\/[\w/.-]+\.(?:ts|js)\b/, 'a source file path'],
  [/root:x:0:0|\[extensions\]|\bBEGIN [A-Z ]*PRIVATE KEY/, 'a file from outside the corpus'],
];

export function assertNoLeak(text: string): void {
  for (const [re, what] of LEAKS) expect(re.test(text), `response shows ${what}: ${text.slice(0, 400)}`).toBe(false);
}

// The trouble-event list is in a vitest-free module, which tools/load.ts shares.
import { serverTrouble } from '../helpers/trouble.js';

export { serverTrouble };

/**
 * A starter for HTTP servers whose logs must be clean: each server it starts is stopped after the
 * file's tests, asserting no trouble was logged and a clean exit. Call it at the top of a test file.
 */
export function checkedServers(): (env?: Record<string, string>) => Promise<HttpServer> {
  const servers: HttpServer[] = [];
  afterAll(async () => {
    for (const s of servers) {
      expect(serverTrouble(s.logs())).toEqual([]);
      expect(await s.stop()).toBe(0);
    }
  });
  return async (env = {}) => {
    const s = await httpServer(env);
    servers.push(s);
    return s;
  };
}
