// Whether dist/ is older than what it is built from, and a build when it is: the one check behind
// npm start, the test setup and the bench and load tools, so none of them runs stale code and none
// rebuilds a fresh dist/ (a build takes ~16 s).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
/** What callers run: the bundle (npm start, bench) and the tsc output (tests, load). */
const OUTPUTS = [path.join(root, 'dist', 'bundle', 'cli.js'), path.join(root, 'dist', 'cli.js')];

/** Newest mtime under dir; directories count too, so a deleted or renamed file makes it newer. */
function newest(dir) {
  let t = fs.statSync(dir).mtimeMs;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Every input of scripts/build.mjs: the sources, the corpus, the build script and its
 * configuration, and the runtime files integrity.json records (the rules page, the engine document).
 */
function inputs() {
  const files = ['scripts/build.mjs', 'package.json', 'docs/engine.md', ...fs.readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f))];
  return Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'corpus')), newest(path.join(root, 'public')), ...files.map((f) => fs.statSync(path.join(root, f)).mtimeMs));
}

/** The Node.js version the startup snapshot was made with, when there is one (it runs on no other). */
function snapshotNode() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'dist', 'snapshot.json'), 'utf8')).node;
  } catch {
    return undefined;
  }
}

/**
 * dist/ is missing, incomplete (the build writes the stamp last), older than one of its inputs, or
 * its startup snapshot was made by another Node.js version (after an upgrade).
 */
export function isStale() {
  if (!fs.existsSync(stamp) || OUTPUTS.some((f) => !fs.existsSync(f))) return true;
  const node = snapshotNode();
  if (node !== undefined && node !== process.version) return true;
  return inputs() > fs.statSync(stamp).mtimeMs;
}

/** Builds when stale; returns whether it built, throws (with exitCode) when the build fails. */
export function ensureBuilt() {
  if (!isStale()) return false;
  const started = new Date();
  // Output to stderr: in --stdio mode stdout belongs to the MCP protocol. A first build takes
  // half a minute: say so before it starts, so a silent terminal is not taken for a hang.
  const first = !fs.existsSync(stamp);
  process.stderr.write(first ? 'building dist/ (first run; 25 s to a minute or more on a busy machine) …\n' : `rebuilding dist/ (${snapshotNode() !== undefined && snapshotNode() !== process.version ? `its startup snapshot was made by Node.js ${snapshotNode()}, this is ${process.version}` : 'sources changed since the last build'}) …\n`);
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw Object.assign(new Error(`build failed (exit ${r.status ?? r.signal})`), { exitCode: r.status ?? 1 });
  // Date the stamp from the build's start: a file saved while the build ran is newer, and rebuilt.
  fs.utimesSync(stamp, started, started);
  return true;
}

// `node scripts/ensure-built.mjs` (prepare, prepack): build only when stale, so `npm pack` after
// `npm ci` does not build twice.
/** ensureBuilt for a command: a failed build prints its message and exits with its code. */
export function ensureBuiltOrExit() {
  try {
    ensureBuilt();
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    process.exit(e.exitCode ?? 1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureBuiltOrExit();
