// Server tests spawn the built server (dist/), exactly as a client would: build it first when it is
// stale (SKIP_BUILD=1 skips even that, for a run against a dist/ built elsewhere).
//
// Every process a test starts inherits GCG_TEST_RUN; at the end of the run none may be left
// (an orphaned server, a server installed from the package and never stopped): the run fails,
// naming each one, and they are stopped.
import { randomUUID } from 'node:crypto';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { canFindProcesses, waitGone } from './helpers/processes.js';

export const RUN_TAG = 'GCG_TEST_RUN';

export default function setup(): () => Promise<void> {
  const run = randomUUID();
  process.env[RUN_TAG] = run;
  if (!process.env.SKIP_BUILD) ensureBuilt();
  return async () => {
    if (!canFindProcesses) return;
    // This process and its test workers carry the tag too; a few seconds for servers still draining.
    const ours = (p: { pid: number; cmd: string }) => p.pid === process.pid || /vitest/.test(p.cmd);
    const left = await waitGone(RUN_TAG, run, 5_000, ours);
    if (!left.length) return;
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    // vitest reports a teardown error but keeps its exit code: set it, so the run fails.
    process.exitCode = 1;
    throw new Error(`the test run left ${left.length} process${left.length === 1 ? '' : 'es'} running (now stopped): ${left.map((p) => `${p.pid} ${p.cmd.slice(0, 160)}`).join('; ')}`);
  };
}
