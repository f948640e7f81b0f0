// The rules page's service worker: venue networks fail, so once the page has been opened it keeps
// the page, its script and style, and every official rule (offline.json) in a cache. Pages come
// from the network when it answers (within a few seconds) and are saved as they are read; when it
// does not, a saved copy is shown, and any rule not yet read is rendered here from offline.json.
'use strict';
var VERSION = '__VERSION__';
var CACHE = 'gcg-rules-' + VERSION;
var SHELL = ['/', '/app.css', '/app.js', '/manifest.webmanifest', '/icon.svg', '/offline.json', '/deck'];
var STATIC = ['/app.css', '/app.js', '/manifest.webmanifest', '/icon.svg', '/offline.json'];
var NETWORK_WAIT_MS = 4000;
// Pages read are saved as they are read; past this many, the oldest go (the shell and the data stay).
var MAX_PAGES = 400;

function trim(cache) {
  return cache.keys().then(function (keys) {
    var pages = keys.filter(function (k) { var p = new URL(k.url).pathname; return SHELL.indexOf(p) < 0 || new URL(k.url).search; });
    return Promise.all(pages.slice(0, Math.max(0, pages.length - MAX_PAGES)).map(function (k) { return cache.delete(k); }));
  });
}

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (k) { return k.indexOf('gcg-rules-') === 0 && k !== CACHE; }).map(function (k) { return caches.delete(k); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function withTimeout(p, ms) {
  return new Promise(function (resolve, reject) {
    var t = setTimeout(function () { reject(new Error('timeout')); }, ms);
    p.then(function (v) { clearTimeout(t); resolve(v); }, function (e) { clearTimeout(t); reject(e); });
  });
}

self.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET') return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (STATIC.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.match(url.pathname).then(function (hit) { return hit || fetch(req); }));
    return;
  }
  if (url.pathname === '/api/search') {
    var local = function () {
      return data().then(function (d) { return json(offlineSearch(d, url.searchParams.get('q') || '', url.searchParams.get('lang') || 'en')); });
    };
    // Offline, or over the rate limit: answer from the saved rules rather than not at all.
    event.respondWith(withTimeout(fetch(req), NETWORK_WAIT_MS).then(function (res) { return res.status === 429 ? local() : res; }, local));
    return;
  }
  if (req.mode === 'navigate' || /^\/(rule|doc|card|deck)\b|^\/$/.test(url.pathname)) {
    event.respondWith(page(req, url));
  }
});

function page(req, url) {
  return withTimeout(fetch(req), NETWORK_WAIT_MS).then(function (res) {
    if (res.ok && res.type === 'basic') {
      var copy = res.clone();
      caches.open(CACHE).then(function (c) { return c.put(req, copy).then(function () { return trim(c); }); });
      return res;
    }
    if (res.status === 429) return caches.match(req).then(function (hit) { return hit || res; });
    return res;
  }).catch(function () {
    return caches.match(req).then(function (hit) {
      if (hit) return hit;
      return data().then(function (d) { return offlinePage(d, url); }).catch(function () {
        return caches.match('/').then(function (home) { return home || new Response('Offline', { status: 503 }); });
      });
    });
  });
}

var loaded = null;
function data() {
  if (!loaded) {
    loaded = caches.match('/offline.json').then(function (r) { return r || fetch('/offline.json'); }).then(function (r) { return r.json(); }).then(function (d) {
      d.byKey = new Map();
      d.records.forEach(function (r) { d.byKey.set(r[0] + '\u0000' + r[1], r); });
      d.docIndex = new Map(d.documents.map(function (doc, i) { return [doc.id, i]; }));
      return d;
    });
    loaded.catch(function () { loaded = null; });
  }
  return loaded;
}

function json(v) { return new Response(JSON.stringify(v), { headers: { 'content-type': 'application/json; charset=utf-8' } }); }
function esc(s) {
  return String(s === null || s === undefined ? '' : s).replace(/[&<>"']/g, function (c) {
    return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
  });
}
function href(doc, id) { return '/rule/' + encodeURIComponent(doc) + '/' + encodeURIComponent(id); }
function rec(d, docId, id) { var i = d.docIndex.get(docId); return i === undefined ? undefined : d.byKey.get(i + '\u0000' + id); }
function title(r) { return r[1] + (r[2] ? ' ' + r[2] : ''); }

// Record layout (src/web/pages.ts offlineData): [doc index, id, heading, text, parent, children, counterpart doc, counterpart id, cites]
function linked(text, doc, cites) {
  var out = esc(text);
  (cites || []).forEach(function (c) {
    if (!c[1]) return;
    var cited = esc(c[0]);
    var at = out.indexOf(cited);
    if (at >= 0) out = out.slice(0, at) + '<a class="xref" href="' + esc(href(doc, c[1])) + '">' + cited + '</a>' + out.slice(at + cited.length);
  });
  return out;
}
function textOf(r, doc) {
  return (r[3] ? r[3].split(/\n+/).map(function (p) { return '<p>' + linked(p, doc, r[8]) + '</p>'; }).join('') : '');
}
function children(d, r, docId) {
  if (!r[5].length) return '';
  return '<ol class="children">' + r[5].map(function (cid) {
    var c = rec(d, docId, cid);
    return '<li><a class="num" href="' + esc(href(docId, cid)) + '">' + esc(cid) + '</a>' + (c && c[2] ? ' <strong>' + esc(c[2]) + '</strong>' : '') + (c && c[3] ? ' ' + linked(c[3], docId, c[8]) : '') + '</li>';
  }).join('') + '</ol>';
}

function shell(titleText, body, q) {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>' + esc(titleText) + ' · Gundam Card Game rules</title><link rel="stylesheet" href="/app.css"><script src="/app.js" defer></script></head>' +
    '<body><header class="top"><a class="brand" href="/">GCG Rules</a><form class="search" action="/" method="get" role="search">' +
    '<input id="q" type="search" name="q" value="' + esc(q || '') + '" aria-label="Search the rules" autocomplete="off" maxlength="200"><select name="lang" aria-label="Language"><option value="en">EN</option><option value="ja">日本語</option></select><button type="submit">Search</button></form>' +
    '<div id="live" class="live" aria-live="polite"></div><p id="offline" class="offline" data-static>Offline: showing saved rules.</p></header><main id="main">' + body + '</main></body></html>';
}
function html(s, status) { return new Response(s, { status: status || 200, headers: { 'content-type': 'text/html; charset=utf-8' } }); }

function rulePage(d, docId, id) {
  var r = rec(d, docId, id);
  var doc = d.documents[d.docIndex.get(docId)];
  if (!r || !doc) return html(shell('Not saved', '<h1>Not available offline</h1><p class="empty">' + esc(docId + ' ' + id) + ' is not in the saved rules.</p>'), 404);
  var crumbs = [];
  var p = r[4] ? rec(d, docId, r[4]) : undefined;
  while (p && crumbs.length < 12) { crumbs.unshift(p); p = p[4] ? rec(d, docId, p[4]) : undefined; }
  var cite = doc.cite + ' ' + r[1];
  var cp = r[6] ? rec(d, r[6], r[7]) : undefined;
  var cdoc = cp ? d.documents[d.docIndex.get(r[6])] : undefined;
  var other = doc.language === 'en' ? 'ja' : 'en';
  var body = '<nav class="crumbs"><a href="/doc/' + esc(docId) + '">' + esc(doc.title) + '</a>' + crumbs.map(function (a) { return ' › <a href="' + esc(href(docId, a[1])) + '">' + esc(title(a)) + '</a>'; }).join('') + '</nav>' +
    '<article class="rule" data-document="' + esc(docId) + '" data-rule="' + esc(r[1]) + '"><h1><span class="num">' + esc(r[1]) + '</span>' + (r[2] ? ' ' + esc(r[2]) : '') + '</h1>' +
    '<p class="meta">' + esc(doc.title) + ' · Ver. ' + esc(doc.version) + (cdoc ? ' · <a class="lang-switch" href="' + esc(href(cdoc.id, cp[1])) + '">' + (other === 'ja' ? '日本語' : 'English') + '</a>' : '') + '</p>' +
    '<p class="cite"><code id="citation">' + esc(cite) + '</code> <button type="button" class="copy" data-copy="' + esc(cite) + '" hidden>Copy citation</button></p>' +
    '<div class="' + (cp ? 'pair' : 'single') + '"><section class="text" lang="' + esc(doc.language) + '">' + textOf(r, docId) + children(d, r, docId) + '</section>' +
    (cp ? '<section class="text counterpart" lang="' + esc(cdoc.language) + '"><p class="meta"><a href="' + esc(href(cdoc.id, cp[1])) + '">' + esc(title(cp)) + '</a> · ' + esc(cdoc.title) + '</p>' + textOf(cp, cdoc.id) + children(d, cp, cdoc.id) + '</section>' : '') +
    '</div></article>';
  return html(shell(cite, body));
}

function offlineSearch(d, q, lang) {
  q = q.trim().slice(0, 200);
  var out = { query: q, rule: null, rules: [], glossary: [], cards: [], offline: true };
  if (!q) return out;
  var ja = /[\u3040-\u30ff\u3400-\u9fff]/.test(q) || lang === 'ja';
  var cr = ja ? 'gundam-cr-ja' : 'gundam-cr-en';
  var num = q.replace(/^(rule|cr|section)\s*/i, '');
  var direct = rec(d, cr, num) || d.documents.map(function (doc) { return rec(d, doc.id, num); }).filter(Boolean)[0];
  if (direct) {
    var ddoc = d.documents[direct[0]];
    out.rule = { document: ddoc.id, id: direct[1], href: href(ddoc.id, direct[1]) };
  }
  var words = q.toLowerCase().split(/\s+/).filter(Boolean);
  for (var i = 0; i < d.records.length && out.rules.length < 20; i++) {
    var r = d.records[i];
    var doc = d.documents[r[0]];
    if ((doc.language === 'ja') !== ja) continue;
    var hay = ((r[2] || '') + ' ' + r[3]).toLowerCase();
    if (words.every(function (w) { return hay.indexOf(w) >= 0; })) {
      out.rules.push({ document: doc.id, id: r[1], heading: r[2], text: r[3].slice(0, 280), title: doc.title, href: href(doc.id, r[1]), citation: doc.cite + ' ' + r[1], unofficial: false });
    }
  }
  return out;
}

function offlinePage(d, url) {
  var m = /^\/rule\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (m) return rulePage(d, decodeURIComponent(m[1]), decodeURIComponent(m[2]));
  m = /^\/doc\/([^/]+)$/.exec(url.pathname);
  if (m) {
    var docId = decodeURIComponent(m[1]);
    var di = d.docIndex.get(docId);
    if (di === undefined) throw new Error('unknown');
    var tops = d.records.filter(function (r) { return r[0] === di && r[4] === null; });
    return html(shell(d.documents[di].title, '<h1>' + esc(d.documents[di].title) + '</h1><ol class="toc">' + tops.map(function (r) { return '<li><a href="' + esc(href(docId, r[1])) + '">' + esc(title(r)) + '</a></li>'; }).join('') + '</ol>'));
  }
  var q = url.searchParams.get('q');
  if (url.pathname === '/' && q) {
    var s = offlineSearch(d, q, url.searchParams.get('lang') || 'en');
    if (s.rule) return rulePage(d, s.rule.document, s.rule.id);
    var body = '<h1>Results for <q class="query">' + esc(q) + '</q> (offline)</h1>' + (s.rules.length ? '<ul class="results">' + s.rules.map(function (r) {
      return '<li><a href="' + esc(r.href) + '"><strong>' + esc(r.id) + '</strong>' + (r.heading ? ' ' + esc(r.heading) : '') + '</a> <span class="meta">' + esc(r.title) + '</span><br>' + esc(r.text) + '</li>';
    }).join('') + '</ul>' : '<p class="empty">Nothing in the saved rules matches.</p>');
    return html(shell(q, body, q));
  }
  throw new Error('not available offline');
}
