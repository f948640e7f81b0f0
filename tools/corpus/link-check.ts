/**
 * Checks every EN↔JA rule link. Links are made by number: a Japanese paragraph takes the number of
 * the English rule it lines up with (by order, or by content where the counts differ), so a link can
 * be wrong where the Japanese copy prints a rule the English lacks, merges rules or adds one. Each link is compared on what
 * both languages print alike (cited rule numbers, digits, keyword names 《…》/<…>, 【…】 timings,
 * the glossary's terms, length) and marked `confidence: 'checked'` or `'uncertain'` with the reason.
 * Links known to be wrong (read in both documents) are corrected first, with the reason recorded.
 */
import type { RuleRecord } from '../../src/corpus/types.js';
import { clues } from './align.js';

/** Links read in both documents and found wrong: the Japanese paragraph and what it corresponds to. */
export const LINK_CORRECTIONS: { ja: string; en: string | null; reason: string }[] = [
  {
    ja: '12-3-14-1',
    en: null,
    reason: 'the Japanese says a Pilot is, in principle, paired only with your own Unit; no English rule of 12-3 says this (English 12-3-14-1 is the battle-area-full procedure, which Japanese 12-3-14 gives)',
  },
  {
    ja: '3-4-6-4',
    en: null,
    reason: 'the Japanese says how a paired Command card\'s command effect activates when an effect refers to it; English 3-4-6-4 says the rules for Pilots apply while it is paired, which the Japanese does not print',
  },
  {
    ja: '7-5-2-2-3',
    en: '7-5-2-2',
    reason: 'the Japanese merges the procedure and its four steps (English 7-5-2-2 and 7-5-2-2-1 to 7-5-2-2-4, a. to d.) into one paragraph',
  },
];

const kinds = (s: Set<string>, prefix: string) => new Set([...s].filter((c) => c.startsWith(prefix)));
const missing = (a: Set<string>, b: Set<string>) => [...a].filter((c) => !b.has(c));
/** Japanese characters per English character for the same rule (as in align.ts). */
const JA_PER_EN = 0.42;

/** Why a link may be wrong, from what both texts print alike; empty when nothing disagrees. */
export function linkDoubts(en: RuleRecord, ja: RuleRecord): string[] {
  const enText = en.text || en.heading || '';
  const jaText = ja.text || ja.heading || '';
  const a = clues(enText, 'en');
  const b = clues(jaText, 'ja');
  const out: string[] = [];
  // Cited rules as resolved (a misprinted number whose title names another rule counts as that rule).
  for (const x of [a, b]) for (const c of [...x]) if (c.startsWith('ref:')) x.delete(c);
  for (const c of en.cites) a.add(`ref:${c.target ?? c.cited}`);
  for (const c of ja.cites) b.add(`ref:${c.target ?? c.cited}`);
  for (const prefix of ['kw:', 't:', 'ref:']) {
    const onlyEn = missing(kinds(a, prefix), b);
    const onlyJa = missing(kinds(b, prefix), a);
    if (onlyEn.length || onlyJa.length) out.push(`${prefix.slice(0, -1)} differ: ${[...onlyEn.map((c) => `EN ${c.slice(prefix.length)}`), ...onlyJa.map((c) => `JA ${c.slice(prefix.length)}`)].join(', ')}`);
  }
  // 0 and 1 are left out: the Japanese counts what the English words ("a card", "no cards": 1枚, 0枚).
  const nA = kinds(a, 'n:');
  const nB = new Set([...kinds(b, 'n:')].filter((c) => c !== 'n:0' && c !== 'n:1'));
  if (nB.size && missing(nB, nA).length) out.push(`numbers differ: JA ${missing(nB, nA).map((c) => c.slice(2)).join(' ')} not in EN`);
  if (!!en.text !== !!ja.text) out.push('one is a heading, the other a rule');
  if (en.text && ja.text) {
    const ratio = (jaText.length + 1) / (JA_PER_EN * enText.length + 1);
    if (ratio > 2.5 || ratio < 0.4) out.push(`lengths differ (${jaText.length} JA characters for ${enText.length} EN)`);
  }
  return out;
}

/** Applies LINK_CORRECTIONS and marks every link's confidence, on both sides. */
export function checkLinks(en: RuleRecord[], ja: RuleRecord[]): { checked: number; uncertain: number; corrected: number } {
  const enById = new Map(en.map((r) => [r.id, r]));
  const jaById = new Map(ja.map((r) => [r.id, r]));
  let corrected = 0;
  for (const c of LINK_CORRECTIONS) {
    const j = jaById.get(c.ja);
    if (!j) throw new Error(`link correction: no Japanese record ${c.ja}`);
    const old = j.counterpart ? enById.get(j.counterpart.id) : undefined;
    if (old && old.counterpart?.id === j.id) old.counterpart = null;
    if (c.en === null) {
      j.counterpart = null;
    } else {
      const e = enById.get(c.en);
      if (!e) throw new Error(`link correction: no English record ${c.en}`);
      j.counterpart = { document: e.document, id: e.id, confidence: 'checked', reason: `corrected: ${c.reason}` };
      e.counterpart = { document: j.document, id: j.id, confidence: 'checked', reason: `corrected: ${c.reason}` };
    }
    j.counterpart_note = `corrected: ${c.reason}`;
    if (old) old.counterpart_note = `corrected: Japanese ${c.ja} ${c.en === null ? 'has no English counterpart' : `is English ${c.en}`}: ${c.reason}`;
    corrected++;
  }
  let checked = 0;
  let uncertain = 0;
  for (const j of ja) {
    if (!j.counterpart || j.counterpart.confidence) continue;
    const e = enById.get(j.counterpart.id);
    if (!e) continue;
    const doubts = linkDoubts(e, j);
    const mark = doubts.length ? { confidence: 'uncertain' as const, reason: doubts.join('; ') } : { confidence: 'checked' as const };
    j.counterpart = { ...j.counterpart, ...mark };
    if (e.counterpart?.id === j.id) e.counterpart = { ...e.counterpart, ...mark };
    if (doubts.length) uncertain++;
    else checked++;
  }
  return { checked, uncertain, corrected };
}
