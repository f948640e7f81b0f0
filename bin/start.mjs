#!/usr/bin/env node
// Entry point for `npm start`: runs the compiled server, building it first when dist/ is missing or
// older than its sources (so `npm start` works straight after `npm install` and after edits).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  ensureBuilt();
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(e.exitCode ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist', 'bundle', 'cli.js')).href);
