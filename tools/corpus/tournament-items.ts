/**
 * Splits the Tournament Rules Manual's long sections into citable items: each infraction of
 * 7.4.1–7.4.3 ("5. Deck Error: Incorrect number of cards … Penalty: Game Loss …") becomes a record
 * of its own (`7.4.2.5`), its parts (definition, penalty, resolution, examples) on lines of their
 * own; each match structure of 3.5 becomes a record (`3.5.1`) holding a Markdown table, and the
 * round table of 3.6 is kept as a Markdown table. The PDF extraction flattened all of these into
 * run-on text, where the one line a ruling cites sat thousands of characters in.
 */
import type { Draft } from './records.js';

/** Sections whose numbered infractions become records. */
const INFRACTION_SECTIONS = new Set(['7.4.1', '7.4.2', '7.4.3']);

/**
 * The section, keeping its text up to `introEnd` and a `split-into-items` repair naming the items
 * (search reads the section as a whole too), followed by its items.
 */
function withItems(d: Draft, introEnd: number, items: Draft[]): Draft[] {
  const repair = { kind: 'split-into-items' as const, detail: `its numbered items are records ${items[0]!.id} to ${items.at(-1)!.id}` };
  return [{ ...d, text: d.text.slice(0, introEnd).trim(), repairs: [...(d.repairs ?? []), repair] }, ...items];
}

/** "Penalty: … Resolution: … Examples: • … • …" on lines of their own. */
function infractionText(body: string): string {
  const parts = body.split(/\s*\b(Penalty:|Resolution:|Examples:)\s*/);
  const lines = [parts[0]!.trim()];
  for (let i = 1; i < parts.length; i += 2) {
    const label = parts[i]!;
    const value = (parts[i + 1] ?? '').trim();
    if (label === 'Examples:') {
      lines.push('Examples:', ...value.split(/\s*•\s*/).filter(Boolean).map((x) => `• ${x}`));
    } else lines.push(`${label} ${value}`);
  }
  return lines.join('\n');
}

/** The numbered infractions of one section: its introduction and one draft per item. */
export function splitInfractions(d: Draft): Draft[] {
  // An item starts "N. Name An infraction in which …", N counting up from 1.
  const starts: { at: number; n: number; name: string; bodyAt: number }[] = [];
  for (let n = 1, from = 0; ; n++) {
    const m = new RegExp(`(?:^|\\s)${n}\\. (.{3,90}?) (An infraction\\b)`).exec(d.text.slice(from));
    if (!m) break;
    const at = from + m.index + (m[0].startsWith(' ') ? 1 : 0);
    starts.push({ at, n, name: m[1]!.trim(), bodyAt: from + m.index + m[0].length - m[2]!.length });
    from = at + 1;
  }
  if (starts.length < 2) throw new Error(`tournament manual ${d.id}: found ${starts.length} numbered infractions`);
  const items: Draft[] = starts.map((s, i) => ({
    id: `${d.id}.${s.n}`,
    heading: s.name,
    text: infractionText(d.text.slice(s.bodyAt, i + 1 < starts.length ? starts[i + 1]!.at : d.text.length)),
  }));
  return withItems(d, starts[0]!.at, items);
}

/** The match structures of 3.5, each a record with its figures as a Markdown table. */
export function splitMatchStructures(d: Draft): Draft[] {
  const name = '[A-Z][\\w()]*(?: [A-Z0-9(][\\w()]*)*';
  const re = new RegExp(`(${name}) Match Structure (Best-of-\\w+ Game Match) (.*?)(?= ${name} Match Structure Best-of|$)`, 'g');
  const found = [...d.text.matchAll(re)];
  if (found.length < 2) throw new Error(`tournament manual ${d.id}: found ${found.length} match structures`);
  const items = found.map((m, i) => {
    const rows: [string, string][] = [['Format', m[2]!]];
    const rest = m[3]!;
    for (const f of rest.matchAll(/(Number of game wins necessary|Match Time|Extra Time): (.*?)(?= (?:Number of game wins necessary|Match Time|Extra Time):|$)/g)) {
      const value = f[2]!.trim();
      rows.push([f[1]!, value.replace(/ No time limit$/, '')]);
      if (/ No time limit$/.test(value)) rows.push(['Match Time', 'No time limit']);
    }
    if (/^No time limit$|Number of game wins necessary: \d+ No time limit/.test(rest) && !rows.some(([k]) => k === 'Match Time')) rows.push(['Match Time', 'No time limit']);
    const table = ['| | |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
    return { id: `${d.id}.${i + 1}`, heading: `${m[1]} Match Structure`, text: table };
  });
  return withItems(d, found[0]!.index, items);
}

/** 3.6's table of rounds by number of participants, as a Markdown table inside the record. */
export function roundsTable(d: Draft): Draft {
  const head = 'Number of Participants Expected Number of Swiss Players Qualifying for Top Cut Rounds (if applicable)';
  const at = d.text.indexOf(head);
  if (at < 0) throw new Error(`tournament manual ${d.id}: no rounds table`);
  const after = d.text.slice(at + head.length);
  const rowRe = /\s*(\d+\s*[–-]\s*\d+) (\d+) rounds (None|Top \d+)/y;
  const rows: string[] = [];
  let end = 0;
  for (let m = rowRe.exec(after); m; m = rowRe.exec(after)) {
    rows.push(`| ${m[1]!.replace(/\s*[–-]\s*/, '–')} | ${m[2]} | ${m[3]} |`);
    end = rowRe.lastIndex;
  }
  if (rows.length < 5) throw new Error(`tournament manual ${d.id}: rounds table has ${rows.length} rows`);
  const table = ['| Number of participants | Expected number of Swiss rounds | Players qualifying for Top Cut (if applicable) |', '| --- | --- | --- |', ...rows].join('\n');
  return { ...d, text: `${d.text.slice(0, at).trim()}\n\n${table}\n\n${after.slice(end).trim()}` };
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];
const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨', '⑩'];
/** Lower-case words a title may hold ("Effects That Look at Decks"). */
const TITLE_SMALL = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

/**
 * The title at the start of a flattened item ("Time Limits When the scheduled ending…" → "Time
 * Limits"): the run of capitalised words (and small words inside a title) up to the capitalised
 * word that begins the first sentence, the one a lower-case word follows.
 */
export function leadingTitle(text: string): { title: string; rest: string } | null {
  const words = text.split(' ');
  let end = 0;
  while (end < words.length && (/^[A-Z]/.test(words[end]!) || (end > 0 && TITLE_SMALL.has(words[end]!)))) end++;
  // Small words at the end of the run belong to the sentence; so does its last capitalised word.
  while (end > 0 && TITLE_SMALL.has(words[end - 1]!)) end--;
  const titleEnd = end - 1;
  if (titleEnd < 1) return null;
  return { title: words.slice(0, titleEnd).join(' '), rest: words.slice(titleEnd).join(' ') };
}

/**
 * A Floor Rules section whose marked items ("I. Shuffling …", "① Caution …") the PDF flattened:
 * the section keeps its introduction, and each item is a record (`section-8.2`, heading "II. Time
 * Limits"). Markers count up from the first; one not followed by a title is prose ("① through ④").
 */
export function splitMarkedItems(d: Draft, markers: string[], marker: (m: string) => string): Draft[] {
  const starts: { at: number; label: string; title: string; bodyAt: number }[] = [];
  let from = 0;
  for (const m of markers) {
    const re = new RegExp(`(?:^|\\s)${marker(m).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (?=[A-Z])`, 'g');
    re.lastIndex = from;
    let found: { at: number; label: string; title: string; bodyAt: number } | null = null;
    for (let hit = re.exec(d.text); hit && !found; hit = re.exec(d.text)) {
      const at = hit.index + (hit[0].startsWith(' ') ? 1 : 0);
      const after = d.text.slice(hit.index + hit[0].length);
      const t = leadingTitle(after);
      if (t) found = { at, label: marker(m), title: t.title, bodyAt: hit.index + hit[0].length + after.indexOf(t.rest) };
    }
    if (!found) break;
    starts.push(found);
    from = found.bodyAt;
  }
  if (starts.length < 2) throw new Error(`floor rules ${d.id}: found ${starts.length} marked items`);
  const items: Draft[] = starts.map((s, i) => ({
    id: `${d.id}.${i + 1}`,
    heading: `${s.label} ${s.title}`,
    text: d.text.slice(s.bodyAt, i + 1 < starts.length ? starts[i + 1]!.at : d.text.length).trim(),
    parent: d.id,
  }));
  return withItems(d, starts[0]!.at, items);
}

/** The Floor Rules' drafts with the lettered parts of sections 8 and the penalties of 12 made citable. */
export function itemizeFloorRules(drafts: Draft[]): Draft[] {
  return drafts.flatMap((d) => {
    if (/\bI\. [A-Z]/.test(d.text) && /\bII\. [A-Z]/.test(d.text)) return splitMarkedItems(d, ROMAN, (m) => `${m}.`);
    if (d.text.includes('① ') && d.text.includes('② ')) return splitMarkedItems(d, CIRCLED, (m) => m);
    return [d];
  });
}

/** The manual's drafts with its lists and tables made citable. */
export function itemizeManual(drafts: Draft[]): Draft[] {
  return drafts.flatMap((d) => {
    if (INFRACTION_SECTIONS.has(d.id)) return splitInfractions(d);
    if (d.id === '3.5') return splitMatchStructures(d);
    if (d.id === '3.6') return [roundsTable(d)];
    return [d];
  });
}
