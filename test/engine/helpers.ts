/** Shared test helpers: the catalog loaded once per test file, schema-checked simulation, lookups. */
import fs from 'node:fs';
import { loadCorpusFromMarkdown, type CorpusData } from '../../src/corpus/load.js';
import {
  checkDeck,
  checkDeckInputSchema,
  createCardLookup,
  simulateRuling,
  simulateRulingInputSchema,
  simulateRulingOutputSchema,
  type CardLookup,
  type CheckDeckOutput,
  type SimulateRulingOutput,
} from '../../src/engine/index.js';

let corpusData: CorpusData | undefined;
let lookup: CardLookup | undefined;
let ruleSet: Set<string> | undefined;

export function corpus(): CorpusData {
  corpusData ??= loadCorpusFromMarkdown();
  return corpusData;
}

export function cards(): CardLookup {
  lookup ??= createCardLookup(corpus().cards);
  return lookup;
}

/** Every rule number of the English Comprehensive Rules. */
export function ruleIds(): Set<string> {
  ruleSet ??= new Set(corpus().records.filter((r) => r.document === 'gundam-cr-en').map((r) => r.id));
  return ruleSet;
}

let jaSet: Set<string> | undefined;

/** The Japanese rules' ids as the engine cites them where the English has no counterpart ("JA 5-22-p2"). */
export function jaRuleIds(): Set<string> {
  jaSet ??= new Set(corpus().records.filter((r) => r.document === 'gundam-cr-ja').map((r) => `JA ${r.id}`));
  return jaSet;
}

/** Parses with the input schema (as the MCP layer will), simulates, and checks the output shape. */
export function sim(input: unknown): SimulateRulingOutput {
  const parsed = simulateRulingInputSchema.parse(input);
  const out = simulateRuling(parsed, cards());
  simulateRulingOutputSchema.parse(out);
  return out;
}

export function deck(input: unknown): CheckDeckOutput {
  return checkDeck(checkDeckInputSchema.parse(input), cards());
}

type PlayerInput = Record<string, unknown>;

/** A scenario with player A active unless `active` says otherwise. */
export function scenario(A: PlayerInput, B: PlayerInput, actions: unknown[], active: 'A' | 'B' = 'A'): unknown {
  return { state: { active_player: active, players: { A, B } }, actions };
}

/** An attack action: `attacker` attacks `target` (a unit id or 'player'), optionally blocked by `blocker`. */
export function attack(attacker: string, target: string, blocker?: string): { type: 'attack'; attacker: string; target: string; blocker?: string } {
  return { type: 'attack', attacker, target, ...(blocker ? { blocker } : {}) };
}

export function unitOf(out: SimulateRulingOutput, id: string): SimulateRulingOutput['state']['players']['A']['units'][number] | undefined {
  for (const p of ['A', 'B'] as const) {
    const u = out.state.players[p].units.find((x) => x.id === id);
    if (u) return u;
  }
  return undefined;
}

/** Every rule the answer cites (events, violations, rules_cited). */
export function citedRules(out: SimulateRulingOutput): Set<string> {
  return new Set([...out.rules_cited, ...out.events.flatMap((e) => e.rules), ...out.violations.flatMap((v) => v.rules)]);
}

/** True when some cited rule equals `id` or is below it (the evaluator's prefix match). */
export function cites(out: SimulateRulingOutput, id: string): boolean {
  return [...citedRules(out)].some((r) => r === id || r.startsWith(id + '-'));
}

export function violationRules(out: SimulateRulingOutput): string[] {
  return out.violations.flatMap((v) => v.rules);
}

export function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}
