#!/usr/bin/env node
// Entry point for `npm start`: runs the compiled server, building it first when dist/ is missing or
// older than src/ (so `npm start` works straight after `npm install` and after edits).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'bundle', 'cli.js');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestSource(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function stale() {
  if (!fs.existsSync(entry) || !fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return newestSource(path.join(root, 'src')) > built || newestSource(path.join(root, 'corpus')) > built;
}

if (stale()) {
  // Build output goes to stderr: in --stdio mode stdout belongs to the MCP protocol.
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(pathToFileURL(entry).href);
