/**
 * The connection pool of one HTTP server, so that slow or unfinished requests cannot hold it:
 *
 * - At most `perAddress` open connections per address; with `shared` (cluster workers) the count
 *   is kept by the primary across every worker, so N workers do not grant N times the cap.
 * - At most `max` in all. A connection past it, from an address holding fewer than half as many as
 *   the address holding most, takes the place of one of that address's connections that waits for
 *   a request (an idle keep-alive one first, then the one waiting longest for its headers); else
 *   it is dropped. So a newcomer always finds room while a crowd of addresses fills the pool, and
 *   the crowd's own reconnections do not push each other out (which would only churn).
 * - While the pool is busy (at least `busyFraction` of `max` open), a connection that waits for its
 *   headers (or the next request) longer than `busyHeadersTimeoutMs`, or sends a body for longer
 *   than `busyRequestTimeoutMs`, is dropped; Node's own HEADERS_TIMEOUT_MS/REQUEST_TIMEOUT_MS apply
 *   otherwise.
 * - `drain()` (SIGTERM) closes connections once nothing of theirs is in flight. A response counts
 *   as in flight until it has been handed to the operating system whole ('finish'), not when the
 *   handler returned: Node's closeIdleConnections (which server.close() calls) cuts a large answer
 *   still being written, so it is replaced here.
 */
import cluster from 'node:cluster';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Conn {
  addr: string;
  /** Since when it waits for a request (its first, or the next on a kept-alive connection); null: in a request. */
  waitingSince: number | null;
  /** Requests answered on it (an idle keep-alive connection has answered at least one). */
  served: number;
  /** Requests on it not yet answered whole. */
  inFlight: number;
  /** The request whose body is still arriving, and since when. */
  reading: { req: IncomingMessage; since: number } | null;
  /** The primary counted it against the address (so it must hear when it closes). */
  sharedCounted: boolean;
}

/** Counts one address's connections across processes (the cluster primary). */
export interface AddressCounter {
  /**
   * Whether `addr` may open one more: true (counted), false (refused), or null: allowed uncounted,
   * when the counter did not answer in time (the local cap still holds).
   */
  open(addr: string): Promise<boolean | null>;
  close(addr: string): void;
}

export interface PoolOptions {
  /** Open connections in all; 0 = no cap. */
  max: number;
  /** Open connections per address; 0 = no cap. */
  perAddress: number;
  busyHeadersTimeoutMs: number;
  busyRequestTimeoutMs: number;
  /** The pool is busy from this share of `max` (default 0.5). */
  busyFraction?: number;
  shared?: AddressCounter | null;
  /** Called for every connection the pool drops (`reason` says why); the caller samples its log. */
  onDrop?: (reason: 'per-address cap' | 'pool full' | 'evicted for a newcomer' | 'slow while busy') => void;
}

export class ConnectionPool {
  private readonly conns = new Map<Socket, Conn>();
  private readonly perAddr = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private draining: NodeJS.Timeout | null = null;

  constructor(
    private readonly server: Server,
    private readonly o: PoolOptions,
  ) {
    server.on('connection', (socket: Socket) => this.admit(socket));
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.started(req, res));
    // server.close() calls closeIdleConnections(), which would cut a response still being written.
    server.closeIdleConnections = () => this.closeIdle();
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.min(250, Math.floor(o.busyHeadersTimeoutMs / 4))));
    this.sweeper.unref();
  }

  get size(): number {
    return this.conns.size;
  }

  private get busy(): boolean {
    return this.o.max > 0 && this.conns.size >= this.o.max * (this.o.busyFraction ?? 0.5);
  }

  private admit(socket: Socket): void {
    const addr = socket.remoteAddress ?? 'unknown';
    const n = this.perAddr.get(addr) ?? 0;
    if (this.o.perAddress > 0 && n >= this.o.perAddress) return this.drop(socket, 'per-address cap');
    if (this.o.max > 0 && this.conns.size >= this.o.max) {
      const victim = this.victimFor(n);
      if (!victim) return this.drop(socket, 'pool full');
      this.drop(victim, 'evicted for a newcomer');
    }
    const conn: Conn = { addr, waitingSince: Date.now(), served: 0, inFlight: 0, reading: null, sharedCounted: false };
    this.conns.set(socket, conn);
    this.perAddr.set(addr, n + 1);
    socket.once('close', () => this.forget(socket, conn));
    if (this.o.perAddress > 0 && this.o.shared) {
      void this.o.shared.open(addr).then((ok) => {
        if (ok === false) return this.drop(socket, 'per-address cap');
        if (!ok) return;
        // Counted: the primary hears when it closes (at once if it closed meanwhile).
        if (this.conns.get(socket) === conn) conn.sharedCounted = true;
        else this.o.shared?.close(addr);
      });
    }
  }

  private forget(socket: Socket, conn: Conn): void {
    if (this.conns.get(socket) !== conn) return;
    this.conns.delete(socket);
    const left = (this.perAddr.get(conn.addr) ?? 1) - 1;
    if (left > 0) this.perAddr.set(conn.addr, left);
    else this.perAddr.delete(conn.addr);
    if (conn.sharedCounted) this.o.shared?.close(conn.addr);
  }

  private started(req: IncomingMessage, res: ServerResponse): void {
    const conn = this.conns.get(req.socket);
    if (!conn) return;
    conn.waitingSince = null;
    conn.inFlight++;
    conn.reading = req.complete ? null : { req, since: Date.now() };
    let done = false;
    const answered = () => {
      if (done) return;
      done = true;
      conn.served++;
      if (--conn.inFlight === 0) {
        conn.waitingSince = Date.now();
        conn.reading = null;
        // Draining: a connection whose answer is out whole has nothing left to do.
        if (this.draining) this.closeIdle();
      }
    };
    // 'finish': the whole response is handed to the operating system; 'close': the connection went first.
    res.once('finish', answered);
    res.once('close', answered);
  }

  /**
   * The connection to give up for a newcomer whose address holds `held`: one waiting for a request
   * from an address holding more than twice as many, the most first; of that address's, an idle
   * keep-alive one first, then the one waiting longest for its headers.
   */
  private victimFor(held: number): Socket | null {
    let best: Socket | null = null;
    let bestCount = 2 * held;
    let bestKey = Infinity;
    for (const [socket, c] of this.conns) {
      if (c.waitingSince === null) continue;
      const count = this.perAddr.get(c.addr) ?? 0;
      if (count < bestCount) continue;
      // Idle keep-alive connections sort before every connection still sending its first request.
      const key = c.waitingSince - (c.served > 0 ? 1e13 : 0);
      if (count > bestCount || key < bestKey) {
        best = socket;
        bestCount = count;
        bestKey = key;
      }
    }
    return best && bestCount > 2 * held ? best : null;
  }

  private drop(socket: Socket, reason: Parameters<NonNullable<PoolOptions['onDrop']>>[0]): void {
    this.o.onDrop?.(reason);
    socket.destroy();
  }

  private sweep(): void {
    if (!this.busy) return;
    const now = Date.now();
    for (const [socket, c] of this.conns) {
      if (c.waitingSince !== null && now - c.waitingSince > this.o.busyHeadersTimeoutMs) this.drop(socket, 'slow while busy');
      else if (c.reading && !c.reading.req.complete && now - c.reading.since > this.o.busyRequestTimeoutMs) this.drop(socket, 'slow while busy');
    }
  }

  /** Closes every connection with nothing in flight (never one whose answer is still being written). */
  closeIdle(): void {
    for (const [socket, c] of this.conns) if (c.inFlight === 0 && socket.writableLength === 0) socket.destroy();
  }

  /** From now on, connections close as soon as nothing of theirs is in flight. */
  drain(): void {
    this.draining ??= setInterval(() => this.closeIdle(), 100);
    this.closeIdle();
  }

  stop(): void {
    clearInterval(this.sweeper);
    if (this.draining) clearInterval(this.draining);
  }
}

type CountMessage = { gundamConn: 'open'; addr: string; id: number } | { gundamConn: 'close'; addr: string } | { gundamConn: 'answer'; id: number; ok: boolean };

function isCountMessage(m: unknown): m is CountMessage {
  return typeof m === 'object' && m !== null && typeof (m as { gundamConn?: unknown }).gundamConn === 'string';
}

/**
 * In the cluster primary: keeps every worker's open connections per address and answers whether
 * one more is allowed. A worker that exits takes its counts with it.
 */
export function countAddressesInPrimary(perAddress: number): void {
  const total = new Map<string, number>();
  const byWorker = new Map<number, Map<string, number>>();
  const add = (worker: number, addr: string, d: number) => {
    const mine = byWorker.get(worker) ?? new Map<string, number>();
    byWorker.set(worker, mine);
    const m = (mine.get(addr) ?? 0) + d;
    if (m > 0) mine.set(addr, m);
    else mine.delete(addr);
    const t = (total.get(addr) ?? 0) + d;
    if (t > 0) total.set(addr, t);
    else total.delete(addr);
  };
  cluster.on('message', (worker, m: unknown) => {
    if (!isCountMessage(m)) return;
    if (m.gundamConn === 'open') {
      const ok = (total.get(m.addr) ?? 0) < perAddress;
      if (ok) add(worker.id, m.addr, 1);
      if (worker.isConnected()) worker.send({ gundamConn: 'answer', id: m.id, ok } satisfies CountMessage);
    } else if (m.gundamConn === 'close' && (byWorker.get(worker.id)?.get(m.addr) ?? 0) > 0) add(worker.id, m.addr, -1);
  });
  cluster.on('exit', (worker) => {
    for (const [addr, n] of byWorker.get(worker.id) ?? []) add(worker.id, addr, -n);
    byWorker.delete(worker.id);
  });
}

/** In a cluster worker: the primary's count (countAddressesInPrimary), asked over IPC. */
export function addressCounterFromPrimary(timeoutMs: number): AddressCounter {
  let next = 0;
  const waiting = new Map<number, (ok: boolean) => void>();
  process.on('message', (m: unknown) => {
    if (isCountMessage(m) && m.gundamConn === 'answer') {
      waiting.get(m.id)?.(m.ok);
      waiting.delete(m.id);
    }
  });
  const send = (m: CountMessage) => {
    try {
      if (process.connected) process.send?.(m);
      return process.connected;
    } catch {
      return false;
    }
  };
  return {
    open: (addr) =>
      new Promise<boolean | null>((resolve) => {
        const id = next++;
        if (!send({ gundamConn: 'open', addr, id })) return resolve(null);
        const timer = setTimeout(() => {
          // No answer in time (a primary that is gone or busy): the local cap still holds; and should
          // the answer come later, its count is given back.
          waiting.set(id, (ok) => ok && send({ gundamConn: 'close', addr }));
          resolve(null);
        }, timeoutMs);
        timer.unref();
        waiting.set(id, (ok) => {
          clearTimeout(timer);
          resolve(ok);
        });
      }),
    close: (addr) => void send({ gundamConn: 'close', addr }),
  };
}
