/** Measurements the bench and load tools share. */
import fs from 'node:fs';

/** Nearest-rank percentile (p from 0 to 100) of xs; 0 for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return 0;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A process's resident memory in MB (to 0.1), or null when it cannot be read (gone, not Linux). */
export function rssMb(pid: number | null | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}
