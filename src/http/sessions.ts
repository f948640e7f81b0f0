/**
 * MCP sessions over HTTP: one McpServer and transport per session, created at initialize, looked up
 * by the Mcp-Session-Id header after that. Bounded in number (least recently used evicted), bounded
 * per client (a client over its share loses its own oldest session, never someone else's) and
 * expired when idle, so clients that never say goodbye cannot exhaust memory.
 */
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

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
  maxBodyBytes: number;
  createServer: () => McpServer;
}

export class SessionManager {
  /** In least-recently-used-first order. */
  private readonly sessions = new Map<string, Session>();
  private readonly perOwner = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: SessionOptions) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, Math.max(1000, options.idleMs / 2)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The live session with this id; an idle-expired one is closed and not returned. */
  get(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    if (Date.now() - s.lastSeen > this.options.idleMs) {
      void this.close(id);
      return undefined;
    }
    s.lastSeen = Date.now();
    // Re-insert so the Map's order is least recently used first.
    this.sessions.delete(id);
    this.sessions.set(id, s);
    return s;
  }

  /** A new session's transport for `owner`; it registers itself when the SDK assigns the session id. */
  async create(owner = ''): Promise<WebStandardStreamableHTTPServerTransport> {
    const maxPerOwner = this.options.maxPerOwner ?? Infinity;
    while ((this.perOwner.get(owner) ?? 0) >= maxPerOwner) {
      const oldest = [...this.sessions].find(([, s]) => s.owner === owner)?.[0];
      if (oldest === undefined) break;
      await this.close(oldest);
    }
    while (this.sessions.size >= this.options.max) {
      const oldest = this.sessions.keys().next().value as string;
      await this.close(oldest);
    }
    const server = this.options.createServer();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      maxRequestBodySize: this.options.maxBodyBytes,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { server, transport, owner, lastSeen: Date.now() });
        this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
      },
      onsessionclosed: (id) => {
        this.forget(id);
      },
    });
    await server.connect(transport);
    return transport;
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
    const cutoff = Date.now() - this.options.idleMs;
    for (const [id, s] of this.sessions) if (s.lastSeen < cutoff) void this.close(id);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }
}
