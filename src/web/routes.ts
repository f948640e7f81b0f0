/**
 * The rules page's routes on the server's Hono app (WEB=off leaves them out). Every route reads
 * only (the deck check's form posts, so a deck list stays out of URLs and logs). Pages and /api/*
 * pass the same Host and Origin checks as /mcp, and a budget of their own (WEB_RATE_LIMIT_PER_MINUTE,
 * 600 by default, per client): a room of phones behind one venue address must not spend what /mcp
 * has, nor be refused after a few dozen rules. A venue pass cookie (venue.ts) makes a phone its own
 * client. Pages and search answers carry an ETag and are revalidated with 304s. The static files
 * (/app.js, /app.css, /sw.js, ...) and the offline data pass the Host check only, since the service
 * worker fetches them once per version.
 * Every answer carries a strict Content-Security-Policy: scripts and styles from this origin only,
 * no inline script or style, no frames, forms to this origin.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { etag } from 'hono/etag';
import type { HttpBindings } from '@hono/node-server';
import type { Knowledge } from '../knowledge.js';
import { packageRoot } from '../corpus/load.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { hostnameOf } from '../http/config.js';
import { cardPage, deckPage, directRule, documentPage, homePage, layout, notFound, offlineData, rulePage, ruleHref, searchAll, searchPage, type Page } from './pages.js';
import { html } from './html.js';
import { cookieValue, makePass, passKeyId, PASS_COOKIE, readPass, type PassOptions } from './venue.js';

type Env = { Bindings: HttpBindings };

export interface WebOptions {
  kb: Knowledge;
  limiter: RateLimiter;
  allowedHosts: Set<string> | null;
  originAllowed: (origin: string) => boolean;
  clientKey: (c: Context<Env>) => string;
  /** Listed API keys (a venue pass can only be had for one of them). */
  apiKeys?: Set<string> | null;
  pass?: PassOptions | null;
}

/** A deck list is at most 10,000 characters; the form's body, encoded, well under this. */
const MAX_FORM_BYTES = 64 * 1024;

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
  const passIds = new Set([...(o.apiKeys ?? [])].map(passKeyId));
  /** Who pays for a page: a valid venue pass's key, else the client as /mcp sees it (key or address). */
  const pageKey = (c: Context<Env>): string => {
    const id = o.pass ? readPass(o.pass, passIds, cookieValue(c.req.header('cookie'), PASS_COOKIE)) : null;
    return id ? `pass:${id}` : o.clientKey(c);
  };

  const secure: MiddlewareHandler<Env> = async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
  };

  const hostCheck: MiddlewareHandler<Env> = async (c, next) => {
    if (o.allowedHosts && !o.allowedHosts.has(hostnameOf(c.req.header('host') ?? ''))) {
      return c.text('Forbidden: this Host is not allowed', 403);
    }
    const origin = c.req.header('origin');
    const post = c.req.path === '/deck';
    // Under Referrer-Policy: no-referrer a browser posts a form with "Origin: null"; the deck check
    // only reads, and the Host check above is what stops DNS rebinding, so that is let through.
    const nullForm = post && c.req.method === 'POST' && origin === 'null';
    if (origin && !nullForm && !o.originAllowed(origin)) return c.text('Forbidden: this Origin is not allowed', 403);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !(post && c.req.method === 'POST')) {
      return c.text('Method Not Allowed: the rules page only reads', 405, { Allow: post ? 'GET, HEAD, POST' : 'GET, HEAD' });
    }
    return next();
  };

  const limited: MiddlewareHandler<Env> = async (c, next) => {
    // The page's own budget, with the same headers as /mcp (a page view is one point).
    const d = await o.limiter.take(pageKey(c));
    for (const [k, v] of Object.entries(o.limiter.headers(d))) c.header(k, v);
    if (!d.allowed) {
      c.header('Cache-Control', 'no-store');
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
    // The same for everyone, and the same until the next deploy: revalidated (ETag, 304) each time.
    c.header('Cache-Control', c.req.method === 'POST' ? 'no-store' : 'public, no-cache');
    return c.html(body, p.status ?? 200);
  };

  const lang = (c: Context<Env>): 'en' | 'ja' => (c.req.query('lang') === 'ja' ? 'ja' : 'en');
  const clipped = (s: string | undefined, n: number) => (s ?? '').slice(0, n);

  for (const p of ['/', '/rule/*', '/doc/*', '/card/*', '/deck', '/join', '/api/*', ...assets.keys()]) {
    app.use(p, secure, hostCheck);
  }
  for (const p of ['/', '/rule/*', '/doc/*', '/card/*', '/deck', '/join', '/api/*']) app.use(p, limited);
  // A page asked for again answers 304 when the client's copy is current (weak: gzip may differ).
  for (const p of ['/', '/rule/*', '/doc/*', '/card/*', '/api/*']) app.use(p, etag({ weak: true }));

  // A venue's link for a judge: /join?key=<listed key> sets the pass and opens the page.
  app.get('/join', (c) => {
    c.header('Cache-Control', 'no-store');
    if (!o.pass || !passIds.size) {
      return c.html(layout({ title: 'Venue links are off', status: 404, body: htmlMessage('Venue links are off', 'This server gives no venue passes (it needs WEB_PASS_SECRET and API_KEYS). The page works without one.') }), 404);
    }
    const key = clipped(c.req.query('key'), 200).trim();
    if (!key || !o.apiKeys?.has(key)) {
      return c.html(layout({ title: 'Not a venue link', status: 400, body: htmlMessage('Not a venue link', 'This link does not carry a key the server lists; ask the venue for a new one. The page works without it.') }), 403);
    }
    const pass = makePass(o.pass, key);
    const https = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
    c.header('Set-Cookie', `${PASS_COOKIE}=${pass.value}; Max-Age=${pass.maxAge}; Path=/; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`);
    // 303 to the home page: the key leaves the address bar (and the history) at once.
    return c.redirect('/', 303);
  });

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
  app.post(
    '/deck',
    bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.html(layout(deckPage(kb, undefined, 'The deck list is too long: at most 10,000 characters.')), 413) }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null);
      const list = form && typeof form.list === 'string' ? form.list.slice(0, 10_000) : undefined;
      return page(c, () => deckPage(kb, list, form ? undefined : 'The form could not be read; paste the list again.'));
    },
  );
  app.get('/api/search', (c) => {
    const q = clipped(c.req.query('q'), 200).trim();
    const t = performance.now();
    const answer = q ? searchAll(kb, q, lang(c), 6) : { rule: null, rules: [], glossary: [], cards: [] };
    c.header('Server-Timing', `search;dur=${(performance.now() - t).toFixed(2)}`);
    c.header('Cache-Control', 'public, no-cache');
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
