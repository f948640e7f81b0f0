/**
 * The rules page in a real browser: Debian's chromium (/usr/bin/chromium, installed by .ci/run)
 * driven by playwright-core, against the built server on loopback. A judge's path through it:
 * search as they type, open a rule, follow a cross-reference, switch language, copy the citation,
 * check a deck, lose the network and still read rules, and a query that tries to inject script.
 *
 * Skipped, with a message, when chromium is absent and CI is not set; in CI it must run.
 * UPDATE_SCREENSHOTS=1 writes the phone and desktop screenshots to docs/screenshots/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { httpServer, root, type HttpServer } from '../helpers/servers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = fs.existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`browser tests need ${CHROMIUM} in CI (.ci/run installs Debian's chromium)`);
if (!available) console.warn(`[browser tests skipped] ${CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium (CI runs them)`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const generous = { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_BURST: '100000', WEB_RATE_LIMIT_PER_MINUTE: '100000' };

const dirs: string[] = [];
async function browser(viewport: { width: number; height: number }, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  // A fresh profile each time: no service worker or cache left from another run.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-chromium-'));
  dirs.push(dir);
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport,
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    ...options,
  });
}

const SHOTS = process.env.UPDATE_SCREENSHOTS ? path.join(root, 'docs', 'screenshots') : fs.mkdtempSync(path.join(os.tmpdir(), 'gcg-shots-'));

describe.skipIf(!available)('rules page in a browser', () => {
  let server: HttpServer;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await httpServer(generous);
    context = await browser(PHONE);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
    });
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  it('answers as the judge types, and a typed rule number opens the rule', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('#q').pressSequentially('blocker', { delay: 20 });
    const live = page.locator('#live-results li');
    // The list answers each keystroke: a shorter prefix ("bl") may show "nothing matches yet." first,
    // so wait for the answer to the whole word rather than for the first list.
    await expect.poll(async () => (await page.locator('#live-results').innerText()).toLowerCase(), { timeout: 10_000 }).toContain('blocker');
    expect(await live.count()).toBeGreaterThan(0);
    await page.locator('#q').fill('8-5-3-2');
    await page.locator('#q').press('Enter');
    await page.waitForURL(/\/rule\/gundam-cr-en\/8-5-3-2$/);
    expect(await page.locator('h1').innerText()).toContain('8-5-3-2');
    expect(await page.locator('#citation').innerText()).toBe('CR 1.7.0 8-5-3-2');
    // With JavaScript the copy button shows; the citation is text either way.
    expect(await page.locator('button.copy').isVisible()).toBe(true);
    // Its parent path links up to the chapter.
    expect(await page.locator('nav.crumbs a').allInnerTexts()).toEqual(expect.arrayContaining(['8-5 Damage Step', '8-5-3 Attack on a Unit']));
  });

  it('shows the words typed as the search results page when Enter is pressed', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('#q').fill('damage step');
    await page.locator('#q').press('Enter');
    await page.waitForURL(/\?q=damage/);
    expect(await page.locator('main section h2').allInnerTexts()).toContain('Rules');
    expect(await page.locator('main .results a').count()).toBeGreaterThan(2);
  });

  it('follows a cross-reference and switches language side by side', async () => {
    await page.goto(`${server.url}/rule/gundam-cr-en/1-2-3`);
    const xref = page.locator('section.text[lang="en"] a.xref').first();
    expect(await xref.innerText()).toBe('11');
    await xref.click();
    await page.waitForURL(/\/rule\/gundam-cr-en\/11$/);
    expect(await page.locator('h1').innerText()).toContain('Rules Management');
    // The Japanese counterpart is on the page, and the switch opens the Japanese rule.
    expect(await page.locator('section.counterpart[lang="ja"]').innerText()).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await page.locator('a.lang-switch').click();
    await page.waitForURL(/\/rule\/gundam-cr-ja\/11$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.locator('#citation').innerText()).toBe('CR (JA) 1.10.0 11');
    expect(await page.locator('section.counterpart[lang="en"]').innerText()).toContain('Rules Management');
  });

  it('says in plain words where the English and Japanese differ, in each page\'s language', async () => {
    await page.goto(`${server.url}/rule/gundam-cr-en/3-3-4`);
    const en = page.locator('#difference');
    expect(await en.isVisible()).toBe(true);
    expect(await en.innerText()).toMatch(/^The English and Japanese say different things here\.\s+What differs: The Japanese adds/);
    // Both texts are still side by side under the flag.
    expect(await page.locator('section.counterpart[lang="ja"]').count()).toBe(1);
    await page.locator('a.lang-switch').click();
    await page.waitForURL(/\/rule\/gundam-cr-ja\/3-3-4$/);
    expect(await page.locator('#difference').innerText()).toMatch(/^英語版と日本語版で内容が異なります。\s+違い（英語での説明）:/);
    // Suggestions as you type on a Japanese page are labelled in Japanese too.
    await page.locator('#q').fill('アタック');
    await expect.poll(async () => page.locator('#live-results li .kind').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    for (const k of await page.locator('#live-results li .kind').allTextContents()) expect(['ルール', '用語', 'カード']).toContain(k);
    // A rule only one language has says so; its parent's list tags it.
    await page.goto(`${server.url}/rule/gundam-cr-ja/5-22`);
    expect(await page.locator('#difference').innerText()).toMatch(/^日本語版のみ：英語版には対応するルールがありません。/);
    await page.goto(`${server.url}/rule/gundam-cr-en/6-2-1`);
    expect(await page.locator('ol.children .tag[data-difference="no-counterpart"]').first().innerText()).toBe('English only');
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-3`);
    expect(await page.locator('#difference').count()).toBe(0);
  });

  it('shows a card with what the engine runs', async () => {
    await page.goto(`${server.url}/?q=zaku`);
    await page.locator('main a[href^="/card/"]').first().click();
    await page.waitForURL(/\/card\//);
    expect(await page.locator('h1').innerText()).toMatch(/Zaku/i);
    expect(await page.locator('table.stats').innerText()).toContain('AP');
  });

  it('checks a pasted deck list and links each violation to its rule', async () => {
    await page.goto(`${server.url}/deck`);
    await page.locator('#list').fill('4 ST01-001\n4x ST01-002 Gundam\nST01-003 x4\n5 ST01-006\n# a comment\nResource deck\n10 R-001\n');
    await page.locator('form.deck button[type="submit"]').click();
    await page.locator('#verdict').waitFor();
    // The form posts: the deck list stays out of the address bar and the history.
    expect(new URL(page.url()).pathname).toBe('/deck');
    expect(page.url()).not.toContain('list=');
    expect(await page.locator('#verdict').innerText()).toMatch(/Illegal deck/);
    const violations = await page.locator('ul.violations').innerText();
    expect(violations).toMatch(/50/);
    expect(violations).toMatch(/ST01-006/);
    expect(await page.locator('ul.violations a[href^="/rule/gundam-cr-en/6-1"]').count()).toBeGreaterThan(0);
  });

  it('ranks live suggestions for judges: a sentence\'s rules, a card name\'s card first, nothing twice', async () => {
    const suggestions = async (q: string) => {
      await page.goto(`${server.url}/`);
      await page.locator('#q').fill(q);
      // fill() types the whole query at once, and the list only ever shows the answer to what is typed.
      await expect.poll(async () => page.locator('#live-results li a').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      return page.locator('#live-results li').evaluateAll((lis) => lis.map((li) => ({ kind: li.querySelector('.kind')?.textContent ?? '', href: li.querySelector('a')?.getAttribute('href') ?? '' })));
    };
    const sentence = await suggestions('both units destroyed');
    expect(sentence.slice(0, 3).map((s) => s.href)).toContain('/rule/gundam-cr-en/8-5-3-2-3');
    const card = await suggestions('wing gundam');
    expect(card[0]).toEqual({ kind: 'card', href: '/card/GD01-040' });
    const number = await suggestions('8-5-3');
    expect(new Set(number.map((s) => s.href)).size).toBe(number.length);
  });

  it('gives every link and control a tap target of at least 44 px at 390 px width', async () => {
    const small: string[] = [];
    for (const url of ['/rule/gundam-cr-en/8-5-3-2', '/rule/gundam-cr-ja/8-5-3', '/?q=both+units+destroyed', '/card/GD01-004-p1', '/deck', '/doc/gundam-cr-en', '/']) {
      await page.goto(`${server.url}${url}`);
      // (Run in the page: the test's TypeScript has no DOM types.)
      const boxes = (await page.evaluate(`[...document.querySelectorAll('header a, header input, header select, header button, main a, main button, main input, main select, main textarea')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => { const r = e.getBoundingClientRect(); return { what: e.tagName.toLowerCase() + ' "' + (e.textContent || '').trim().slice(0, 30) + '"', w: r.width, h: r.height }; })`)) as { what: string; w: number; h: number }[];
      expect(boxes.length, url).toBeGreaterThan(3);
      for (const b of boxes) if (b.h < 43.5 || b.w < 43.5) small.push(`${url}: ${b.what} ${b.w.toFixed(0)}x${b.h.toFixed(0)}`);
    }
    expect(small).toEqual([]);
    expect(await page.viewportSize()).toEqual(PHONE);
  });

  it('fits the search placeholder at 360 px width, in English and Japanese', async () => {
    const narrow = await browser({ width: 360, height: 740 });
    try {
      const p = narrow.pages()[0] ?? (await narrow.newPage());
      for (const url of ['/', '/rule/gundam-cr-ja/8-5-3']) {
        await p.goto(`${server.url}${url}`);
        const fit = (await p.evaluate(`(() => {
          const input = document.getElementById('q');
          const cs = getComputedStyle(input);
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
          return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
        })()`)) as { text: number; room: number };
        expect(fit.text, url).toBeLessThanOrEqual(fit.room);
      }
    } finally {
      await narrow.close();
    }
  });

  it('keeps an XSS attempt in the query as text', async () => {
    const payload = `"><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><svg onload=window.__xss=3>`;
    await page.goto(`${server.url}/?q=${encodeURIComponent(payload)}`);
    expect(await page.locator('h1 q.query').innerText()).toBe(payload);
    expect(await page.locator('#q').inputValue()).toBe(payload);
    await page.locator('#q').fill(`${payload} blocker`);
    await page.waitForTimeout(600);
    expect(await page.evaluate('typeof window.__xss')).toBe('undefined');
    expect(await page.locator('main script, main img, main svg').count()).toBe(0);
    expect(errors.filter((e) => /Content Security Policy/i.test(e)), 'nothing injected for the CSP to block').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('works without JavaScript: search, rule, deck check', async () => {
    const nojs = await browser(DESKTOP, { javaScriptEnabled: false });
    try {
      const p = nojs.pages()[0] ?? (await nojs.newPage());
      await p.goto(`${server.url}/`);
      await p.locator('#q').fill('8-5-3');
      await p.locator('form.search button[type="submit"]').click();
      await p.waitForURL(/\/rule\/gundam-cr-en\/8-5-3$/);
      expect(await p.locator('#citation').innerText()).toBe('CR 1.7.0 8-5-3');
      expect(await p.locator('button.copy').isVisible()).toBe(false);
    } finally {
      await nojs.close();
    }
  });

  it('takes screenshots of the main pages at phone and desktop width', async () => {
    const pages: [string, string][] = [
      ['home', '/'],
      ['search', '/?q=blocker'],
      ['rule', '/rule/gundam-cr-en/8-5-3'],
      ['rule-difference', '/rule/gundam-cr-en/6-2-1-1'],
      ['card', '/card/GD01-002'],
    ];
    const deckList = '4 ST01-001\n4 ST01-002\n5 ST01-006\nResource deck\n10 R-001';
    fs.mkdirSync(SHOTS, { recursive: true });
    const desktop = await browser(DESKTOP);
    try {
      const d = desktop.pages()[0] ?? (await desktop.newPage());
      for (const [name, url] of pages) {
        await page.goto(`${server.url}${url}`);
        await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`) });
        await d.goto(`${server.url}${url}`);
        await d.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`) });
      }
      // The deck check answers a posted form.
      for (const [p, file] of [[page, 'deck-phone.png'], [d, 'deck-desktop.png']] as const) {
        await p.goto(`${server.url}/deck`);
        await p.locator('#list').fill(deckList);
        await p.locator('form.deck button[type="submit"]').click();
        await p.locator('#verdict').waitFor();
        await p.screenshot({ path: path.join(SHOTS, file) });
      }
      // Answers as you type, on the phone.
      await page.goto(`${server.url}/`);
      await page.locator('#q').pressSequentially('first strike', { delay: 20 });
      await page.locator('#live-results li').first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'typeahead-phone.png') });
    } finally {
      await desktop.close();
    }
    expect(fs.statSync(path.join(SHOTS, 'rule-phone.png')).size).toBeGreaterThan(10_000);
    // Twelve screenshots on a machine shared with other work: more than the default minute.
  }, 180_000);
});

/** Opens the page and waits until the service worker controls it (and has saved the shell and data). */
async function controlled(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  // Reload once so the page is controlled (the worker claims clients, but not mid-load everywhere).
  await page.reload();
  await expect.poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)'), { timeout: 10_000 }).toBe(true);
}

describe.skipIf(!available)('rules page when the venue network is overloaded (429)', () => {
  let server: HttpServer;
  let context: BrowserContext;

  beforeAll(async () => {
    // A small page budget, so the test can spend it.
    server = await httpServer({ WEB_RATE_LIMIT_PER_MINUTE: '40' });
    context = await browser(PHONE);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  it('shows the saved rule with a banner instead of "Too many requests"', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlled(page, server.url);
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-3`);
    expect(await page.locator('h1').innerText()).toContain('Attack on a Unit');
    expect(await page.locator('#saved').count()).toBe(0);
    // Everyone else behind the venue's address spends the page budget.
    let refused = 0;
    for (let i = 0; i < 60 && refused < 3; i++) {
      const r = await fetch(`${server.url}/api/search?q=blocker`);
      if (r.status === 429) refused++;
      await r.arrayBuffer();
    }
    expect(refused).toBe(3);
    // The rule read before: the saved copy, saying so.
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-3`);
    expect(await page.locator('h1').innerText()).toContain('Attack on a Unit');
    expect(await page.locator('#saved').innerText()).toMatch(/Saved copy.*busy/);
    expect(await page.locator('body').innerText()).not.toMatch(/Slow down|Too many requests/);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'saved-copy-phone.png') });
    // A rule and a card never opened: rendered from the saved data, with the banner.
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-2-3-1`);
    expect(await page.locator('#citation').innerText()).toBe('CR 1.7.0 8-5-2-3-1');
    expect(await page.locator('#saved').isVisible()).toBe(true);
    await page.goto(`${server.url}/card/GD01-040`);
    expect(await page.locator('h1').innerText()).toContain('Wing Gundam');
    expect(await page.locator('#saved').isVisible()).toBe(true);
  });
});

describe.skipIf(!available)('rules page offline', () => {
  let server: HttpServer;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await httpServer(generous);
    context = await browser(PHONE);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  it('still reads rules and cards once the server is gone, and says deck check needs it', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlled(page, server.url);
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-3`);
    expect(await page.locator('h1').innerText()).toContain('Attack on a Unit');
    await page.goto(`${server.url}/deck`);
    expect(await page.locator('#needs-connection').count()).toBe(0);

    // The venue network fails: the server is gone.
    expect(await server.stop()).toBe(0);

    // A rule read before comes from the cache, with the banner.
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-3`);
    expect(await page.locator('h1').innerText()).toContain('Attack on a Unit');
    expect(await page.locator('#saved').innerText()).toMatch(/Saved copy.*no connection/);
    // A rule never opened is rendered from the saved rules, with its counterpart and citation.
    await page.goto(`${server.url}/rule/gundam-cr-en/8-5-2-3-1`);
    expect(await page.locator('h1').innerText()).toContain('8-5-2-3-1');
    expect(await page.locator('#citation').innerText()).toBe('CR 1.7.0 8-5-2-3-1');
    expect(await page.locator('#saved').isVisible()).toBe(true);
    expect(await page.locator('section.counterpart').count()).toBe(1);
    // A rule whose English and Japanese differ says so offline too, in the page's language.
    await page.goto(`${server.url}/rule/gundam-cr-ja/12-3-14`);
    expect(await page.locator('#difference').innerText()).toMatch(/^英語版と日本語版で内容が異なります。\s+違い（英語での説明）: The English says/);
    expect(await page.locator('ol.children .tag[data-difference="no-counterpart"]').first().innerText()).toBe('日本語版のみ');
    await page.goto(`${server.url}/rule/gundam-cr-en/6-2-1-1`);
    expect(await page.locator('#difference').innerText()).toMatch(/^English only: the Japanese rules have no counterpart to this rule\./);
    // A card page never opened, from the saved cards (a vanilla card says it has no text).
    await page.goto(`${server.url}/card/GD01-004-p1`);
    expect(await page.locator('h1').innerText()).toContain('GD01-004');
    expect(await page.locator('table.stats').innerText()).toMatch(/Set\s+GD01/);
    expect(await page.locator('#saved').isVisible()).toBe(true);
    await page.goto(`${server.url}/card/EB01-007`);
    expect(await page.locator('#no-text').innerText()).toBe('No card text.');
    // A banned card says so offline, naming the list and its date.
    await page.goto(`${server.url}/card/GD01-020`);
    expect(await page.locator('#restriction').innerText()).toMatch(/^Banned\/restricted list: banned: a deck may hold none \(Banned and restricted list effective 2026-07-25/);
    // A card name searched offline finds the card first, not tournament rules.
    await page.goto(`${server.url}/?q=${encodeURIComponent('wing gundam')}`);
    expect(await page.locator('main .results a').first().getAttribute('href')).toBe('/card/GD01-040');
    // Deck check: the saved form, saying at once that checking needs the server, and a plain notice
    // on submit that keeps the list; never the home page.
    await page.goto(`${server.url}/deck`);
    expect(await page.locator('h1').innerText()).toBe('Deck check');
    expect(await page.locator('#needs-connection').innerText()).toMatch(/Deck check needs a connection/);
    expect(await page.locator('#saved').innerText()).toMatch(/Saved copy.*no connection/);
    await page.locator('#list').fill('4 ST01-001\n4 ST01-002');
    await page.locator('form.deck button[type="submit"]').click();
    await page.locator('#needs-connection').waitFor();
    expect(await page.locator('#needs-connection').innerText()).toMatch(/needs a connection/);
    expect(await page.locator('#list').inputValue()).toBe('4 ST01-001\n4 ST01-002');
    expect(await page.locator('h1').innerText()).toBe('Deck check');
    await page.screenshot({ path: path.join(SHOTS, 'deck-offline-phone.png') });
    // Typing a number in the search box still jumps to the rule.
    await page.locator('#q').fill('10-1');
    await page.locator('#q').press('Enter');
    await page.waitForURL(/\?q=10-1/);
    expect(await page.locator('h1').innerText()).toContain('10-1');
    // Words search the saved rules.
    await page.goto(`${server.url}/?q=${encodeURIComponent('damage step')}`);
    expect(await page.locator('main .results li').count()).toBeGreaterThan(0);
  });
});

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
