#!/usr/bin/env node
// Build: type-check and compile src/ to dist/ (tsc), write the corpus snapshot and serialized
// search indexes (dist/data/), then bundle the server into dist/bundle/ (esbuild) so a cold start
// loads a few files instead of hundreds of modules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run([require.resolve('typescript/bin/tsc'), '-p', process.env.TSCONFIG ?? 'tsconfig.json']);
run([path.join(root, 'dist', 'build-data.js')]);

const esbuild = await import('esbuild');
fs.rmSync(path.join(root, 'dist', 'bundle'), { recursive: true, force: true });
await esbuild.build({
  entryPoints: [path.join(root, 'src', 'cli.ts')],
  outdir: path.join(root, 'dist', 'bundle'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: true,
  // Prefer packages' ES modules so unused code (all of stopword's other languages) is dropped.
  mainFields: ['module', 'main'],
  // Loaded only where needed, from node_modules: CommonJS packages that expect their own files.
  external: ['gray-matter', 'ioredis'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString() + '\n');
