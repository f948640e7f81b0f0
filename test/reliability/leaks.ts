/** What must never reach a client, and what must never appear in a healthy server's log. */
import { expect } from 'vitest';
import { root } from '../helpers/servers.js';

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

const TROUBLE = ['tool_failure', 'request_failure', 'unhandled_rejection', 'uncaught_exception', 'http_error', 'response_timeout', 'start_failed'];

/** Log lines of events that mean something broke inside the server. */
export function serverTrouble(logs: string): string[] {
  return logs
    .split('\n')
    .filter((l) => TROUBLE.some((t) => l.includes(`"event":"${t}"`)))
    .map((l) => l.slice(0, 500));
}
