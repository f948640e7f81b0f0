/**
 * Repairs the Comprehensive Rules' own cross-references that kept an old number: chapter 12
 * (Multiplayer Battle) and a section in chapter 5 were inserted and the references after them were
 * not renumbered ("(See 12-2-5. 【Burst】)" for 13-2-5, "(See 6-5. Main Phase)" for 7-5). The class
 * is read from the resolved references, never listed: a reference whose printed number names
 * another rule (or none) while its title, or the Japanese counterpart, names the rule one number
 * later at one level. Its text is rewritten to the right number and the record says so.
 */
import type { RuleRecord } from '../../src/corpus/types.js';

/** Whether `target` is `printed` with one of its numbers one higher (an insertion before it). */
export function shiftedByOne(printed: string, target: string): boolean {
  const a = printed.split('-').map(Number);
  const b = target.split('-').map(Number);
  if (a.length !== b.length) return false;
  const diff = a.map((x, i) => b[i]! - x);
  return diff.filter((d) => d !== 0).length === 1 && diff.includes(1);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rewrites the printed numbers of the shifted references in `records` (in place); returns how many. */
export function renumberReferences(records: RuleRecord[]): number {
  let count = 0;
  for (const r of records) {
    for (const c of r.cites) {
      if (!c.discrepancy || !c.target || !shiftedByOne(c.cited, c.target)) continue;
      // Only the reference itself: the printed number followed by its title, or in "(see N)".
      const at = c.title
        ? new RegExp(`(?<![\\d-])${escape(c.cited)}(?=[.．]?\\s*${escape(c.title)})`, 'g')
        : new RegExp(`(?<=\\((?:[Ss]ee )?)${escape(c.cited)}(?=\\))`, 'g');
      const text = r.text.replace(at, c.target);
      if (text === r.text) continue;
      r.text = text;
      r.repairs.push({
        kind: 'reference-renumbered',
        detail: `cross-reference printed as ${c.cited}${c.title ? ` ${c.title}` : ''} corrected to ${c.target}`,
        via: c.title ? `the rule titled ${c.title}` : 'the Japanese counterpart',
      });
      count++;
    }
  }
  return count;
}
