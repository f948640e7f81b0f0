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

/** Recorded on a section whose items became records (search reads the section as a whole too). */
function splitRepair(items: Draft[]): { kind: 'split-into-items'; detail: string } {
  return { kind: 'split-into-items', detail: `its numbered items are records ${items[0]!.id} to ${items.at(-1)!.id}` };
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
  return [{ ...d, text: d.text.slice(0, starts[0]!.at).trim(), repairs: [...(d.repairs ?? []), splitRepair(items)] }, ...items];
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
  return [{ ...d, text: d.text.slice(0, found[0]!.index).trim(), repairs: [...(d.repairs ?? []), splitRepair(items)] }, ...items];
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

/** The manual's drafts with its lists and tables made citable. */
export function itemizeManual(drafts: Draft[]): Draft[] {
  return drafts.flatMap((d) => {
    if (INFRACTION_SECTIONS.has(d.id)) return splitInfractions(d);
    if (d.id === '3.5') return splitMatchStructures(d);
    if (d.id === '3.6') return [roundsTable(d)];
    return [d];
  });
}
