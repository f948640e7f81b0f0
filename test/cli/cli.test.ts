/**
 * The command line as a user runs it: the real bins (bin/gundam-rules.mjs, bin/start.mjs) in a
 * child process, their output and their exit codes. Typos are errors that name the closest flag or
 * command, and never start a server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closest, parseArgs, UsageError } from '../../src/main.js';
import { root } from '../helpers/servers.js';

function run(bin: 'gundam-rules' | 'gundam-rules-mcp', args: string[], input?: string) {
  const script = path.join(root, 'bin', bin === 'gundam-rules' ? 'gundam-rules.mjs' : 'start.mjs');
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, input, encoding: 'utf8', timeout: 20_000, env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0' } });
  return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-cli-'));
const file = (name: string, text: string) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, text);
  return p;
};

const LEGAL = [...Array.from({ length: 12 }, (_, i) => `4 ST01-${String(i + 1).padStart(3, '0')}`), '2 ST01-013', '', 'Resource deck', '10 R-001'].join('\n');

describe('gundam-rules', () => {
  it('prints a rule, in Japanese with --lang ja, and as JSON with --json', () => {
    const r = run('gundam-rules', ['rule', '8-5-3-2']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^8-5-3-2 — Gundam Card Game Comprehensive Rules Ver\. 1\.7\.0/);
    expect(r.out).toContain('simultaneously');
    const ja = run('gundam-rules', ['rule', '8-5-3', '--lang', 'ja', '--json']);
    expect(ja.code).toBe(0);
    const rule = JSON.parse(ja.out).rule;
    expect(rule).toMatchObject({ id: '8-5-3', document: 'gundam-cr-ja', language: 'ja' });
    expect(run('gundam-rules', ['rule', '8-5-3', '--lang=ja']).out).toContain('ユニットへのアタック');
  });

  it('exits 1 for a rule that does not exist, with the nearest numbers', () => {
    const r = run('gundam-rules', ['rule', '8-5-9']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no rule "8-5-9"/);
    expect(r.err).toMatch(/Did you mean: 8-5/);
  });

  it('searches the rules, the glossary and the cards', () => {
    const s = run('gundam-rules', ['search', 'both', 'units', 'destroyed', '--json', '--limit', '3']);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out).results.map((x: { id: string }) => x.id)).toContain('8-5-3-2-3');
    const g = run('gundam-rules', ['glossary', 'blocker']);
    expect(g.code).toBe(0);
    expect(g.out).toMatch(/<Blocker>.*13-1-4/);
    const c = run('gundam-rules', ['card', 'psycho zaku', '--json']);
    expect(c.code).toBe(0);
    const card = JSON.parse(c.out);
    expect(card.card.name).toMatch(/Psycho Zaku/);
    expect(card.abilities[0]).toHaveProperty('status');
    expect(run('gundam-rules', ['card', 'GD01-013']).out).toMatch(/^GD01-013 /);
    const none = run('gundam-rules', ['search', 'qqqzzzxxyy']);
    expect(none.code).toBe(1);
  });

  it('checks a deck list file: exit 0 when legal, 1 with the violations when not', () => {
    const legal = run('gundam-rules', ['deck', 'check', file('legal.txt', LEGAL)]);
    expect(legal.err).toBe('');
    expect(legal.out).toMatch(/^Legal deck/);
    expect(legal.code).toBe(0);
    const bad = run('gundam-rules', ['deck', 'check', '-', '--json'], '5 ST01-001 # five copies\n4 ST01-002\n');
    expect(bad.code).toBe(1);
    const out = JSON.parse(bad.out);
    expect(out.legal).toBe(false);
    expect(out.violations.map((v: { rules: string[] }) => v.rules).flat()).toEqual(expect.arrayContaining(['6-1-1']));
  });

  it('reads a deck list file that names its cards, in the forms people write, and says what each name was read as', () => {
    // LEGAL again, four of its lines as names ("4 name", "4x name", "name x4", another case), one with a tab.
    const byName = [
      '4 ST01-001', '4 Gundam (MA Form)', '4 ST01-003', '4 ST01-004', '4 ST01-005', '4 ST01-006', '4 ST01-007',
      '4x Demi Trainer', 'Zowort x4', '4 ST01-010', '4\tST01-011', '4 ST01-012', "2 kai's resolve", '', 'Resource deck', '10 R-001',
    ].join('\n');
    const r = run('gundam-rules', ['deck', 'check', file('by-name.txt', byName), '--json']);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out) as { legal: boolean; read: { written: string; card: string }[]; unread: unknown[]; summary: { deck_cards: number } };
    expect(out.legal).toBe(true);
    expect(out.unread).toEqual([]);
    expect(out.summary.deck_cards).toBe(50);
    expect(Object.fromEntries(out.read.map((x) => [x.written, x.card]))).toEqual({
      'Gundam (MA Form)': 'ST01-002',
      'Demi Trainer': 'ST01-008',
      Zowort: 'ST01-009',
      "kai's resolve": 'ST01-013',
    });
    const text = run('gundam-rules', ['deck', 'check', file('by-name.txt', byName)]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Legal deck\./);
    expect(text.out).toContain('Read "Zowort" as ST01-009 Zowort.');
    // A name that fits two cards is asked about, not guessed.
    const ambiguous = run('gundam-rules', ['deck', 'check', file('ambiguous.txt', '4 Suletta Mercury\n')]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.out).toMatch(/"Suletta Mercury" fits 2 cards: GD04-085 Suletta Mercury .*ST01-011 Suletta Mercury .*write the card number of the one meant/);
  });

  it('simulates a scenario file', () => {
    const scenario = {
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Striker', ap: 3, hp: 3, keywords: ['First Strike'] }] }, B: { units: [{ id: 'b1', name: 'Tank', ap: 4, hp: 3, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    };
    const r = run('gundam-rules', ['simulate', file('s.json', JSON.stringify(scenario))]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Legal\./);
    expect(r.out).toMatch(/b1/);
  });

  it('exits 3 for an input file it cannot read or parse, naming the problem', () => {
    const missing = run('gundam-rules', ['simulate', path.join(tmp, 'nope.json')]);
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/cannot read .*ENOENT/);
    const broken = run('gundam-rules', ['simulate', file('broken.json', '{ "state": ')]);
    expect(broken.code).toBe(3);
    expect(broken.err).toMatch(/not valid JSON/);
    const wrong = run('gundam-rules', ['simulate', file('wrong.json', '{"state": {}, "actions": [], "bogus": 1}')]);
    expect(wrong.code).toBe(3);
    expect(wrong.err).toMatch(/bogus/);
  });

  it('--help and --version answer without starting anything; typos name the closest flag or command', () => {
    const help = run('gundam-rules', ['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/rule <number>/);
    expect(help.out).toMatch(/Exit codes/);
    expect(run('gundam-rules', []).out).toMatch(/Usage:/);
    expect(run('gundam-rules', ['rule', '--help']).out).toMatch(/^gundam-rules rule <number>/);
    expect(run('gundam-rules', ['--version']).out.trim()).toBe(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version);
    const stdi = run('gundam-rules', ['serve', '--stdi']);
    expect(stdi.code).toBe(2);
    expect(stdi.err).toMatch(/unknown flag "--stdi".*did you mean "--stdio"/);
    const cmd = run('gundam-rules', ['serch', 'blocker']);
    expect(cmd.code).toBe(2);
    expect(cmd.err).toMatch(/did you mean "search"/);
    expect(run('gundam-rules', ['rule', '8-5-3', '--lang']).code).toBe(2);
    expect(run('gundam-rules', ['rule', '8-5-3', '--lang', 'fr']).code).toBe(2);
  });

  it('gundam-rules-mcp: --help, --version and a mistyped --stdi never start a server', () => {
    for (const args of [['--help'], ['--version'], ['--stdi'], ['--stdio', '--verbose']]) {
      const r = run('gundam-rules-mcp', args);
      expect(r.signal, `${args.join(' ')} must not keep running`).toBeNull();
      expect(r.code, args.join(' ')).toBe(args[0] === '--help' || args[0] === '--version' ? 0 : 2);
      expect(r.err).not.toMatch(/"event":"start"/);
    }
    expect(run('gundam-rules-mcp', ['--stdi']).err).toMatch(/did you mean "--stdio"/);
  });
});

describe('argument parsing', () => {
  it('reads flags with values either way and rejects what it does not know', () => {
    expect(parseArgs(['rule', '8-5-3', '--lang', 'ja'], 'help')).toEqual({ command: 'rule', args: ['8-5-3'], flags: { lang: 'ja' } });
    expect(parseArgs(['--stdio'], 'serve')).toEqual({ command: 'serve', args: [], flags: { stdio: true } });
    expect(parseArgs(['search', '--', '-1', 'damage'], 'help').args).toEqual(['-1', 'damage']);
    expect(() => parseArgs(['serve', 'now'], 'help')).toThrow(UsageError);
    expect(() => parseArgs(['--stdio=yes'], 'serve')).toThrow(/takes no value/);
    expect(closest('stdi', ['stdio', 'port', 'host'])).toBe('stdio');
    expect(closest('zzzzzz', ['stdio', 'port', 'host'])).toBeUndefined();
  });
});
