#!/usr/bin/env node
// Build: type-check and compile src/ to dist/ (tsc), write the corpus snapshot and serialized
// search indexes (dist/data/), then bundle the server into dist/bundle/ (esbuild) so a cold start
// loads a few files instead of hundreds of modules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// Progress on stderr (stdout may be an MCP client's): a first build takes half a minute.
const started = Date.now();
const STEPS = 4;
let step = 0;
const progress = (what) => process.stderr.write(`  [${++step}/${STEPS}] ${what} … (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
progress('type-checking and compiling src/ (tsc)');
run([require.resolve('typescript/bin/tsc'), '-p', process.env.TSCONFIG ?? 'tsconfig.json']);
progress('writing the corpus snapshot and the search indexes (dist/data)');
run([path.join(root, 'dist', 'build-data.js')]);
progress('bundling the server (esbuild)');

const esbuild = await import('esbuild');
fs.rmSync(path.join(root, 'dist', 'bundle'), { recursive: true, force: true });
// Options both bundles share.
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  // Prefer packages' ES modules so unused code (all of stopword's other languages) is dropped.
  mainFields: ['module', 'main'],
  // Loaded only where needed, from node_modules: CommonJS packages that expect their own files.
  external: ['gray-matter', 'ioredis'],
  logLevel: 'warning',
};
await esbuild.build({
  ...common,
  // The tool pool's worker (src/mcp/pool.ts) is its own entry: a worker thread starts from a file.
  entryPoints: { cli: path.join(root, 'src', 'cli.ts'), 'pool-worker': path.join(root, 'src', 'mcp', 'pool-worker.ts') },
  outdir: path.join(root, 'dist', 'bundle'),
  splitting: true,
  format: 'esm',
  sourcemap: true,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
// The hash of every runtime file (bundle, data, rules page, engine document), which the server
// checks before it serves; before the snapshot, whose entry checks it too.
const { writeIntegrity } = await import(pathToFileURL(path.join(root, 'dist', 'corpus', 'load.js')).href);
writeIntegrity();
progress('making the startup snapshot (dist/snapshot.blob)');
// The V8 startup snapshot: best effort (a Node.js build without snapshot support still gets the
// bundle, which is what npm start runs). It is tied to this Node.js binary.
const snapshotEntry = path.join(root, 'dist', 'bundle', 'snapshot-entry.cjs');
await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'src', 'snapshot-entry.ts')],
  outfile: snapshotEntry,
  format: 'cjs',
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
});
const blob = path.join(root, 'dist', 'snapshot.blob');
fs.rmSync(blob, { force: true });
const snap = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', snapshotEntry], {
  cwd: path.dirname(snapshotEntry),
  env: { ...process.env, LOG_LEVEL: 'silent' },
  encoding: 'utf8',
});
if (snap.status !== 0 || !fs.existsSync(blob)) {
  process.stderr.write(`startup snapshot not built (npm start does not need it): ${(snap.stderr || '').split('\n').filter((l) => l && !/Warning|verified|may still|issue tracker|trace-warnings/.test(l)).slice(0, 3).join(' ')}\n`);
} else {
  // The size is what a start from the blob checks (src/corpus/load.ts verifySnapshot).
  fs.writeFileSync(path.join(root, 'dist', 'snapshot.json'), JSON.stringify({ node: process.version, blob: 'snapshot.blob', size: fs.statSync(blob).size }) + '\n');
}
process.stderr.write(`  built dist/ in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString() + '\n');
