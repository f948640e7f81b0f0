#!/usr/bin/env node
// Compiles src/ to dist/ and writes the prebuilt data snapshot the server loads at start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run([tsc, '-p', 'tsconfig.json']);
if (fs.existsSync(path.join(root, 'dist', 'build-data.js'))) run([path.join(root, 'dist', 'build-data.js')]);
fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString() + '\n');
