/**
 * The rules page's server side, in process (app.fetch): what every answer carries (CSP, no inline
 * script or style), the same Host check and rate-limit budget as /mcp, read-only routes, WEB=off,
 * and values from the request or the corpus escaped.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { loadHttpConfig } from '../../src/http/config.js';
import { RateLimiter } from '../../src/http/rate-limit.js';
import type { SessionManager } from '../../src/http/sessions.js';
import { loadCorpus } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { html, raw } from '../../src/web/html.js';
import { citation } from '../../src/web/pages.js';

const kb = new Knowledge(loadCorpus());
const sessions = { size: 0, get: () => undefined, close: async () => undefined, create: async () => { throw new Error('not used'); } } as unknown as SessionManager;

function app(o: { perMinute?: number; web?: boolean; hosts?: string[] | null } = {}) {
  return createApp({
    sessions,
    limiter: new RateLimiter({ perMinute: o.perMinute ?? 10_000, burst: o.perMinute ?? 10_000 }),
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
    expect((await get(a, '/?q=section+8')).headers.get('location')).toMatch(/^\/rule\/gundam-floor-rules-en\//);
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

  it('only reads: other methods are refused', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await a.fetch(new Request('http://127.0.0.1/deck', { method, headers: { host: '127.0.0.1' } }));
      expect(r.status, method).toBe(405);
    }
  });

  it('checks Host like /mcp', async () => {
    expect((await get(a, '/', { host: 'evil.example' })).status).toBe(403);
    expect((await get(a, '/app.js', { host: 'evil.example' })).status).toBe(403);
    expect((await get(a, '/', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('charges pages to the one per-client budget the app gives /mcp too', async () => {
    const small = app({ perMinute: 3 });
    expect((await get(small, '/rule/gundam-cr-en/8-5-3')).status).toBe(200);
    expect((await get(small, '/api/search?q=blocker')).status).toBe(200);
    expect((await get(small, '/rule/gundam-cr-en/8-5-2')).status).toBe(200);
    const limited = await get(small, '/?q=blocker');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('content-security-policy')).toBeTruthy();
    // Static files are not counted (the service worker fetches them once per version).
    expect((await get(small, '/app.css')).status).toBe(200);
  });

  it('serves the offline data and a versioned service worker', async () => {
    const sw = await (await get(a, '/sw.js')).text();
    expect(sw).toMatch(/var VERSION = '[0-9a-f]{12}'/);
    const data = (await (await get(a, '/offline.json')).json()) as { documents: { id: string }[]; records: unknown[][] };
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
