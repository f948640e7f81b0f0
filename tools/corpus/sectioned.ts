/**
 * Documents that are plain headed text rather than numbered rules: the Gundam War rulebook with its
 * errata (headings listed in its table of contents) and the unofficial "v1.0.0" document
 * (Markdown headings). Sections are numbered by their place in the outline: 2.3.1.
 */
import type { Draft } from './records.js';
import { slug } from './glossary.js';

interface Outline {
  title: string;
  depth: number;
}

/** Joins a block of lines into readable text, keeping list items on their own lines. */
function joinLines(lines: string[]): string {
  return lines
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function numbered(outline: Outline[]): string[] {
  const counters: number[] = [];
  return outline.map((o) => {
    counters.length = o.depth + 1;
    counters[o.depth] = (counters[o.depth] ?? 0) + 1;
    for (let i = 0; i < o.depth; i++) counters[i] ??= 1;
    return counters.join('.');
  });
}

export interface GundamWarBuild {
  rulebook: Draft[];
  errata: Draft[];
}

const ERRATA_TITLE = /Errata$/;

export function parseGundamWar(source: string): GundamWarBuild {
  const lines = source.split(/\r?\n/);
  const tocStart = lines.findIndex((l) => l.trim() === 'Table of Contents');
  const outline: Outline[] = [];
  let i = tocStart + 1;
  for (; i < lines.length; i++) {
    const m = /^(\s*)• (.+)$/.exec(lines[i]!);
    if (m) outline.push({ title: m[2]!.trim(), depth: Math.floor(m[1]!.length / 2) });
    else if (outline.length > 0 && lines[i]!.trim() !== '') break;
  }
  // Body headings follow the outline in order, each on a line of its own.
  const starts: number[] = [];
  let from = i;
  for (const o of outline) {
    let at = from;
    while (at < lines.length && lines[at]!.trim() !== o.title) at++;
    if (at >= lines.length) throw new Error(`gundam war: heading "${o.title}" not found`);
    starts.push(at);
    from = at + 1;
  }
  const rulebook: Draft[] = [];
  const errata: Draft[] = [];
  const ids = numbered(outline);
  let errataGroup: string | null = null;
  outline.forEach((o, k) => {
    const body = lines.slice(starts[k]! + 1, k + 1 < starts.length ? starts[k + 1]! : lines.length);
    const text = joinLines(body);
    if (o.depth === 0) errataGroup = ERRATA_TITLE.test(o.title) ? o.title.replace(/^Gundam War /, '').replace(/ Errata$/, '').toLowerCase() : null;
    if (errataGroup === null) {
      rulebook.push({ id: ids[k]!, heading: o.title, text });
      return;
    }
    const group = errataGroup;
    if (o.depth === 0) {
      errata.push({ id: group, heading: o.title, text, parent: null });
      return;
    }
    const sectionId = `${group}/${slug(o.title)}`;
    errata.push({ id: sectionId, heading: o.title, text, parent: group });
    for (const line of body) {
      const e = /^• ([A-Z]{1,3}-[A-Z]{0,2}\d+) ([^:]+): (.+)$/.exec(line.trim());
      if (e) errata.push({ id: `${group}:${e[1]}`, heading: `${e[1]} ${e[2]}`, text: e[3]!, parent: sectionId });
    }
  });
  return { rulebook, errata };
}

export interface MarkdownBuild {
  title: string;
  version: string | null;
  date: string | null;
  drafts: Draft[];
}

/** A Markdown document: one section per `##`/`###` heading, numbered by the outline. */
export function parseMarkdownSections(source: string): MarkdownBuild {
  const lines = source.split(/\r?\n/);
  const title = (lines.find((l) => /^# /.test(l)) ?? '').replace(/^# /, '').trim();
  const version = /\*\*Version:\*\*\s*([\d.]+)/.exec(source)?.[1] ?? null;
  const dateText = /\*\*Effective Date:\*\*\s*([A-Za-z]+ \d{1,2}, \d{4})/.exec(source)?.[1] ?? null;
  const outline: (Outline & { line: number })[] = [];
  lines.forEach((l, n) => {
    const m = /^(#{2,4}) (.+)$/.exec(l);
    if (m) outline.push({ title: m[2]!.trim(), depth: m[1]!.length - 2, line: n });
  });
  const ids = numbered(outline);
  const firstLine = outline[0]?.line ?? lines.length;
  const drafts: Draft[] = [];
  const preface = joinLines(lines.slice(1, firstLine).filter((l) => !/^---\s*$/.test(l)));
  if (preface) drafts.push({ id: '0', heading: title, text: preface, parent: null });
  outline.forEach((o, k) => {
    const end = k + 1 < outline.length ? outline[k + 1]!.line : lines.length;
    drafts.push({ id: ids[k]!, heading: o.title, text: joinLines(lines.slice(o.line + 1, end).filter((l) => !/^---\s*$/.test(l))) });
  });
  return { title, version, date: dateText, drafts };
}
