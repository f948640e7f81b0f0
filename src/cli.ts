/**
 * One entry point: streamable HTTP on PORT/HOST by default, MCP over stdio with --stdio.
 */
import { main } from './main.js';

await main(process.argv.slice(2));
