/**
 * The command line is honest: a name that matches no card is "no card matches" (exit 1), a loose
 * match says so, bad input files are refused without being read forever or echoed, errors are the
 * MCP path's own words and, with --json, JSON on stdout with the exit code; --help names the
 * environment each command reads. The real bin in a child process, as a user runs it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, stdioClient } from '../helpers/servers.js';
import { MAX_INPUT_BYTES } from '../../src/cli/commands.js';

const bin = path.join(root, 'bin', 'gundam-rules.mjs');
function run(args: string[], opts: { input?: string; stdin?: number } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    ...(opts.stdin !== undefined ? { stdio: [opts.stdin, 'pipe', 'pipe'] } : { input: opts.input ?? '' }),
  });
  return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal };
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-cli-honest-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
/** Each test spawns the real bin a few times; a machine shared with other builds can take 10 s a spawn. */
const SLOW = 240_000;
const file = (name: string, data: string | Buffer) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, data);
  return p;
};

describe('card names', { timeout: SLOW }, () => {
  it('a name no card has exits 1 with the closest names, in text and as JSON', () => {
    const r = run(['card', 'qwzx nonexistent blorp']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/no card matches "qwzx nonexistent blorp"; closest: /);
    const banana = run(['card', 'gundam banana', '--json']);
    expect(banana.code).toBe(1);
    expect(JSON.parse(banana.out)).toMatchObject({ exit_code: 1, error: expect.stringMatching(/^no card matches "gundam banana"; closest: .*Gundam/) });
  });

  it('zaku is Zaku Ⅱ, marked loose; the whole name is exact', () => {
    const loose = run(['card', 'zaku', '--json']);
    expect(loose.code).toBe(0);
    expect(JSON.parse(loose.out)).toMatchObject({ card: { name: 'Zaku Ⅱ' }, match: 'loose' });
    const text = run(['card', 'zaku']);
    expect(text.out).toMatch(/^GD01-035 Zaku Ⅱ .*\nLoose match: no card is named "zaku"/);
    const exact = run(['card', 'Psycho Zaku', '--json']);
    expect(JSON.parse(exact.out)).toMatchObject({ card: { name: 'Psycho Zaku' }, match: 'exact' });
    expect(run(['card', 'Psycho Zaku']).out).not.toMatch(/Loose match/);
  });
});

describe('input files', { timeout: SLOW }, () => {
  it('refuses a device and a FIFO with exit 3 and a message, without reading them', () => {
    const dev = run(['simulate', '/dev/zero']);
    expect(dev.signal).toBeNull();
    expect(dev.code).toBe(3);
    expect(dev.err).toMatch(/"\/dev\/zero" is a device; give a regular file, or - to read standard input/);
    const fifo = path.join(tmp, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const f = run(['deck', 'check', fifo]);
    expect(f.signal, 'opening a FIFO must not block').toBeNull();
    expect(f.code).toBe(3);
    expect(f.err).toMatch(/is a FIFO \(named pipe\)/);
    const zero = fs.openSync('/dev/zero', 'r');
    try {
      const s = run(['simulate', '-'], { stdin: zero });
      expect(s.code).toBe(3);
      expect(s.err).toMatch(/standard input is a device/);
    } finally {
      fs.closeSync(zero);
    }
    expect(run(['simulate', tmp]).err).toMatch(/is a directory/);
  });

  it('refuses more than 1 MiB, from a file or from a pipe', () => {
    const big = ' '.repeat(MAX_INPUT_BYTES) + '{}';
    const r = run(['simulate', file('big.json', big)]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/is 1048578 bytes; the limit is 1 MiB/);
    const piped = run(['deck', 'check', '-'], { input: big });
    expect(piped.code).toBe(3);
    expect(piped.err).toMatch(/standard input is larger than 1 MiB/);
  });

  it('echoes nothing of a file it cannot parse', () => {
    const secret = 'hunter2-SECRET-TOKEN';
    for (const [name, data, why] of [
      ['broken.json', `{"state": ${secret}`, /is not valid JSON/],
      ['binary.json', Buffer.concat([Buffer.from(secret), Buffer.from([0, 1, 2])]), /is not a text file \(it contains NUL bytes\)/],
      ['latin1.txt', Buffer.concat([Buffer.from(`4 ${secret} `), Buffer.from([0xff, 0xfe])]), /is not UTF-8 text/],
    ] as const) {
      // With --json: the message goes to stderr and, as JSON, to stdout; neither may quote the file.
      const r = run([name.endsWith('.txt') ? 'deck' : 'simulate', ...(name.endsWith('.txt') ? ['check'] : []), file(name, data), '--json']);
      expect(r.code, name).toBe(3);
      expect(r.err, name).toMatch(why);
      expect(r.err + r.out, name).not.toContain('SECRET');
      expect(JSON.parse(r.out)).toMatchObject({ exit_code: 3, error: expect.stringMatching(why) });
    }
  });
});

describe('errors', { timeout: SLOW }, () => {
  it('simulate and deck check give the MCP path\'s message for an input the schema refuses', async () => {
    const scenario = { state: { active_player: 'C', players: {} }, actions: [{ type: 'attack' }], bogus: 1 };
    const deck = { deck: [{ card: 'GD01-013', count: 'four' }] };
    const { client, close } = await stdioClient();
    try {
      for (const [command, tool, args] of [
        [['simulate'], 'simulate_ruling', scenario],
        [['deck', 'check'], 'check_deck', deck],
      ] as const) {
        const mcp = (await client.callTool({ name: tool, arguments: args as Record<string, unknown> })) as { isError?: boolean; content: { text: string }[] };
        expect(mcp.isError).toBe(true);
        const mcpText = mcp.content[0]!.text.replace(/^MCP error -32602: /, '');
        const r = run([...command, file(`${tool}.json`, JSON.stringify(args)), '--json']);
        expect(r.code).toBe(3);
        expect(r.err).toBe(`gundam-rules ${command[0]}: ${mcpText}\n`);
        expect(JSON.parse(r.out)).toEqual({ error: mcpText, exit_code: 3 });
      }
    } finally {
      await close();
    }
  });

  it('with --json every error is JSON on stdout with its exit code', () => {
    const cases: [string[], number][] = [
      [['simulate', path.join(tmp, 'missing.json'), '--json'], 3],
      [['rule', '8-5-9', '--json'], 1],
      [['rule', '8-5-3', '--lang', 'fr', '--json'], 2],
      [['rule', '8-5-3', '--bogus', '--json'], 2],
      [['serch', 'blocker', '--json'], 2],
    ];
    for (const [args, code] of cases) {
      const r = run(args);
      expect(r.code, args.join(' ')).toBe(code);
      const out = JSON.parse(r.out) as { error: string; exit_code: number };
      expect(out.exit_code, args.join(' ')).toBe(code);
      expect(out.error.length).toBeGreaterThan(5);
    }
  });
});

describe('--help', { timeout: SLOW }, () => {
  it('names the environment each command reads: serve every variable the server configuration reads', () => {
    const config = fs.readFileSync(path.join(root, 'src', 'http', 'config.ts'), 'utf8');
    const read = new Set([...config.matchAll(/env(?:\.|, ')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThan(10);
    const serve = run(['serve', '--help']).out;
    expect(serve).toMatch(/Environment:/);
    for (const name of [...read, 'MAX_MESSAGE_BYTES', 'LOG_LEVEL']) expect(serve, name).toMatch(new RegExp(`^  ${name} `, 'm'));
    const rule = run(['rule', '--help']).out;
    expect(rule).toMatch(/Environment:\n  LOG_LEVEL /);
    expect(run(['--help']).out).toMatch(/serve reads \d+ more/);
  });
});
