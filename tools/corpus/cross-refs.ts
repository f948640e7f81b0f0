/**
 * Finds the cross-references in a rule's text and resolves them against the document's rules.
 * Where a printed number and its printed title disagree ("(See 12-2-5. 【Burst】)" while 【Burst】
 * is 13-2-5 in this version) the reference points at the rule the title names and says so.
 */
import type { CrossReference } from '../../src/corpus/types.js';
import { compareRuleIds } from './rule-numbers.js';

export interface Titled {
  id: string;
  /** The rule's heading (or its text, for short titled rules such as "EX Base"). */
  title: string | null;
}

function normalizeTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[【】<>《》“”"'’()（）]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');
}

const PATTERNS: RegExp[] = [
  // (See 12-2-5. 【Burst】) / (see 6. Preparing to Play) / (See 11. Rules Management)
  /\((?:See|see) (\d{1,2}(?:-\d{1,2})*)\.?\s*([^)]*)\)/g,
  // (11-4. Battle Area Excess Management)
  /\((\d{1,2}(?:-\d{1,2})+)\.\s*([^)]*)\)/g,
  // (8-5)
  /\((\d{1,2}(?:-\d{1,2})+)\)()/g,
  // explained in 6-1. / explained in 6-2-1-6-1 above
  /\b(?:in|under|to) (\d{1,2}(?:-\d{1,2})+)\b()/g,
  // Japanese: （11.ルール処理参照） / （13-2-5.【バースト】参照） / 「8-5.ダメージステップ」
  /[（(](\d{1,2}(?:-\d{1,2})*)[.．]\s*([^）)]*?)参照[）)]/g,
  /「(\d{1,2}(?:-\d{1,2})+)[.．]([^」]*)」/g,
];

export function findReferences(text: string): { cited: string; title: string | null }[] {
  const seen = new Map<string, { cited: string; title: string | null; at: number }>();
  for (const re of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const cited = m[1]!;
      const title = (m[2] ?? '').trim() || null;
      const key = `${cited}|${title ?? ''}`;
      if (!seen.has(key)) seen.set(key, { cited, title, at: m.index! });
    }
  }
  return [...seen.values()].sort((a, b) => a.at - b.at).map(({ cited, title }) => ({ cited, title }));
}

/**
 * Returns a resolver for references made inside one document. The id set and title index are
 * built once here: the resolver runs once per record.
 */
export function referenceResolver(
  rules: readonly Titled[],
  versionLabel: string,
): (refs: { cited: string; title: string | null }[], selfId: string) => CrossReference[] {
  const ids = new Set(rules.map((r) => r.id));
  const byNormalTitle = new Map<string, Titled[]>();
  for (const r of rules) {
    if (r.title === null) continue;
    const key = normalizeTitle(r.title);
    const list = byNormalTitle.get(key);
    if (list) list.push(r);
    else byNormalTitle.set(key, [r]);
  }
  return (refs, selfId) => {
    const out: CrossReference[] = [];
    for (const ref of refs) {
      if (ref.cited === selfId) continue;
      const exists = ids.has(ref.cited);
      if (!ref.title) {
        out.push({ cited: ref.cited, title: null, target: exists ? ref.cited : null });
        continue;
      }
      const byTitle = byNormalTitle.get(normalizeTitle(ref.title)) ?? [];
      if (byTitle.some((r) => r.id === ref.cited)) {
        out.push({ cited: ref.cited, title: ref.title, target: ref.cited });
        continue;
      }
      if (byTitle.length > 0) {
        // Several rules may share a title ("Action Step" is 7-6-3 and 8-4, "Action Steps" is 9): take the
        // one at the printed number's depth, then the nearest in numbering.
        const depth = (id: string) => id.split('-').length;
        const wantDepth = depth(ref.cited);
        const best = [...byTitle].sort(
          (a, b) =>
            Math.abs(depth(a.id) - wantDepth) - Math.abs(depth(b.id) - wantDepth) ||
            Math.abs(compareRuleIds(a.id, ref.cited)) - Math.abs(compareRuleIds(b.id, ref.cited)) ||
            compareRuleIds(a.id, b.id),
        )[0]!;
        out.push({
          cited: ref.cited,
          title: ref.title,
          target: best.id,
          discrepancy: `printed as ${ref.cited}, but "${ref.title}" is ${best.id} in ${versionLabel}${exists ? ` (${ref.cited} is another rule)` : ` (there is no ${ref.cited})`}`,
        });
        continue;
      }
      out.push({
        cited: ref.cited,
        title: ref.title,
        target: exists ? ref.cited : null,
        ...(exists ? {} : { discrepancy: `${ref.cited} does not exist in ${versionLabel} and no rule is titled "${ref.title}"` }),
      });
    }
    return out;
  };
}
