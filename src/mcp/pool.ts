/**
 * The tool pool: worker threads that run the tools whose cost depends on their input (POOLED_TOOLS),
 * so the main thread keeps answering /healthz, lookups and other clients while they work, and a
 * call that runs too long can be stopped. Each call has a deadline; past it the worker is
 * terminated (V8 stops even an endless loop), a new one is started and the call is answered with an
 * error that says what happened and what to do. A worker that crashes or runs out of its heap
 * (resourceLimits) is replaced the same way: the call gets an error, the server goes on.
 *
 * Calls wait in one queue per owner (client key) and owners take turns, as in the HTTP fair
 * scheduler: a client with 20 costly calls queued delays another client's call by one of them.
 */
import { Worker } from 'node:worker_threads';
import { log } from '../log.js';
import type { PoolReady, PoolReply } from './pool-protocol.js';
import { envInt } from '../env-int.js';

export interface ToolPoolOptions {
  /** Worker threads (each loads its own Knowledge: ~35 MB of heap once every index is loaded). */
  workers: number;
  /** A call still running this long after it started is stopped. */
  deadlineMs: number;
  /** Each worker's old-generation heap limit: about three times what its indexes need, so a runaway call ends long before the process's memory does. */
  heapMb: number;
  /** Calls waiting for a worker beyond this many are refused at once (the server is busy). */
  maxQueue: number;
  /** The worker script; the built pool-worker.js next to this module by default. */
  script?: string | URL;
}

export type PoolOutcome =
  | { kind: 'answer'; structured: unknown; text: string; ms: number }
  /** The tool's own ToolError: a clear message for the caller, with suggestions. */
  | { kind: 'tool_error'; message: string; suggestions: string[]; ms: number }
  /** The call could not be answered (deadline, crash, busy, our bug): `message` says why and what to do. */
  | { kind: 'failed'; reason: 'deadline' | 'crashed' | 'memory' | 'busy' | 'unavailable' | 'cancelled' | 'stopping' | 'failure'; message: string; ms: number };

interface Job {
  id: number;
  tool: string;
  args: unknown;
  owner: string;
  resolve: (o: PoolOutcome) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  started?: number;
  timer?: NodeJS.Timeout;
  /** Set once the slot is being replaced: its events no longer matter. */
  gone: boolean;
  /** Why the worker is ending, when the pool ended it. */
  ending?: 'deadline';
}

/** The pool's settings from the environment: TOOL_WORKERS (0 runs tools in-process), TOOL_DEADLINE_MS, TOOL_HEAP_MB, TOOL_QUEUE_MAX. */
export function toolPoolOptions(env: NodeJS.ProcessEnv = process.env): ToolPoolOptions {
  const int = (name: string, fallback: number, min: number, max: number) => envInt(env, name, fallback, min, max);
  return {
    // One by default: on a 2-core machine a second worker costs ~60 MB and buys little.
    workers: int('TOOL_WORKERS', 1, 0, 64),
    deadlineMs: int('TOOL_DEADLINE_MS', 4000, 10, 600_000),
    heapMb: int('TOOL_HEAP_MB', 96, 64, 16_384),
    maxQueue: int('TOOL_QUEUE_MAX', 64, 1, 100_000),
  };
}

/** The pool the environment asks for, or null (TOOL_WORKERS=0: tools run on the main thread). */
export function toolPoolFromEnv(env: NodeJS.ProcessEnv = process.env): ToolPool | null {
  const o = toolPoolOptions(env);
  return o.workers > 0 ? new ToolPool(o) : null;
}

/** After this many workers in a row die before they are ready, calls are refused until one starts. */
const START_FAILURES = 3;

export class ToolPool {
  private readonly slots: Slot[] = [];
  private readonly queues = new Map<string, Job[]>();
  private queued = 0;
  private nextId = 1;
  private closed = false;
  private startFailures = 0;
  private unavailable: string | null = null;
  /** Workers replaced so far (deadline, crash, memory): for tests and the bench. */
  replaced = 0;
  private readonly script: string | URL;

  constructor(readonly options: ToolPoolOptions) {
    this.script = options.script ?? new URL('./pool-worker.js', import.meta.url);
    for (let i = 0; i < Math.max(1, options.workers); i++) this.spawn();
    this.pump();
  }

  get waiting(): number {
    return this.queued;
  }

  /** Workers ready for calls (idle or busy). */
  get readyWorkers(): number {
    return this.slots.filter((s) => s.ready && !s.gone).length;
  }

  private readyWaiters: (() => void)[] = [];

  /** Resolves true once a worker is ready, or false after `timeoutMs` (the pool keeps trying). */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.readyWorkers > 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Runs `tool` on validated `args` in a worker, for `owner`. Never rejects: every failure is an outcome. */
  run(tool: string, args: unknown, owner = 'local', signal?: AbortSignal): Promise<PoolOutcome> {
    return new Promise((resolve) => {
      if (this.closed) return resolve(this.failed('stopping', `${tool} was not run: the server is stopping; retry against a running server`));
      if (this.unavailable) return resolve(this.failed('unavailable', `${tool} is unavailable: the tool workers could not start (${this.unavailable}); the failure was logged`));
      if (this.queued >= this.options.maxQueue) {
        return resolve(this.failed('busy', `${tool} was not run: the server is busy (${this.queued} costly calls are waiting); retry in a few seconds`));
      }
      const job: Job = { id: this.nextId++, tool, args, owner, resolve, signal };
      if (signal) {
        if (signal.aborted) return resolve(this.failed('cancelled', `${tool} was cancelled before it ran`));
        job.onAbort = () => {
          // Only a call still waiting is dropped: one already running finishes (its deadline bounds it),
          // or a cancelled request would be a cheap way to make the pool restart workers.
          if (this.dequeue(job)) job.resolve(this.failed('cancelled', `${tool} was cancelled before it ran`));
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      const q = this.queues.get(owner);
      if (q) q.push(job);
      else this.queues.set(owner, [job]);
      this.queued++;
      this.pump();
    });
  }

  /** Terminates every worker; waiting calls are answered that the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) for (const job of q) this.finish(job, this.failed('stopping', `${job.tool} was not run: the server is stopping`));
    this.queues.clear();
    this.queued = 0;
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map((s) => {
        s.gone = true;
        clearTimeout(s.timer);
        if (s.job) this.finish(s.job, this.failed('stopping', `${s.job.tool} was stopped: the server is stopping`));
        return s.worker.terminate().catch(() => undefined);
      }),
    );
  }

  private failed(reason: Extract<PoolOutcome, { kind: 'failed' }>['reason'], message: string, ms = 0): PoolOutcome {
    return { kind: 'failed', reason, message, ms };
  }

  private finish(job: Job, outcome: PoolOutcome): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    job.resolve(outcome);
  }

  private dequeue(job: Job): boolean {
    const q = this.queues.get(job.owner);
    const at = q?.indexOf(job) ?? -1;
    if (!q || at < 0) return false;
    q.splice(at, 1);
    if (!q.length) this.queues.delete(job.owner);
    this.queued--;
    return true;
  }

  /** The next owner's next call, owners in turn. */
  private next(): Job | undefined {
    const first = this.queues.entries().next();
    if (first.done) return undefined;
    const [owner, q] = first.value;
    const job = q.shift()!;
    this.queues.delete(owner);
    // Back of the line for its next call.
    if (q.length) this.queues.set(owner, q);
    this.queued--;
    return job;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.gone || slot.job) continue;
      const job = this.next();
      if (!job) break;
      this.dispatch(slot, job);
    }
    // Workers keep the process alive only while calls wait or run: an idle pool never holds it open.
    const busy = this.queued > 0 || this.slots.some((s) => s.job);
    for (const slot of this.slots) busy ? slot.worker.ref() : slot.worker.unref();
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.started = performance.now();
    slot.timer = setTimeout(() => this.overdue(slot), this.options.deadlineMs);
    slot.timer.unref();
    try {
      slot.worker.postMessage({ id: job.id, tool: job.tool, args: job.args });
    } catch (e) {
      // Arguments that cannot be cloned (never from a JSON request): our bug, not the worker's.
      clearTimeout(slot.timer);
      slot.job = undefined;
      log('tool_failure', { tool: job.tool, error: e instanceof Error ? e.message : String(e) });
      this.finish(job, this.failed('failure', `${job.tool} failed on this input; the failure was logged.`));
      this.pump();
    }
  }

  private overdue(slot: Slot): void {
    const job = slot.job;
    if (!job || slot.gone) return;
    const ms = performance.now() - (slot.started ?? performance.now());
    log('tool_deadline', { tool: job.tool, deadline_ms: this.options.deadlineMs, worker_replaced: true });
    slot.ending = 'deadline';
    this.finish(
      job,
      this.failed(
        'deadline',
        `${job.tool} was stopped after ${this.options.deadlineMs} ms: this input needs more work than one call may take on this server. ` +
          (job.tool === 'simulate_ruling'
            ? 'Simulate a smaller part of it (fewer units, actions or abilities that trigger each other), then call again.'
            : job.tool === 'check_deck'
              ? 'Check a shorter deck list, then call again.'
              : 'Ask a shorter query with fewer words, then call again.'),
        ms,
      ),
    );
    slot.job = undefined;
    this.replace(slot);
    this.pump();
  }

  /** Ends a slot's worker and starts another in its place. */
  private replace(slot: Slot): void {
    if (slot.gone) return;
    slot.gone = true;
    clearTimeout(slot.timer);
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    void slot.worker.terminate().catch(() => undefined);
    this.replaced++;
    if (!this.closed) this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(this.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      // The worker is plain built JavaScript: none of the main process's flags (a startup snapshot,
      // a loader) apply to it.
      execArgv: [],
    });
    const slot: Slot = { worker, ready: false, gone: false };
    this.slots.push(slot);
    worker.on('message', (m: PoolReply | PoolReady) => {
      if (slot.gone) return;
      if ('ready' in m) {
        slot.ready = true;
        this.startFailures = 0;
        this.unavailable = null;
        for (const wake of this.readyWaiters.splice(0)) wake();
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      if (m.ok) this.finish(job, { kind: 'answer', structured: m.structured, text: m.text, ms: m.ms });
      else if ('toolError' in m) this.finish(job, { kind: 'tool_error', message: m.toolError.message, suggestions: m.toolError.suggestions, ms: m.ms });
      else {
        // Anything else is our bug: log it, and answer without leaking internals.
        log('tool_failure', { tool: job.tool, error: m.failure });
        this.finish(job, this.failed('failure', `${job.tool} failed on this input; the failure was logged.`, m.ms));
      }
      this.pump();
    });
    let error: Error | undefined;
    worker.on('error', (e) => {
      error = e;
    });
    worker.on('exit', (code) => {
      if (slot.gone) return;
      const job = slot.job;
      const memory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const why = memory ? `out of memory (${this.options.heapMb} MB)` : error ? error.message : `exit code ${code}`;
      log('tool_worker_exit', { reason: why, ready: slot.ready, tool: job?.tool ?? null, replaced: !this.closed });
      if (!slot.ready) {
        // It died starting (a damaged build): so might the next one. Stop trying for a while.
        if (++this.startFailures >= START_FAILURES) {
          this.unavailable = why;
          for (const q of this.queues.values()) for (const j of q) this.finish(j, this.failed('unavailable', `${j.tool} is unavailable: the tool workers could not start (${why}); the failure was logged`));
          this.queues.clear();
          this.queued = 0;
        }
      }
      if (job) {
        const ms = performance.now() - (slot.started ?? performance.now());
        this.finish(
          job,
          memory
            ? this.failed('memory', `${job.tool} was stopped: this input needed more memory than one call may use on this server (${this.options.heapMb} MB). Make it smaller and call again.`, ms)
            : this.failed('crashed', `${job.tool} failed: the worker running it stopped (${why}) and was replaced; the failure was logged. If this input does it again, make it smaller.`, ms),
        );
        slot.job = undefined;
      }
      const retry = !slot.ready && this.startFailures >= START_FAILURES;
      slot.gone = true;
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      if (this.closed) return;
      this.replaced++;
      if (retry) {
        setTimeout(() => {
          if (this.closed) return;
          this.spawn();
          this.pump();
        }, 5000).unref();
      } else this.spawn();
      this.pump();
    });
  }
}
