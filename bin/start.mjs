#!/usr/bin/env node
// Entry point of `gundam-rules-mcp` (and, through bin/gundam-rules.mjs, `gundam-rules`): runs the
// bundled program in dist/bundle. In a checkout (src/ and the build script present) it first builds
// when dist/ is missing or older than its sources, so `npm start` works straight after edits; an
// installed package ships dist/ built and needs no build tools at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
globalThis.__gundamRulesBin ??= 'gundam-rules-mcp';
if (fs.existsSync(path.join(root, 'src')) && fs.existsSync(path.join(root, 'scripts', 'build.mjs'))) {
  const { ensureBuiltOrExit } = await import('../scripts/ensure-built.mjs');
  ensureBuiltOrExit();
}
const entry = path.join(root, 'dist', 'bundle', 'cli.js');
if (!fs.existsSync(entry)) {
  process.stderr.write(`gundam-rules: ${entry} is missing; this package was not built (npm run build in a checkout)\n`);
  process.exit(70);
}
await import(pathToFileURL(entry).href);
