/**
 * The differences between the English and the Japanese Comprehensive Rules, computed with the
 * corpus. Three kinds: a Japanese record no English rule corresponds to, an English rule no
 * Japanese record corresponds to, and counterparts whose content differs. Counterparts are flagged
 * by what can be counted on both sides (numbers, cited rules, keyword names and timings, how much
 * each says beyond the other: sentences and length against the documents' usual ratio); every
 * flagged pair was then read in both languages. What a difference is, in English, is the project's
 * hand-written data (corpus/notes/cr-differences.json): a summary for each real difference and,
 * for a pair the counts flag that says the same in both, why it is the same. The build refuses a
 * flagged pair without an entry and an entry for nothing flagged, so the table follows the sources.
 */
import type { RuleDifference, RuleRecord } from '../../src/corpus/types.js';
import { linkDoubts } from './link-check.js';

/** The hand-written reading of one flagged record or pair: a summary, or why it does not differ. */
export interface DifferenceNote {
  summary?: string;
  same?: string;
}

/** Keys: `ja:<id>` (Japanese only), `en:<id>` (English only), `pair:<English id>` (counterparts). */
export type DifferenceNotes = Record<string, DifferenceNote>;

const withoutReferences = (t: string) =>
  t.normalize('NFKC').replace(/\([Ss]ee [^)]*\)|\(\d+(?:-\d+)*\.[^)]*\)|\([^)]*参照\)|「\d+(?:-\d+)*\.[^」]*」/g, '');
const sentencesEn = (t: string) => withoutReferences(t).split(/(?<=[.!?])\s+/).filter((s) => /\w/.test(s)).length;
const sentencesJa = (t: string) => withoutReferences(t).split(/(?<=。)/).filter((s) => s.trim()).length;

/** Why the counts say a pair may differ in content; empty when they agree. */
export function contentSignals(en: RuleRecord, ja: RuleRecord, jaPerEn: number): string[] {
  const out = linkDoubts(en, ja).filter((d) => !d.startsWith('lengths differ'));
  const e = withoutReferences(en.text);
  const j = withoutReferences(ja.text);
  if (e && j) {
    const ratio = j.length / (jaPerEn * e.length);
    const [se, sj] = [sentencesEn(en.text), sentencesJa(ja.text)];
    if (ratio >= 1.4 && sj > se) out.push(`the Japanese says more (${sj} sentences for ${se}; ${ratio.toFixed(1)}× the usual length)`);
    if (ratio <= 0.6 && se > sj) out.push(`the English says more (${se} sentences for ${sj}; ${ratio.toFixed(1)}× the usual length)`);
  }
  return out;
}

export interface DifferenceTable {
  jaOnly: number;
  enOnly: number;
  differs: number;
  /** Flagged by the counts (or unpaired) and read as saying the same in both languages. */
  same: number;
}

/**
 * Sets `difference` on the records of both documents (history records are left out) and returns
 * the counts. Throws when the notes and the flagged records do not match one to one.
 */
export function markDifferences(en: RuleRecord[], ja: RuleRecord[], notes: DifferenceNotes): DifferenceTable {
  const rulesEn = en.filter((r) => !r.id.startsWith('history'));
  const rulesJa = ja.filter((r) => !r.id.startsWith('history'));
  const enById = new Map(rulesEn.map((r) => [r.id, r]));
  const linkedEn = new Set(rulesJa.flatMap((r) => (r.counterpart ? [r.counterpart.id] : [])));
  const pairs = rulesJa.flatMap((j) => {
    const e = j.counterpart ? enById.get(j.counterpart.id) : undefined;
    return e && e.text && j.text ? [{ e, j }] : [];
  });
  // The documents' own ratio of Japanese to English characters for the same rule.
  const ratios = pairs.map(({ e, j }) => withoutReferences(j.text).length / Math.max(1, withoutReferences(e.text).length)).sort((a, b) => a - b);
  const jaPerEn = ratios[ratios.length >> 1] ?? 0.45;

  const used = new Set<string>();
  const wanting: string[] = [];
  const note = (key: string, what: string): DifferenceNote => {
    const n = notes[key];
    used.add(key);
    if (n && !n.summary !== !n.same) return n;
    wanting.push(`${key} (${what})`);
    return { summary: '' };
  };
  const table: DifferenceTable = { jaOnly: 0, enOnly: 0, differs: 0, same: 0 };
  const set = (r: RuleRecord, d: RuleDifference) => (r.difference = d);

  for (const j of rulesJa) {
    if (j.counterpart) continue;
    const n = note(`ja:${j.id}`, 'a Japanese record with no English counterpart');
    // "same": its content is in another record of the other language (a merged or split paragraph).
    if (n.same) table.same++;
    else {
      set(j, { kind: 'no-counterpart', summary: n.summary!, signals: ['no English rule corresponds'] });
      table.jaOnly++;
    }
  }
  for (const e of rulesEn) {
    if (linkedEn.has(e.id)) continue;
    const n = note(`en:${e.id}`, 'an English rule with no Japanese counterpart');
    if (n.same) table.same++;
    else {
      set(e, { kind: 'no-counterpart', summary: n.summary!, signals: ['no Japanese record corresponds'] });
      table.enOnly++;
    }
  }
  for (const { e, j } of pairs) {
    const signals = contentSignals(e, j, jaPerEn);
    const key = `pair:${e.id}`;
    if (!signals.length && !notes[key]) continue;
    const n = note(key, `counterparts flagged: ${signals.join('; ') || 'read as differing'}`);
    if (n.same) {
      table.same++;
      continue;
    }
    const d: RuleDifference = { kind: 'differs', summary: n.summary!, signals: signals.length ? signals : ['read in both languages'] };
    set(e, d);
    set(j, d);
    table.differs++;
  }
  if (wanting.length) throw new Error(`corpus/notes/cr-differences.json: each of these needs exactly one of "summary" or "same":\n${wanting.join('\n')}`);
  const stale = Object.keys(notes).filter((k) => !used.has(k));
  if (stale.length) throw new Error(`corpus/notes/cr-differences.json: entries for nothing the build flags: ${stale.join(', ')}`);
  return table;
}
