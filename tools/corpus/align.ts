/**
 * Lines up the Japanese paragraphs of a section with the English rules under the same section.
 * Where the counts agree the paragraphs are numbered by order (as the issue asks); where they do
 * not (the Japanese copy adds a rule, or merges or splits one), a global sequence alignment over
 * language-independent clues decides which paragraphs correspond, and the rest stay unaligned.
 */
import { KEYWORDS } from '../../src/corpus/keywords.js';
import { TERMS } from '../../src/corpus/terms.js';

export interface AlignItem {
  heading: boolean;
  text: string;
}

/** English number words the rules spell out where the Japanese prints digits. */
const NUMBER_WORDS: [RegExp, string][] = Object.entries({
  zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6',
  seven: '7', eight: '8', nine: '9', ten: '10', fifteen: '15', first: '1', once: '1', twice: '2',
}).map(([w, d]) => [new RegExp(`\\b${w}\\b`, 'i'), d]);

/** Timing keywords (【】) in both languages, so they can be compared across the languages. */
const TIMING: [string, string][] = [
  ['Activate･Main', '起動・メイン'], ['Activate･Action', '起動・アクション'], ['Main', 'メイン'],
  ['Action', 'アクション'], ['Burst', 'バースト'], ['Deploy', '配備時'], ['Attack', 'アタック時'],
  ['Destroyed', '破壊時'], ['When Paired', 'セット時'], ['During Pair', 'セット中'],
  ['When Linked', 'リンク時'], ['During Link', 'リンク中'], ['Once per Turn', 'ターン１回'], ['Pilot', 'パイロット'],
];

function toHalfWidth(s: string): string {
  return s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** Language-independent clues in a text: cited rule numbers, numbers, keywords, examples. */
export function clues(text: string, lang: 'en' | 'ja'): Set<string> {
  const out = new Set<string>();
  const t = toHalfWidth(text);
  for (const m of t.matchAll(/\d{1,2}(?:-\d{1,2})+/g)) out.add('ref:' + m[0]);
  for (const m of t.matchAll(/(?<![\d-])\d{1,2}(?![\d-])/g)) out.add('n:' + m[0]);
  if (lang === 'en') {
    for (const [re, d] of NUMBER_WORDS) if (re.test(t)) out.add('n:' + d);
    for (const k of KEYWORDS) if (t.includes(k.name)) out.add('kw:' + k.name);
    for (const [en] of TIMING) if (t.includes(`【${en}】`)) out.add('t:' + en);
    if (/\bEx:/.test(t)) out.add('example');
    for (const [en, ja] of TERMS) if (en.test(t)) out.add('term:' + ja);
  } else {
    for (const k of KEYWORDS) if (t.includes(k.ja)) out.add('kw:' + k.name);
    for (const [en, ja] of TIMING) if (t.includes(`【${ja}】`) || t.includes(`【${ja.replace('１', '1')}】`)) out.add('t:' + en);
    if (t.includes('例：')) out.add('example');
    for (const [, ja] of TERMS) if (t.includes(ja)) out.add('term:' + ja);
  }
  return out;
}

/** Rough ratio of Japanese characters to English characters for the same rule in these documents. */
const JA_PER_EN = 0.42;

/** `a` and `b` are the clues of `en` and `ja`, computed once per item by alignSection. */
function similarity(en: AlignItem, ja: AlignItem, a: Set<string>, b: Set<string>): number {
  let s = 0;
  if (en.heading !== ja.heading) s -= 3;
  else if (en.heading) s += 2;
  for (const c of a) {
    if (b.has(c)) s += c.startsWith('ref:') ? 3 : c.startsWith('n:') ? 0.75 : c.startsWith('term:') ? 0.6 : 1;
    else if (c.startsWith('t:')) s -= 1.5;
  }
  for (const c of b) if (c.startsWith('t:') && !a.has(c)) s -= 1.5;
  const ratio = (ja.text.length + 1) / (JA_PER_EN * en.text.length + 1);
  s -= Math.min(3, Math.abs(Math.log(ratio)) * 1.5);
  return s + 1.5;
}

const GAP = -1;

/**
 * Returns, for each Japanese item, the index of the English item it corresponds to, or -1.
 * Equal counts are numbered by order; otherwise by sequence alignment.
 */
export function alignSection(en: AlignItem[], ja: AlignItem[]): { map: number[]; byOrder: boolean } {
  if (en.length === ja.length) return { map: ja.map((_, i) => i), byOrder: true };
  const n = en.length;
  const m = ja.length;
  const enClues = en.map((e) => clues(e.text, 'en'));
  const jaClues = ja.map((x) => clues(x.text, 'ja'));
  const sim = (i: number, j: number) => similarity(en[i]!, ja[j]!, enClues[i]!, jaClues[j]!);
  const score: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const move: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) { score[i]![0] = i * GAP; move[i]![0] = 1; }
  for (let j = 1; j <= m; j++) { score[0]![j] = j * GAP; move[0]![j] = 2; }
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diag = score[i - 1]![j - 1]! + sim(i - 1, j - 1);
      const up = score[i - 1]![j]! + GAP;
      const left = score[i]![j - 1]! + GAP;
      const best = Math.max(diag, up, left);
      score[i]![j] = best;
      move[i]![j] = best === diag ? 0 : best === up ? 1 : 2;
    }
  }
  const map = new Array<number>(m).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const mv = i > 0 && j > 0 ? move[i]![j]! : i > 0 ? 1 : 2;
    if (mv === 0) {
      if (sim(i - 1, j - 1) > 0) map[j - 1] = i - 1;
      i--; j--;
    } else if (mv === 1) i--;
    else j--;
  }
  return { map, byOrder: false };
}
