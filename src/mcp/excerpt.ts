/**
 * Sizes a search answer for an assistant: each result carries the part of its record that matches
 * the question (whole lines or sentences around the best match, the record's full length beside
 * it; get_rule and read_rules_document give the full text), no result repeats text another result
 * already gives, and the whole answer stays within a budget.
 */
import { processEnglish, processJapanese, tokenizeEnglish, tokenizeJapanese } from '../search/text.js';

/** Characters of a record's text a result carries before it is cut to its matching part. */
export const EXCERPT_CHARS = 480;
/** The characters of record text an answer carries in full matching parts (the text and the structured
 * copy of it stay within about 8 and 16 KB with headings and paths); past it results carry their first line only. */
export const TEXT_BUDGET = 4500;

function terms(text: string, ja: boolean): Set<string> {
  const tokens = ja ? tokenizeJapanese(text) : tokenizeEnglish(text);
  const process = ja ? processJapanese : processEnglish;
  return new Set(tokens.map((t) => process(t)).filter((t): t is string => !!t));
}

/** Lines when the record has them (tournament items: Penalty:, Resolution:, •), else sentences. */
function units(text: string): string[] {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length > 1) return lines;
  return text.split(/(?<=[.!?。])\s+(?=\S)/).filter((s) => s.trim());
}

/**
 * The part of `text` that best matches `query`, at most about `max` characters: the unit with the
 * most query terms, then its neighbours while they fit. Returns the text itself when it is short.
 */
export function matchingPart(text: string, query: string, max = EXCERPT_CHARS): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const ja = /[\u3040-\u30ff\u4e00-\u9fff]/.test(text);
  const q = terms(query, ja);
  const parts = units(text);
  const score = parts.map((u) => [...terms(u, ja)].filter((t) => q.has(t)).length);
  let best = 0;
  for (let i = 1; i < parts.length; i++) if (score[i]! > score[best]!) best = i;
  let [from, to] = [best, best];
  let size = parts[best]!.length;
  // Grow toward the better-scoring neighbour first, then the earlier one (it gives the context).
  for (;;) {
    const before = from > 0 ? parts[from - 1]! : null;
    const after = to < parts.length - 1 ? parts[to + 1]! : null;
    const takeAfter = after !== null && (before === null || score[to + 1]! > score[from - 1]!);
    const next = takeAfter ? after : before;
    if (next === null || size + next.length + 1 > max) break;
    size += next.length + 1;
    if (takeAfter) to++;
    else from--;
  }
  const joiner = text.includes('\n') ? '\n' : ' ';
  let out = parts.slice(from, to + 1).join(joiner);
  if (out.length > max) out = `${out.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
  return { text: `${from > 0 ? '… ' : ''}${out}${to < parts.length - 1 && !out.endsWith('…') ? ' …' : ''}`, cut: true };
}
