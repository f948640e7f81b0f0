// Runs review scenarios through simulateRuling in-process, with the same checks as
// /work/shared/eval/lib/rulings-eval.mjs. Usage: node --import tsx test/engine/review/run.ts [file.jsonl] [--verbose name-substring]
import fs from 'node:fs';
import path from 'node:path';
import { createCardLookup, simulateRuling, simulateRulingInputSchema } from '../../../src/engine/index.js';

const root = path.resolve(import.meta.dirname, '../../..');
const cards = createCardLookup(JSON.parse(fs.readFileSync(path.join(root, 'corpus/cards/cards.json'), 'utf8')));
const file = process.argv[2] ?? path.join(import.meta.dirname, 'scenarios.jsonl');
const verbose = process.argv.indexOf('--verbose') > 0 ? process.argv[process.argv.indexOf('--verbose') + 1] : null;
const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());

const cited = (d: any) => new Set([...(d.rules_cited ?? []), ...(d.events ?? []).flatMap((e: any) => e.rules ?? []), ...(d.violations ?? []).flatMap((v: any) => v.rules ?? [])]);
const anyRule = (set: Set<string>, list: string[]) => list.some((g) => [...set].some((r) => r === g || String(r).startsWith(g + '-')));
const unitsOf = (d: any) => { const m = new Map(); for (const p of Object.values<any>(d.state?.players ?? {})) for (const u of p.units ?? []) m.set(u.id, u); return m; };

let n = 0; const fails: string[] = [];
for (const line of lines) {
  const s = JSON.parse(line); n++;
  const why: string[] = [];
  let d: any = {};
  try { d = simulateRuling(simulateRulingInputSchema.parse(s.input), cards); } catch (err) { why.push('error ' + String(err).slice(0, 200)); }
  const e = s.expect;
  if (e.legal !== undefined && d.legal !== e.legal) why.push(`legal ${d.legal} != ${e.legal}`);
  if (e.legal === false && e.violation_rules_any) { const vr = new Set<string>((d.violations ?? []).flatMap((v: any) => v.rules ?? [])); if (!anyRule(vr, e.violation_rules_any)) why.push('violation cites ' + [...vr].join(',') + ' not ' + e.violation_rules_any.join('|')); }
  if ('winner' in e && (d.winner ?? null) !== e.winner) why.push(`winner ${d.winner} != ${e.winner}`);
  if (e.destroyed) { const got = [...(d.destroyed ?? [])].filter((x: string) => !/base|shield/i.test(x)).sort().join(','); if (got !== [...e.destroyed].sort().join(',')) why.push(`destroyed [${got}] != [${e.destroyed}]`); }
  const units = unitsOf(d);
  for (const [id, want] of Object.entries<any>(e.units ?? {})) { const u = units.get(id); for (const [k, v] of Object.entries(want)) if (!u || u[k] !== v) why.push(`${id}.${k} ${u?.[k]} != ${v}`); }
  for (const [p, v] of Object.entries<any>(e.shields ?? {})) { const got = d.state?.players?.[p]?.shields; const c = Array.isArray(got) ? got.length : got; if (c !== v) why.push(`${p} shields ${c} != ${v}`); }
  for (const [p, v] of Object.entries<any>(e.base_present ?? {})) if (!!d.state?.players?.[p]?.base !== v) why.push(`${p} base present ${!!d.state?.players?.[p]?.base} != ${v}`);
  for (const [p, v] of Object.entries<any>(e.base ?? {})) for (const [k, x] of Object.entries(v)) { const got = d.state?.players?.[p]?.base?.[k]; if (got !== x) why.push(`${p} base.${k} ${got} != ${x}`); }
  for (const [p, v] of Object.entries<any>(e.hand ?? {})) { const h = d.state?.players?.[p]?.hand; const c = Array.isArray(h) ? h.length : h; if (c !== v) why.push(`${p} hand ${c} != ${v}`); }
  for (const [p, v] of Object.entries<any>(e.resources ?? {})) for (const [k, x] of Object.entries(v)) { const got = d.state?.players?.[p]?.resources?.[k] ?? 0; if (got !== x) why.push(`${p} resources.${k} ${got} != ${x}`); }
  for (const [p, v] of Object.entries<any>(e.units_in_play ?? {})) { const c = (d.state?.players?.[p]?.units ?? []).length; if (c !== v) why.push(`${p} units ${c} != ${v}`); }
  for (const [p, v] of Object.entries<any>(e.trash_contains ?? {})) { const t = (d.state?.players?.[p]?.trash ?? []).map((x: any) => x.id ?? x); for (const id of v as string[]) if (!t.includes(id)) why.push(`${p} trash lacks ${id}`); }
  if (e.rules_any && !anyRule(cited(d), e.rules_any)) why.push('cites none of ' + e.rules_any.join('|'));
  if (why.length) fails.push(`${s.name}: ${why.join('; ')}`);
  if (verbose !== null && s.name.includes(verbose)) {
    console.log('== ' + s.name, JSON.stringify({ legal: d.legal, winner: d.winner, destroyed: d.destroyed, violations: d.violations }));
    for (const ev of d.events ?? []) console.log(`  [${ev.phase}${ev.step ? '/' + ev.step : ''}] ${ev.text}  <${ev.rules.join(', ')}>`);
  }
}
if (fails.length) console.log(fails.join('\n'));
console.log(`${n - fails.length}/${n} scenarios agree`);
