/**
 * MCP sessions over HTTP: one McpServer and transport per session, created at initialize, looked up
 * by the Mcp-Session-Id header after that. Bounded in number (least recently used evicted) and
 * expired when idle, so clients that never say goodbye cannot exhaust memory.
 */
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
}

export interface SessionOptions {
  max: number;
  idleMs: number;
  maxBodyBytes: number;
  createServer: () => McpServer;
}

export class SessionManager {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: SessionOptions) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, Math.max(1000, options.idleMs / 2)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (s) {
      s.lastSeen = Date.now();
      // Re-insert so the Map's order is least recently used first.
      this.sessions.delete(id);
      this.sessions.set(id, s);
    }
    return s;
  }

  /** A new session's transport; it registers itself when the SDK assigns the session id. */
  async create(): Promise<WebStandardStreamableHTTPServerTransport> {
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
        this.sessions.set(id, { server, transport, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    await server.connect(transport);
    return transport;
  }

  async close(id: string): Promise<void> {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
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
