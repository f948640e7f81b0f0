/**
 * scripts/ensure-built.mjs on a copy of a checkout's layout: a dist/ newer than its inputs is fresh;
 * an edited page file or engine document (files integrity.json records) and a startup snapshot made
 * by another Node.js version make it stale, so npm start rebuilds instead of refusing to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/servers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-fresh-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function layout(): void {
  for (const d of ['src', 'corpus', 'public', 'docs', 'scripts', 'dist/bundle']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  fs.copyFileSync(path.join(root, 'scripts', 'ensure-built.mjs'), path.join(dir, 'scripts', 'ensure-built.mjs'));
  for (const f of ['scripts/build.mjs', 'package.json', 'tsconfig.json', 'src/a.ts', 'corpus/manifest.json', 'public/app.js', 'docs/engine.md']) fs.writeFileSync(path.join(dir, f), 'x');
  const past = new Date(Date.now() - 60_000);
  for (const f of ['scripts', 'scripts/build.mjs', 'package.json', 'tsconfig.json', 'src', 'src/a.ts', 'corpus', 'corpus/manifest.json', 'public', 'public/app.js', 'docs', 'docs/engine.md']) fs.utimesSync(path.join(dir, f), past, past);
  for (const f of ['dist/bundle/cli.js', 'dist/cli.js']) fs.writeFileSync(path.join(dir, f), '');
  fs.writeFileSync(path.join(dir, 'dist', 'snapshot.json'), JSON.stringify({ node: process.version, blob: 'snapshot.blob', size: 1 }));
  fs.writeFileSync(path.join(dir, 'dist', '.build-stamp'), 'now');
}

describe('build freshness', () => {
  it('rebuilds for an edited page or engine document, and for a snapshot of another Node.js', async () => {
    layout();
    const { isStale } = (await import(pathToFileURL(path.join(dir, 'scripts', 'ensure-built.mjs')).href)) as { isStale: () => boolean };
    expect(isStale()).toBe(false);
    fs.writeFileSync(path.join(dir, 'dist', 'snapshot.json'), JSON.stringify({ node: 'v20.1.0', blob: 'snapshot.blob', size: 1 }));
    expect(isStale()).toBe(true);
    fs.writeFileSync(path.join(dir, 'dist', 'snapshot.json'), JSON.stringify({ node: process.version, blob: 'snapshot.blob', size: 1 }));
    expect(isStale()).toBe(false);
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'public', 'app.js'), future, future);
    expect(isStale()).toBe(true);
    fs.utimesSync(path.join(dir, 'public', 'app.js'), new Date(0), new Date(0));
    fs.utimesSync(path.join(dir, 'docs', 'engine.md'), future, future);
    expect(isStale()).toBe(true);
  });
});
