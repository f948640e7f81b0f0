/**
 * What a newcomer reads in the first hour holds: the licence is the one package.json names, NOTICE
 * lists every source the corpus carries, CHANGELOG.md has the release and the unreleased work, and
 * the README's Troubleshooting names settings the server reads, files that exist, the budgets the
 * server applies and the commands the test run prints for its skips.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHttpConfig } from '../../src/http/config.js';
import { root } from '../helpers/servers.js';

const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string; license: string; files?: string[] };

/** A README section: from its "## " heading to the next. */
function section(text: string, heading: string): string {
  const at = text.indexOf(`\n## ${heading}\n`);
  expect(at, `README has a "## ${heading}" section`).toBeGreaterThan(-1);
  const rest = text.slice(at + heading.length + 5);
  const end = rest.indexOf('\n## ');
  return end < 0 ? rest : rest.slice(0, end);
}

describe('licence and notice', () => {
  it('the code is MIT in package.json, LICENSE and the README', () => {
    expect(pkg.license).toBe('MIT');
    const licence = read('LICENSE');
    expect(licence.split('\n')[0]).toBe('MIT License');
    expect(licence).toContain('Permission is hereby granted, free of charge');
    expect(licence).not.toMatch(/all rights reserved|not licensed for redistribution/i);
    expect(section(read('README.md'), 'Licence')).toMatch(/MIT License \(\[LICENSE\]\(LICENSE\)\).*\[NOTICE\]\(NOTICE\)/s);
  });

  it('NOTICE names the publisher and every source file the corpus is built from, and the restriction list\'s announcement', () => {
    const notice = read('NOTICE');
    expect(notice).toMatch(/belong to their publisher, BANDAI/);
    const sources = fs.readdirSync(path.join(root, 'corpus', 'sources')).filter((f) => f !== 'README.md');
    expect(sources.length).toBeGreaterThan(3);
    for (const f of sources) expect(notice, f).toContain(`corpus/sources/${f}`);
    for (const f of fs.readdirSync(path.join(root, 'corpus', 'restrictions')).filter((x) => x.endsWith('.json'))) {
      const list = JSON.parse(read(`corpus/restrictions/${f}`)) as { source: { page: string }; announced: string };
      expect(notice, f).toContain(`corpus/restrictions/${f}`);
      expect(notice, f).toContain(`official news page ${list.source.page}`);
      expect(notice, f).toContain(list.announced);
    }
  });
});

describe('CHANGELOG.md', () => {
  it('has the unreleased work first, then the package\'s version, newest first', () => {
    const log = read('CHANGELOG.md');
    expect(log.startsWith('# Changelog\n')).toBe(true);
    const heads = [...log.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    expect(heads[0]).toBe('Unreleased');
    expect(heads.some((h) => h.startsWith(`${pkg.version} `))).toBe(true);
    // Unreleased says something under a heading of its own.
    expect(section(log, 'Unreleased')).toMatch(/^### .+\n- /m);
  });
});

describe('the README\'s Troubleshooting', () => {
  const text = section(read('README.md'), 'Troubleshooting');

  it('covers a port in use, 429, a stale snapshot after a Node.js change, and skipped tests', () => {
    for (const topic of [/Port in use/, /429 Too Many Requests/, /stale startup snapshot after a Node\.js change/, /Skipped tests/]) expect(text).toMatch(topic);
  });

  it('names only settings the server reads, with the defaults it applies', () => {
    const config = read('src/http/config.ts');
    const named = [...new Set([...text.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`/g)].map((m) => m[1]!))].filter((n) => n !== 'CI' && !/^E[A-Z]+$/.test(n));
    expect(named).toEqual(expect.arrayContaining(['PORT', 'RATE_LIMIT_PER_MINUTE', 'WEB_RATE_LIMIT_PER_MINUTE', 'API_KEYS', 'TRUST_PROXY_HEADER']));
    // (Error codes like EADDRINUSE are not settings.)
    for (const n of named) expect(config, n).toMatch(new RegExp(`\\b${n}\\b`));
    const defaults = loadHttpConfig({});
    expect(text).toContain(`gets ${defaults.perMinute} requests a minute`);
    expect(text).toContain(`${defaults.webPerMinute} a\n  minute per address`);
    expect(defaults.port).toBe(Number(/holds\s+(\d+)\./.exec(text)![1]));
  });

  it('names files that exist and the commands the test run prints for its skips', () => {
    const files = [...text.matchAll(/(?<=[\s`(])((?:scripts|src|test|docs|corpus|bin)\/[\w/-]+\.\w+)/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(fs.existsSync(path.join(root, f)), f).toBe(true);
    const report = read('test/helpers/skip-report.ts');
    for (const cmd of ['apt-get install -y --no-install-recommends chromium', 'bash scripts/python-clients.sh']) {
      expect(text, cmd).toContain(cmd);
      expect(report, cmd).toContain(cmd);
    }
  });
});

describe('.gitignore', () => {
  it('ignores npm pack\'s tarball', () => {
    expect(read('.gitignore').split('\n')).toContain('*.tgz');
  });
});
