/**
 * Timing check, not a test (no assertions): `npx tsx test/engine/bench.ts`.
 * Prints p50/p99 of simulateRuling in-process for a few typical scenarios, with and without the
 * zod input parse the MCP layer adds, and the one-off cost of createCardLookup.
 */
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { checkDeck, checkDeckInputSchema, createCardLookup, simulateRuling, simulateRulingInputSchema } from '../../src/engine/index.js';

const corpus = loadCorpusFromMarkdown();
let t = performance.now();
const cards = createCardLookup(corpus.cards);
const lookupMs = performance.now() - t;

const scenarios: Record<string, unknown> = {
  'breach battle (perf-eval input)': {
    state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'X', ap: 4, hp: 3, keywords: ['Breach 2'] }] }, B: { units: [{ id: 'b1', name: 'Y', ap: 2, hp: 2, rested: true }] } } },
    actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
  },
  'catalog link unit, pair + attack + blocker': {
    state: { active_player: 'A', players: { A: { resources: 5, units: [{ id: 'a1', card: 'GD01-013', deployed_this_turn: true }] }, B: { units: [{ id: 'b1', card: 'GD01-004', keywords: ['Blocker'] }] } } },
    actions: [{ type: 'pair', unit: 'a1', pilot: 'Amuro Ray' }, { type: 'attack', attacker: 'a1', target: 'player', blocker: 'b1' }],
  },
  'six units, three attacks, end_turn': {
    state: { active_player: 'A', players: { A: { units: [1, 2, 3, 4, 5, 6].map((i) => ({ id: `a${i}`, ap: i, hp: 3, keywords: i % 2 ? ['Suppression'] : ['First Strike', 'Breach 1'] })) }, B: { base: null, units: [{ id: 'b1', ap: 2, hp: 2, rested: true }] } } },
    actions: [{ type: 'attack', attacker: 'a1', target: 'player' }, { type: 'attack', attacker: 'a2', target: 'b1' }, { type: 'attack', attacker: 'a3', target: 'player' }, { type: 'end_turn' }],
  },
};

function percentiles(xs: number[]): string {
  xs.sort((a, b) => a - b);
  const at = (q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
  return `p50 ${(at(0.5) * 1000).toFixed(1)}us  p99 ${(at(0.99) * 1000).toFixed(1)}us  max ${(at(1) * 1000).toFixed(1)}us`;
}

console.log(`createCardLookup over ${corpus.cards.length} cards: ${lookupMs.toFixed(2)}ms (once)`);
for (const [name, input] of Object.entries(scenarios)) {
  const parsed = simulateRulingInputSchema.parse(input);
  for (let i = 0; i < 2000; i++) simulateRuling(parsed, cards); // warm up
  const sim: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < 10000; i++) {
    t = performance.now();
    simulateRuling(parsed, cards);
    sim.push(performance.now() - t);
    t = performance.now();
    simulateRuling(simulateRulingInputSchema.parse(input), cards);
    full.push(performance.now() - t);
  }
  console.log(`${name}\n  simulateRuling          ${percentiles(sim)}\n  zod parse + simulate    ${percentiles(full)}`);
}

const deckInput = checkDeckInputSchema.parse({ deck: [{ card: 'ST08-001', count: 4 }, { card: 'ST08-002', count: 4 }, { card: 'ST08-003', count: 42 }], resource_deck: [{ card: 'R-001', count: 10 }] });
const deck: number[] = [];
for (let i = 0; i < 10000; i++) {
  t = performance.now();
  checkDeck(deckInput, cards);
  deck.push(performance.now() - t);
}
console.log(`checkDeck                 ${percentiles(deck)}`);
