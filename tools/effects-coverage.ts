/**
 * How much of the catalog's effect text the compiler reads: cards with effect text beyond bare
 * keywords, how many compile fully, counts per sentence pattern, the most common unread clauses
 * and the reasons. `npm run effects:coverage` (add `--json` for the numbers only).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileCardText } from '../src/abilities/compile.js';
import type { CardAbilities } from '../src/abilities/ir.js';
import type { CardRecord } from '../src/corpus/types.js';

export interface Coverage {
  /** Card numbers with effect text beyond bare keywords. */
  withEffects: number;
  full: number;
  partial: number;
  patterns: { id: string; cards: number; clauses: number }[];
  unread: { clause: string; count: number }[];
  reasons: Record<string, number>;
  /** Card numbers (with effect text) that compile fully. */
  fullCards: string[];
}

/** The keywords that take an amount (13-1-1, 13-1-2, 13-1-3). */
const AMOUNTED = new Set(['Repair', 'Breach', 'Support']);

/** One record per card number; its compiled abilities (the corpus's own, or compiled now). */
export function measureCoverage(cards: CardRecord[]): Coverage {
  const seen = new Set<string>();
  const perPattern = new Map<string, { cards: Set<string>; clauses: number }>();
  const unread = new Map<string, number>();
  const reasons: Record<string, number> = {};
  let withEffects = 0;
  let full = 0;
  const fullCards: string[] = [];
  for (const card of cards) {
    const id = card.base_id ?? card.id;
    if (seen.has(id)) continue;
    seen.add(id);
    const compiled: CardAbilities = compileCardText(card.text, { keywords: card.keywords });
    // A bare keyword line is no effect text, unless the source lost its amount ("<Breach>"): the
    // engine then runs it and leaves open what the amount decides, so the card stays counted.
    if (compiled.effects === 'none' || compiled.abilities.every((a) => a.kind === 'keyword' && !(a.keyword.amount === null && AMOUNTED.has(a.keyword.name)))) continue;
    withEffects++;
    if (compiled.effects === 'full') {
      full++;
      fullCards.push(id);
    }
    for (const a of compiled.abilities) {
      if (a.kind === 'unsupported') {
        reasons[a.reason] = (reasons[a.reason] ?? 0) + 1;
        const key = a.detail.startsWith('round trip') ? `(round trip) ${a.text}` : a.unread;
        const n = key.replace(/\d+/g, 'N');
        unread.set(n, (unread.get(n) ?? 0) + 1);
        continue;
      }
      for (const p of a.patterns) {
        const e = perPattern.get(p) ?? { cards: new Set<string>(), clauses: 0 };
        e.cards.add(id);
        e.clauses++;
        perPattern.set(p, e);
      }
    }
  }
  return {
    withEffects,
    full,
    partial: withEffects - full,
    patterns: [...perPattern.entries()].map(([pid, e]) => ({ id: pid, cards: e.cards.size, clauses: e.clauses })).sort((a, b) => b.cards - a.cards || a.id.localeCompare(b.id)),
    unread: [...unread.entries()].map(([clause, count]) => ({ clause, count })).sort((a, b) => b.count - a.count || a.clause.localeCompare(b.clause)),
    reasons,
    fullCards,
  };
}

export function loadCatalog(): CardRecord[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return JSON.parse(fs.readFileSync(path.join(root, 'corpus', 'cards', 'cards.json'), 'utf8')) as CardRecord[];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const c = measureCoverage(loadCatalog());
  const ms = performance.now() - started;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...c, fullCards: undefined, unread: c.unread.slice(0, 30) }, null, 1));
  } else {
    console.log(`cards with effect text beyond bare keywords: ${c.withEffects}`);
    console.log(`full: ${c.full}   partial: ${c.partial}   (compiled in ${ms.toFixed(0)} ms)`);
    console.log('\nper pattern (cards / clauses):');
    for (const p of c.patterns) console.log(`  ${p.id.padEnd(36)} ${String(p.cards).padStart(4)} / ${p.clauses}`);
    console.log('\nunsupported abilities by reason:');
    for (const [r, n] of Object.entries(c.reasons).sort((a, b) => b[1] - a[1])) console.log(`  ${r.padEnd(20)} ${n}`);
    console.log('\ntop 30 unread clauses:');
    for (const u of c.unread.slice(0, 30)) console.log(`  ${String(u.count).padStart(4)}  ${u.clause}`);
  }
}
