/**
 * The project's paraphrases of rules (corpus/asks/<document id>.jsonl): for each rule, questions and
 * situations it decides in players' words, written from the rules' text by people who had not seen
 * the evaluation questions. They are an input the build checks and normalizes, not a generated file:
 * every id must be a record of that document, every rule once, every ask a non-empty line of text.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RuleRecord } from '../../src/corpus/types.js';

export interface AsksFile {
  document: string;
  file: string;
  records: number;
  content: string;
}

/** Reads and checks every asks file in `dir` against the documents' records; throws naming what is wrong. */
export function readAsks(dir: string, documents: { id: string; records: RuleRecord[] }[]): AsksFile[] {
  if (!fs.existsSync(dir)) return [];
  const out: AsksFile[] = [];
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    const document = name.slice(0, -'.jsonl'.length);
    const doc = documents.find((d) => d.id === document);
    if (!doc) throw new Error(`corpus/asks/${name}: no document "${document}"`);
    const order = new Map(doc.records.map((r, i) => [r.id, i]));
    const seen = new Map<string, string[]>();
    fs.readFileSync(path.join(dir, name), 'utf8').split('\n').forEach((line, n) => {
      if (!line.trim()) return;
      const where = `corpus/asks/${name}:${n + 1}`;
      const row = JSON.parse(line) as { id?: unknown; asks?: unknown };
      if (typeof row.id !== 'string' || !order.has(row.id)) throw new Error(`${where}: "${String(row.id)}" is not a record of ${document}`);
      if (seen.has(row.id)) throw new Error(`${where}: ${row.id} is listed twice`);
      if (!Array.isArray(row.asks) || row.asks.some((a) => typeof a !== 'string' || !a.trim() || a.includes('\n'))) {
        throw new Error(`${where}: asks must be a list of one-line texts`);
      }
      seen.set(row.id, (row.asks as string[]).map((a) => a.trim().replace(/\s+/g, ' ')));
    });
    const rows = [...seen].sort(([a], [b]) => order.get(a)! - order.get(b)!);
    out.push({
      document,
      file: `asks/${name}`,
      records: rows.length,
      content: rows.map(([id, asks]) => JSON.stringify({ id, asks })).join('\n') + '\n',
    });
  }
  return out;
}
