/** What the command line asks for: MCP over stdio with --stdio, streamable HTTP on PORT/HOST otherwise. */
import { IntegrityError, verifyIntegrity } from './corpus/load.js';
import { flushLogs, log } from './log.js';

export async function main(args: readonly string[]): Promise<void> {
  // Before either transport serves anything: a damaged corpus or build is refused, loudly.
  try {
    verifyIntegrity();
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    log('start_failed', { error, integrity: e instanceof IntegrityError });
    flushLogs();
    process.stderr.write(`gundam-rules-mcp: not starting: ${error}\n`);
    process.exit(1);
  }
  if (args.includes('--stdio')) {
    const { runStdio } = await import('./stdio.js');
    await runStdio();
  } else {
    const { runHttp } = await import('./http/serve.js');
    await runHttp();
  }
}
