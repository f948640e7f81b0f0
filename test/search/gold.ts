/**
 * The search question sets (JSONL: {q, lang, doc, gold}) and what counts as finding a gold rule. No
 * vitest here: test/search/quality.test.ts and tools/search-dev.ts judge hits the same way.
 */
import fs from 'node:fs';

export type Question = { q: string; lang: 'en' | 'ja'; doc: 'rules' | 'tournament'; gold: string[] };

export function readQuestions(file: string): Question[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
}

/**
 * A result answers the question when it is from the right kind of document and is a gold rule, one
 * of its sub-rules, or (two levels deep or more) the parent of one.
 */
export function isGoldHit(q: Question, r: { id: string; document: string }): boolean {
  return (
    (q.doc === 'tournament') === /tournament|floor/.test(r.document) &&
    q.gold.some((g) => r.id === g || r.id.startsWith(`${g}-`) || r.id.startsWith(`${g}.`) || (g.startsWith(`${r.id}-`) && r.id.split('-').length >= 2))
  );
}
