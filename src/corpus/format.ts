/**
 * The on-disk format of a corpus document: Markdown with YAML frontmatter. The frontmatter holds the
 * document's metadata and each record's metadata; the body holds each record's text under an
 * anchor (`<a id="r-8-5-2"></a>`) so it reads as a document and splits back into records exactly.
 */
import { createRequire } from 'node:module';
import type { CrossReference, DocumentMeta, Repair, RuleDifference, RuleRecord, Alignment } from './types.js';

/** Per-record metadata as stored in the frontmatter (empty fields left out). */
export interface StoredRecord {
  id: string;
  heading?: string;
  parent?: string;
  cites?: CrossReference[];
  repairs?: Repair[];
  counterpart?: RuleRecord['counterpart'] & object;
  counterpart_note?: string;
  alignment?: Alignment;
  difference?: RuleDifference;
}

export interface StoredDocument extends DocumentMeta {
  records: StoredRecord[];
}

const ANCHOR = /^<a id="r-(.+?)"><\/a>$/;

type Matter = typeof import('gray-matter');
let matterModule: Matter | undefined;
/**
 * gray-matter (and js-yaml under it) is loaded on first use: the server reads the prebuilt JSON
 * snapshot and never needs it, so its start-up should not pay for loading it.
 */
function matter(): Matter {
  matterModule ??= createRequire(import.meta.url)('gray-matter') as Matter;
  return matterModule;
}

/** Markdown would swallow `<Blocker>` as an HTML tag: escape it in the body. */
function escapeBody(text: string): string {
  return text.replace(/</g, '\\<');
}

function unescapeBody(text: string): string {
  return text.replace(/\\</g, '<');
}

/** Whether a record's repairs restored a name the source lost (RuleRecord.restored). */
export function isRestored(repairs: readonly Repair[]): boolean {
  return repairs.some((r) => r.kind === 'keyword-restored' || r.kind === 'heading-restored');
}

export function renderDocument(meta: DocumentMeta, records: RuleRecord[]): string {
  const stored: StoredRecord[] = records.map((r) => ({
    id: r.id,
    ...(r.heading !== null ? { heading: r.heading } : {}),
    ...(r.parent !== null ? { parent: r.parent } : {}),
    ...(r.cites.length ? { cites: r.cites } : {}),
    ...(r.repairs.length ? { repairs: r.repairs } : {}),
    ...(r.counterpart ? { counterpart: r.counterpart } : {}),
    ...(r.counterpart_note ? { counterpart_note: r.counterpart_note } : {}),
    ...(r.alignment ? { alignment: r.alignment } : {}),
    ...(r.difference ? { difference: r.difference } : {}),
  }));
  const depth = new Map<string, number>();
  const lines: string[] = [`# ${meta.title}`, ''];
  for (const r of records) {
    const d = r.parent ? (depth.get(r.parent) ?? 0) + 1 : 1;
    depth.set(r.id, d);
    lines.push(`<a id="r-${r.id}"></a>`);
    if (r.heading !== null) {
      // Numbered records print their number ("### 8-5. Damage Step"); named ones only the heading.
      const label = /^\d/.test(r.id) ? `${r.id}. ${r.heading}` : r.heading;
      lines.push(`${'#'.repeat(Math.min(d + 1, 6))} ${escapeBody(label)}`);
      if (r.text) lines.push('', escapeBody(r.text));
    } else {
      lines.push(`**${r.id}.** ${escapeBody(r.text)}`);
    }
    lines.push('');
  }
  const data: StoredDocument = { ...meta, records: stored };
  // Plain JSON-compatible values only, so YAML round-trips them exactly.
  return matter().stringify(lines.join('\n'), JSON.parse(JSON.stringify(data)) as Record<string, unknown>);
}

export interface ParsedDocument {
  meta: DocumentMeta;
  records: RuleRecord[];
}

export function parseDocument(source: string): ParsedDocument {
  const { data, content } = matter()(source);
  const stored = data as StoredDocument;
  const { records: storedRecords, ...meta } = stored;
  // Split the body at the anchors; each block is one record's heading line and/or text.
  const texts = new Map<string, string>();
  let current: string | null = null;
  let buf: string[] = [];
  const flush = () => {
    if (current !== null) texts.set(current, buf.join('\n'));
  };
  for (const line of content.split('\n')) {
    const m = ANCHOR.exec(line);
    if (m) {
      flush();
      current = m[1]!;
      buf = [];
    } else if (current !== null) buf.push(line);
  }
  flush();
  const byId = new Map<string, RuleRecord>();
  const records: RuleRecord[] = storedRecords.map((s) => {
    const block = (texts.get(s.id) ?? '').trim();
    let text: string;
    if (s.heading !== undefined) {
      const nl = block.indexOf('\n');
      text = nl < 0 ? '' : block.slice(nl + 1).trim();
    } else {
      text = block.replace(/^\*\*[^*]+?\.\*\* ?/, '');
    }
    const rec: RuleRecord = {
      id: s.id,
      document: meta.id,
      language: meta.language,
      version: meta.version,
      heading: s.heading ?? null,
      path: [],
      parent: s.parent ?? null,
      children: [],
      text: unescapeBody(text),
      cites: s.cites ?? [],
      repairs: s.repairs ?? [],
      restored: isRestored(s.repairs ?? []),
      counterpart: s.counterpart ?? null,
      ...(s.counterpart_note ? { counterpart_note: s.counterpart_note } : {}),
      ...(s.alignment ? { alignment: s.alignment } : {}),
      ...(s.difference ? { difference: s.difference } : {}),
    };
    byId.set(rec.id, rec);
    return rec;
  });
  for (const r of records) {
    if (r.parent) byId.get(r.parent)?.children.push(r.id);
    const path: string[] = [];
    for (let p = r.parent ? byId.get(r.parent) : undefined; p; p = p.parent ? byId.get(p.parent) : undefined) {
      path.unshift(p.heading ? `${p.id}. ${p.heading}` : p.id);
    }
    r.path = path;
  }
  return { meta: meta as DocumentMeta, records };
}
