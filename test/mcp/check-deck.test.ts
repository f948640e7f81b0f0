/**
 * check_deck and get_card with the banned/restricted list, as clients meet them: the built server
 * over real stdio through the SDK client, the CLI bin in a child process, and an operator's
 * RESTRICTIONS_FILE (a real file) replacing the shipped list or refusing to start when it is bad.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cli, root, stdioClient } from '../helpers/servers.js';
import { corpus } from '../engine/helpers.js';

type Structured = {
  legal: boolean;
  violations: { reason: string; kind: string; cards: string[] }[];
  restriction_list: { id: string; label: string; effective: string; origin: string } | null;
  read: { written: string; card: string; match: string }[];
  unread: { line: number; text: string }[];
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-deck-'));
const file = (name: string, text: string) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, text);
  return p;
};

/** ST01-001..012 x4 and ST01-013 x2: legal under the list. Cards whose name is theirs alone are written by name. */
function legalList(): string {
  const lines = Array.from({ length: 13 }, (_, i) => {
    const id = `ST01-${String(i + 1).padStart(3, '0')}`;
    const c = corpus().cards.find((x) => x.id === id)!;
    const unique = corpus().cards.filter((x) => x.base_id === null && !x.token && x.name === c.name).length === 1;
    return `${i === 12 ? 2 : 4}x ${unique ? c.name : id}`;
  });
  return ['# a judge\'s copy', 'Main deck', ...lines, '', 'Resource deck', '10 R-001'].join('\n');
}

const THREE_CORSICA = ['3 ST02-016', ...Array.from({ length: 11 }, (_, i) => `4 ST02-${String(i + 1).padStart(3, '0')}`), '3 ST02-012', 'Resource deck', '10 R-001'].join('\n');
const FOUR_ANKSHA = ['4 GD01-020', ...Array.from({ length: 11 }, (_, i) => `4 ST01-${String(i + 1).padStart(3, '0')}`), '2 ST01-013', 'Resource deck', '10 R-001'].join('\n');

function run(args: string[], env: Record<string, string> = {}, input?: string) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'gundam-rules.mjs'), ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('over stdio (SDK client), with the shipped list', () => {
  let client: Client;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ client, close } = await stdioClient());
  });
  afterAll(async () => {
    await close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    return { structured: r.structuredContent as Structured, text: (r.content as { text: string }[])[0]!.text, isError: r.isError };
  };

  it('refuses 4x GD01-020 and 3x ST02-016, naming the list and its date', async () => {
    const anksha = await call('check_deck', { list: FOUR_ANKSHA });
    expect(anksha.structured.legal).toBe(false);
    expect(anksha.structured.violations.filter((v) => v.kind === 'restriction')).toEqual([
      expect.objectContaining({ cards: ['GD01-020'], reason: expect.stringMatching(/GD01-020 \(4 in the deck\) is banned by the Banned and restricted list effective 2026-07-25 \(announced 2026-07-10\)/) }),
    ]);
    expect(anksha.text).toMatch(/Restriction list applied: Banned and restricted list effective 2026-07-25 \(announced 2026-07-10\); source: Bandai/);
    const corsica = await call('check_deck', { list: THREE_CORSICA });
    expect(corsica.structured.violations.map((v) => v.reason)).toEqual([expect.stringMatching(/^3 copies of ST02-016; by the Banned and restricted list effective 2026-07-25 .* at most 2$/)]);
  });

  it('accepts a legal list written with card names, showing what each name was read as, and names the list', async () => {
    const r = await call('check_deck', { list: legalList() });
    expect(r.structured.violations).toEqual([]);
    expect(r.structured.legal).toBe(true);
    expect(r.structured.read.length).toBeGreaterThan(5);
    expect(r.structured.read.every((x) => /^ST01-0\d\d$/.test(x.card) && x.match === 'name')).toBe(true);
    expect(r.structured.restriction_list).toMatchObject({ id: '2026-07-25', effective: '2026-07-25', origin: 'bundled' });
    expect(r.text).toMatch(/^Legal deck\./);
    expect(r.text).toMatch(/Read "Gundam" as ST01-001|Read ".+" as ST01-0/);
  });

  it('asks about an ambiguous name, listing the candidates, and shows a loose match', async () => {
    const r = await call('check_deck', { list: '4 Guncannon\n2 graze custom\nbanner text' });
    const v = r.structured.violations.find((x) => x.kind === 'input')!;
    expect(v.reason).toMatch(/"Guncannon" fits 2 cards: GD01-004 Guncannon .*ST01-003 Guncannon .*write the card number/);
    expect(v.cards).toEqual(['GD01-004', 'ST01-003']);
    expect(r.structured.read).toContainEqual({ written: 'graze custom', card: 'ST05-004', name: 'Graze Custom', match: 'name' });
    expect(r.structured.unread).toEqual([{ line: 3, text: 'banner text' }]);
    const none = await call('check_deck', { list: 'nothing here' });
    expect(none.isError).toBe(true);
    expect(none.text).toMatch(/no card read from list .*write one card a line/);
    const both = await call('check_deck', { list: '4 GD01-013', deck: [] });
    expect(both.isError).toBe(true);
    expect(both.text).toMatch(/give deck \(entries\) or list \(text\), one of them/);
  });

  it("get_card shows a card's standing in structured output and text, printings as their card", async () => {
    const banned = await client.callTool({ name: 'get_card', arguments: { id: 'GD01-020' } });
    expect((banned.structuredContent as { restriction: unknown }).restriction).toMatchObject({ list: 'Banned and restricted list effective 2026-07-25 (announced 2026-07-10)', status: [{ status: 'banned' }] });
    expect((banned.content as { text: string }[])[0]!.text).toMatch(/Restricted: banned: a deck may hold none|Restricted: banned/);
    const printing = await client.callTool({ name: 'get_card', arguments: { id: 'ST02-016-p1' } });
    expect((printing.structuredContent as { restriction: { status: unknown[] } }).restriction.status).toMatchObject([{ status: 'limited', text: 'limited: at most 2 in a deck' }]);
    const free = await client.callTool({ name: 'get_card', arguments: { id: 'GD01-013' } });
    expect((free.structuredContent as { restriction: { status: unknown[] } }).restriction.status).toEqual([]);
    expect((free.content as { text: string }[])[0]!.text).toMatch(/Not restricted on the Banned and restricted list effective 2026-07-25/);
  });
});

describe('RESTRICTIONS_FILE (a real file, read at start)', () => {
  const shipped = JSON.parse(fs.readFileSync(path.join(root, 'corpus', 'restrictions', '2026-07-25.json'), 'utf8'));
  const venue = file('venue.json', JSON.stringify({ ...shipped, id: 'venue', name: 'Venue list', effective: '2026-08-01', banned: [{ card: 'ST01-001' }] }));

  it('replaces the shipped list over stdio, and the answer names the file', async () => {
    const { client, close } = await stdioClient({ RESTRICTIONS_FILE: venue });
    try {
      const r = await client.callTool({ name: 'check_deck', arguments: { list: FOUR_ANKSHA.replace('4 GD01-020\n', '4 ST02-001\n') } });
      const s = r.structuredContent as Structured;
      expect(s.restriction_list).toMatchObject({ id: 'venue', effective: '2026-08-01', origin: venue });
      expect(s.violations.filter((v) => v.kind === 'restriction').map((v) => v.reason)).toEqual([expect.stringMatching(/^ST01-001 \(4 in the deck\) is banned by the Venue list effective 2026-08-01/)]);
      expect((r.content as { text: string }[])[0]!.text).toContain(`read from ${venue}`);
    } finally {
      await close();
    }
  });

  it('a bad file refuses to start the server, and the CLI, naming the field', () => {
    const bad = file('bad.json', JSON.stringify({ ...shipped, limited: [{ card: 'ST02-016', max: 'two' }] }));
    const server = spawnSync(process.execPath, [cli, '--stdio'], { cwd: root, input: '', encoding: 'utf8', timeout: 30_000, env: { ...process.env, LOG_LEVEL: 'silent', RESTRICTIONS_FILE: bad } });
    expect(server.status).toBe(1);
    expect(server.stderr).toMatch(/not starting: restriction list ".*bad\.json" \(RESTRICTIONS_FILE\) is not a valid list: limited\.0\.max: /);
    const unknown = file('unknown.json', JSON.stringify({ ...shipped, banned: [{ card: 'ZZ99-001' }] }));
    const c = run(['deck', 'check', '-'], { RESTRICTIONS_FILE: unknown }, '4 GD01-013');
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/names cards the catalog does not have: ZZ99-001 is not a card number/);
  });
});

describe('the CLI', () => {
  it('deck check reads a list with card names and applies the list (exit 0 legal, 1 not)', () => {
    const legal = run(['deck', 'check', file('names.txt', legalList())]);
    expect(legal.err).toBe('');
    expect(legal.code).toBe(0);
    expect(legal.out).toMatch(/^Legal deck\./);
    expect(legal.out).toMatch(/Read ".+" as ST01-0\d\d /);
    expect(legal.out).toMatch(/Restriction list applied: Banned and restricted list effective 2026-07-25/);
    const banned = run(['deck', 'check', '-', '--json'], {}, FOUR_ANKSHA.replace('4 GD01-020', '4x anksha'));
    expect(banned.code).toBe(1);
    const out = JSON.parse(banned.out) as Structured;
    expect(out.read).toContainEqual(expect.objectContaining({ written: 'anksha', card: 'GD01-020' }));
    expect(out.violations.find((v) => v.kind === 'restriction')?.reason).toMatch(/GD01-020 .*banned by the Banned and restricted list effective 2026-07-25/);
  });

  it("card shows the card's standing", () => {
    const r = run(['card', 'ST05-010']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Restricted: banned pair: may not share a deck with ST01-010/);
  });
});

describe('the rules page', () => {
  it("deck check runs check_deck itself, so it applies the list and reads names", async () => {
    const { deckPage } = await import('../../src/web/pages.js');
    const { knowledge } = await import('../../src/knowledge.js');
    const page = deckPage(knowledge(), FOUR_ANKSHA.replace('4 GD01-020', '4x anksha'));
    const body = String(page.body);
    expect(page.title).toBe('Illegal deck');
    expect(body).toMatch(/GD01-020 \(4 in the deck\) is banned by the Banned and restricted list effective 2026-07-25/);
    expect(body).toContain('“anksha” → GD01-020 Anksha');
    expect(body).toMatch(/Banned\/restricted list applied: Banned and restricted list effective 2026-07-25 \(announced 2026-07-10\)/);
  });
});
