// The rules page's script: answers as you type, the copy-citation button, and the service worker
// that keeps the rules readable offline. The page works without it. Everything it shows from an
// answer goes through textContent, never innerHTML.
'use strict';
(function () {
  var input = document.getElementById('q');
  var live = document.getElementById('live');
  var form = input && input.form;
  var lang = form && form.querySelector('select[name="lang"]');
  // The suggestions' words in the page's language (src/web/labels.ts labels the rest).
  var ja = document.documentElement.lang === 'ja';
  var W = ja ? { rule: 'ルール', term: '用語', card: 'カード', open: 'このルールを開く', none: 'まだ一致するものはありません。' }
    : { rule: 'rule', term: 'term', card: 'card', open: 'open this rule', none: 'Nothing matches yet.' };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function item(list, kind, href, label, extra) {
    // No suggestion twice (the rule a number names is not listed again as a match).
    if (list.querySelector('a[href="' + CSS.escape(href) + '"]')) return;
    var li = el('li');
    li.appendChild(el('span', 'kind', kind));
    var a = el('a', null, label);
    a.href = href;
    li.appendChild(a);
    if (extra) {
      li.appendChild(document.createTextNode(' '));
      li.appendChild(el('span', 'meta', extra));
    }
    list.appendChild(li);
  }
  function show(answer) {
    live.replaceChildren();
    if (!answer || answer.query !== input.value.trim()) return;
    var list = el('ul');
    list.id = 'live-results';
    if (answer.rule) item(list, W.rule, answer.rule.href, answer.rule.id, W.open);
    // In the order the server chose for this query: a card name's cards first, a sentence's rules.
    var kinds = {
      glossary: function () { (answer.glossary || []).forEach(function (g) { item(list, W.term, g.href, g.term, g.definition.slice(0, 90)); }); },
      rules: function () { (answer.rules || []).forEach(function (r) { item(list, W.rule, r.href, r.id + (r.heading ? ' ' + r.heading : ''), (r.heading ? '' : r.text.slice(0, 90))); }); },
      cards: function () { (answer.cards || []).forEach(function (c) { item(list, W.card, c.href, c.id + ' ' + c.name, c.type); }); },
    };
    (answer.order || ['rules', 'cards', 'glossary']).forEach(function (k) { if (kinds[k]) kinds[k](); });
    if (!list.children.length) list.appendChild(el('li', 'empty', W.none));
    live.appendChild(list);
  }
  var timer = null;
  var pending = null;
  function search() {
    var q = input.value.trim();
    if (q.length < 2) { live.replaceChildren(); return; }
    if (pending) pending.abort();
    pending = new AbortController();
    var url = '/api/search?q=' + encodeURIComponent(q) + '&lang=' + encodeURIComponent(lang ? lang.value : 'en');
    fetch(url, { signal: pending.signal, headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(show)
      .catch(function () { /* aborted or offline: the form still submits */ });
  }
  if (input && live) {
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(search, 150);
    });
    input.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') live.replaceChildren();
    });
  }

  // Copy citation: the citation is on the page as text; the button copies it.
  document.querySelectorAll('button[data-copy]').forEach(function (b) {
    b.hidden = false;
    var label = b.textContent;
    b.addEventListener('click', function () {
      var text = b.getAttribute('data-copy');
      var done = function () { b.textContent = b.getAttribute('data-done') || 'Copied'; setTimeout(function () { b.textContent = label; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { select(b); });
      } else select(b);
    });
  });
  function select(b) {
    var code = b.parentNode && b.parentNode.querySelector('code');
    if (!code) return;
    var range = document.createRange();
    range.selectNodeContents(code);
    var s = window.getSelection();
    s.removeAllRanges();
    s.addRange(range);
  }

  var offline = document.getElementById('offline');
  function status() { if (offline && !offline.hasAttribute('data-static')) offline.hidden = navigator.onLine; }
  window.addEventListener('online', status);
  window.addEventListener('offline', status);
  status();

  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () { /* not fatal */ });
  }
})();
