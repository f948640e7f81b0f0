/**
 * Fair turns on the event loop for the work requests cause. Every JSON-RPC request of an HTTP
 * session runs as one task; tasks wait in one queue per client and clients take turns (round
 * robin), one task per turn of the event loop, with I/O in between. A client sending a batch of 20
 * costly calls therefore delays another client's call by at most one of its own, never by all 20,
 * and /healthz and new connections are served between any two tasks.
 *
 * The time each task ran beyond what its price covers (`includedMs`) is added to its client's
 * account, which the HTTP front turns into budget points (`takeSpent`): an ordinary request costs
 * its price, one that held the event loop for long costs more.
 */
export class FairScheduler {
  /** Work (ms) one request's price includes. */
  constructor(readonly includedMs = 50) {}

  /** Clients with work waiting, in turn order (a Map keeps insertion order). */
  private readonly queues = new Map<string, (() => void)[]>();
  private readonly spent = new Map<string, number>();
  private scheduled = false;

  /** Queues `task` for `owner`'s next turn. */
  run(owner: string, task: () => void): void {
    const q = this.queues.get(owner);
    if (q) q.push(task);
    else this.queues.set(owner, [task]);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.turn);
    }
  }

  /** Adds one request's measured work (ms), less what its price includes, to `owner`'s account. */
  addSpent(owner: string, ms: number): void {
    const extra = ms - this.includedMs;
    if (extra > 0) this.spent.set(owner, (this.spent.get(owner) ?? 0) + extra);
  }

  /** The whole `unit`s of work `owner` has spent since the last call; the rest stays on the account. */
  takeSpent(owner: string, unit: number): number {
    const ms = this.spent.get(owner);
    if (ms === undefined) return 0;
    const units = Math.floor(ms / unit);
    const rest = ms - units * unit;
    if (rest > 0) this.spent.set(owner, rest);
    else this.spent.delete(owner);
    // Forget accounts nobody collects: bounded by clients with work in the last moments.
    if (this.spent.size > 100_000) this.spent.clear();
    return units;
  }

  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  private readonly turn = (): void => {
    const next = this.queues.entries().next();
    if (next.done) {
      this.scheduled = false;
      return;
    }
    const [owner, q] = next.value;
    const task = q.shift()!;
    this.queues.delete(owner);
    // Back of the line for its next task.
    if (q.length) this.queues.set(owner, q);
    try {
      task();
    } finally {
      // The next turn comes after the event loop has polled I/O (an immediate queued from an immediate).
      if (this.queues.size) setImmediate(this.turn);
      else this.scheduled = false;
    }
  };
}
