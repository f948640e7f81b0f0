// Runs review scenarios through simulateRuling in-process, with the same checks as
// /work/shared/eval/lib/rulings-eval.mjs (test/engine/checker.ts). Usage: node --import tsx test/engine/review/run.ts [file.jsonl] [--verbose name-substring]
import path from 'node:path';
import { simulateRuling, simulateRulingInputSchema, type SimulateRulingOutput } from '../../../src/engine/index.js';
import { checkRuling, type RulingCase } from '../checker.js';
import { cards, readJsonl } from '../helpers.js';

const file = process.argv[2] ?? path.join(import.meta.dirname, 'scenarios.jsonl');
const verbose = process.argv.indexOf('--verbose') > 0 ? (process.argv[process.argv.indexOf('--verbose') + 1] ?? null) : null;
const cases = readJsonl<RulingCase>(file);

const fails: string[] = [];
for (const s of cases) {
  let d: SimulateRulingOutput | undefined;
  let why: string[];
  try {
    d = simulateRuling(simulateRulingInputSchema.parse(s.input), cards());
    why = checkRuling(d, s.expect);
  } catch (err) {
    why = ['error ' + String(err).slice(0, 200)];
  }
  if (why.length) fails.push(`${s.name}: ${why.join('; ')}`);
  if (verbose !== null && s.name.includes(verbose)) {
    console.log('== ' + s.name, JSON.stringify({ legal: d?.legal, winner: d?.winner, destroyed: d?.destroyed, violations: d?.violations }));
    for (const ev of d?.events ?? []) console.log(`  [${ev.phase}${ev.step ? '/' + ev.step : ''}] ${ev.text}  <${ev.rules.join(', ')}>`);
  }
}
if (fails.length) console.log(fails.join('\n'));
console.log(`${cases.length - fails.length}/${cases.length} scenarios agree`);
