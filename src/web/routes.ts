/**
 * The rules page's routes on the server's Hono app (WEB=off leaves them out). Every route is GET
 * and read-only. Pages and /api/search pass the same Host and Origin checks and the same rate limit
 * as /mcp (one budget per client); the static files (/app.js, /app.css, /sw.js, ...) and the
 * offline data pass the Host check only, since the service worker fetches them once per version.
 * Every answer carries a strict Content-Security-Policy: scripts and styles from this origin only,
 * no inline script or style, no frames, forms to this origin.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Knowledge } from '../knowledge.js';
import { packageRoot } from '../corpus/load.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { hostnameOf } from '../http/config.js';
import { cardPage, deckPage, directRule, documentPage, homePage, layout, notFound, offlineData, rulePage, ruleHref, searchAll, searchPage, type Page } from './pages.js';
import { html } from './html.js';

type Env = { Bindings: HttpBindings };

export interface WebOptions {
  kb: Knowledge;
  limiter: RateLimiter;
  allowedHosts: Set<string> | null;
  originAllowed: (origin: string) => boolean;
  clientKey: (c: Context<Env>) => string;
}

export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

interface Asset {
  body: Buffer;
  /** The body gzipped, sent to clients that accept it (offline.json shrinks about 4x). */
  gzip: Buffer;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json; charset=utf-8',
};

/** The files under public/, read once; sw.js gets the version of everything it caches. */
function loadAssets(kb: Knowledge): { assets: Map<string, Asset>; version: string } {
  const dir = path.join(packageRoot(), 'public');
  const assets = new Map<string, Asset>();
  const hash = createHash('sha256');
  const files = fs.readdirSync(dir).filter((f) => TYPES[path.extname(f)]).sort();
  for (const f of files) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
  hash.update(kb.store.fingerprint ?? String(kb.store.records.length));
  const version = hash.digest('hex').slice(0, 12);
  for (const f of files) {
    let body = fs.readFileSync(path.join(dir, f));
    if (f === 'sw.js') body = Buffer.from(body.toString('utf8').replace('__VERSION__', version));
    assets.set(`/${f}`, { body, gzip: gzipSync(body), type: TYPES[path.extname(f)]!, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"` });
  }
  const data = Buffer.from(JSON.stringify(offlineData(kb)));
  assets.set('/offline.json', { body: data, gzip: gzipSync(data), type: TYPES['.json']!, etag: `"${version}"` });
  return { assets, version };
}

export function mountWeb(app: Hono<Env>, o: WebOptions): void {
  const { kb } = o;
  const { assets } = loadAssets(kb);

  const secure: MiddlewareHandler<Env> = async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
  };

  const hostCheck: MiddlewareHandler<Env> = async (c, next) => {
    if (o.allowedHosts && !o.allowedHosts.has(hostnameOf(c.req.header('host') ?? ''))) {
      return c.text('Forbidden: this Host is not allowed', 403);
    }
    const origin = c.req.header('origin');
    if (origin && !o.originAllowed(origin)) return c.text('Forbidden: this Origin is not allowed', 403);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed: the rules page only reads', 405, { Allow: 'GET, HEAD' });
    return next();
  };

  const limited: MiddlewareHandler<Env> = async (c, next) => {
    // The same budget and headers as /mcp (a page view is one request's price).
    const d = await o.limiter.take(o.clientKey(c));
    for (const [k, v] of Object.entries(o.limiter.headers(d))) c.header(k, v);
    if (!d.allowed) {
      const msg = `Too many requests: ${o.limiter.config.perMinute} a minute; try again in ${d.retryAfter} s.`;
      if (c.req.path.startsWith('/api/')) return c.json({ error: msg }, 429);
      return c.html(layout({ title: 'Slow down', body: htmlMessage('Slow down', msg) }), 429);
    }
    return next();
  };

  /** Renders a page, timing the work for Server-Timing (what npm run bench reads). */
  const page = (c: Context<Env>, make: () => Page) => {
    const t = performance.now();
    const p = make();
    const body = layout(p);
    c.header('Server-Timing', `render;dur=${(performance.now() - t).toFixed(2)}`);
    c.header('Cache-Control', 'no-cache');
    return c.html(body, p.status ?? 200);
  };

  const lang = (c: Context<Env>): 'en' | 'ja' => (c.req.query('lang') === 'ja' ? 'ja' : 'en');
  const clipped = (s: string | undefined, n: number) => (s ?? '').slice(0, n);

  for (const p of ['/', '/rule/*', '/doc/*', '/card/*', '/deck', '/api/*', ...assets.keys()]) {
    app.use(p, secure, hostCheck);
  }
  for (const p of ['/', '/rule/*', '/doc/*', '/card/*', '/deck', '/api/*']) app.use(p, limited);

  app.get('/', (c) => {
    const q = clipped(c.req.query('q'), 200).trim();
    if (!q) return page(c, () => homePage(kb));
    const t = performance.now();
    const direct = directRule(kb, q, /[\u3040-\u30ff\u3400-\u9fff]/.test(q) ? 'ja' : lang(c));
    if (direct) {
      c.header('Server-Timing', `render;dur=${(performance.now() - t).toFixed(2)}`);
      return c.redirect(ruleHref(direct.document, direct.id), 302);
    }
    return page(c, () => searchPage(kb, q, lang(c)));
  });
  app.get('/rule/:doc/:id', (c) => page(c, () => rulePage(kb, c.req.param('doc'), c.req.param('id'))));
  app.get('/rule/:id', (c) => {
    const found = directRule(kb, c.req.param('id'), lang(c));
    return found ? c.redirect(ruleHref(found.document, found.id), 302) : page(c, () => notFound(`No rule “${c.req.param('id')}”.`));
  });
  app.get('/doc/:doc', (c) => page(c, () => documentPage(kb, c.req.param('doc'))));
  app.get('/card/:id', (c) => page(c, () => cardPage(kb, clipped(c.req.param('id'), 120))));
  app.get('/deck', (c) => page(c, () => deckPage(kb, c.req.query('list')?.slice(0, 10_000))));
  app.get('/api/search', (c) => {
    const q = clipped(c.req.query('q'), 200).trim();
    const t = performance.now();
    const answer = q ? searchAll(kb, q, lang(c), 6) : { rule: null, rules: [], glossary: [], cards: [] };
    c.header('Server-Timing', `search;dur=${(performance.now() - t).toFixed(2)}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ query: q, ...answer });
  });
  for (const [p, a] of assets) {
    app.get(p, (c) => {
      if (c.req.header('if-none-match') === a.etag) return c.body(null, 304, { ETag: a.etag });
      const gz = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      return c.body(new Uint8Array(gz ? a.gzip : a.body), 200, {
        'Content-Type': a.type,
        Vary: 'Accept-Encoding',
        ...(gz ? { 'Content-Encoding': 'gzip' } : {}),
        ETag: a.etag,
        'Cache-Control': 'no-cache',
        ...(p === '/sw.js' ? { 'Service-Worker-Allowed': '/' } : {}),
      });
    });
  }
}

function htmlMessage(title: string, message: string) {
  return html`<h1>${title}</h1><p class="empty">${message}</p>`;
}
