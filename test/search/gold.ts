/**
 * The search question sets (JSONL) and what counts as finding a gold rule. No vitest here:
 * test/search/quality.test.ts and tools/search-eval.ts judge hits the same way.
 *
 * A question: {q, lang, doc, gold} and, in the blind sets, `strict` (the exact governing rules),
 * `family` (which document family should answer first) and `style` (player, assistant, judge...).
 */
import fs from 'node:fs';

export type Question = {
  q: string;
  lang: 'en' | 'ja';
  doc: 'rules' | 'tournament';
  gold: string[];
  strict?: string[];
  family?: string | string[];
  style?: string;
};

export function readQuestions(file: string): Question[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, n) => {
      const q = JSON.parse(l) as Question;
      if (typeof q.q !== 'string' || !Array.isArray(q.gold)) throw new Error(`${file}:${n + 1}: a question needs q and gold`);
      q.lang ??= /[\u3040-\u30ff\u4e00-\u9fff]/.test(q.q) ? 'ja' : 'en';
      q.doc ??= 'rules';
      return q;
    });
}

/** Whether a result comes from the kind of document the question is about. */
function rightKind(q: Question, r: { document: string }): boolean {
  return (q.doc === 'tournament') === /tournament|floor/.test(r.document);
}

/**
 * Lenient: the result is from the right kind of document and is a gold rule, one of its sub-rules,
 * or (two levels deep or more) the parent of one.
 */
export function isGoldHit(q: Question, r: { id: string; document: string }): boolean {
  return (
    rightKind(q, r) &&
    q.gold.some((g) => r.id === g || r.id.startsWith(`${g}-`) || r.id.startsWith(`${g}.`) || (g.startsWith(`${r.id}-`) && r.id.split('-').length >= 2))
  );
}

/**
 * Tournament sections the corpus has since split into items (each infraction of the manual's
 * 7.4.1–7.4.3, each match structure of 3.5; the parts of the Floor Rules' Section 8 and the
 * penalties of Section 12): the sets were keyed when the section held all of its items' text, and
 * the section now holds only its introduction, so an item of it is the rule the question was keyed
 * to. (The done-when tests pin the right item for the questions that need it.)
 */
const SPLIT_INTO_ITEMS: Record<string, Set<string>> = {
  'gundam-tournament-rules-en': new Set(['7.4.1', '7.4.2', '7.4.3', '3.5']),
  'gundam-floor-rules-en': new Set(['section-8', 'section-12']),
};
const itemOf = (document: string, g: string, id: string) =>
  SPLIT_INTO_ITEMS[document]?.has(g) === true && id.startsWith(`${g}.`) && id.split('.').length === g.split('.').length + 1;

/** Strict: the result is exactly one of the governing rules (`strict`, else `gold`). */
export function isStrictHit(q: Question, r: { id: string; document: string }): boolean {
  return rightKind(q, r) && (q.strict ?? q.gold).some((g) => g === r.id || itemOf(r.document, g, r.id));
}

/**
 * Document families as question sets name them ("floor", "tournament-rules-manual", "cr", "both"...),
 * as a test on a result's document id. Unknown names return undefined, so a typo is reported, not scored.
 */
export function familyTest(family: string): ((document: string) => boolean) | undefined {
  const f = family.toLowerCase();
  if (/floor/.test(f)) return (d) => /floor/.test(d);
  if (/manual|trm|tournament/.test(f)) return (d) => /tournament-rules/.test(d);
  if (/comprehensive|^cr$|^rules$|^game$/.test(f)) return (d) => /-cr-/.test(d);
  if (/errata/.test(f)) return (d) => /errata/.test(d);
  if (/both|any|either/.test(f)) return (d) => /tournament|floor/.test(d);
  return undefined;
}

/** Whether the first result is from (one of) the question's families; undefined when it names none. */
export function familyFirst(q: Question, results: { document: string }[]): boolean | undefined {
  if (q.family === undefined) return undefined;
  const families = Array.isArray(q.family) ? q.family : [q.family];
  const tests = families.map((f) => {
    const t = familyTest(f);
    if (!t) throw new Error(`unknown document family "${f}" in: ${q.q}`);
    return t;
  });
  const first = results[0];
  return !!first && tests.some((t) => t(first.document));
}
