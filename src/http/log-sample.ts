/**
 * Sampled log lines, for events a flood can repeat at will (refused and free requests, dropped
 * connections): at most one line per kind per `everyMs`, carrying `skipped`, the number of lines
 * of that kind left out since the previous one. What is left out when a flood stops is written by a
 * timer as one `log_skipped` line per kind, so every event is counted and none fills a disk.
 */
import { log, type LogFields } from '../log.js';

export class SampledLog {
  private readonly kinds = new Map<string, { at: number; skipped: number; event: string }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly everyMs = 1000) {
    this.timer = setInterval(() => this.flush(false), Math.max(everyMs, 1000));
    this.timer.unref();
  }

  /** Writes `event` unless a line of the same `kind` went out less than `everyMs` ago (then counts it). */
  write(kind: string, event: string, fields: LogFields): void {
    const now = Date.now();
    const k = this.kinds.get(kind);
    if (k && now - k.at < this.everyMs) {
      k.skipped++;
      return;
    }
    log(event, k?.skipped ? { ...fields, skipped: k.skipped } : fields);
    this.kinds.set(kind, { at: now, skipped: 0, event });
  }

  /** Writes the counts still held (all of them when `all`, else those older than `everyMs`). */
  flush(all = true): void {
    const now = Date.now();
    for (const [kind, k] of this.kinds) {
      if (!all && now - k.at < this.everyMs) continue;
      if (k.skipped) log('log_skipped', { kind, of: k.event, skipped: k.skipped });
      this.kinds.delete(kind);
    }
    if (all) clearInterval(this.timer);
  }
}
