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
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === 'POST' && url.pathname === '/deck') {
    event.respondWith(deckPost(req));
    return;
  }
  if (req.method !== 'GET') return;
  if (STATIC.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.match(url.pathname).then(function (hit) { return hit || fetch(req); }));
    return;
  }
  if (url.pathname === '/api/search') {
    var local = function () {
      return data().then(function (d) { return json(offlineSearch(d, url.searchParams.get('q') || '', url.searchParams.get('lang') || 'en')); });
    };
    // Offline, over the budget or failing: answer from the saved rules and cards rather than not at all.
    event.respondWith(withTimeout(fetch(req), NETWORK_WAIT_MS).then(function (res) { return unusable(res) ? local().catch(function () { return res; }) : res; }, local));
    return;
  }
  if (/^\/(rule|doc|card|deck)(\/|$)|^\/$/.test(url.pathname)) {
    event.respondWith(page(req, url));
  }
});

/** An answer that is no answer: the budget is spent (429) or the server failed (5xx). */
function unusable(res) { return res.status === 429 || res.status >= 500; }

/** Why the saved copy is shown, in the banner's words. */
function reason(res) {
  if (!res) return 'no connection to the server';
  if (res.status === 429) return 'the server is busy (too many requests from this network)';
  return 'the server could not answer (' + res.status + ')';
}
function banner(why) {
  return '<p class="saved" id="saved" role="status"><strong>Saved copy</strong>: ' + esc(why) + '. This is the copy saved on this device; it may be older than the server\'s.</p>';
}
/** A page from the cache, with the banner put in its header (the cached HTML is the server's). */
function withBanner(res, why, notice) {
  return res.text().then(function (text) {
    return html(text.replace('</header>', banner(why) + (notice || '') + '</header>'), 200);
  });
}
var DECK_NOTICE = '<p class="saved" id="needs-connection" role="status"><strong>Deck check needs a connection</strong>: the checks run on the server. Rules and cards work offline.</p>';

function page(req, url) {
  return withTimeout(fetch(req), NETWORK_WAIT_MS).then(function (res) {
    if (res.ok && res.type === 'basic') {
      var copy = res.clone();
      caches.open(CACHE).then(function (c) { return c.put(req, copy).then(function () { return trim(c); }); });
      return res;
    }
    if (unusable(res)) return saved(req, url, res);
    return res;
  }, function () {
    return saved(req, url, null);
  });
}

/** The saved page, else one rendered from the saved data; never another page in its place. */
function saved(req, url, res) {
  var why = reason(res);
  return caches.match(req).then(function (hit) {
    // The saved deck form, saying before the list is typed that checking it needs the server.
    if (hit) return withBanner(hit, why, url.pathname === '/deck' ? DECK_NOTICE : '');
    return data().then(function (d) { return offlinePage(d, url, why); }).catch(function () {
      if (res) return res;
      return html(shell('Not saved', banner(why) + '<h1>Not available offline</h1><p class="empty">This page was not saved on this device. Rules, cards and search work offline; <a href="/">search</a>.</p>'), 503);
    });
  });
}

/** Deck check runs on the server (the shared deck checks): without it, say so and keep the list. */
function deckPost(req) {
  var copy = req.clone();
  var notice = function (res) {
    return copy.formData().then(function (f) { return f.get('list') || ''; }, function () { return ''; }).then(function (list) {
      var why = reason(res);
      return html(shell('Deck check needs a connection', '<h1>Deck check</h1><p class="saved" id="needs-connection" role="status"><strong>Deck check needs a connection</strong>: ' + esc(why) + '. The list below is kept; check it again when the server answers.</p>' +
        '<form class="deck" action="/deck" method="post"><label for="list">Deck list</label><textarea id="list" name="list" rows="14" maxlength="10000" spellcheck="false">' + esc(String(list).slice(0, 10000)) + '</textarea><button type="submit">Check deck</button></form>'), 503);
    });
  };
  return withTimeout(fetch(req), NETWORK_WAIT_MS).then(function (res) { return unusable(res) ? notice(res) : res; }, function () { return notice(null); });
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

// Record layout (src/web/pages.ts offlineData): [doc index, id, heading, text, parent, children, counterpart doc, counterpart id, cites, difference]
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
function children(d, r, docId, lang) {
  if (!r[5].length) return '';
  var recLang = d.documents[r[0]].language;
  return '<ol class="children">' + r[5].map(function (cid) {
    var c = rec(d, docId, cid);
    return '<li><a class="num chip" href="' + esc(href(docId, cid)) + '">' + esc(cid) + '</a>' + (c && c[9] ? ' <span class="tag" data-difference="' + esc(c[9][0]) + '">' + esc(diffTag(c[9][0], recLang, lang)) + '</span>' : '') + (c && c[2] ? ' <strong>' + esc(c[2]) + '</strong>' : '') + (c && c[3] ? ' ' + linked(c[3], docId, c[8]) : '') + '</li>';
  }).join('') + '</ol>';
}

// An EN/JA difference in plain words (src/web/labels.ts differenceHeadline and differenceTag say the same).
function langName(of, page) { return WORDS[page][of === 'en' ? 'english' : 'japanese']; }
function diffHeadline(kind, of, page) {
  if (kind === 'differs') return WORDS[page].differs;
  return WORDS[page].onlyHere.replace('{this}', langName(of, page)).replace('{other}', langName(of === 'en' ? 'ja' : 'en', page));
}
function diffTag(kind, of, page) { return kind === 'differs' ? WORDS[page].differsTag : WORDS[page].onlyTag.replace('{this}', langName(of, page)); }
function diffNote(diff, of, page) {
  if (!diff) return '';
  return '<aside class="difference" id="difference" data-difference="' + esc(diff[0]) + '" role="note"><p><strong>' + esc(diffHeadline(diff[0], of, page)) + '</strong></p><p><span class="meta">' + esc(WORDS[page].whatDiffers) + ':</span> <span lang="en">' + esc(diff[1]) + '</span></p></aside>';
}

// The page's words (src/web/labels.ts holds the same), for the pages rendered here.
var WORDS = {
  en: { placeholder: 'Rule, word or card', search: 'Search', deck: 'Deck check', rules: 'Rules', tournament: 'Tournament', copy: 'Copy citation',
    english: 'English', japanese: 'Japanese', onlyHere: '{this} only: the {other} rules have no counterpart to this rule.', differs: 'The English and Japanese say different things here.', whatDiffers: 'What differs', onlyTag: '{this} only', differsTag: 'EN/JA differ' },
  ja: { placeholder: '番号・語・カード', search: '検索', deck: 'デッキチェック', rules: 'ルール', tournament: '大会', copy: '引用をコピー',
    english: '英語版', japanese: '日本語版', onlyHere: '{this}のみ：{other}には対応するルールがありません。', differs: '英語版と日本語版で内容が異なります。', whatDiffers: '違い（英語での説明）', onlyTag: '{this}のみ', differsTag: '英日で相違' },
};
function shell(titleText, body, q, lang, why) {
  var w = WORDS[lang === 'ja' ? 'ja' : 'en'];
  return '<!doctype html><html lang="' + (lang === 'ja' ? 'ja' : 'en') + '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>' + esc(titleText) + ' · Gundam Card Game rules</title><link rel="stylesheet" href="/app.css"><script src="/app.js" defer></script></head>' +
    '<body><header class="top"><a class="brand" href="/">GCG Rules</a><form class="search" action="/" method="get" role="search">' +
    '<input id="q" type="search" name="q" value="' + esc(q || '') + '" placeholder="' + esc(w.placeholder) + '" aria-label="Search the rules" autocomplete="off" maxlength="200"><select name="lang" aria-label="Language"><option value="en">EN</option><option value="ja"' + (lang === 'ja' ? ' selected' : '') + '>日本語</option></select><button type="submit">' + esc(w.search) + '</button></form>' +
    '<nav class="links"><a href="/deck">' + esc(w.deck) + '</a> <a href="/doc/gundam-cr-' + (lang === 'ja' ? 'ja' : 'en') + '">' + esc(w.rules) + '</a> <a href="/doc/gundam-tournament-rules-en">' + esc(w.tournament) + '</a></nav>' +
    '<div id="live" class="live" aria-live="polite"></div>' + (why ? banner(why) : '') + '</header><main id="main">' + body + '</main></body></html>';
}
function html(s, status) { return new Response(s, { status: status || 200, headers: { 'content-type': 'text/html; charset=utf-8' } }); }

function rulePage(d, docId, id, why) {
  var r = rec(d, docId, id);
  var doc = d.documents[d.docIndex.get(docId)];
  if (!r || !doc) return html(shell('Not saved', '<h1>Not available offline</h1><p class="empty">' + esc(docId + ' ' + id) + ' is not in the saved rules.</p>', '', 'en', why), 404);
  var crumbs = [];
  var p = r[4] ? rec(d, docId, r[4]) : undefined;
  while (p && crumbs.length < 12) { crumbs.unshift(p); p = p[4] ? rec(d, docId, p[4]) : undefined; }
  var cite = doc.cite + ' ' + r[1];
  var cp = r[6] ? rec(d, r[6], r[7]) : undefined;
  var cdoc = cp ? d.documents[d.docIndex.get(r[6])] : undefined;
  var other = doc.language === 'en' ? 'ja' : 'en';
  var L = doc.language === 'ja' ? 'ja' : 'en';
  var w = WORDS[L];
  var diff = r[9] || (cp && cp[9] && cp[9][0] === 'differs' ? cp[9] : null);
  var body = '<nav class="crumbs"><a class="chip" href="/doc/' + esc(docId) + '">' + esc(doc.title) + '</a>' + crumbs.map(function (a) { return '<a class="chip" href="' + esc(href(docId, a[1])) + '">' + esc(title(a)) + '</a>'; }).join('') + '</nav>' +
    '<article class="rule" data-document="' + esc(docId) + '" data-rule="' + esc(r[1]) + '"><h1><span class="num">' + esc(r[1]) + '</span>' + (r[2] ? ' ' + esc(r[2]) : '') + '</h1>' +
    '<p class="meta">' + esc(doc.title) + ' · Ver. ' + esc(doc.version) + (cdoc ? ' <a class="lang-switch chip" href="' + esc(href(cdoc.id, cp[1])) + '">' + (other === 'ja' ? '日本語' : 'English') + '</a>' : '') + '</p>' +
    '<p class="cite"><code id="citation">' + esc(cite) + '</code> <button type="button" class="copy" data-copy="' + esc(cite) + '" hidden>' + esc(w.copy) + '</button></p>' +
    diffNote(diff, L, L) +
    '<div class="' + (cp ? 'pair' : 'single') + '"><section class="text" lang="' + esc(doc.language) + '">' + textOf(r, docId) + children(d, r, docId, L) + '</section>' +
    (cp ? '<section class="text counterpart" lang="' + esc(cdoc.language) + '"><p class="meta"><a href="' + esc(href(cdoc.id, cp[1])) + '">' + esc(title(cp)) + '</a> · ' + esc(cdoc.title) + '</p>' + textOf(cp, cdoc.id) + children(d, cp, cdoc.id, L) + '</section>' : '') +
    '</div></article>';
  return html(shell(cite, body, '', doc.language, why));
}

function offlineSearch(d, q, lang) {
  q = q.trim().slice(0, 200);
  var out = { query: q, rule: null, order: ['rules', 'cards', 'glossary'], rules: [], glossary: [], cards: [], offline: true };
  if (!q) return out;
  var ja = /[\u3040-\u30ff\u3400-\u9fff]/.test(q) || lang === 'ja';
  var cr = ja ? 'gundam-cr-ja' : 'gundam-cr-en';
  var num = q.replace(/^(rule|cr|section|sec\.?|chapter|chap\.?|ch\.?|§)[\s-]*/i, '');
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
  if (!ja) {
    // Cards whose name holds every word (a card number matches its own card); an exact name first.
    var plain = function (s) { return ' ' + String(s).toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim() + ' '; };
    var pq = plain(q).trim();
    var hits = (d.cards || []).filter(function (c) {
      var n = plain(c[1]);
      return c[0].toLowerCase() === pq.replace(/ /g, '-') || words.every(function (w) { return n.indexOf(' ' + plain(w).trim() + ' ') >= 0; });
    });
    hits.sort(function (a, b) { return Number(plain(b[1]).trim() === pq) - Number(plain(a[1]).trim() === pq); });
    out.cards = hits.slice(0, 8).map(function (c) { return { id: c[0], name: c[1], type: c[2], href: '/card/' + encodeURIComponent(c[0]) }; });
    if (out.cards.length && !direct) out.order = ['cards', 'rules', 'glossary'];
  }
  return out;
}

function cardById(d, id) {
  var want = String(id).toUpperCase();
  for (var i = 0; i < (d.cards || []).length; i++) {
    var c = d.cards[i];
    if (c[0].toUpperCase() === want) return { card: c, printing: null };
    for (var j = 0; j < c[15].length; j++) if (c[15][j][0].toUpperCase() === want) return { card: c, printing: c[15][j] };
  }
  return null;
}

// Card layout (src/web/pages.ts offlineData): [id, name, type, token, color, level, cost, ap, hp, traits, set, rarity, text, link, zones, printings]
function cardPage(d, id, why) {
  var found = cardById(d, id);
  if (!found) return html(shell('Not saved', '<h1>Not available offline</h1><p class="empty">No card ' + esc(id) + ' in the saved cards.</p>', '', 'en', why), 404);
  var c = found.card;
  var shown = found.printing || c[15].filter(function (p) { return p[0] === c[0]; })[0] || [c[0], c[10], c[11]];
  var row = function (k, v) { return v === null || v === undefined || v === '' ? '' : '<tr><th scope="row">' + esc(k) + '</th><td>' + esc(v) + '</td></tr>'; };
  var body = '<article class="card"><h1><span class="num">' + esc(c[0]) + '</span> ' + esc(c[1]) + '</h1>' +
    (found.printing ? '<p class="meta">Printing ' + esc(found.printing[0]) + ' of ' + esc(c[0]) + '</p>' : '') +
    '<table class="stats"><tbody>' + row('Type', (c[3] ? 'token ' : '') + c[2]) + row('Color', c[4]) + row('Lv.', c[5]) + row('Cost', c[6]) + row('AP', c[7]) + row('HP', c[8]) + row('Traits', c[9].join(', ')) + row('Set', shown[1]) + row('Rarity', shown[2]) + row('Zones', c[14].join(', ')) + '</tbody></table>' +
    restrictionNote(d.restrictions, c[0]) +
    (c[13] ? '<p><strong>Link condition:</strong> ' + esc(c[13]) + '</p>' : '') +
    '<h2>Text</h2>' + (c[12] ? c[12].split(/\n+/).map(function (p) { return '<p class="cardtext">' + esc(p) + '</p>'; }).join('') : '<p class="empty" id="no-text">No card text.</p>') +
    (c[15].length ? '<h2>Printings</h2><ul>' + c[15].map(function (p) { return '<li>' + esc(p[0]) + (p[1] ? ' · ' + esc(p[1]) : '') + (p[2] ? ' · ' + esc(p[2]) : '') + '</li>'; }).join('') + '</ul>' : '') +
    '<p class="meta">Which abilities the rules engine runs is shown when the server answers.</p></article>';
  return html(shell(c[0] + ' ' + c[1], body, '', 'en', why));
}

// The banned/restricted list saved with the data (src/web/pages.ts restrictionNote says the same).
function restrictionNote(r, id) {
  if (!r) return '';
  var rs = r.cards[id];
  return rs ? '<p class="note restricted" id="restriction"><strong>Banned/restricted list</strong>: ' + esc(rs.join('; ')) + ' <span class="meta">(' + esc(r.list) + ')</span></p>'
    : '<p class="meta" id="restriction">Not restricted on the ' + esc(r.list) + '.</p>';
}

function offlinePage(d, url, why) {
  var m = /^\/rule\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (m) return rulePage(d, decodeURIComponent(m[1]), decodeURIComponent(m[2]), why);
  m = /^\/card\/([^/]+)$/.exec(url.pathname);
  if (m) return cardPage(d, decodeURIComponent(m[1]), why);
  m = /^\/doc\/([^/]+)$/.exec(url.pathname);
  if (m) {
    var docId = decodeURIComponent(m[1]);
    var di = d.docIndex.get(docId);
    if (di === undefined) throw new Error('unknown');
    var tops = d.records.filter(function (r) { return r[0] === di && r[4] === null; });
    return html(shell(d.documents[di].title, '<h1>' + esc(d.documents[di].title) + '</h1><ol class="toc">' + tops.map(function (r) { return '<li><a href="' + esc(href(docId, r[1])) + '">' + esc(title(r)) + '</a></li>'; }).join('') + '</ol>', '', d.documents[di].language, why));
  }
  if (url.pathname === '/deck') {
    return html(shell('Deck check', '<h1>Deck check</h1>' + DECK_NOTICE, '', 'en', why), 503);
  }
  var q = url.searchParams.get('q');
  if (url.pathname === '/' && q) {
    var s = offlineSearch(d, q, url.searchParams.get('lang') || 'en');
    if (s.rule) return rulePage(d, s.rule.document, s.rule.id, why);
    var li = function (x) { return '<li><a class="hit" href="' + esc(x.href) + '"><strong>' + esc(x.id) + '</strong>' + (x.heading ? ' ' + esc(x.heading) : x.name ? ' ' + esc(x.name) : '') + '</a> <span class="meta">' + esc(x.title || x.type) + '</span>' + (x.text ? '<br>' + esc(x.text) : '') + '</li>'; };
    var parts = { rules: s.rules.length ? '<section><h2>Rules</h2><ul class="results">' + s.rules.map(li).join('') + '</ul></section>' : '', cards: s.cards.length ? '<section><h2>Cards</h2><ul class="results">' + s.cards.map(li).join('') + '</ul></section>' : '', glossary: '' };
    var body = '<h1>Results for <q class="query">' + esc(q) + '</q> (saved)</h1>' + (s.rules.length || s.cards.length ? s.order.map(function (k) { return parts[k]; }).join('') : '<p class="empty">Nothing in the saved rules and cards matches.</p>');
    return html(shell(q, body, q, 'en', why));
  }
  throw new Error('not available offline');
}
