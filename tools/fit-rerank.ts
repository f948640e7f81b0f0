/**
 * Fits the second-stage ranking weights (src/search/rerank.ts) by coordinate ascent: one weight at a
 * time over a fixed grid, keeping a value only when it raises the objective, three passes. The
 * objective, on a language's questions, is lenient MRR + strict MRR + half of lenient and strict
 * recall@5 (so a weight that lifts the first result but drops a rule out of the five is not kept).
 * The whole search runs for every trial, so the weights are fitted through the later steps
 * (most specific first, the rule follows its sub-rule) as they are served.
 *
 *   npm run fit:rerank            leave-one-set-out: fit on two of blind-dev, holdout-1 and holdout-2, test on the third
 *   npm run fit:rerank -- --write fit on all three, write src/search/rerank-weights.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadCorpusFromMarkdown } from '../src/corpus/load.js';
import { CorpusStore } from '../src/corpus/store.js';
import type { Language } from '../src/corpus/types.js';
import { FEATURES, ZERO, storedModel, type RerankModel, type RerankWeights } from '../src/search/rerank.js';
import { SearchService } from '../src/search/service.js';
import { readQuestions, type Question } from '../test/search/gold.js';
import { runQuestion, score } from '../test/search/scoring.js';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(root, 'test', 'fixtures');
const read = (dir: string) => fs.readdirSync(path.join(fixtures, dir)).filter((f) => f.endsWith('.jsonl')).flatMap((f) => readQuestions(path.join(fixtures, dir, f)));
const SETS: Record<string, Question[]> = { dev: read('blind-dev'), 'holdout-1': read('blind-holdout-1'), 'holdout-2': read('blind-holdout-2') };
const NAMES = Object.keys(SETS);
const GRID = [-3, -2, -1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5, 2, 3, 4];

const search = new SearchService(new CorpusStore(loadCorpusFromMarkdown()));
const base = storedModel();

function objective(questions: Question[], lang: Language, w: RerankWeights): number {
  search.setRerankModel({ ...base, [lang]: w } as RerankModel);
  const s = score(questions.filter((q) => q.lang === lang).map((q) => runQuestion(search, q)));
  return s.mrr + s.strictMrr + 0.5 * (s.recall + s.strictRecall);
}

function fit(questions: Question[], lang: Language): RerankWeights {
  let w: RerankWeights = { ...ZERO };
  let best = objective(questions, lang, w);
  for (let pass = 0; pass < 3; pass++) {
    let changed = false;
    for (const f of FEATURES) {
      for (const v of GRID) {
        if (v === w[f]) continue;
        const trial = { ...w, [f]: v };
        const o = objective(questions, lang, trial);
        if (o > best + 1e-9) {
          best = o;
          w = trial;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return w;
}

function report(label: string, questions: Question[], lang: Language, w: RerankWeights): string {
  search.setRerankModel({ ...base, [lang]: w } as RerankModel);
  const s = score(questions.filter((q) => q.lang === lang).map((q) => runQuestion(search, q)));
  const p = (x: number) => x.toFixed(2);
  return `${label.padEnd(28)} R@5 ${p(s.recall)} strict ${p(s.strictRecall)} top1 ${p(s.top1)} strict top1 ${p(s.strictTop1)} MRR ${p(s.mrr)} family ${s.familyFirst === null ? '-' : p(s.familyFirst)}`;
}

const write = process.argv.includes('--write');
const tryAt = process.argv.indexOf('--try');
const langs: Language[] = ['en', 'ja'];
if (tryAt > 0) {
  // Given weights on both sets, for reading one feature's effect: --try '{"proximity":1}' [--lang ja]
  const w = { ...ZERO, ...(JSON.parse(process.argv[tryAt + 1]!) as Partial<RerankWeights>) };
  const lang = (process.argv.includes('--lang') ? process.argv[process.argv.indexOf('--lang') + 1] : 'en') as Language;
  for (const set of NAMES) {
    console.log(report(`${lang} ${set} before`, SETS[set]!, lang, ZERO));
    console.log(report(`${lang} ${set} after`, SETS[set]!, lang, w));
  }
} else if (!write) {
  for (const lang of langs) {
    for (const test of NAMES) {
      const train = NAMES.filter((n) => n !== test);
      const w = fit(train.flatMap((n) => SETS[n]!), lang);
      console.log(`\n${lang}: fit on ${train.join(' + ')} -> ${JSON.stringify(w)}`);
      for (const n of train) {
        console.log(report(`  ${n} (train) before`, SETS[n]!, lang, ZERO));
        console.log(report(`  ${n} (train) after`, SETS[n]!, lang, w));
      }
      console.log(report(`  ${test} (test) before`, SETS[test]!, lang, ZERO));
      console.log(report(`  ${test} (test) after`, SETS[test]!, lang, w));
    }
  }
} else {
  const all = NAMES.flatMap((n) => SETS[n]!);
  const weights = Object.fromEntries(langs.map((lang) => [lang, fit(all, lang)]));
  const file = path.join(root, 'src', 'search', 'rerank-weights.json');
  const about = (JSON.parse(fs.readFileSync(file, 'utf8')) as { about: string }).about;
  fs.writeFileSync(file, `${JSON.stringify({ about, weights }, null, 2)}\n`);
  console.log(JSON.stringify(weights));
}
