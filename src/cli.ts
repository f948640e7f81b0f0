/**
 * The entry point of both bins (bin/start.mjs: gundam-rules-mcp, bin/gundam-rules.mjs) and of
 * `node dist/cli.js`: the command line in main.ts. The bin that started it says which name to use
 * (and so what no command means: serve, or help).
 */
import { main } from './main.js';

const bin = (globalThis as { __gundamRulesBin?: 'gundam-rules' | 'gundam-rules-mcp' }).__gundamRulesBin ?? 'gundam-rules-mcp';
await main(process.argv.slice(2), bin);
