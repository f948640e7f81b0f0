/** Real servers for tests: the built CLI over stdio (SDK client) and over HTTP on an ephemeral loopback port. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const cli = path.join(root, 'dist', 'cli.js');

/** The built CLI over stdio through the SDK client; `args` replaces the default `dist/cli.js --stdio`. */
export async function stdioClient(env: Record<string, string> = {}, args: string[] = [cli, '--stdio']): Promise<{ client: Client; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd: root,
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'silent', ...env },
    stderr: 'pipe',
  });
  // Drained, not shown: what a server writes there is not the test's output.
  transport.stderr?.on('data', () => {});
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/**
 * A raw stdio server process: `write` feeds its standard input (and should end it), and the
 * promise settles with everything it wrote and its exit code.
 */
export function rawStdio(write: (stdin: NodeJS.WritableStream) => void, env: Record<string, string> = {}): Promise<{ out: string; err: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, '--stdio'], { cwd: root, env: { ...process.env, LOG_LEVEL: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => resolve({ out, err, code }));
    write(child.stdin!);
  });
}

export interface HttpServer {
  url: string;
  port: number;
  child: ChildProcess;
  logs: () => string;
  stop: () => Promise<number | null>;
}

/**
 * The environment a test server starts from: ours, less settings that would make servers share
 * state (REDIS_URL, API_KEYS) or hide the start log the port is read from (LOG_LEVEL).
 */
function baseEnv(): NodeJS.ProcessEnv {
  const { REDIS_URL: _redis, API_KEYS: _keys, LOG_LEVEL: _level, ...rest } = process.env;
  return rest;
}

export interface HttpServerOptions {
  /** The script to run; dist/cli.js unless a caller measures another (bench runs the bundle). */
  entry?: string;
  /**
   * Keep the whole log for logs() (the default, for tests). A long run (tools/load.ts) passes
   * false: logs() then holds only the start-up lines, and onLog sees the rest as it comes.
   */
  retainLogs?: boolean;
  /** Every chunk the server writes to stderr (its log), start-up lines included. */
  onLog?: (chunk: string) => void;
  startTimeoutMs?: number;
}

/**
 * Starts the built CLI (HTTP mode) with PORT=0 and reads the bound port from its start log.
 * REDIS_URL is passed on only when `env` names it, so servers of different tests never share a budget.
 * No vitest here: the bench and load tools start their servers with it too.
 */
export async function httpServer(env: Record<string, string> = {}, options: HttpServerOptions = {}): Promise<HttpServer> {
  const { entry = cli, retainLogs = true, onLog, startTimeoutMs = 30_000 } = options;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...baseEnv(), PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  let started = false;
  // Both pipes are always drained: a server blocked on a full pipe would stall the run.
  const keep = (d: Buffer) => {
    if (!started || retainLogs) logs += d.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', (d: Buffer) => {
    keep(d);
    onLog?.(d.toString());
  });
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.stderr!.off('data', onStart);
      reject(e);
    };
    const timer = setTimeout(() => {
      // Never leave a server behind that the caller cannot stop.
      child.kill('SIGKILL');
      fail(new Error(`server did not start: ${logs}`));
    }, startTimeoutMs);
    const onStart = () => {
      const m = /"event":"start","transport":"http","host":"[^"]*","port":(\d+)/.exec(logs);
      if (!m) return;
      started = true;
      clearTimeout(timer);
      child.stderr!.off('data', onStart);
      resolve(Number(m[1]));
    };
    child.stderr!.on('data', onStart);
    child.once('exit', (code) => fail(new Error(`server exited ${code}: ${logs}`)));
    child.once('error', fail);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logs: () => logs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

/** A raw JSON-RPC POST to /mcp, as a hand-written client would send it. */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const initializeBody = (id = 1, clientName = 'raw') => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '0' } },
});

/** initialize + notifications/initialized over raw POSTs; the new session's id. Throws (no vitest) when refused. */
export async function session(url: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await post(url, initializeBody(), headers);
  const body = await r.text();
  if (r.status !== 200) throw new Error(`initialize answered ${r.status}: ${body.slice(0, 300)}`);
  const id = r.headers.get('mcp-session-id');
  if (!id) throw new Error('initialize answered without an mcp-session-id');
  await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...headers, 'mcp-session-id': id })).text();
  return id;
}
