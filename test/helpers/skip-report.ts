/**
 * A reporter that ends the run with what was skipped, why, and the command that provides it, so
 * "7 skipped" never stands unexplained. The reasons are the skip conditions of the test files
 * (each file decides for itself whether it can run); a skip not listed here prints its own name,
 * and a test's note from ctx.skip(note) is shown too.
 */
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

interface Why {
  why: string;
  how: string;
}

/** By test file (relative to the repository): why its tests skip here, and how to get them run. */
const REASONS: Record<string, Why> = {
  'test/web/browser.test.ts': { why: 'no Chromium at $CHROMIUM_PATH or /usr/bin/chromium', how: 'apt-get install -y --no-install-recommends chromium' },
  'test/reliability/redis.test.ts': { why: 'REDIS_URL is not set (a running redis-server)', how: 'redis-server --port 6390 --daemonize yes && REDIS_URL=redis://127.0.0.1:6390 npm test' },
  'test/reliability/balancer.test.ts': { why: 'needs nginx and REDIS_URL', how: 'apt-get install -y nginx redis-server, then REDIS_URL=redis://127.0.0.1:6390 npm test (bash .ci/run does all of it)' },
  'test/clients/foreign.test.ts': { why: 'the official MCP Python SDK client is not installed (.venv-clients)', how: 'bash scripts/python-clients.sh' },
  'test/engine/examples.test.ts': { why: "the evaluator's files (../shared/eval/rulings-dev.jsonl) are not next to this checkout", how: 'none needed: the same scenarios run from test/engine/fixtures' },
};

export default class SkipReport implements Reporter {
  /** A -t run leaves out the tests it does not name, and vitest counts them as skipped too. */
  private filtered = false;

  onInit(vitest: Vitest): void {
    this.filtered = Boolean(vitest.config.testNamePattern);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byFile = new Map<string, { count: number; notes: Set<string> }>();
    const notRun: string[] = [];
    for (const m of modules) {
      const file = path.relative(process.cwd(), m.moduleId).split(path.sep).join('/');
      // A file whose setup failed has its tests counted as skipped: that is a failure, not its usual skip reason.
      if (m.state() === 'failed') {
        const n = [...m.children.allTests('skipped')].length;
        if (n) notRun.push(`   ${file}: ${n} not run: the file's setup failed (its error is above)`);
        continue;
      }
      for (const t of m.children.allTests('skipped')) {
        const entry = byFile.get(file) ?? { count: 0, notes: new Set<string>() };
        entry.count++;
        const result = t.result();
        const note = result.state === 'skipped' ? result.note : undefined;
        if (note) entry.notes.add(note);
        else if (!REASONS[file]) entry.notes.add(t.fullName);
        byFile.set(file, entry);
      }
    }
    if (!byFile.size && !notRun.length) return;
    const total = [...byFile.values()].reduce((n, e) => n + e.count, 0);
    const lines = [``, ` Skipped ${total} test${total === 1 ? '' : 's'}, why, and how to run them${this.filtered ? ' (with -t, the tests it left out count as skipped)' : ''}:`, ...notRun];
    for (const [file, { count, notes }] of byFile) {
      const r = REASONS[file];
      lines.push(`   ${file}: ${count} skipped: ${r ? r.why : 'marked skip'}${notes.size ? ` (${[...notes].join('; ')})` : ''}`);
      if (r) lines.push(`     to run them: ${r.how}`);
    }
    process.stdout.write(`${lines.join('\n')}\n\n`);
  }
}
