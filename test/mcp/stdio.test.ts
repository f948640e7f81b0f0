import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { stdioClient } from '../helpers/servers.js';

let client: Client;
let close: () => Promise<void>;

type Result = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');

beforeAll(async () => {
  ({ client, close } = await stdioClient());
});
afterAll(async () => {
  await close();
});

describe('MCP over stdio', () => {
  it('identifies itself and lists every tool with schemas, annotations and descriptions', async () => {
    expect(client.getServerVersion()?.name).toBe('gundam-rules');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(expect.arrayContaining([
      'get_card', 'get_rule', 'list_card_sets', 'list_games', 'list_rules_documents', 'read_rules_document', 'search_cards', 'search_glossary', 'search_rules',
    ]));
    for (const t of tools) {
      expect(t.description, t.name).toBeTruthy();
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      for (const [field, schema] of Object.entries((t.inputSchema.properties ?? {}) as Record<string, { description?: string }>)) {
        expect(schema.description, `${t.name}.${field}`).toBeTruthy();
      }
    }
  });

  it('list_games and list_rules_documents label the unofficial document and the other game', async () => {
    const games = await call('list_games', {});
    expect(games.structuredContent!.games).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'gundam' }), expect.objectContaining({ id: 'gundam-war' })]));
    const docs = await call('list_rules_documents', {});
    const list = docs.structuredContent!.documents as { id: string; authority: string; game: string; version: string; records: number }[];
    expect(list.find((d) => d.id === 'gundam-unofficial-v1-en')!.authority).toBe('unofficial');
    expect(list.find((d) => d.id === 'gundam-cr-en')).toMatchObject({ version: '1.7.0', authority: 'official', records: 578 });
    expect(text(docs)).toMatch(/UNOFFICIAL/);
    const war = await call('list_rules_documents', { game: 'gundam-war' });
    expect((war.structuredContent!.documents as { game: string }[]).every((d) => d.game === 'gundam-war')).toBe(true);
  });

  it('search_rules finds cited rules in English, Japanese and the tournament manual', async () => {
    const en = await call('search_rules', { query: 'If both battling units are destroyed, do they die at the same time?', limit: 5 });
    const ids = (en.structuredContent!.results as { id: string }[]).map((r) => r.id);
    expect(ids).toContain('8-5-3-2-3');
    expect(en.structuredContent!.language).toBe('en');
    const ja = await call('search_rules', { query: 'ブロッカーは何回使えますか', limit: 5 });
    expect(ja.structuredContent!.language).toBe('ja');
    expect((ja.structuredContent!.results as { id: string; document: string }[]).some((r) => r.document === 'gundam-cr-ja' && r.id.startsWith('8-3'))).toBe(true);
    const tour = await call('search_rules', { query: 'what sleeves can I use at a tournament', limit: 5 });
    expect((tour.structuredContent!.results as { id: string; document: string }[])[0]).toMatchObject({ id: '2.4.2', document: 'gundam-tournament-rules-en' });
    expect(text(en)).toMatch(/8-5-3-2-3/);
  });

  it('search_rules says where a rule\'s printed cross-reference number was off and corrected', async () => {
    // 3-4-5 prints "(See 12-2. Keywords)"; the keywords are 13-2.
    const r = await call('search_rules', { query: '3-4-5', limit: 1 });
    expect((r.structuredContent!.results as { id: string }[])[0]!.id).toBe('3-4-5');
    expect(text(r)).toMatch(/\(See 13-2\. Keywords\)/);
    expect(text(r)).toMatch(/the source prints 12-2 for 13-2: corrected here/);
  });

  it('search_rules understands players\' words and looks rule numbers up directly', async () => {
    const tap = await call('search_rules', { query: 'when do my tapped units untap', limit: 5 });
    expect((tap.structuredContent!.results as { id: string }[]).map((r) => r.id)).toContain('7-2-3-1');
    const num = await call('search_rules', { query: '13-1-5', limit: 3 });
    expect((num.structuredContent!.results as { id: string }[])[0]!.id).toBe('13-1-5');
  });

  it('keeps the unofficial document and Gundam War out unless asked', async () => {
    const q = 'base HP 20';
    const official = await call('search_rules', { query: q, limit: 10 });
    expect((official.structuredContent!.results as { document: string }[]).every((r) => r.document !== 'gundam-unofficial-v1-en')).toBe(true);
    const withUnofficial = await call('search_rules', { query: q, include_unofficial: true, limit: 10 });
    expect((withUnofficial.structuredContent!.results as { document: string }[]).some((r) => r.document === 'gundam-unofficial-v1-en')).toBe(true);
    const war = await call('search_rules', { query: 'squad battle points', game: 'gundam-war', limit: 3 });
    expect((war.structuredContent!.results as { document: string }[]).every((r) => r.document.startsWith('gundam-war'))).toBe(true);
  });

  it('get_rule returns the rule with path, children, resolved citations and its counterpart', async () => {
    const r = await call('get_rule', { id: '8-5-2-3-1' });
    const rule = r.structuredContent!.rule as Record<string, unknown>;
    expect(rule).toMatchObject({ id: '8-5-2-3-1', parent: '8-5-2-3', language: 'en', version: '1.7.0' });
    expect(rule.cites).toEqual([expect.objectContaining({ cited: '12-2-5', target: '13-2-5', target_heading: '【Burst】' })]);
    expect(rule.counterpart).toMatchObject({ document: 'gundam-cr-ja', id: '8-5-2-3-1' });
    const head = await call('get_rule', { id: '8-5' });
    expect((head.structuredContent!.rule as { children: { id: string }[] }).children.map((c) => c.id)).toEqual(['8-5-1', '8-5-2', '8-5-3', '8-5-4']);
    const ja = await call('get_rule', { id: '13-1-4', language: 'ja' });
    expect((ja.structuredContent!.rule as { heading: string }).heading).toBe('《ブロッカー》');
    const manual = await call('get_rule', { id: '2.4.1' });
    expect((manual.structuredContent!.rule as { document: string; heading: string })).toMatchObject({ document: 'gundam-tournament-rules-en', heading: 'Cards' });
    const loose = await call('get_rule', { id: 'Rule 8.5.2' });
    expect((loose.structuredContent!.rule as { id: string }).id).toBe('8-5-2');
  });

  it('get_rule on an unknown number says so and suggests nearby rules', async () => {
    const r = await call('get_rule', { id: '8-5-9' });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/no rule "8-5-9"/);
    expect(text(r)).toMatch(/8-5-1/);
  });

  it('get_rule on a rule only the Japanese rules have says the English has none and gives the summary with the Japanese text', async () => {
    for (const args of [{ id: '5-22' }, { id: '5-22', language: 'en' }]) {
      const r = await call('get_rule', args);
      expect(r.isError).toBeFalsy();
      const rule = r.structuredContent!.rule as { id: string; document: string; note?: string; difference?: { kind: string; summary: string }; children: { id: string; text: string }[] };
      expect(rule).toMatchObject({ id: '5-22', document: 'gundam-cr-ja', heading: 'バトル' });
      expect(rule.note).toMatch(/gundam-cr-en\) has no rule "5-22"; it is only in .*gundam-cr-ja/);
      expect(rule.note).toMatch(/Only the Japanese has a section 5-22 "Battle"/);
      expect(rule.difference).toMatchObject({ kind: 'no-counterpart', other_document: 'gundam-cr-en' });
      expect(rule.children[0]).toMatchObject({ id: '5-22-p1', text: expect.stringContaining('バトルとは') });
      expect(text(r)).toMatch(/has no rule "5-22"/);
    }
    const p4 = await call('get_rule', { id: '5-22-p4', language: 'en' });
    expect((p4.structuredContent!.rule as { note: string }).note).toMatch(/"when attacking" \(【Attack】\) effects do not trigger/);
  });

  it('get_rule flags a counterpart that differs and an English rule the Japanese lacks, on both sides', async () => {
    const en = (await call('get_rule', { id: '12-3-5' })).structuredContent!.rule as { difference?: { kind: string; summary: string } };
    expect(en.difference).toMatchObject({ kind: 'differs', summary: expect.stringMatching(/redraw/) });
    const ja = await call('get_rule', { id: '12-3-5', language: 'ja' });
    expect((ja.structuredContent!.rule as { difference?: { kind: string } }).difference?.kind).toBe('differs');
    expect(text(ja)).toMatch(/\[Differs from the English 12-3-5: The Japanese adds the team-battle redraw/);
    const only = await call('get_rule', { id: '6-2-1-4-1' });
    expect((only.structuredContent!.rule as { difference?: { kind: string } }).difference?.kind).toBe('no-counterpart');
    expect(text(only)).toMatch(/\[English only: the Japanese rules have no counterpart\. Only the English says that when Player One is decided with a die roll/);
  });

  it('read_rules_document pages through a document and reads one section', async () => {
    const page = await call('read_rules_document', { document: 'gundam-cr-en', limit: 5 });
    expect(page.structuredContent).toMatchObject({ offset: 0, limit: 5, next_offset: 5 });
    expect((page.structuredContent!.records as unknown[]).length).toBe(5);
    const sec = await call('read_rules_document', { document: 'gundam-cr-en', section: '8-5' });
    const ids = (sec.structuredContent!.records as { id: string }[]).map((r) => r.id);
    expect(ids[0]).toBe('8-5');
    expect(ids.every((id) => id === '8-5' || id.startsWith('8-5-'))).toBe(true);
    expect(sec.structuredContent!.total).toBe(16 + 1);
    const bad = await call('read_rules_document', { document: '../../etc/passwd' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/unknown document/);
  });

  it('search_glossary returns terms and keyword explanations with their rules', async () => {
    const g = await call('search_glossary', { query: 'link unit' });
    const first = (g.structuredContent!.results as { term: string; rules: string[] }[])[0]!;
    expect(first.term).toBe('Link Unit');
    const k = await call('search_glossary', { query: 'blocker' });
    expect((k.structuredContent!.results as { term: string; rules: string[] }[]).some((e) => e.rules.includes('13-1-4'))).toBe(true);
  });

  it('search_cards filters the catalog, and lists all of it with no filter', async () => {
    const all = await call('search_cards', {});
    expect(all.structuredContent!.total).toBe(1060);
    const blue = await call('search_cards', { type: 'unit', color: 'blue', keyword: 'Blocker', limit: 100 });
    const results = blue.structuredContent!.results as { type: string; color: string; keywords: { name: string }[] }[];
    expect(blue.structuredContent!.total).toBeGreaterThan(0);
    for (const c of results) {
      expect(c.type).toBe('unit');
      expect(c.color).toBe('blue');
      expect(c.keywords.some((k) => k.name === 'Blocker')).toBe(true);
    }
    const q = await call('search_cards', { query: 'Amuro Ray', type: 'pilot' });
    expect((q.structuredContent!.results as { name: string }[])[0]!.name).toBe('Amuro Ray');
    const lv = await call('search_cards', { set: 'ST01', level: 4, cost: 2 });
    for (const c of lv.structuredContent!.results as { level: number; cost: number }[]) expect([c.level, c.cost]).toEqual([4, 2]);
  });

  it('get_card finds cards by id, alternate printing, exact and loose name', async () => {
    const byId = await call('get_card', { id: 'GD01-013' });
    expect(byId.structuredContent!.card).toMatchObject({ name: 'Gundam', type: 'unit', color: 'blue', level: 4, cost: 2, ap: 3, hp: 4 });
    const alt = await call('get_card', { id: 'ST01-014-p4' });
    expect(alt.structuredContent!.card).toMatchObject({ id: 'ST01-014-p4', base_id: 'ST01-014' });
    const officialOnly = await call('get_card', { id: 'GD01-001_p1' });
    expect(officialOnly.structuredContent).toMatchObject({ printing: 'GD01-001-p1', card: { id: 'GD01-001' } });
    const loose = await call('get_card', { name: 'unicorn gundam destroy mode' });
    expect((loose.structuredContent!.card as { name: string }).name).toBe('Unicorn Gundam (Destroy Mode)');
    const many = await call('get_card', { name: 'Gundam' });
    expect((many.structuredContent!.candidates as unknown[]).length).toBeGreaterThan(1);
    expect((many.structuredContent!.card as { token: boolean }).token).toBe(false);
  });

  it('get_card on an unknown card is an error that suggests close names', async () => {
    const r = await call('get_card', { name: 'Zzyzx Nonexistent Suit' });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/no card matches "Zzyzx Nonexistent Suit"; (closest: |no card name is close)/);
    const id = await call('get_card', { id: 'GD99-999' });
    expect(id.isError).toBe(true);
    expect(text(id)).toMatch(/no card with id "GD99-999"/);
    const typo = await call('get_card', { name: 'Unicorn Gundm' });
    expect(typo.isError).toBeFalsy();
    expect((typo.structuredContent!.card as { name: string }).name).toMatch(/Unicorn Gundam/);
  });

  it('rejects bad arguments with a message naming the field and what it accepts', async () => {
    const r = await call('search_rules', { query: 42 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/query/);
    const lang = await call('search_rules', { query: 'x', language: 'fr' });
    expect(lang.isError).toBe(true);
    expect(text(lang)).toMatch(/language/);
    expect(text(lang)).toMatch(/en/);
    const limit = await call('search_cards', { limit: 1000 });
    expect(limit.isError).toBe(true);
    expect(text(limit)).toMatch(/limit/);
    const extra = await call('get_rule', { id: '1-1', bogus: true });
    expect(extra.isError).toBe(true);
    expect(text(extra)).toMatch(/unknown field "bogus" in the arguments; accepted: id, language, document/);
    const none = await call('list_games', { verbose: true });
    expect(text(none)).toMatch(/unknown field "verbose" in the arguments; accepted: none/);
    const neither = await call('get_card', {});
    expect(neither.isError).toBe(true);
    expect(text(neither)).toMatch(/id or name/);
    const long = await call('search_rules', { query: 'x'.repeat(5000) });
    expect(long.isError).toBe(true);
    expect(text(long)).toMatch(/500 characters/);
  });

  it('simulate_ruling and check_deck refuse unknown fields, naming the field, where it is and the fields accepted there', async () => {
    // Dropped silently, "power" left the Unit at AP 0 and "blocked_by" let the attack through unblocked (8-3-4).
    const power = await call('simulate_ruling', { state: { active_player: 'A', players: { A: { units: [{ id: 'a1', power: 5, hp: 2 }] } } }, actions: [] });
    expect(power.isError).toBe(true);
    expect(text(power)).toMatch(/unknown field "power" in state\.players\.A\.units\[0\]; accepted: id, card, name, ap, hp, /);
    expect(power.structuredContent).toBeUndefined();
    const blocked = await call('simulate_ruling', {
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: { units: [{ id: 'b1', ap: 1, hp: 1, keywords: ['Blocker'] }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', blocked_by: 'b1' }],
    });
    expect(blocked.isError).toBe(true);
    expect(text(blocked)).toMatch(/unknown field "blocked_by" in actions\[0\]; accepted: type, attacker, target, blocker/);
    const player1 = await call('simulate_ruling', { state: { active_player: 'A', players: { player1: { shields: 0 } } }, actions: [] });
    expect(text(player1)).toMatch(/unknown field "player1" in state\.players; accepted: A, B/);
    const deck = await call('check_deck', { deck: [{ card: 'ST01-001', count: 4, foil: true }] });
    expect(deck.isError).toBe(true);
    expect(text(deck)).toMatch(/unknown field "foil" in deck\[0\]; accepted: card, count/);
  });

  it('simulate_ruling input errors carry the scenario format, for a client that can only call tools', async () => {
    const missing = await call('simulate_ruling', { state: { active_player: 'A', players: {} }, actions: [{ type: 'deploy', card: 'ST01-002' }] });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/actions\[0\]\.id/);
    expect(text(missing)).toMatch(/Actions by type \(\? = optional\): attack\(attacker, target, blocker\?/);
    expect(text(missing)).toMatch(/deploy\(id, card, /);
    expect(text(missing)).toMatch(/\{"use": true\|false\}/);
    // Other tools' errors stay as they were.
    const rule = await call('get_rule', { id: 42 });
    expect(rule.isError).toBe(true);
    expect(text(rule)).not.toMatch(/Scenario format/);
  });

  it('2-2-1: simulate_ruling reads the card names get_card resolves, and lists get_card\'s best matches when a name is ambiguous or unknown', async () => {
    const units = (card: string) => ({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card }] } } }, actions: [] });
    type Out = { legal: boolean; violations: { kind: string; reason: string }[]; state: { players: { A: { units: { card: string; name: string }[] } } } };
    for (const name of ['unicorn gundam destroy mode', "char's zaku"]) {
      const card = (await call('get_card', { name })).structuredContent!.card as { id: string; name: string };
      const out = (await call('simulate_ruling', units(name))).structuredContent as Out;
      expect(out.violations, name).toEqual([]);
      expect(out.state.players.A.units[0]!.name, name).toBe(card.name);
    }
    const zaku = (await call('get_card', { name: 'zaku' })).structuredContent as { card: { id: string; name: string }; candidates: { id: string; name: string }[] };
    expect(zaku.candidates.length).toBeGreaterThan(1);
    const ambiguous = (await call('simulate_ruling', units('zaku'))).structuredContent as Out;
    expect(ambiguous.legal).toBe(false);
    expect(ambiguous.violations[0]!.kind).toBe('input');
    expect(ambiguous.violations[0]!.reason).toContain(`Best matches: ${zaku.card.id} ${zaku.card.name}, ${zaku.candidates[0]!.id} ${zaku.candidates[0]!.name}`);
    const pilot = (await call('simulate_ruling', {
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD01-013' }], resources: 5 } } },
      actions: [{ type: 'pair', unit: 'a1', pilot: 'amuro' }],
    })).structuredContent as Out & { state: { players: { A: { units: { linked: boolean }[] } } } };
    expect(pilot.legal).toBe(true);
    expect(pilot.state.players.A.units[0]!.linked).toBe(true);
    const near = text(await call('get_card', { name: 'GD01-0133' }));
    const first = /closest: ([^,]+)/.exec(near)![1]!;
    const unknown = (await call('simulate_ruling', units('GD01-0133'))).structuredContent as Out;
    expect(unknown.violations[0]!.reason).toContain(`unknown card "GD01-0133"; closest: ${first}`);
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/Unknown tool: delete_everything/);
  });

  it('serves documents and cards as resources, and the ruling prompt', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(['gundam://documents/{document}', 'gundam://rules/{document}/{id}', 'gundam://cards/{id}']));
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('gundam://documents/gundam-cr-en');
    const doc = await client.readResource({ uri: 'gundam://documents/gundam-glossary-en' });
    expect((doc.contents[0] as { text: string }).text).toMatch(/Link Unit/);
    const rule = await client.readResource({ uri: 'gundam://rules/gundam-cr-en/13-1-5' });
    expect(JSON.parse((rule.contents[0] as { text: string }).text).heading).toBe('<First Strike>');
    expect(resources.map((r) => r.uri)).toContain('gundam://docs/scenario-format');
    const format = await client.readResource({ uri: 'gundam://docs/scenario-format' });
    expect((format.contents[0] as { text: string }).text).toMatch(/## Scenario format[\s\S]*## Worked example 1/);
    const card = await client.readResource({ uri: 'gundam://cards/GD01-013' });
    expect(JSON.parse((card.contents[0] as { text: string }).text).name).toBe('Gundam');
    await expect(client.readResource({ uri: 'gundam://documents/..%2F..%2Fpackage.json' })).rejects.toThrow(/unknown document/);
    const prompt = await client.getPrompt({ name: 'answer_ruling', arguments: { question: 'Can a rested unit block?' } });
    expect((prompt.messages[0]!.content as { text: string }).text).toMatch(/cite|citing/i);
  });
});
