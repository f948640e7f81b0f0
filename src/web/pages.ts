/**
 * The judges' rules page, rendered on the server: search, a rule, a card, a deck check. Every page
 * works without JavaScript; /app.js adds answers as you type and the copy-citation button, and
 * /sw.js keeps the pages and the rules readable offline. Every value from the corpus or the request
 * goes through html``, which escapes it; there is no inline script or style (the CSP forbids both).
 *
 * The data comes from the MCP tools themselves (callTool), so the page and an assistant read the
 * same answers.
 */
import type { Knowledge } from '../knowledge.js';
import { callTool } from '../mcp/server.js';
import { ToolError } from '../mcp/tool.js';
import type { DocumentMeta, RuleRecord } from '../corpus/types.js';
import { parseDeckList } from '../deck-list.js';
import { activeRestrictions } from '../mcp/restrictions.js';
import { cardRestrictions } from '../restrictions/check.js';
import { listLabel } from '../restrictions/schema.js';
import { html, raw, type Child, type Html } from './html.js';
import { differenceHeadline, differenceTag, label, type Lang } from './labels.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export const ruleHref = (doc: string, id: string) => `/rule/${encodeURIComponent(doc)}/${encodeURIComponent(id)}`;
export const cardHref = (id: string) => `/card/${encodeURIComponent(id)}`;

/** How a judge cites a rule: the document's short name, its version, the number ("CR 1.7.0 8-5-3-2"). */
export function citation(doc: DocumentMeta, id: string): string {
  const short: Record<string, string> = {
    'gundam-cr-en': 'CR',
    'gundam-cr-ja': 'CR (JA)',
    'gundam-glossary-en': 'Glossary',
    'gundam-tournament-rules-en': 'TRM',
    'gundam-floor-rules-en': 'Floor Rules',
    'gundam-errata-en': 'Errata',
    'gundam-unofficial-v1-en': 'UNOFFICIAL',
  };
  const name = short[doc.id] ?? doc.title;
  return `${name} ${doc.version} ${id}`;
}

export interface Page {
  title: string;
  body: Html;
  status?: 200 | 400 | 404;
  /** The search box's text and language on this page. */
  query?: string;
  lang?: 'en' | 'ja';
}

export function layout(p: Page): string {
  const lang = p.lang ?? 'en';
  return (
    '<!doctype html>' +
    html`<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${p.title} · Gundam Card Game rules</title>
<meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
<link rel="stylesheet" href="/app.css"><link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/icon.svg" type="image/svg+xml">
<script src="/app.js" defer></script></head>
<body><header class="top"><a class="brand" href="/">GCG Rules</a>
<form class="search" action="/" method="get" role="search"><input id="q" type="search" name="q" value="${p.query ?? ''}" placeholder="${label('placeholder', lang)}" aria-label="${label('searchLabel', lang)}" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="200" enterkeyhint="search"><select name="lang" aria-label="${label('language', lang)}"><option value="en"${raw(lang === 'en' ? ' selected' : '')}>EN</option><option value="ja"${raw(lang === 'ja' ? ' selected' : '')}>日本語</option></select><button type="submit">${label('search', lang)}</button></form>
<nav class="links"><a href="/deck">${label('deck', lang)}</a> <a href="/doc/gundam-cr-${lang}">${label('rules', lang)}</a> <a href="/doc/gundam-tournament-rules-en">${label('tournament', lang)}</a></nav>
<div id="live" class="live" aria-live="polite"></div><p id="offline" class="offline" hidden>${label('offline', lang)}</p></header>
<main id="main">${p.body}</main>
<footer>${label('footer', lang)}</footer>
</body></html>`.value
  );
}

function errorMessage(e: unknown): { message: string; suggestions: string[] } {
  if (e instanceof ToolError) return { message: e.message, suggestions: e.suggestions };
  const issues = (e as { issues?: { path?: PropertyKey[]; message?: string }[] })?.issues;
  if (Array.isArray(issues)) return { message: issues.map((i) => `${(i.path ?? []).map(String).join('.') || 'input'}: ${i.message}`).join('; '), suggestions: [] };
  throw e;
}

function docLabel(doc: DocumentMeta): Html {
  return html`${doc.title}${doc.authority === 'unofficial' ? html` <strong class="warn">UNOFFICIAL</strong>` : ''}`;
}

/** Rule text with each resolved cross-reference ("See 11. Rules Management") a link. */
function linkedText(text: string, doc: string, cites: { cited: string; target: string | null }[]): Html {
  let parts: Child[] = [text];
  for (const c of cites) {
    if (!c.target) continue;
    const next: Child[] = [];
    let done = false;
    for (const part of parts) {
      if (done || typeof part !== 'string') {
        next.push(part);
        continue;
      }
      const re = new RegExp(`(?<![\\d-])${c.cited.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d-])`);
      const m = re.exec(part);
      if (!m) {
        next.push(part);
        continue;
      }
      next.push(part.slice(0, m.index), html`<a class="xref" href="${ruleHref(doc, c.target)}">${m[0]}</a>`, part.slice(m.index + m[0].length));
      done = true;
    }
    parts = next;
  }
  return html`${parts}`;
}

function paragraphs(text: string, doc: string, cites: { cited: string; target: string | null }[]): Html {
  if (!text) return html``;
  return html`${text.split(/\n+/).map((p) => html`<p>${linkedText(p, doc, cites)}</p>`)}`;
}

function ancestors(kb: Knowledge, r: RuleRecord): RuleRecord[] {
  const out: RuleRecord[] = [];
  let p = r.parent ? kb.store.rule(r.document, r.parent) : undefined;
  while (p && out.length < 12) {
    out.unshift(p);
    p = p.parent ? kb.store.rule(p.document, p.parent) : undefined;
  }
  return out;
}

const ruleTitle = (r: { id: string; heading: string | null }) => `${r.id}${r.heading ? ` ${r.heading}` : ''}`;

// ---------------------------------------------------------------------------------------------
// Search

/**
 * A query that is a rule number: its rule (official documents of the language), or null.
 * "8", "section 8" and "chapter 8" are the Comprehensive Rules' chapter 8 (what a judge means);
 * the Floor Rules' sections are asked for by name ("floor 8", "floor rules section 8").
 */
export function directRule(kb: Knowledge, q: string, lang: 'en' | 'ja'): { document: string; id: string } | null {
  const t = q.trim();
  const m = /^(?:(floor(?:[\s-]*rules?)?[\s-]*)?(?:rule|cr|trm?|section|sec\.?|§|chapter|chap\.?|ch\.?)?[\s-]*)(\d+(?:[-.]\d+)*)\.?$/i.exec(t);
  if (!m) return null;
  const id = m[2]!;
  const attempts = m[1] ? [{ id: `section-${id}`, document: 'gundam-floor-rules-en' }] : [{ id, language: lang }];
  for (const args of attempts) {
    try {
      const r = callTool('get_rule', args, kb).structured as Any;
      return { document: r.rule.document, id: r.rule.id };
    } catch {
      // next
    }
  }
  return null;
}

/** Which kinds of answer a query wants first (the page lists its sections in this order). */
export type AnswerKind = 'rules' | 'cards' | 'glossary';

export interface SearchAnswer {
  rule: { document: string; id: string; href: string } | null;
  order: AnswerKind[];
  rules: { document: string; id: string; heading: string | null; text: string; title: string; href: string; citation: string; unofficial: boolean; difference?: 'no-counterpart' | 'differs' }[];
  glossary: { term: string; definition: string; href: string; rules: { id: string; href: string }[] }[];
  cards: { id: string; name: string; type: string; href: string }[];
}

const isJapanese = (s: string) => /[\u3040-\u30ff\u3400-\u9fff]/.test(s);

/** What the page shows for a query: the rule it names, else rules, glossary terms and cards that match. */
export function searchAll(kb: Knowledge, q: string, lang: 'en' | 'ja', limit = 10): SearchAnswer {
  const language = isJapanese(q) ? 'ja' : lang;
  const direct = directRule(kb, q, language);
  const out: SearchAnswer = { rule: direct ? { ...direct, href: ruleHref(direct.document, direct.id) } : null, order: ['rules', 'cards', 'glossary'], rules: [], glossary: [], cards: [] };
  try {
    const s = callTool('search_rules', { query: q, language, limit }, kb).structured as Any;
    out.rules = s.results.map((r: Any) => ({
      document: r.document,
      id: r.id,
      heading: r.heading,
      text: r.text.length > 280 ? `${r.text.slice(0, 277)}…` : r.text,
      title: r.document_title,
      href: ruleHref(r.document, r.id),
      citation: citation(kb.store.document(r.document)!, r.id),
      unofficial: r.authority === 'unofficial',
      ...(r.difference ? { difference: r.difference.kind } : {}),
    }));
  } catch (e) {
    errorMessage(e);
  }
  try {
    const g = callTool('search_glossary', { query: q, language, limit: Math.min(5, limit) }, kb).structured as Any;
    out.glossary = g.results.map((e: Any) => ({
      term: e.term,
      definition: e.definition.length > 240 ? `${e.definition.slice(0, 237)}…` : e.definition,
      href: ruleHref(e.document, e.id),
      rules: e.rules.slice(0, 4).map((id: string) => ({ id, href: ruleHref(e.rules_document, id) })),
    }));
  } catch (e) {
    errorMessage(e);
  }
  if (!isJapanese(q)) {
    try {
      const c = callTool('search_cards', { query: q.slice(0, 200), printings: 'base', limit: Math.min(8, limit) }, kb).structured as Any;
      out.cards = c.results.map((x: Any) => ({ id: x.id, name: x.name, type: x.type, href: cardHref(x.id) }));
    } catch (e) {
      errorMessage(e);
    }
  }
  // Nothing twice: a rule already named (the direct rule, or in the rules list) is not a glossary line too.
  const shown = new Set([...(out.rule ? [out.rule.href] : []), ...out.rules.map((r) => r.href)]);
  out.rules = out.rules.filter((r) => r.href !== out.rule?.href);
  out.glossary = out.glossary.filter((g) => !shown.has(g.href) && !/^\/rule\/[^/]+\/history-/.test(g.href));
  out.order = answerOrder(q, out);
  return out;
}

const words = (s: string) => s.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The order a judge wants: a card's name puts its cards first, a term's name ("blocker") the
 * glossary, and anything else (a sentence, a question) the rules, then cards, then the glossary.
 */
export function answerOrder(q: string, a: Pick<SearchAnswer, 'cards' | 'glossary'>): AnswerKind[] {
  const query = words(q);
  if (!query) return ['rules', 'cards', 'glossary'];
  const names = a.cards.map((c) => ` ${words(c.name)} `);
  const qs = query.split(' ');
  if (names.some((n) => n.trim() === query) || (names[0] && qs.every((w) => names[0]!.includes(` ${w} `)))) return ['cards', 'rules', 'glossary'];
  if (a.glossary.some((g) => words(g.term) === query)) return ['glossary', 'rules', 'cards'];
  return ['rules', 'cards', 'glossary'];
}

export function homePage(kb: Knowledge): Page {
  const cr = kb.store.comprehensiveRules('en');
  const chapters = kb.store.recordsOf(cr.id).filter((r) => r.parent === null);
  const docs = kb.store.documents.filter((d) => d.game === 'gundam' && d.authority === 'official');
  return {
    title: 'Search',
    body: html`<h1>Gundam Card Game rules</h1>
<p class="hint">Type a rule number (<a href="/rule/gundam-cr-en/8-5-3">8-5-3</a>, <a href="/rule/gundam-tournament-rules-en/2.4.1">2.4.1</a>), words (<a href="/?q=blocker">blocker</a>, <a href="/?q=damage+step">damage step</a>) or a card (<a href="/?q=zaku">zaku</a>).</p>
<h2>Documents</h2><ul class="docs">${docs.map((d) => html`<li><a href="/doc/${d.id}">${d.title}</a> <span class="meta">${d.language.toUpperCase()} · ${d.version}</span></li>`)}</ul>
<h2>${cr.title}</h2><ol class="toc">${chapters.map((r) => html`<li><a href="${ruleHref(r.document, r.id)}">${ruleTitle(r)}</a></li>`)}</ol>`,
  };
}

/** Rule numbers as tap targets (chips), not a comma-packed line of 16 px links. */
function chips(links: { id: string; href: string }[]): Html {
  return html`<span class="chips">${links.map((r) => html`<a class="chip" href="${r.href}">${r.id}</a>`)}</span>`;
}

const sections: Record<AnswerKind, (a: SearchAnswer, lang: Lang) => Html | ''> = {
  glossary: (a, lang) =>
    a.glossary.length ? html`<section><h2>${label('glossary', lang)}</h2><ul class="results">${a.glossary.map((g) => html`<li><a class="hit" href="${g.href}"><strong>${g.term}</strong></a> ${g.definition}${g.rules.length ? html`<br><span class="meta">${label('rules', lang)}</span> ${chips(g.rules)}` : ''}</li>`)}</ul></section>` : '',
  rules: (a, lang) =>
    a.rules.length ? html`<section><h2>${label('rules', lang)}</h2><ul class="results">${a.rules.map((r) => html`<li><a class="hit" href="${r.href}"><strong>${r.id}</strong>${r.heading ? ` ${r.heading}` : ''}</a> <span class="meta">${r.title}${r.unofficial ? html` <strong class="warn">UNOFFICIAL</strong>` : ''}</span>${r.difference ? html` <span class="tag" data-difference="${r.difference}">${differenceTag(r.difference, r.document.endsWith('-ja') ? 'ja' : 'en', lang)}</span>` : ''}<br>${r.text}</li>`)}</ul></section>` : '',
  cards: (a, lang) =>
    a.cards.length ? html`<section><h2>${label('cards', lang)}</h2><ul class="results">${a.cards.map((c) => html`<li><a class="hit" href="${c.href}"><strong>${c.id}</strong> ${c.name}</a> <span class="meta">${c.type}</span></li>`)}</ul></section>` : '',
};

/** "Nothing matches “q”. Try …", with the query quoted as <q> inside the page's words. */
function nothingMatches(q: string, lang: Lang): Html {
  const [before, after] = label('nothing', lang).split('{q}') as [string, string];
  return html`${before}<q>${q}</q>${after}`;
}

export function searchPage(kb: Knowledge, q: string, asked: 'en' | 'ja'): Page {
  const a = searchAll(kb, q, asked);
  // A query in Japanese is answered from the Japanese rules (searchAll), on a page labelled in Japanese.
  const lang = isJapanese(q) ? 'ja' : asked;
  const none = !a.rules.length && !a.glossary.length && !a.cards.length;
  return {
    title: `“${q}”`,
    query: q,
    lang,
    body: html`<h1>${label('resultsFor', lang)} <q class="query">${q}</q></h1>
${none ? html`<p class="empty">${nothingMatches(q, lang)}</p>` : ''}
${a.rule ? html`<p><a class="chip" href="${a.rule.href}">${label('openRule', lang)} ${a.rule.id}</a></p>` : ''}
${a.order.map((kind) => sections[kind](a, lang))}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Documents and rules

export function documentPage(kb: Knowledge, docId: string): Page {
  const doc = kb.store.document(docId);
  if (!doc) return notFound(`No document “${docId}”.`, kb.store.documents.filter((d) => d.game === 'gundam').map((d) => ({ href: `/doc/${d.id}`, label: d.title })));
  const tops = kb.store.recordsOf(doc.id).filter((r) => r.parent === null);
  return {
    title: doc.title,
    lang: doc.language,
    body: html`<h1>${docLabel(doc)}</h1><p class="meta">Version ${doc.version}${doc.date ? ` · ${doc.date}` : ''} · ${doc.language.toUpperCase()} · ${doc.id}</p>
${(doc.notes ?? []).map((n) => html`<p class="note">${n}</p>`)}
<ol class="toc">${tops.map((r) => html`<li><a href="${ruleHref(doc.id, r.id)}">${ruleTitle(r)}</a>${!r.heading && r.text ? html` ${r.text.slice(0, 120)}` : ''}</li>`)}</ol>`,
  };
}

export function notFound(message: string, links: { href: string; label: string }[] = []): Page {
  return {
    title: 'Not found',
    status: 404,
    body: html`<h1>Not found</h1><p class="empty">${message}</p>${links.length ? html`<p>Did you mean:</p><ul class="results">${links.map((l) => html`<li><a href="${l.href}">${l.label}</a></li>`)}</ul>` : ''}`,
  };
}

export function rulePage(kb: Knowledge, docId: string, id: string): Page {
  const doc = kb.store.document(docId);
  if (!doc) return notFound(`No document “${docId}”.`);
  let r: Any;
  try {
    r = (callTool('get_rule', { id, document: doc.id }, kb).structured as Any).rule;
  } catch (e) {
    const { message, suggestions } = errorMessage(e);
    return notFound(message, suggestions.map((s) => ({ href: ruleHref(doc.id, s), label: s })));
  }
  const record = kb.store.rule(r.document, r.id)!;
  const cite = citation(doc, r.id);
  const crumbs = ancestors(kb, record);
  const counterpart = r.counterpart as { document: string; id: string; heading: string | null; text: string } | null;
  const cdoc = counterpart ? kb.store.document(counterpart.document) : undefined;
  const crecord = counterpart ? kb.store.rule(counterpart.document, counterpart.id) : undefined;
  const order = kb.store.recordsOf(doc.id);
  const at = order.indexOf(record);
  const prev = order[at - 1];
  const next = order[at + 1];
  const other = doc.language === 'en' ? 'ja' : 'en';
  const L = doc.language;
  return {
    title: `${cite}${r.heading ? ` ${r.heading}` : ''}`,
    lang: doc.language,
    body: html`<nav class="crumbs" aria-label="${label('where', L)}"><a class="chip" href="/doc/${doc.id}">${doc.title}</a>${crumbs.map((a) => html`<a class="chip" href="${ruleHref(doc.id, a.id)}">${ruleTitle(a)}</a>`)}</nav>
<article class="rule" data-document="${doc.id}" data-rule="${r.id}">
<h1><span class="num">${r.id}</span>${r.heading ? html` ${r.heading}` : ''}</h1>
<p class="meta">${docLabel(doc)}${doc.title.includes(doc.version) ? '' : ` · ${label('version', L)} ${doc.version}`} · ${doc.language === 'en' ? 'English' : '日本語'}${cdoc ? html` <a class="lang-switch chip" hreflang="${other}" href="${ruleHref(cdoc.id, counterpart!.id)}">${other === 'ja' ? '日本語' : 'English'}</a>` : ''}</p>
<p class="cite"><code id="citation">${cite}</code> <button type="button" class="copy" data-copy="${cite}" data-done="${L === 'ja' ? 'コピーしました' : 'Copied'}" hidden>${label('copy', L)}</button></p>
${r.note ? html`<p class="note">${r.note}</p>` : ''}
${differenceNote(r.difference ?? (crecord?.difference?.kind === 'differs' ? crecord.difference : undefined), doc.language, L)}
<div class="${counterpart ? 'pair' : 'single'}">
<section class="text" lang="${doc.language}"><h2 class="sr">${doc.language === 'en' ? 'English' : '日本語'}</h2>${paragraphs(r.text, doc.id, r.cites)}
${r.children.length ? html`<ol class="children">${(r.children as { id: string; heading: string | null; text: string }[]).map((c) => {
      const cr = kb.store.rule(doc.id, c.id);
      return html`<li><a href="${ruleHref(doc.id, c.id)}" class="num chip">${c.id}</a>${differenceChip(cr, L)}${c.heading ? html` <strong>${c.heading}</strong>` : ''}${c.text ? html` ${linkedText(c.text, doc.id, cr?.cites ?? [])}` : ''}</li>`;
    })}</ol>` : ''}</section>
${counterpart && cdoc ? html`<section class="text counterpart" lang="${cdoc.language}"><h2 class="sr">${cdoc.language === 'en' ? 'English' : '日本語'}</h2><p class="meta"><a href="${ruleHref(cdoc.id, counterpart.id)}">${counterpart.id}${counterpart.heading ? ` ${counterpart.heading}` : ''}</a> · ${cdoc.title}${r.alignment && r.alignment !== 'numbered' ? html` · <em>${label('aligned', L)}: ${r.alignment}</em>` : ''}</p>${paragraphs(counterpart.text, cdoc.id, crecord?.cites ?? [])}
${crecord?.children.length ? html`<ol class="children">${crecord.children.map((cid) => {
      const c = kb.store.rule(cdoc.id, cid);
      return html`<li><a href="${ruleHref(cdoc.id, cid)}" class="num chip">${cid}</a>${differenceChip(c, L)}${c?.heading ? html` <strong>${c.heading}</strong>` : ''}${c?.text ? ` ${c.text}` : ''}</li>`;
    })}</ol>` : ''}</section>` : ''}
</div>
${r.cites.length ? html`<section class="refs"><h2>${label('cites', L)}</h2><ul>${(r.cites as Any[]).map((c) => html`<li>${c.target ? html`<a class="hit" href="${ruleHref(doc.id, c.target)}">${c.target}${c.target_heading ? ` ${c.target_heading}` : ''}</a>` : html`${c.cited} (${label('noRule', L)})`}${c.discrepancy ? html` <em>${c.discrepancy}</em>` : ''}</li>`)}</ul></section>` : ''}
${r.cited_by.length ? html`<section class="refs"><h2>${label('citedBy', L)}</h2>${chips((r.cited_by as string[]).map((id) => ({ id, href: ruleHref(doc.id, id) })))}</section>` : ''}
${r.restored ? html`<p class="note">${label('restored', L)}: ${(r.repairs as { detail: string }[]).map((x) => x.detail).join('; ')}</p>` : ''}
</article>
<nav class="pager">${prev ? html`<a class="chip" rel="prev" href="${ruleHref(doc.id, prev.id)}">‹ ${prev.id}</a>` : ''} ${next ? html`<a class="chip" rel="next" href="${ruleHref(doc.id, next.id)}">${next.id} ›</a>` : ''}</nav>`,
  };
}

/**
 * The EN/JA difference of a rule (corpus/notes/cr-differences.json), in plain words: which
 * language alone has it, or that the two say different things, then the project's summary of
 * what differs (written in English, so marked lang="en" on a Japanese page).
 */
function differenceNote(d: { kind: 'no-counterpart' | 'differs'; summary: string } | undefined, record: Lang, page: Lang): Html | '' {
  if (!d) return '';
  return html`<aside class="difference" id="difference" data-difference="${d.kind}" role="note"><p><strong>${differenceHeadline(d.kind, record, page)}</strong></p><p><span class="meta">${label('whatDiffers', page)}:</span> <span lang="en">${d.summary}</span></p></aside>`;
}

/** A child rule's flag in a list: "Japanese only", "EN/JA differ". */
function differenceChip(r: RuleRecord | undefined, page: Lang): Html | '' {
  return r?.difference ? html` <span class="tag" data-difference="${r.difference.kind}">${differenceTag(r.difference.kind, r.language, page)}</span>` : '';
}

// ---------------------------------------------------------------------------------------------
// Cards

export function cardPage(kb: Knowledge, id: string): Page {
  let a: Any;
  try {
    a = callTool('get_card', /^[A-Za-z]{1,4}\d{0,3}-\d/.test(id) ? { id } : { name: id }, kb).structured;
  } catch (e) {
    const { message, suggestions } = errorMessage(e);
    return notFound(message, suggestions.map((s) => ({ href: cardHref(s.split(' ')[0]!), label: s })));
  }
  const c = a.card;
  // The printing shown (an alternate printing asked for by its id, else the card's own): its set and rarity.
  const shown = (c.printings as { id: string; set: string | null; rarity: string | null }[]).find((p) => p.id === (a.printing ?? c.id));
  const stat = (label: string, v: Child) => (v === null || v === undefined || v === '' ? '' : html`<tr><th scope="row">${label}</th><td>${v}</td></tr>`);
  const effects: Record<string, string> = { full: 'every ability runs in the engine', partial: 'some abilities are resolved by hand', none: 'no text to run' };
  return {
    title: `${c.id} ${c.name}`,
    body: html`<article class="card"><h1><span class="num">${c.id}</span> ${c.name}</h1>
${a.printing ? html`<p class="meta">Printing ${a.printing} of ${c.id}</p>` : ''}
<table class="stats"><tbody>${stat('Type', `${c.token ? 'token ' : ''}${c.type}`)}${stat('Color', c.color)}${stat('Lv.', c.level)}${stat('Cost', c.cost)}${stat('AP', c.ap)}${stat('HP', c.hp)}${stat('Traits', c.traits.join(', '))}${stat('Set', shown?.set ?? c.set)}${stat('Rarity', shown ? shown.rarity : c.rarity)}${stat('Zones', c.zones.join(', '))}</tbody></table>
${restrictionNote(a.restriction)}
${c.link ? html`<p><strong>Link condition:</strong> ${c.link.text}</p>` : ''}
<h2>Text</h2>${c.text ? c.text.split(/\n+/).map((p: string) => html`<p class="cardtext">${p}</p>`) : html`<p class="empty" id="no-text">No card text.</p>`}
${c.keywords.length ? html`<h2>Keywords</h2><ul>${(c.keywords as Any[]).map((k) => html`<li>${k.name}${k.amount !== null ? ` ${k.amount}` : ''} <span class="meta">${k.scope}${k.when ? `, while ${k.when}` : ''}</span></li>`)}</ul>` : ''}
${a.abilities.length ? html`<h2>Abilities in the rules engine</h2><p class="meta">Effects: <strong>${a.effects}</strong> (${effects[a.effects] ?? ''})</p><ul class="abilities">${(a.abilities as Any[]).map((x) => html`<li class="${x.status}"><strong>${x.status === 'executes' ? `runs (${x.kind})` : `by hand (${x.reason})`}</strong>: ${x.text}${x.unread ? html` <span class="meta">unread: “${x.unread}”</span>` : ''}</li>`)}</ul>` : ''}
${c.printings.length ? html`<h2>Printings</h2><ul>${(c.printings as Any[]).map((p) => html`<li>${p.id === (a.printing ?? c.id) ? p.id : html`<a class="hit" href="${cardHref(p.id)}">${p.id}</a>`}${p.set ? ` · ${p.set}` : ''}${p.rarity ? ` · ${p.rarity}` : ''}</li>`)}</ul>` : ''}
${c.flags.length ? html`<p class="note">Source notes: ${c.flags.join('; ')}</p>` : ''}
${a.candidates.length ? html`<h2>Other cards with this name</h2><ul>${(a.candidates as Any[]).map((o) => html`<li><a class="hit" href="${cardHref(o.id)}">${o.id} ${o.name}</a> <span class="meta">${o.type} · ${o.set}</span></li>`)}</ul>` : ''}
</article>`,
  };
}

/** The card's standing on the banned/restricted list in force (get_card's `restriction`), named with the list's date. */
function restrictionNote(r: { list: string | null; status: { status: string; text: string }[] } | undefined): Html | '' {
  if (!r?.list) return '';
  return r.status.length
    ? html`<p class="note restricted" id="restriction"><strong>Banned/restricted list</strong>: ${r.status.map((x) => x.text).join('; ')} <span class="meta">(${r.list})</span></p>`
    : html`<p class="meta" id="restriction">Not restricted on the ${r.list}.</p>`;
}

// ---------------------------------------------------------------------------------------------
// Deck check

const DECK_EXAMPLE = '4 ST01-001\n4 ST01-002\n…\nResource deck\n10 R-001';

export function deckPage(kb: Knowledge, list: string | undefined, problem?: string): Page {
  // POST: a deck list is a player's plan; it stays out of the address bar, history and logs.
  const form = html`<form class="deck" action="/deck" method="post"><label for="list">Deck list, one card a line (“4 GD01-013”); resource cards or a “Resource deck” line go to the resource deck.</label>
<textarea id="list" name="list" rows="14" maxlength="10000" placeholder="${DECK_EXAMPLE}" spellcheck="false">${list ?? ''}</textarea><button type="submit">Check deck</button></form>`;
  if (problem) return { title: 'Deck check', status: 400, body: html`<h1>Deck check</h1><p class="empty">${problem}</p>${form}` };
  if (!list?.trim()) return { title: 'Deck check', body: html`<h1>Deck check</h1>${form}` };
  const parsed = parseDeckList(list, (id) => /^R-/i.test(id) || kb.store.cardById(id)?.type === 'resource');
  let out: Any;
  try {
    out = callTool('check_deck', parsed.input, kb).structured;
  } catch (e) {
    const { message } = errorMessage(e);
    return { title: 'Deck check', status: 400, body: html`<h1>Deck check</h1><p class="empty">${message}</p>${form}` };
  }
  const s = out.summary;
  // "JA 5-22-p2": a Japanese rule the English has no counterpart for.
  const citedHref = (id: string) => (id.startsWith('JA ') ? ruleHref('gundam-cr-ja', id.slice(3)) : ruleHref('gundam-cr-en', id));
  return {
    title: out.legal ? 'Legal deck' : 'Illegal deck',
    body: html`<h1>Deck check</h1>
<p class="verdict ${out.legal ? 'legal' : 'illegal'}" id="verdict">${out.legal ? 'Legal deck.' : `Illegal deck: ${out.violations.length} problem${out.violations.length === 1 ? '' : 's'}.`}</p>
${out.violations.length ? html`<ul class="violations">${(out.violations as Any[]).map((v) => html`<li>${v.reason} <br><span class="meta">Rules</span> ${chips((v.rules as string[]).map((id) => ({ id, href: citedHref(id) })))}${v.cards.length ? html`<br><span class="meta">Cards: ${v.cards.join(', ')}</span>` : ''}</li>`)}</ul>` : ''}
${parsed.unread.length ? html`<p class="note">Lines not read as cards: ${parsed.unread.map((u) => `${u.line}: “${u.text}”`).join('; ')}</p>` : ''}
<p class="meta">Deck ${s.deck_cards} cards (${s.types.unit} units, ${s.types.pilot} pilots, ${s.types.command} commands, ${s.types.base} bases), colors: ${s.colors.join(', ') || 'none'}; resource deck ${s.resource_cards} cards.</p>
${out.read.length ? html`<p class="meta">Read as: ${(out.read as Any[]).map((r) => `“${r.written}” → ${r.card} ${r.name}`).join('; ')}</p>` : ''}<p class="meta" id="restriction-list">${out.restriction_list ? `Banned/restricted list applied: ${out.restriction_list.label}.` : 'No banned/restricted list in force: construction rules only.'}</p>
${form}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Offline data: what the service worker needs to show any official rule without the network.

function restrictionsOffline(kb: Knowledge): { list: string; cards: Record<string, string[]> } | null {
  const active = activeRestrictions(kb);
  if (!active) return null;
  const cards: Record<string, string[]> = {};
  for (const c of kb.store.cards) {
    // An alternate printing counts as its base card (2-1-1): listed under its own id too.
    const rs = cardRestrictions(active.list, c.base_id ?? c.id);
    if (rs.length) cards[c.id] = rs.map((r) => r.text);
  }
  return { list: listLabel(active.list), cards };
}

export function offlineData(kb: Knowledge): unknown {
  const docs = kb.store.documents.filter((d) => d.game === 'gundam' && d.authority === 'official');
  return {
    fingerprint: kb.store.fingerprint ?? null,
    documents: docs.map((d) => ({ id: d.id, title: d.title, version: d.version, language: d.language, cite: citation(d, '').trim() })),
    // [document index, id, heading, text, parent, children, counterpart document, counterpart id, [[cited, target]], EN/JA difference [kind, summary] or null] (public/sw.js reads it)
    records: docs.flatMap((d, di) =>
      kb.store
        .recordsOf(d.id)
        .map((r) => [di, r.id, r.heading, r.text, r.parent, r.children, r.counterpart?.document ?? null, r.counterpart?.id ?? null, r.cites.filter((c) => c.target).map((c) => [c.cited, c.target]), r.difference ? [r.difference.kind, r.difference.summary] : null]),
    ),
    // Every card (about 1,000; small next to the rules), so a card page and a card name work offline.
    // [id, name, type, token, color, level, cost, ap, hp, traits, set, rarity, text, link condition, zones, [[printing id, set, rarity]]]
    cards: kb.store.cards.map((c) => [c.id, c.name, c.type, c.token, c.color, c.level, c.cost, c.ap, c.hp, c.traits, c.set, c.rarity, c.text, c.link?.text ?? null, c.zones, c.printings.map((p) => [p.id, p.set, p.rarity])]),
    // The banned/restricted list in force, for the card pages: its label and each listed card's restrictions.
    restrictions: restrictionsOffline(kb),
  };
}
