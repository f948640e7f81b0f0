/**
 * MCP sessions over HTTP: one McpServer and transport per session, created at initialize, looked up
 * by the Mcp-Session-Id header after that. Bounded in number and per client, and expired when idle,
 * so clients that never say goodbye cannot exhaust memory; and no client can end another's session:
 * when all are taken a new initialize is refused (SessionsFull, answered 503), and a client over its
 * own share loses its own least recently used session, never someone else's (and only once its new
 * session exists: a failed initialize evicts nothing).
 *
 * Every request of a session runs through the FairScheduler under the session's client key.
 */
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { FairScheduler } from './fair.js';
import { withWorkMeter, type WorkMeter } from '../mcp/work.js';

/**
 * The SDK's transport (1.32) in JSON-response mode never removes a request's entry from its
 * `_streamMapping` once the response is handed out (its `cleanup` runs only in SSE mode), so every
 * request of a session left ~7 KB behind: 115 MB -> 320 MB over 25k calls. Remove the entry when its
 * response resolves. Only the private map is touched; when a future SDK renames it, nothing happens.
 */
export function releaseAnsweredStreams(transport: WebStandardStreamableHTTPServerTransport): void {
  type Entry = { resolveJson?: (r: Response) => void };
  const map = (transport as unknown as { _streamMapping?: Map<string, Entry> })._streamMapping;
  if (!(map instanceof Map)) return;
  const set = map.set.bind(map);
  map.set = (id: string, entry: Entry) => {
    const resolve = entry.resolveJson;
    if (resolve) {
      entry.resolveJson = (r: Response) => {
        map.delete(id);
        resolve(r);
      };
    }
    return set(id, entry);
  };
}

/** Every session is taken: a new one must wait until one closes or expires. */
export class SessionsFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Service Unavailable: the server holds as many sessions as it allows; retry later');
  }
}

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  owner: string;
  lastSeen: number;
}

export interface SessionOptions {
  max: number;
  /** Sessions one owner (client key) may hold at once. */
  maxPerOwner?: number;
  idleMs: number;
  /**
   * While the table is at least half full, a session idle this long (less than idleMs) expires:
   * a crowd of sessions held open by one request each cannot keep newcomers out for long.
   */
  idleUnderPressureMs?: number;
  maxBodyBytes: number;
  createServer: () => McpServer;
  /** Turns on the event loop for requests; one per process (default: a new one). */
  scheduler?: FairScheduler;
}

/**
 * Routes a transport's requests through the fair scheduler, and measures each one: the work its
 * tool did, in-process or in a pool worker (work.ts), read when its response goes out. (Not the
 * process's CPU time: with tools in worker threads that counts every thread's work, other
 * clients' included.)
 */
export function scheduleRequests(transport: WebStandardStreamableHTTPServerTransport, owner: string, scheduler: FairScheduler): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  const started = new Map<string | number, WorkMeter>();
  transport.onmessage = (message, extra) => {
    const m = message as { id?: unknown; method?: unknown };
    if (typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) {
      const id = m.id;
      scheduler.run(owner, () => {
        const meter: WorkMeter = { owner, ms: 0 };
        if (started.size < 10_000) started.set(id, meter);
        withWorkMeter(meter, () => deliver.call(transport, message, extra));
      });
    } else deliver.call(transport, message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options) => {
    const id = (message as { id?: unknown }).id;
    if ((typeof id === 'string' || typeof id === 'number') && !('method' in message)) {
      const meter = started.get(id);
      if (meter !== undefined) {
        started.delete(id);
        scheduler.addSpent(owner, meter.ms);
      }
    }
    return send(message, options);
  };
}

/**
 * Stateless serving (MCP_STATELESS=1): no session, so any process or replica answers any request.
 * Each request gets a fresh transport without a session id (the SDK's stateless mode: a transport
 * must not serve two requests) connected to an McpServer from a pool: building a server (every
 * tool, resource and prompt registered) costs more than the call itself, and a server whose
 * transport closed connects to the next one. The pool holds at most `maxIdle` idle servers.
 */
export class StatelessServers {
  private readonly idle: McpServer[] = [];
  private readonly maxIdle: number;
  readonly scheduler: FairScheduler;

  constructor(private readonly options: { createServer: () => McpServer; maxBodyBytes: number; scheduler?: FairScheduler; maxIdle?: number }) {
    this.scheduler = options.scheduler ?? new FairScheduler();
    this.maxIdle = options.maxIdle ?? 64;
  }

  get idleServers(): number {
    return this.idle.length;
  }

  /**
   * Answers one POST (its body already parsed). `abandon` is set when the caller gave up waiting
   * (a response timeout): the server then goes away instead of back to the pool.
   */
  async handle(request: Request, parsedBody: unknown, owner: string): Promise<{ response: Promise<Response>; abandon: () => void }> {
    const server = this.idle.pop() ?? this.options.createServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: this.options.maxBodyBytes,
    });
    await server.connect(transport);
    scheduleRequests(transport, owner, this.scheduler);
    let abandoned = false;
    const response = (async () => {
      try {
        return await transport.handleRequest(request, { parsedBody });
      } finally {
        // Closing the transport disconnects the server from it; a server nobody abandoned serves again.
        await transport.close().catch(() => undefined);
        if (!abandoned && this.idle.length < this.maxIdle) this.idle.push(server);
      }
    })();
    return {
      response,
      abandon: () => {
        abandoned = true;
        void transport.close().catch(() => undefined);
      },
    };
  }

  async closeAll(): Promise<void> {
    const servers = this.idle.splice(0);
    await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
  }
}

export class SessionManager {
  /** In least-recently-used-first order. */
  private readonly sessions = new Map<string, Session>();
  private readonly perOwner = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  /** Sessions being created (initialize in flight): they count against the cap. */
  private pending = 0;
  readonly scheduler: FairScheduler;

  constructor(private readonly options: SessionOptions) {
    this.scheduler = options.scheduler ?? new FairScheduler();
    const shortest = Math.min(options.idleMs, options.idleUnderPressureMs ?? Infinity);
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, Math.max(1000, shortest / 2)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** How long a session may stay idle now: shorter while the table is under pressure. */
  private get idleMs(): number {
    const pressed = this.sessions.size + this.pending >= this.options.max / 2;
    return pressed ? Math.min(this.options.idleMs, this.options.idleUnderPressureMs ?? Infinity) : this.options.idleMs;
  }

  /** The live session with this id; an idle-expired one is closed and not returned. */
  get(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    if (Date.now() - s.lastSeen > this.idleMs) {
      void this.close(id);
      return undefined;
    }
    s.lastSeen = Date.now();
    // Re-insert so the Map's order is least recently used first.
    this.sessions.delete(id);
    this.sessions.set(id, s);
    return s;
  }

  /** Sessions `owner` holds. */
  countOf(owner: string): number {
    return this.perOwner.get(owner) ?? 0;
  }

  /**
   * A new session's transport for `owner`; it registers itself when the SDK assigns the session id.
   * Throws SessionsFull when every session is taken (nobody else's is evicted for it). The caller
   * hands the transport the initialize request, then calls `settle(transport)`.
   */
  async create(owner = ''): Promise<WebStandardStreamableHTTPServerTransport> {
    const maxPerOwner = this.options.maxPerOwner ?? Infinity;
    // A client at its own cap replaces its own oldest session, so it does not need a free slot.
    const replacesOwn = this.countOf(owner) >= maxPerOwner;
    if (!replacesOwn && this.sessions.size + this.pending >= this.options.max) {
      this.sweep();
      if (this.sessions.size + this.pending >= this.options.max) {
        throw new SessionsFull(Math.max(1, Math.min(60, Math.ceil(this.idleMs / 1000 / 10))));
      }
    }
    this.pending++;
    // Building a server is the costliest part of a session: it takes its turn among the clients'
    // work, so a crowd opening sessions delays another client's call by one of them, not all.
    await new Promise<void>((resolve) => this.scheduler.run(owner, resolve));
    const server = this.options.createServer();
    let registered = false;
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      maxRequestBodySize: this.options.maxBodyBytes,
      onsessioninitialized: (id) => {
        registered = true;
        this.pending--;
        // Over its share: this client's least recently used session goes (never another client's).
        while (this.countOf(owner) >= maxPerOwner) {
          const oldest = [...this.sessions].find(([, x]) => x.owner === owner)?.[0];
          if (oldest === undefined) break;
          void this.close(oldest);
        }
        this.sessions.set(id, { server, transport, owner, lastSeen: Date.now() });
        this.perOwner.set(owner, this.countOf(owner) + 1);
      },
      onsessionclosed: (id) => {
        this.forget(id);
      },
    });
    releaseAnsweredStreams(transport);
    this.pendingTransports.set(transport, () => {
      if (!registered) {
        registered = true;
        this.pending--;
      }
    });
    await server.connect(transport);
    scheduleRequests(transport, owner, this.scheduler);
    return transport;
  }

  private readonly pendingTransports = new WeakMap<WebStandardStreamableHTTPServerTransport, () => void>();

  /**
   * After the initialize request: a transport that got no session (the request failed) is closed
   * and releases its place.
   */
  async settle(transport: WebStandardStreamableHTTPServerTransport): Promise<void> {
    this.pendingTransports.get(transport)?.();
    this.pendingTransports.delete(transport);
    if (!transport.sessionId || !this.sessions.has(transport.sessionId)) await transport.close().catch(() => undefined);
  }

  private forget(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    this.sessions.delete(id);
    const n = (this.perOwner.get(s.owner) ?? 1) - 1;
    if (n > 0) this.perOwner.set(s.owner, n);
    else this.perOwner.delete(s.owner);
    return s;
  }

  async close(id: string): Promise<void> {
    const s = this.forget(id);
    if (s) await s.server.close().catch(() => undefined);
  }

  private sweep(): void {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, s] of this.sessions) if (s.lastSeen < cutoff) void this.close(id);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }
}
