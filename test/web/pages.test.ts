/**
 * The rules page's server side, in process (app.fetch): what every answer carries (CSP, no inline
 * script or style), the same Host check as /mcp with a budget of its own, venue passes, ETags,
 * read-only routes (the deck form posts), search order for judges, WEB=off, and values from the
 * request or the corpus escaped.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { loadHttpConfig } from '../../src/http/config.js';
import { RateLimiter } from '../../src/http/rate-limit.js';
import type { SessionManager } from '../../src/http/sessions.js';
import { loadCorpus } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { escapeHtml, html, raw } from '../../src/web/html.js';
import { answerOrder, citation, searchAll } from '../../src/web/pages.js';
import { makePass, passKeyId, readPass } from '../../src/web/venue.js';

const kb = new Knowledge(loadCorpus());
const sessions = { size: 0, get: () => undefined, close: async () => undefined, create: async () => { throw new Error('not used'); } } as unknown as SessionManager;

const SECRET = 'a-venue-secret-of-at-least-32-characters';

function app(o: { perMinute?: number; webPerMinute?: number; web?: boolean; hosts?: string[] | null; apiKeys?: string[]; pass?: boolean; limiter?: RateLimiter } = {}) {
  return createApp({
    sessions,
    limiter: o.limiter ?? new RateLimiter({ perMinute: o.perMinute ?? 10_000, burst: o.perMinute ?? 10_000 }),
    ...(o.webPerMinute ? { webLimiter: new RateLimiter({ perMinute: o.webPerMinute }) } : {}),
    apiKeys: o.apiKeys ? new Set(o.apiKeys) : null,
    webPass: o.pass ? { secret: SECRET, days: 3 } : null,
    maxBodyBytes: 4096,
    allowedHosts: o.hosts === null ? null : new Set(o.hosts ?? ['127.0.0.1', 'localhost']),
    allowedOrigins: new Set(),
    corsOrigins: [],
    trustProxyHeader: null,
    web: o.web === false ? null : kb,
  });
}
const get = (a: ReturnType<typeof app>, path: string, headers: Record<string, string> = {}) => a.fetch(new Request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1:8180', ...headers } }));

describe('rules page server', () => {
  const a = app();

  it('serves every page with a strict CSP and no inline script or style', async () => {
    for (const path of ['/', '/?q=blocker', '/rule/gundam-cr-en/8-5-3', '/rule/gundam-cr-ja/8-5-3', '/doc/gundam-tournament-rules-en', '/card/GD01-013', '/deck', '/deck?list=4+ST01-001', '/rule/gundam-cr-en/99-9']) {
      const r = await get(a, path);
      expect([200, 404], path).toContain(r.status);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await r.text();
      expect(body.match(/<script\b[^>]*>/g), path).toEqual(['<script src="/app.js" defer>']);
      expect(body, path).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    }
  });

  it('jumps to a typed rule number, in the document its form names', async () => {
    expect((await get(a, '/?q=8-5-3-2')).headers.get('location')).toBe('/rule/gundam-cr-en/8-5-3-2');
    expect((await get(a, '/?q=8-5-3-2&lang=ja')).headers.get('location')).toBe('/rule/gundam-cr-ja/8-5-3-2');
    expect((await get(a, '/?q=2.4.1')).headers.get('location')).toBe('/rule/gundam-tournament-rules-en/2.4.1');
    // "8", "section 8", "chapter 8": the Comprehensive Rules' chapter 8; the Floor Rules by name.
    for (const q of ['8', 'section+8', 'chapter+8', 'Chapter%208', 'sec.+8']) expect((await get(a, `/?q=${q}`)).headers.get('location'), q).toBe('/rule/gundam-cr-en/8');
    expect((await get(a, '/?q=floor+rules+8')).headers.get('location')).toBe('/rule/gundam-floor-rules-en/section-8');
  });

  it('orders search for judges: rules for a sentence, cards for a card name, nothing twice', () => {
    const sentence = searchAll(kb, 'both units destroyed', 'en', 6);
    expect(sentence.order[0]).toBe('rules');
    expect(sentence.rules.slice(0, 3).map((r) => r.id)).toContain('8-5-3-2-3');
    const card = searchAll(kb, 'wing gundam', 'en', 6);
    expect(card.order[0]).toBe('cards');
    expect(card.cards[0]!.name).toBe('Wing Gundam');
    expect(searchAll(kb, 'blocker', 'en', 6).order[0]).toBe('glossary');
    for (const q of ['8-5-3', 'both units destroyed', 'section 8', '8', 'mulligan', 'wing gundam']) {
      const a = searchAll(kb, q, 'en', 6);
      const hrefs = [...(a.rule ? [a.rule.href] : []), ...a.rules.map((r) => r.href), ...a.glossary.map((g) => g.href), ...a.cards.map((c) => c.href)];
      expect(new Set(hrefs).size, q).toBe(hrefs.length);
      // Changelog records ("Ver. 1.3.0 ... Update") are not glossary terms.
      expect(a.glossary.map((g) => g.term).filter((t) => /^Ver\./.test(t)), q).toEqual([]);
      expect(kb.glossary.search(q, 8, 'en').filter((e) => e.id.startsWith('history')), q).toEqual([]);
    }
    expect(answerOrder('zaku', { cards: [{ id: 'GD01-035', name: 'Zaku Ⅱ', type: 'unit', href: '' }], glossary: [] })[0]).toBe('cards');
  });

  it('shows a rule with its citation, path, children, references and counterpart', async () => {
    const body = await (await get(a, '/rule/gundam-cr-en/8-5-3-2')).text();
    expect(body).toContain('<code id="citation">CR 1.7.0 8-5-3-2</code>');
    expect(body).toContain('href="/rule/gundam-cr-en/8-5-3"');
    expect(body).toContain('href="/rule/gundam-cr-en/8-5-3-2-3"');
    expect(body).toContain('href="/rule/gundam-cr-ja/8-5-3-2"');
    expect(body).toMatch(/<a class="xref" href="\/rule\/gundam-cr-en\/13-1-5">13-1-5<\/a>/);
    expect(citation(kb.store.document('gundam-tournament-rules-en')!, '2.4.1')).toBe('TRM 2025-07-10 2.4.1');
  });

  it('flags in plain words every rule whose English and Japanese differ, on both languages\' pages', async () => {
    const differing = kb.store.records.filter((r) => r.difference);
    // The corpus's table (corpus/notes/cr-differences.json) gives both kinds, in both languages.
    expect(new Set(differing.map((r) => `${r.language}:${r.difference!.kind}`))).toEqual(new Set(['en:differs', 'en:no-counterpart', 'ja:differs', 'ja:no-counterpart']));
    for (const r of differing) {
      const body = await (await get(a, `/rule/${r.document}/${encodeURIComponent(r.id)}`)).text();
      const flag = /<aside class="difference" id="difference" data-difference="([^"]+)" role="note"><p><strong>([^<]+)<\/strong><\/p><p><span class="meta">([^<]+):<\/span> <span lang="en">([^<]*)<\/span><\/p><\/aside>/.exec(body);
      expect(flag, `${r.document} ${r.id}`).not.toBeNull();
      expect(flag![1]).toBe(r.difference!.kind);
      expect(flag![4]).toBe(escapeHtml(r.difference!.summary));
      const words = r.language === 'en'
        ? { 'no-counterpart': 'English only: the Japanese rules have no counterpart to this rule.', differs: 'The English and Japanese say different things here.' }
        : { 'no-counterpart': '日本語版のみ：英語版には対応するルールがありません。', differs: '英語版と日本語版で内容が異なります。' };
      expect(flag![2], `${r.document} ${r.id}`).toBe(words[r.difference!.kind]);
      expect(flag![3]).toBe(r.language === 'en' ? 'What differs' : '違い（英語での説明）');
    }
    // A rule the two languages agree on carries no flag.
    expect(await (await get(a, '/rule/gundam-cr-en/8-5-3')).text()).not.toContain('class="difference"');
    // In a list of child rules, each differing child is tagged, in the page's language.
    const en = await (await get(a, '/rule/gundam-cr-en/6-2-1')).text();
    expect(en).toMatch(/href="\/rule\/gundam-cr-en\/6-2-1-1" class="num chip">6-2-1-1<\/a> <span class="tag" data-difference="no-counterpart">English only<\/span>/);
    const ja = await (await get(a, '/rule/gundam-cr-ja/5')).text();
    expect(ja).toMatch(/href="\/rule\/gundam-cr-ja\/5-22" class="num chip">5-22<\/a> <span class="tag" data-difference="no-counterpart">日本語版のみ<\/span>/);
    const team = await (await get(a, '/rule/gundam-cr-en/12-3')).text();
    expect(team).toMatch(/12-3-5<\/a> <span class="tag" data-difference="differs">EN\/JA differ<\/span>/);
    // Search results tag a differing rule too.
    expect(searchAll(kb, 'team battle six units', 'en').rules.find((x) => x.id === '12-3-14')).toMatchObject({ difference: 'differs' });
    expect(await (await get(a, '/?q=team+battle+six+units')).text()).toMatch(/<strong>12-3-14<\/strong>[^<]*<\/a> <span class="meta">[^<]*<\/span> <span class="tag" data-difference="differs">EN\/JA differ<\/span>/);
    // The offline data carries the same, for the pages the service worker renders.
    const data = (await (await get(a, '/offline.json')).json()) as { documents: { id: string }[]; records: unknown[][] };
    const offline = data.records.filter((x) => x[9]).map((x) => `${data.documents[x[0] as number]!.id} ${x[1]} ${(x[9] as string[])[0]}`);
    expect(offline.sort()).toEqual(differing.map((r) => `${r.document} ${r.id} ${r.difference!.kind}`).sort());
  });

  it('shows a card\'s standing on the banned/restricted list, named with its date, online and in the offline data', async () => {
    const list = 'Banned and restricted list effective 2026-07-25 (announced 2026-07-10)';
    const banned = await (await get(a, '/card/GD01-020')).text();
    expect(banned).toContain(`<p class="note restricted" id="restriction"><strong>Banned/restricted list</strong>: banned: a deck may hold none <span class="meta">(${list})</span></p>`);
    expect(await (await get(a, '/card/ST02-016')).text()).toMatch(/id="restriction"><strong>Banned\/restricted list<\/strong>: limited: at most 2 in a deck/);
    expect(await (await get(a, '/card/GD01-013')).text()).toContain(`<p class="meta" id="restriction">Not restricted on the ${list}.</p>`);
    const data = (await (await get(a, '/offline.json')).json()) as { restrictions: { list: string; cards: Record<string, string[]> } };
    expect(data.restrictions.list).toBe(list);
    expect(data.restrictions.cards['GD01-020']).toEqual(['banned: a deck may hold none']);
    expect(data.restrictions.cards['GD01-013']).toBeUndefined();
    // An alternate printing stands as its base card.
    const alt = kb.store.cards.find((c) => c.base_id === 'GD01-020');
    if (alt) expect(data.restrictions.cards[alt.id]).toEqual(['banned: a deck may hold none']);
  });

  it('escapes what the request and the corpus bring', async () => {
    const q = `<script>alert(1)</script>"'&`;
    const body = await (await get(a, `/?q=${encodeURIComponent(q)}`)).text();
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html`<p title="${'"x'}">${['<a>', raw('<b>')]}</p>`.value).toBe('<p title="&quot;x">&lt;a&gt;<b></p>');
    const api = await (await get(a, `/api/search?q=${encodeURIComponent('<img src=x onerror=1> blocker')}`)).json() as { query: string };
    expect(api.query).toBe('<img src=x onerror=1> blocker');
    const card = await (await get(a, `/card/${encodeURIComponent('<b>x</b>')}`)).text();
    expect(card).not.toContain('<b>x</b>');
  });

  it('only reads: other methods are refused; the deck form posts', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const r = await a.fetch(new Request('http://127.0.0.1/deck', { method, headers: { host: '127.0.0.1' } }));
      expect(r.status, method).toBe(405);
    }
    expect((await a.fetch(new Request('http://127.0.0.1/rule/gundam-cr-en/8', { method: 'POST', headers: { host: '127.0.0.1' } }))).status).toBe(405);
    const form = await (await get(a, '/deck')).text();
    expect(form).toContain('<form class="deck" action="/deck" method="post">');
    const post = (body: string, type = 'application/x-www-form-urlencoded') => a.fetch(new Request('http://127.0.0.1/deck', { method: 'POST', body, headers: { host: '127.0.0.1', 'content-type': type } }));
    const checked = await post(new URLSearchParams({ list: '4 ST01-001\n5 ST01-006' }).toString());
    expect(checked.status).toBe(200);
    expect(checked.headers.get('cache-control')).toBe('no-store');
    const body = await checked.text();
    expect(body).toContain('id="verdict"');
    expect(body).toMatch(/Illegal deck/);
    expect((await post('list=' + 'x'.repeat(70_000))).status).toBe(413);
  });

  it('checks a posted deck list as people write it against the restriction list, naming the list and its date', async () => {
    const post = async (list: string) => (await a.fetch(new Request('http://127.0.0.1/deck', { method: 'POST', body: new URLSearchParams({ list }).toString(), headers: { host: '127.0.0.1', 'content-type': 'application/x-www-form-urlencoded' } }))).text();
    const list = 'Banned and restricted list effective 2026-07-25 (announced 2026-07-10)';
    const rest = Array.from({ length: 11 }, (_, i) => `4 ST01-${String(i + 2).padStart(3, '0')}`).join('\n');
    // Names, "4x" and "x4" forms, a tab: a legal list, each name shown with the card it was read as.
    const legal = await post(`4\tST01-001\n${rest.replace('4 ST01-002', 'Gundam (MA Form) x4').replace('4 ST01-008', '4x Demi Trainer').replace('4 ST01-009', '4 zowort')}\n2 ST01-013\nResource deck\n10 R-001`);
    expect(legal).toContain('<p class="verdict legal" id="verdict">Legal deck.</p>');
    expect(legal).toMatch(/Read as: [^<]*“Gundam \(MA Form\)” → ST01-002 Gundam \(MA Form\)[^<]*“Demi Trainer” → ST01-008 Demi Trainer[^<]*“zowort” → ST01-009 Zowort/);
    expect(legal).toContain(`<p class="meta" id="restriction-list">Banned/restricted list applied: ${list}.</p>`);
    // Four copies of a banned card: refused, naming the list.
    const banned = await post(`4 GD01-020\n${rest}\n2 ST01-013\nResource deck\n10 R-001`);
    expect(banned).toMatch(/id="verdict">Illegal deck/);
    expect(banned).toContain(`GD01-020 (4 in the deck) is banned by the ${list}`);
    // A third color names the cards of that color only.
    const colors = await post(`4 ST01-001\n${rest}\n2 ST02-001\nResource deck\n10 R-001`);
    expect(colors).toMatch(/the deck uses 3 colors \(blue 28, white 20, green 2\)[^<]*<br><span class="meta">Rules<\/span> <span class="chips"><a class="chip" href="\/rule\/gundam-cr-en\/6-1-1-2">6-1-1-2<\/a><\/span><br><span class="meta">Cards: ST02-001<\/span>/);
  });

  it('answers a page asked for again with 304 (ETag), and says how to cache it', async () => {
    for (const path of ['/rule/gundam-cr-en/8-5-3', '/api/search?q=blocker', '/card/GD01-013']) {
      const first = await get(a, path);
      const tag = first.headers.get('etag');
      expect(tag, path).toMatch(/^W\/"/);
      expect(first.headers.get('cache-control'), path).toBe('public, no-cache');
      const again = await get(a, path, { 'if-none-match': tag! });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('shows a vanilla card as having no text, a printing with its own set, and Japanese labels on Japanese rules', async () => {
    const vanilla = kb.store.cards.find((c) => c.type === 'unit' && !c.text)!;
    expect(await (await get(a, `/card/${vanilla.id}`)).text()).toContain('No card text.');
    const printing = await (await get(a, '/card/GD01-004-p1')).text();
    expect(printing).toMatch(/<th scope="row">Set<\/th><td>GD01<\/td>/);
    const ja = await (await get(a, '/rule/gundam-cr-ja/8-5-3')).text();
    expect(ja).toContain('<html lang="ja">');
    for (const w of ['引用をコピー', '検索', 'デッキチェック']) expect(ja).toContain(w);
    expect(ja).not.toMatch(/Copy citation|>Search<|Deck check/);
  });

  it('labels a Japanese search in Japanese, and says in the page\'s words when nothing matches', async () => {
    const ja = await (await get(a, `/?q=${encodeURIComponent('アタック')}`)).text();
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toMatch(/<h1>検索結果： <q class="query">アタック<\/q><\/h1>/);
    expect(ja).toContain('<h2>ルール</h2>');
    expect(ja).not.toMatch(/Results for|<h2>Rules<\/h2>|<h2>Glossary<\/h2>/);
    const none = await (await get(a, '/?q=qqqzzzxxyy&lang=ja')).text();
    expect(none).toContain('<p class="empty"><q>qqqzzzxxyy</q>に一致するものはありません。');
    const en = await (await get(a, '/?q=qqqzzzxxyy')).text();
    expect(en).toContain('<p class="empty">Nothing matches <q>qqqzzzxxyy</q>. Try other words');
  });

  it('checks Host like /mcp', async () => {
    expect((await get(a, '/', { host: 'evil.example' })).status).toBe(403);
    expect((await get(a, '/app.js', { host: 'evil.example' })).status).toBe(403);
    expect((await get(a, '/', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('charges pages to a budget of their own, not to /mcp\'s', async () => {
    const mcp = new RateLimiter({ perMinute: 3 });
    const roomy = app({ limiter: mcp });
    // The default page budget (600) is not /mcp's 3: a room's pages pass, and /mcp's budget is untouched.
    for (let i = 0; i < 20; i++) expect((await get(roomy, `/rule/gundam-cr-en/8-5-${1 + (i % 4)}`)).status).toBe(200);
    expect((await mcp.peek('ip:unknown')).remaining).toBe(3);
    const small = app({ webPerMinute: 3 });
    expect((await get(small, '/rule/gundam-cr-en/8-5-3')).status).toBe(200);
    expect((await get(small, '/api/search?q=blocker')).status).toBe(200);
    expect((await get(small, '/rule/gundam-cr-en/8-5-2')).status).toBe(200);
    const limited = await get(small, '/?q=blocker');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('content-security-policy')).toBeTruthy();
    expect(limited.headers.get('cache-control')).toBe('no-store');
    // Static files are not counted (the service worker fetches them once per version).
    expect((await get(small, '/app.css')).status).toBe(200);
  });

  it('gives a phone with a venue pass its own budget', async () => {
    const venue = app({ webPerMinute: 2, apiKeys: ['judge-1-key', 'judge-2-key'], pass: true });
    const join = await get(venue, '/join?key=judge-1-key');
    expect(join.status).toBe(303);
    expect(join.headers.get('location')).toBe('/');
    const cookie = join.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^gcg_pass=[\w-]+\.\d+\.[\w-]+; Max-Age=259200; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toContain('judge-1-key');
    const pass = cookie.split(';')[0]!;
    // The venue address spends its budget (the /join above was its first point)...
    expect((await get(venue, '/rule/gundam-cr-en/8')).status).toBe(200);
    expect((await get(venue, '/rule/gundam-cr-en/8')).status).toBe(429);
    // ...and the phone with the pass, from the same address, still has its own.
    expect((await get(venue, '/rule/gundam-cr-en/8', { cookie: pass })).status).toBe(200);
    expect((await get(venue, '/rule/gundam-cr-en/8', { cookie: `other=1; ${pass}` })).status).toBe(200);
    expect((await get(venue, '/rule/gundam-cr-en/8', { cookie: pass })).status).toBe(429);
    // A forged or altered pass is no pass.
    const forged = pass.replace(/\.(\d+)\./, (_, n: string) => `.${Number(n) + 1000}.`);
    expect((await get(venue, '/rule/gundam-cr-en/8', { cookie: forged })).status).toBe(429);
    // An unlisted key gets no pass; without a secret there are no venue links.
    expect((await get(app({ apiKeys: ['judge-1-key'], pass: true }), '/join?key=nope')).status).toBe(403);
    expect((await get(app({ apiKeys: ['judge-1-key'] }), '/join?key=judge-1-key')).status).toBe(404);
  });

  it('signs passes that expire and stop with their key', () => {
    const o = { secret: SECRET, days: 1 };
    const listed = new Set([passKeyId('k1')]);
    const { value } = makePass(o, 'k1', 0);
    expect(readPass(o, listed, value, 1000)).toBe(passKeyId('k1'));
    expect(readPass(o, listed, value, 86_400_001)).toBeNull();
    expect(readPass(o, new Set(), value, 1000)).toBeNull();
    expect(readPass({ ...o, secret: `${SECRET}x` }, listed, value, 1000)).toBeNull();
    expect(readPass(o, listed, 'garbage', 1000)).toBeNull();
    expect(loadHttpConfig({}).webPerMinute).toBe(600);
    expect(loadHttpConfig({ WEB_RATE_LIMIT_PER_MINUTE: '1200' }).webPerMinute).toBe(1200);
    expect(() => loadHttpConfig({ WEB_PASS_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('serves the offline data and a versioned service worker', async () => {
    const sw = await (await get(a, '/sw.js')).text();
    expect(sw).toMatch(/var VERSION = '[0-9a-f]{12}'/);
    const data = (await (await get(a, '/offline.json')).json()) as { documents: { id: string }[]; records: unknown[][]; cards: unknown[][] };
    // Every card, so card pages and card names work offline.
    expect(data.cards.length).toBe(kb.store.cards.length);
    expect(data.documents.map((d) => d.id)).toEqual(expect.arrayContaining(['gundam-cr-en', 'gundam-cr-ja', 'gundam-tournament-rules-en']));
    expect(data.documents.map((d) => d.id)).not.toContain('gundam-unofficial-v1-en');
    expect(data.records.length).toBeGreaterThan(1000);
    const gz = await get(a, '/offline.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('is off with WEB=off', async () => {
    expect(loadHttpConfig({ WEB: 'off' }).web).toBe(false);
    expect(loadHttpConfig({}).web).toBe(true);
    expect(() => loadHttpConfig({ WEB: 'maybe' })).toThrow(/WEB must be on or off/);
    const off = app({ web: false });
    expect((await get(off, '/')).status).toBe(404);
    expect((await get(off, '/app.js')).status).toBe(404);
  });
});
