/** Real servers for tests: the built CLI over stdio (SDK client) and over HTTP on an ephemeral loopback port. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const cli = path.join(root, 'dist', 'cli.js');

export async function stdioClient(env: Record<string, string> = {}): Promise<{ client: Client; close: () => Promise<void>; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, '--stdio'],
    cwd: root,
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'silent', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr };
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

/**
 * Starts `node dist/cli.js` (HTTP mode) with PORT=0 and reads the bound port from its start log.
 * REDIS_URL is passed on only when `env` names it, so servers of different tests never share a budget.
 */
export async function httpServer(env: Record<string, string> = {}): Promise<HttpServer> {
  const child = spawn(process.execPath, [cli], {
    cwd: root,
    env: { ...baseEnv(), PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a server behind that the test cannot stop.
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${logs}`));
    }, 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      logs += d.toString();
      const m = /"event":"start","transport":"http","host":"[^"]*","port":(\d+)/.exec(logs);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${logs}`)));
  });
  child.stdout!.on('data', (d: Buffer) => (logs += d.toString()));
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

export const initializeBody = (id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
