/**
 * MCP over stdio for assistants that spawn the server. Nothing but protocol goes to stdout; logs
 * go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { knowledge } from './knowledge.js';
import { createServer } from './mcp/server.js';
import { keepRunningOnStrayErrors, log } from './log.js';

/** Serves one stdio connection over the process's Knowledge (already loaded in the startup snapshot). */
export async function runStdio(): Promise<void> {
  keepRunningOnStrayErrors();
  const server = createServer(knowledge());
  const transport = new StdioServerTransport();
  // Indexes load on first use (prebuilt, tens of milliseconds): a spawned server answers
  // initialize at once and a client that only looks up cards never pays for the rules index.
  await server.connect(transport);
  log('start', { transport: 'stdio', pid: process.pid });
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.stdin.on('end', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
