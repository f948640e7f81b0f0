/** simulate_ruling and check_deck: the embedded rules engine (src/engine) as tools. */
import { defineTool, type ToolDefinition } from '../tool.js';
import type { Knowledge } from '../../knowledge.js';
import type { CardRecord } from '../../corpus/types.js';
import { cardsByName, cardSuggestions } from './cards.js';
import {
  type CardLookup,
  checkDeck,
  checkDeckInputSchema,
  checkDeckOutputSchema,
  simulateRuling,
  simulateRulingInputSchema,
  simulateRulingOutputSchema,
  type SimulateRulingOutput,
} from '../../engine/index.js';
import { scenarioHelp } from '../../engine/scenario-help.js';

const scenarioLookups = new WeakMap<Knowledge, CardLookup>();

/**
 * The engine's catalog lookup plus get_card's name resolver, so a scenario accepts the loose names
 * ("zaku", "unicorn gundam destroy mode") a client already looked up with get_card, and an
 * ambiguous or unknown name is answered with get_card's best matches. Built once per Knowledge.
 */
function scenarioCards(kb: Knowledge): CardLookup {
  let lookup = scenarioLookups.get(kb);
  if (!lookup) {
    const number = (c: CardRecord) => c.base_id ?? c.id;
    lookup = {
      ...kb.cardLookup,
      byLooseName: (name) => {
        const found = cardsByName(kb, name);
        if (!found) return { matches: [], near: cardSuggestions(kb, name) };
        const others = found.candidates.filter((c) => number(c) !== number(found.card));
        return { matches: [found.card, ...others], near: [] };
      },
    };
    scenarioLookups.set(kb, lookup);
  }
  return lookup;
}

function sideSummary(name: string, p: SimulateRulingOutput['state']['players']['A']): string {
  const units = p.units.length
    ? p.units.map((u) => `${u.id} ${u.name} AP${u.ap} HP${u.hp}${u.damage ? ` dmg ${u.damage}` : ''}${u.rested ? ' rested' : ''}${u.keywords.length ? ` [${u.keywords.join(', ')}]` : ''}`).join('; ')
    : 'no units';
  const base = p.base ? `base ${p.base.name} HP${p.base.hp}${p.base.damage ? ` dmg ${p.base.damage}` : ''}` : 'no base';
  return `${name}: ${units}; ${base}; ${p.shields} shields; hand ${p.hand}; deck ${p.deck}; resources ${p.resources.active} active/${p.resources.rested} rested/${p.resources.ex} EX`;
}

export const simulateRulingTool = defineTool({
  name: 'simulate_ruling',
  title: 'Simulate a ruling',
  description:
    'Plays a Gundam Card Game board state and actions out under the Comprehensive Rules and returns every step with its rule numbers; catalog cards\' abilities run, the ones it cannot read are listed in not_executed. ' +
    'Scenario format and examples: resource gundam://docs/scenario-format; an invalid input is answered with the format too.',
  input: simulateRulingInputSchema,
  output: simulateRulingOutputSchema,
  inputHelp: scenarioHelp,
  handler: (args, kb) => {
    const out = simulateRuling(args, scenarioCards(kb));
    const lines: string[] = [];
    const verdict =
      out.legal === true
        ? 'Legal.'
        : out.legal === false
          ? `Illegal: ${out.violations.map((v) => `${v.reason} (${v.rules.join(', ')})`).join('; ')}`
          : `UNDETERMINED (not "legal"): ${out.undetermined.map((u) => `${u.conclusion}: ${u.reason}`).join('; ')}.`;
    // The verdict goes first; an undetermined one says what is open before anything else.
    lines.push(
      out.complete
        ? verdict
        : out.legal === null
          ? `${verdict} PARTIAL SIMULATION: ${out.not_executed.length} card abilit${out.not_executed.length === 1 ? 'y' : 'ies'} could not be run (listed at the end).`
          : `PARTIAL SIMULATION: ${out.not_executed.length} card abilit${out.not_executed.length === 1 ? 'y' : 'ies'} in play could not be run (listed at the end); the result below may differ from the real ruling. ${verdict}`,
    );
    if (out.winner) lines.push(`Winner: ${out.winner}.`);
    for (const e of out.events) lines.push(`- ${e.text}${e.rules.length ? ` [${e.rules.join(', ')}]` : ''}`);
    if (out.destroyed.length) lines.push(`Destroyed: ${out.destroyed.join(', ')}`);
    if (out.not_executed.length) {
      lines.push(`NOT EXECUTED (resolve by hand; this simulation is partial):`);
      for (const n of out.not_executed) lines.push(`- ${n.unit}${n.card ? ` (${n.card})` : ''}: "${n.text}": ${n.reason}`);
    }
    lines.push(sideSummary('A', out.state.players.A), sideSummary('B', out.state.players.B));
    lines.push(`Rules cited: ${out.rules_cited.join(', ')}`);
    return { structured: out, text: lines.join('\n') };
  },
});

export const checkDeckTool = defineTool({
  name: 'check_deck',
  title: 'Check a deck',
  description:
    'Checks a deck list against the construction rules (6-1): 50 cards, one or two colors, at most 4 per card number, and a 10-card resource deck.',
  input: checkDeckInputSchema,
  output: checkDeckOutputSchema,
  handler: (args, kb) => {
    const out = checkDeck(args, kb.cardLookup);
    const s = out.summary;
    const lines = [
      out.legal ? 'Legal deck.' : `Illegal deck (${out.violations.length} problem${out.violations.length === 1 ? '' : 's'}):`,
      ...out.violations.map((v) => `- ${v.reason} [${v.rules.join(', ')}]${v.cards.length ? ` cards: ${v.cards.join(', ')}` : ''}`),
      `Deck ${s.deck_cards} cards (${s.types.unit} units, ${s.types.pilot} pilots, ${s.types.command} commands, ${s.types.base} bases), colors: ${s.colors.join(', ') || 'none'}; resource deck ${s.resource_cards} cards.`,
    ];
    return { structured: out, text: lines.join('\n') };
  },
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const engineTools: ToolDefinition<any, any>[] = [simulateRulingTool, checkDeckTool];
