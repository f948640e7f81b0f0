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

// npm start and npx run this through `sh -c`, which dies of a SIGTERM without passing it on: the
// server would keep serving with no parent. Run by npm or npx (which set npm_lifecycle_event or
// npm_command), watch the parent, and when it is gone stop as SIGTERM stops (the server's drain).
// A server started any other way (systemd, Docker, nohup) is left alone.
if (process.env.npm_lifecycle_event || process.env.npm_command) {
  const parent = process.ppid;
  if (parent > 1) {
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      process.kill(process.pid, 'SIGTERM');
    }, 200);
    watch.unref();
  }
}
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
