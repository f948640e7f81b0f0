/**
 * The work one JSON-RPC request caused, measured where it happens: a tool handler adds the time it
 * ran (in-process, or in a pool worker), and whoever delivered the request (the HTTP fair scheduler)
 * reads the total when the answer goes out. Carried by AsyncLocalStorage, so concurrent requests,
 * whose handlers now await workers, never count each other's time. The owner (client key) also
 * tells the worker pool whose turn a queued call takes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WorkMeter {
  /** Client key the request came from; pool queues take turns between owners. */
  owner: string;
  /** Measured work of the request so far, in ms. */
  ms: number;
}

const current = new AsyncLocalStorage<WorkMeter>();

/** Runs `f` (the delivery of one request) with `meter` as the work meter of all it starts. */
export function withWorkMeter<T>(meter: WorkMeter, f: () => T): T {
  return current.run(meter, f);
}

/** Adds `ms` of measured work to the running request's meter (nothing outside a request). */
export function addWork(ms: number): void {
  const m = current.getStore();
  if (m) m.ms += ms;
}

/** The running request's owner, or `fallback` outside a metered request (stdio, tests). */
export function workOwner(fallback = 'local'): string {
  return current.getStore()?.owner ?? fallback;
}
