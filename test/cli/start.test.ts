/**
 * `npm start` and `npx gundam-rules serve` as a user stops them: SIGTERM to npm or npx alone (kill,
 * a supervisor), or Ctrl-C (SIGINT to the whole foreground group). npm and npx run the bin through
 * sh, which dies of a SIGTERM without passing it on, so bin/start.mjs must notice its parent is gone
 * and stop; nothing they started may be left running (found by a tag in the environment, wherever
 * it was reparented).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/servers.js';
import { canFindProcesses, processesWithEnv, waitGone } from '../helpers/processes.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const TAG = 'GCG_START_TEST';
const tags: string[] = [];

afterAll(() => {
  // A failed test's leftovers are ours to stop.
  for (const t of tags) for (const p of processesWithEnv(TAG, t)) process.kill(p.pid, 'SIGKILL');
});

/**
 * Starts `command args` in a process group of its own, waits for the server's start line, and
 * sends `signal` to that process alone or, like Ctrl-C in a terminal, to its whole group.
 */
async function startAndSignal(command: string, args: string[], signal: NodeJS.Signals, to: 'process' | 'group'): Promise<{ tag: string; log: string; exit: number | null }> {
  const tag = randomUUID();
  tags.push(tag);
  const { REDIS_URL: _r, API_KEYS: _k, ...env } = process.env;
  const child = spawn(command, args, { cwd: root, env: { ...env, PORT: '0', LOG_LEVEL: 'info', [TAG]: tag }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 180_000;
  while (!/"event":"start"/.test(log) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(log, 'the server did not start').toMatch(/"event":"start"/);
  // The server answers before the signal: it is the process that must go.
  const port = /"event":"start".*?"port":(\d+)/.exec(log)![1];
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  if (to === 'group') process.kill(-child.pid!, signal);
  else child.kill(signal);
  return { tag, log, exit: await exited };
}

describe.skipIf(!canFindProcesses)('no process left behind', { timeout: 240_000 }, () => {
  it('npm start, stopped with SIGTERM to npm, leaves no process', async () => {
    const { tag, log } = await startAndSignal(npm, ['start'], 'SIGTERM', 'process');
    expect(await waitGone(TAG, tag, 20_000), log).toEqual([]);
  });

  it('npm start, stopped with Ctrl-C (SIGINT to its group), leaves no process', async () => {
    const { tag, log } = await startAndSignal(npm, ['start'], 'SIGINT', 'group');
    expect(await waitGone(TAG, tag, 20_000), log).toEqual([]);
  });

  it('npx gundam-rules serve, stopped with SIGTERM to npx, leaves no process (the server drains first)', async () => {
    const { tag, log } = await startAndSignal(npx, ['gundam-rules', 'serve'], 'SIGTERM', 'process');
    expect(await waitGone(TAG, tag, 20_000), log).toEqual([]);
  });
});
