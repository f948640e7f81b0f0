/**
 * The two tournament documents of the bundle: the Bandai Organized Play Tournament Rules Manual
 * (sections `2.4.1`, table of contents dropped) and the Sanctioned Tournament Floor Rules
 * (`Section 8: Event Progression`). Both were extracted from PDFs and carry page numbers in the
 * text; those are removed where they follow the page sequence.
 */
import type { Repair } from '../../src/corpus/types.js';
import { squash } from './bundle.js';
import type { Draft } from './records.js';

interface Token {
  at: number;
  len: number;
  n: number;
}

/**
 * Finds the printed page numbers: standalone small numbers that form a run of consecutive pages
 * through the text (a page may be missed). Longest run wins; numbers outside it are real text.
 */
function pageNumbers(text: string, firstPage: number): Token[] {
  const cands: Token[] = [];
  for (const m of text.matchAll(/(?<=\s)(\d{1,2})(?=\s|$)/g)) {
    const before = text.slice(Math.max(0, m.index! - 12), m.index!);
    if (/(?:Section|Round|Level|Step|Phase|top|of|to|than|and|or|by|with|\d|[+-]) $/i.test(before)) continue;
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 3);
    if (/^\s?[%:.]|^\s?(?:st|nd|rd|th)\b/.test(after)) continue;
    cands.push({ at: m.index!, len: m[0].length, n: Number(m[1]) });
  }
  // Longest chain of page numbers in text order, each one or two more than the previous.
  const best: number[] = cands.map(() => 1);
  const prev: number[] = cands.map(() => -1);
  for (let i = 0; i < cands.length; i++) {
    if (cands[i]!.n < firstPage) continue;
    for (let j = 0; j < i; j++) {
      const d = cands[i]!.n - cands[j]!.n;
      if ((d === 1 || d === 2) && cands[j]!.n >= firstPage && best[j]! + 1 > best[i]!) {
        best[i] = best[j]! + 1;
        prev[i] = j;
      }
    }
  }
  let end = -1;
  for (let i = 0; i < cands.length; i++) if (cands[i]!.n >= firstPage && (end < 0 || best[i]! > best[end]!)) end = i;
  const chain: Token[] = [];
  for (let i = end; i >= 0; i = prev[i]!) chain.unshift(cands[i]!);
  return chain.length >= 3 ? chain : [];
}

function stripPages(text: string, pages: Token[], offset: number, repairs: Repair[]): string {
  let out = text;
  for (const p of [...pages].reverse()) {
    const at = p.at - offset;
    if (at < 0 || at >= text.length) continue;
    out = out.slice(0, at) + out.slice(at + p.len + 1);
    repairs.unshift({ kind: 'text-normalized', detail: `removed page number ${p.n}` });
  }
  return squash(out);
}

interface TocEntry {
  id: string;
  title: string;
  page: number;
}

export interface TournamentBuild {
  drafts: Draft[];
  meta: { updated: string | null; title: string };
}

export function parseTournamentManual(part: string): TournamentBuild {
  const text = squash(part);
  const tocStart = text.indexOf('Table of Contents');
  const toc: TocEntry[] = [];
  const tocRe = /(\d+\.\d+(?:\.\d+)*) (.+?)\s*\.{2,}\s*(\d+)/g;
  let tocEnd = tocStart;
  for (const m of text.slice(tocStart).matchAll(tocRe)) {
    toc.push({ id: m[1]!, title: m[2]!.replace(/^\d+ (?=\d)/, '').trim(), page: Number(m[3]) });
    tocEnd = tocStart + m.index! + m[0].length;
  }
  if (toc.length < 50) throw new Error(`tournament manual: table of contents has only ${toc.length} entries`);
  const updated = /Last Updated: ([A-Za-z]+ \d+)(?:st|nd|rd|th)?, (\d{4})/.exec(text);
  const preface = text.slice(0, tocStart).replace(/^.*?Last Updated: [^ ]+ [^ ]+ \d{4} /, '').trim();

  // Find each section heading in the body, in order, after the table of contents.
  const starts: { entry: TocEntry; at: number; bodyAt: number }[] = [];
  let from = tocEnd;
  for (const entry of toc) {
    const head = `${entry.id} ${entry.title}`;
    let at = text.indexOf(head, from);
    if (at < 0) at = text.indexOf(`${entry.id} `, from);
    if (at < 0) throw new Error(`tournament manual: section ${entry.id} not found in the body`);
    starts.push({ entry, at, bodyAt: at + (text.startsWith(head, at) ? head.length : entry.id.length + 1) });
    from = at + 1;
  }
  const body = text.slice(starts[0]!.at);
  const pages = pageNumbers(body, toc[0]!.page).map((p) => ({ ...p, at: p.at + starts[0]!.at }));
  const drafts: Draft[] = [
    { id: 'preface', heading: 'About this manual', text: preface, parent: null },
  ];
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    const end = i + 1 < starts.length ? starts[i + 1]!.at : text.length;
    const repairs: Repair[] = [];
    const sectionText = stripPages(text.slice(s.bodyAt, end), pages, s.bodyAt, repairs);
    drafts.push({ id: s.entry.id, heading: s.entry.title, text: sectionText, repairs });
  }
  return {
    drafts,
    meta: { title: 'Gundam Card Game Tournament Rules Manual', updated: updated ? isoDate(`${updated[1]} ${updated[2]}`) : null },
  };
}

/** Parent of a manual section: `2.4.1` -> `2.4`, `2.4` -> `2.0`, `2.0` -> none. */
export function manualParent(id: string): string | null {
  const parts = id.split('.');
  if (parts.length > 2) return parts.slice(0, -1).join('.');
  if (parts.length === 2 && parts[1] !== '0') return `${parts[0]}.0`;
  return null;
}

export function parseFloorRules(part: string): TournamentBuild & { version: string } {
  const text = squash(part);
  const version = /Ver\. ?([\d.]+\d)/.exec(text)?.[1] ?? 'unknown';
  const edited = /Last Edited ([A-Za-z]+ \d+, \d{4})/.exec(text);
  const contents = text.indexOf('Contents Section 1:');
  if (contents < 0) throw new Error('floor rules: no contents list');
  const heads = [...text.matchAll(/Section (\d+): /g)].filter((m) => m.index! > contents);
  // The contents list names each section once; the body repeats them in order.
  const count = Math.max(...heads.map((m) => Number(m[1])));
  const tocHeads = heads.slice(0, count);
  const bodyHeads = heads.slice(count);
  if (bodyHeads.length !== count) throw new Error('floor rules: sections do not repeat in the body');
  const titles = tocHeads.map((m, i) => {
    const end = i + 1 < tocHeads.length ? tocHeads[i + 1]!.index! : bodyHeads[0]!.index!;
    return text.slice(m.index! + m[0].length, end).replace(/\s+\d+\s*$/, '').trim();
  });
  const pages = pageNumbers(text.slice(contents), 1).map((p) => ({ ...p, at: p.at + contents }));
  const drafts: Draft[] = [];
  const intro = text.slice(0, contents).replace(/^.*?Ver\. ?[\d.]+\d /, '').trim();
  drafts.push({ id: 'introduction', heading: 'Introduction', text: intro, parent: null });
  bodyHeads.forEach((m, i) => {
    const title = titles[i]!;
    const head = `Section ${m[1]}: ${title}`;
    const bodyAt = text.startsWith(head, m.index!) ? m.index! + head.length : m.index! + m[0].length;
    const end = i + 1 < bodyHeads.length ? bodyHeads[i + 1]!.index! : text.length;
    const repairs: Repair[] = [];
    drafts.push({ id: `section-${m[1]}`, heading: `Section ${m[1]}: ${title}`, text: stripPages(text.slice(bodyAt, end), pages, bodyAt, repairs), parent: null, repairs });
  });
  return {
    drafts,
    version,
    meta: { title: 'Gundam Card Game Sanctioned Tournament Floor Rules', updated: edited ? isoDate(edited[1]!) : null },
  };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "July 10 2025" / "November 19, 2025" -> "2025-07-10". */
export function isoDate(s: string): string | null {
  const m = /([A-Za-z]+) (\d{1,2}),? (\d{4})/.exec(s);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
  if (month === 0) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
}
