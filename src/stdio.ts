/**
 * MCP over stdio for assistants that spawn the server. Nothing but protocol goes to stdout; logs
 * go to stderr.
 *
 * It fails loudly, never deafly: stdin is split into lines here, before the SDK's transport sees
 * them, so a line longer than MAX_MESSAGE_BYTES is dropped and answered with a JSON-RPC error
 * (-32600), and one that is not JSON (-32700) or not JSON-RPC (-32600) is answered too; the server
 * keeps serving; so is one nested deeper than MAX_JSON_DEPTH (64), before anything walks it. If the
 * transport closes anyway, or stdout is closed under it (EPIPE), the process logs why and exits
 * rather than run on answering nothing.
 *
 * At the end of input (or on SIGTERM) it answers every request it has read before it exits: 0 once
 * all are answered, 1 when some were still unanswered after SHUTDOWN_GRACE_MS (10 s).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { knowledge } from './knowledge.js';
import { createServer } from './mcp/server.js';
import { toolPoolFromEnv } from './mcp/pool.js';
import { engineBudget } from './engine/bounds.js';
import { flushLogs, keepRunningOnStrayErrors, log } from './log.js';
import { jsonDepthExceeds } from './json-depth.js';

/** Default bound on one message (one line), well under the SDK's 10 MiB read buffer. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Default bound on a message's nesting, the HTTP server's too. */
export const DEFAULT_MAX_JSON_DEPTH = 64;

function errorLine(code: number, message: string, id: unknown = null): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`;
}

/**
 * Passes on complete lines of at most `maxBytes`, each a JSON-RPC message; anything else is answered
 * through `reply` and not passed on. Memory held is bounded by `maxBytes` whatever arrives.
 */
export class MessageLines extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  /** Inside a line already found too long: skipping to its end. */
  private skipping = false;

  constructor(
    private readonly maxBytes: number,
    private readonly reply: (line: string) => void,
    private readonly maxDepth = DEFAULT_MAX_JSON_DEPTH,
  ) {
    super();
  }

  /** The last line, when the input ends without a newline, is a message too. */
  override _flush(done: TransformCallback): void {
    if (!this.skipping && this.size > 0) this.line(Buffer.concat(this.parts).toString('utf8').replace(/\r$/, ''));
    this.parts = [];
    this.size = 0;
    done();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl === -1 ? chunk.length : nl;
      if (!this.skipping) {
        const piece = chunk.subarray(start, end);
        if (this.size + piece.length > this.maxBytes) {
          this.parts = [];
          this.size = 0;
          this.skipping = true;
          log('stdio_message_refused', { reason: 'too large', max_bytes: this.maxBytes });
          this.reply(errorLine(-32600, `Invalid Request: a message is limited to ${this.maxBytes} bytes (one line of JSON)`));
        } else {
          this.parts.push(piece);
          this.size += piece.length;
        }
      }
      if (nl === -1) break;
      if (!this.skipping) this.line(Buffer.concat(this.parts).toString('utf8').replace(/\r$/, ''));
      this.parts = [];
      this.size = 0;
      this.skipping = false;
      start = nl + 1;
    }
    done();
  }

  private line(text: string): void {
    if (!text.trim()) return;
    if (jsonDepthExceeds(text, this.maxDepth)) {
      // JSON.parse itself does not recurse (V8): reading the id costs nothing deep.
      let id: unknown = null;
      try {
        id = (JSON.parse(text) as { id?: unknown } | null)?.id;
      } catch {
        // Not JSON either: answered without an id.
      }
      log('stdio_message_refused', { reason: 'too deep', max_depth: this.maxDepth });
      return this.reply(errorLine(-32600, `Invalid Request: JSON nested deeper than ${this.maxDepth} levels (MAX_JSON_DEPTH)`, typeof id === 'string' || typeof id === 'number' ? id : null));
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      log('stdio_message_refused', { reason: 'not JSON' });
      return this.reply(errorLine(-32700, 'Parse error: a message must be one line of JSON'));
    }
    if (!JSONRPCMessageSchema.safeParse(value).success) {
      const id = (value as { id?: unknown } | null)?.id;
      log('stdio_message_refused', { reason: 'not JSON-RPC' });
      return this.reply(errorLine(-32600, 'Invalid Request: not a JSON-RPC 2.0 message', typeof id === 'string' || typeof id === 'number' ? id : null));
    }
    this.push(`${text}\n`);
  }
}

/** Serves one stdio connection over the process's Knowledge (already loaded in the startup snapshot). */
export async function runStdio(): Promise<void> {
  keepRunningOnStrayErrors();
  const exit = (code: number) => {
    flushLogs();
    process.exit(code);
  };
  // A client that closed its end of stdout cannot hear anything more: stop.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    log('stdout_closed', { error: e.code ?? e.message });
    exit(e.code === 'EPIPE' ? 0 : 1);
  });
  const kb = knowledge();
  // The costly tools run in worker threads under a deadline (pool.ts), so one input cannot freeze the connection.
  engineBudget(); // a bad ENGINE_MAX_* setting fails here, at start
  const server = createServer(kb, { pool: toolPoolFromEnv() });
  const positive = (name: string, fallback: number) => (Number(process.env[name]) > 0 ? Math.floor(Number(process.env[name])) : fallback);
  const maxBytes = positive('MAX_MESSAGE_BYTES', DEFAULT_MAX_MESSAGE_BYTES);
  const graceMs = Number(process.env.SHUTDOWN_GRACE_MS) >= 0 && process.env.SHUTDOWN_GRACE_MS ? Math.floor(Number(process.env.SHUTDOWN_GRACE_MS)) : 10_000;
  const lines = new MessageLines(maxBytes, (line) => process.stdout.write(line), positive('MAX_JSON_DEPTH', DEFAULT_MAX_JSON_DEPTH));
  process.stdin.pipe(lines);
  const transport = new StdioServerTransport(lines, process.stdout);
  let stopping = false;
  /** Requests read and not yet answered: the end of input waits for them. */
  const unanswered = new Set<string | number>();
  let drained: (() => void) | null = null;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => {
      log('stdio_unanswered', { reason: why, requests: unanswered.size, after_ms: graceMs });
      void server.close().finally(() => exit(1));
    }, graceMs);
    drained = () => {
      clearTimeout(timer);
      // Whatever is written is out before the process goes.
      process.stdout.write('', () => void server.close().finally(() => exit(0)));
    };
    if (unanswered.size === 0) drained();
  };
  // Indexes load on first use (prebuilt, tens of milliseconds): a spawned server answers
  // initialize at once and a client that only looks up cards never pays for the rules index.
  await server.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    const m = message as { id?: unknown; method?: unknown };
    if (typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) unanswered.add(m.id);
    deliver?.call(transport, message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    const id = (message as { id?: unknown }).id;
    if ((typeof id === 'string' || typeof id === 'number') && !('method' in message) && unanswered.delete(id) && unanswered.size === 0) drained?.();
  };
  const onclose = transport.onclose;
  transport.onclose = () => {
    onclose?.();
    if (stopping) return;
    // Not asked to stop, yet nothing more can be read: say so and end, non-zero.
    log('stdio_transport_closed', { reason: 'the transport closed while stdin was open' });
    exit(1);
  };
  log('start', { transport: 'stdio', pid: process.pid });
  // The end of the lines (not of stdin): every message read has reached the transport by then.
  lines.on('end', () => stop('end of input'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
