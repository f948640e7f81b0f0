/** What the command line asks for: MCP over stdio with --stdio, streamable HTTP on PORT/HOST otherwise. */
export async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--stdio')) {
    const { runStdio } = await import('./stdio.js');
    await runStdio();
  } else {
    const { runHttp } = await import('./http/serve.js');
    await runHttp();
  }
}
