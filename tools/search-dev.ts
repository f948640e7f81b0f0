/**
 * Search quality on question sets (JSONL: {q, lang, doc, gold}): recall@5 and MRR per language and
 * document kind, with the misses. Usage: node --import tsx tools/search-dev.ts file.jsonl [...]
 */
import { loadCorpusFromMarkdown } from '../src/corpus/load.js';
import { CorpusStore } from '../src/corpus/store.js';
import { SearchService } from '../src/search/service.js';
import { isGoldHit, readQuestions } from '../test/search/gold.js';

const store = new CorpusStore(loadCorpusFromMarkdown());
const search = new SearchService(store);
const files = process.argv.slice(2);
const agg: Record<string, { n: number; hit: number; rr: number }> = {};
for (const file of files) {
  for (const q of readQuestions(file)) {
    const { results } = search.searchRules({ query: q.q, language: q.lang, limit: 5 });
    const idx = results.findIndex((r) => isGoldHit(q, r));
    const key = `${q.lang}/${q.doc}`;
    agg[key] ??= { n: 0, hit: 0, rr: 0 };
    agg[key].n++;
    if (idx >= 0) { agg[key].hit++; agg[key].rr += 1 / (idx + 1); }
    else console.log(`MISS ${q.q} [${q.gold}] -> ${results.map((x) => x.id).join(', ')}`);
  }
}
for (const [k, v] of Object.entries(agg)) console.log(`${k} recall@5 ${(v.hit / v.n).toFixed(2)} MRR ${(v.rr / v.n).toFixed(2)} (n=${v.n})`);
