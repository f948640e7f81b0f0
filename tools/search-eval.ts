/**
 * Search quality on question sets, with the real search service in-process. Prints per set, per
 * language and document kind, and per style: lenient recall@5, strict recall@5, top-1 (lenient and
 * strict), MRR, and whether the right document family is first (when the questions name one).
 *
 *   npm run search:eval -- file.jsonl [more.jsonl ...] [--misses] [--json]
 *
 * Question lines: {q, lang, doc: "rules"|"tournament", gold: [...], strict?: [...], family?, style?}.
 */
import path from 'node:path';
import { loadCorpusFromMarkdown } from '../src/corpus/load.js';
import { CorpusStore } from '../src/corpus/store.js';
import { SearchService } from '../src/search/service.js';
import { readQuestions } from '../test/search/gold.js';
import { runQuestion, score, type Outcome, type Score } from '../test/search/scoring.js';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
const showMisses = args.includes('--misses');
const asJson = args.includes('--json');
if (files.length === 0) {
  console.error('usage: npm run search:eval -- file.jsonl [...] [--misses] [--json]');
  process.exit(2);
}

const search = new SearchService(new CorpusStore(loadCorpusFromMarkdown()));
const pct = (x: number) => x.toFixed(2);
const row = (label: string, s: Score) =>
  `${label.padEnd(34)} n=${String(s.n).padStart(3)}  R@5 ${pct(s.recall)}  strict R@5 ${pct(s.strictRecall)}  top1 ${pct(s.top1)}  strict top1 ${pct(s.strictTop1)}  MRR ${pct(s.mrr)}  strict MRR ${pct(s.strictMrr)}` +
  (s.familyFirst === null ? '' : `  family first ${pct(s.familyFirst)}`);

const report: Record<string, Record<string, Score>> = {};
for (const file of files) {
  const outcomes = readQuestions(file).map((q) => runQuestion(search, q));
  const groups = new Map<string, Outcome[]>([['all', outcomes]]);
  const add = (key: string, o: Outcome) => groups.set(key, [...(groups.get(key) ?? []), o]);
  for (const o of outcomes) {
    add(`${o.q.lang}/${o.q.doc}`, o);
    if (o.q.style) add(`style: ${o.q.style}`, o);
  }
  const name = path.basename(file);
  report[name] = Object.fromEntries([...groups].map(([k, v]) => [k, score(v)]));
  if (asJson) continue;
  console.log(`\n${name}`);
  for (const [k, s] of Object.entries(report[name])) console.log(row(`  ${k}`, s));
  if (showMisses) {
    for (const o of outcomes) {
      if (o.lenient === 1 && o.strict === 1 && o.family !== false) continue;
      const what = o.lenient === 0 ? 'MISS' : o.strict === 0 ? 'LOOSE' : o.lenient > 1 || o.strict > 1 ? `RANK${Math.max(o.lenient, o.strict)}` : 'FAMILY';
      console.log(`  ${what.padEnd(6)} ${o.q.q} [${(o.q.strict ?? o.q.gold).join(' ')}] -> ${o.ids.join(', ')}`);
    }
  }
}
if (asJson) console.log(JSON.stringify(report, null, 1));
