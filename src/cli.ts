/**
 * One entry point: streamable HTTP on PORT/HOST by default, MCP over stdio with --stdio.
 */
const args = process.argv.slice(2);

if (args.includes('--stdio')) {
  const { runStdio } = await import('./stdio.js');
  await runStdio();
} else {
  const { runHttp } = await import('./http/serve.js');
  await runHttp();
}
