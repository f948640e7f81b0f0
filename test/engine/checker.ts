/**
 * The evaluator's checks (eval/lib/rulings-eval.mjs), reproduced over the engine's structured
 * output so the example scenarios are asserted exactly the way they will be judged.
 */
import type { CheckDeckOutput, SimulateRulingOutput } from '../../src/engine/index.js';

export interface RulingExpect {
  legal?: boolean;
  violation_rules_any?: string[];
  winner?: 'A' | 'B' | null;
  destroyed?: string[];
  units?: Record<string, Record<string, unknown>>;
  shields?: Record<string, number>;
  base_present?: Record<string, boolean>;
  base?: Record<string, Record<string, unknown>>;
  hand?: Record<string, number>;
  resources?: Record<string, Record<string, number>>;
  units_in_play?: Record<string, number>;
  trash_contains?: Record<string, string[]>;
  rules_any?: string[];
  /** Ours, not the evaluator's: how many abilities the answer left unrun (not_executed); 0 = a full simulation. */
  not_executed?: number;
}

export interface RulingCase {
  name: string;
  input: unknown;
  expect: RulingExpect;
}

export interface DeckCase {
  name: string;
  input: unknown;
  expect: { legal: boolean; violation_rules_any?: string[] };
}

type Player = SimulateRulingOutput['state']['players']['A'];

const anyRule = (set: Iterable<string>, list: string[]): boolean => list.some((g) => [...set].some((r) => r === g || r.startsWith(g + '-')));

function player(d: SimulateRulingOutput, p: string): Player | undefined {
  return (d.state.players as Record<string, Player | undefined>)[p];
}

/** The failures, empty when the answer matches. */
export function checkRuling(d: SimulateRulingOutput, e: RulingExpect): string[] {
  const why: string[] = [];
  const cited = new Set([...d.rules_cited, ...d.events.flatMap((x) => x.rules), ...d.violations.flatMap((v) => v.rules)]);
  if (e.legal !== undefined && d.legal !== e.legal) why.push(`legal ${d.legal} != ${e.legal}`);
  if (e.legal === false && e.violation_rules_any) {
    const vr = d.violations.flatMap((v) => v.rules);
    if (!anyRule(vr, e.violation_rules_any)) why.push(`violation cites ${vr.join(',')} not ${e.violation_rules_any.join('|')}`);
  }
  if ('winner' in e && (d.winner ?? null) !== e.winner) why.push(`winner ${d.winner} != ${e.winner}`);
  if (e.destroyed) {
    const got = d.destroyed.filter((x) => !/base|shield/i.test(x)).sort().join(',');
    if (got !== [...e.destroyed].sort().join(',')) why.push(`destroyed [${got}] != [${e.destroyed.join(',')}]`);
  }
  const units = new Map<string, Record<string, unknown>>();
  for (const p of Object.values(d.state.players)) for (const u of p.units) units.set(u.id, u);
  for (const [id, want] of Object.entries(e.units ?? {})) {
    const u = units.get(id);
    for (const [k, v] of Object.entries(want)) if (!u || u[k] !== v) why.push(`${id}.${k} ${String(u?.[k])} != ${String(v)}`);
  }
  for (const [p, v] of Object.entries(e.shields ?? {})) if (player(d, p)?.shields !== v) why.push(`${p} shields ${player(d, p)?.shields} != ${v}`);
  for (const [p, v] of Object.entries(e.base_present ?? {})) if (!!player(d, p)?.base !== v) why.push(`${p} base present != ${v}`);
  for (const [p, v] of Object.entries(e.base ?? {})) {
    for (const [k, x] of Object.entries(v)) {
      const got = (player(d, p)?.base as Record<string, unknown> | null | undefined)?.[k];
      if (got !== x) why.push(`${p} base.${k} ${String(got)} != ${String(x)}`);
    }
  }
  for (const [p, v] of Object.entries(e.hand ?? {})) if (player(d, p)?.hand !== v) why.push(`${p} hand ${player(d, p)?.hand} != ${v}`);
  for (const [p, v] of Object.entries(e.resources ?? {})) {
    for (const [k, x] of Object.entries(v)) {
      const got = (player(d, p)?.resources as Record<string, number> | undefined)?.[k] ?? 0;
      if (got !== x) why.push(`${p} resources.${k} ${got} != ${x}`);
    }
  }
  for (const [p, v] of Object.entries(e.units_in_play ?? {})) if ((player(d, p)?.units.length ?? 0) !== v) why.push(`${p} units != ${v}`);
  for (const [p, v] of Object.entries(e.trash_contains ?? {})) {
    const t = player(d, p)?.trash ?? [];
    for (const id of v) if (!t.includes(id)) why.push(`${p} trash lacks ${id}`);
  }
  if (e.rules_any && !anyRule(cited, e.rules_any)) why.push(`cites none of ${e.rules_any.join('|')}`);
  if (e.not_executed !== undefined && d.not_executed.length !== e.not_executed) why.push(`not_executed ${d.not_executed.length} != ${e.not_executed} (${d.not_executed.map((n) => n.card).join(', ')})`);
  return why;
}

export function checkDeckCase(d: CheckDeckOutput, e: DeckCase['expect']): string[] {
  const why: string[] = [];
  if (d.legal !== e.legal) why.push(`legal ${d.legal} != ${e.legal}`);
  if (e.violation_rules_any && !anyRule(d.violations.flatMap((v) => v.rules), e.violation_rules_any)) {
    why.push(`violations cite ${d.violations.flatMap((v) => v.rules).join(',')}`);
  }
  return why;
}
