// Server tests spawn the built server (dist/), exactly as a client would: build it once first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  if (process.env.SKIP_BUILD) return;
  const root = path.resolve(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}
