/**
 * Processes found by an environment variable they inherited (Linux /proc): how the test run finds
 * servers a test started and an orphan no parent points to any more, whatever spawned it (npm, npx,
 * sh). Processes of other users, or gone while read, are skipped.
 */
import fs from 'node:fs';

export interface FoundProcess {
  pid: number;
  cmd: string;
}

/** Whether processes can be found this way here (Linux, /proc mounted). */
export const canFindProcesses = fs.existsSync('/proc/self/environ');

/** Every process whose environment has NAME=value. */
export function processesWithEnv(name: string, value: string): FoundProcess[] {
  if (!canFindProcesses) return [];
  const want = `${name}=${value}`;
  const found: FoundProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(want)) continue;
      // A zombie has exited already: nothing is left running.
      if (/^\S+ \(.*\) Z /.test(fs.readFileSync(`/proc/${entry}/stat`, 'latin1'))) continue;
      found.push({ pid: Number(entry), cmd: fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim() });
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/** Waits up to `ms` for every process with NAME=value (but those `keep` accepts) to be gone; returns those left. */
export async function waitGone(name: string, value: string, ms: number, keep: (p: FoundProcess) => boolean = () => false): Promise<FoundProcess[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = processesWithEnv(name, value).filter((p) => !keep(p));
    if (!left.length || Date.now() >= deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}
