/** simulate_ruling and check_deck: the embedded rules engine (src/engine) as tools. */
import { z } from 'zod';
import { defineTool, ToolError, type ToolDefinition } from '../tool.js';
import type { Knowledge } from '../../knowledge.js';
import { parseDeckList } from '../../deck-list.js';
import { activeRestrictions } from '../restrictions.js';
import type { CardRecord } from '../../corpus/types.js';
import { cardsByName, closestCards } from './cards.js';
import {
  type CardLookup,
  type CheckDeckOutput,
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
        if (!found) return { matches: [], near: closestCards(kb, name, 5) };
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
    'Plays a board and actions out under the Comprehensive Rules, citing each step\'s rules; what it cannot run or settle is in not_executed/undetermined. ' +
    'Format: gundam://docs/scenario-format (sent on invalid input).',
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
          : `UNDETERMINED (not "legal"): ${out.undetermined.map((u) => `${u.conclusion} (${u.kind})`).join('; ')}.`;
    // What is open comes first: after a loop or an exhausted budget the log shows where the engine stopped, not an outcome.
    for (const u of out.undetermined) {
      lines.push(`UNDETERMINED (${u.kind}): ${u.reason}`);
      if (u.kind !== 'not-executed' && u.abilities.length) lines.push(`${u.kind === 'loop' ? 'Abilities that repeat' : 'Abilities that resolved most'}: ${u.abilities.join('; ')}`);
    }
    lines.push(
      out.complete
        ? verdict
        : out.legal === null
          ? `${verdict} PARTIAL SIMULATION: ${out.not_executed.length} card abilit${out.not_executed.length === 1 ? 'y' : 'ies'} could not be run (listed at the end).`
          : `PARTIAL SIMULATION: ${out.not_executed.length} card abilit${out.not_executed.length === 1 ? 'y' : 'ies'} in play could not be run (listed at the end); the result below may differ from the real ruling. ${verdict}`,
    );
    if (out.winner) lines.push(`Winner: ${out.winner}.`);
    for (const e of out.events) lines.push(`- ${e.text}${e.rules.length ? ` [${e.rules.join(', ')}]` : ''}`);
    if (out.events_omitted) lines.push(`(${out.events_omitted} events of the log are left out above, where the gap line stands.)`);
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

const checkDeckInput = checkDeckInputSchema
  .extend({
    deck: checkDeckInputSchema.shape.deck.optional(),
    list: z
      .string()
      .max(10000, 'list is at most 10000 characters')
      .optional()
      .describe('Instead of deck: a list as text ("4x Graze")'),
  })
  .refine((a) => (a.deck === undefined) !== (a.list === undefined), { message: 'give deck (entries) or list (text), one of them' })
  .refine((a) => a.list === undefined || a.resource_deck === undefined, { message: 'with list, put the resource deck in the list (a "Resource deck" heading), not in resource_deck' });

/** Whether a list line's card is a Resource (it then goes to the resource deck wherever it is listed). */
function resourceTest(lookup: CardLookup): (card: string) => boolean {
  return (card) => {
    const c = lookup.byId(card) ?? lookup.byName(card);
    return c ? c.type === 'resource' : /^R-/i.test(card);
  };
}

function deckText(out: CheckDeckOutput, unread: { line: number; text: string }[]): string {
  const s = out.summary;
  const l = out.restriction_list;
  return [
    out.legal ? 'Legal deck.' : `Illegal deck (${out.violations.length} problem${out.violations.length === 1 ? '' : 's'}):`,
    ...out.violations.map((v) => `- ${v.reason}${v.rules.length ? ` [${v.rules.join(', ')}]` : ''}${v.cards.length ? ` cards: ${v.cards.join(', ')}` : ''}`),
    ...out.read.map((r) => `Read "${r.written}" as ${r.card} ${r.name}${r.match === 'loose' ? ' (closest name: check it is the card meant)' : ''}.`),
    ...(unread.length ? [`Lines not read as cards: ${unread.map((u) => `${u.line}: "${u.text}"`).join('; ')}`] : []),
    `Deck ${s.deck_cards} cards (${s.types.unit} units, ${s.types.pilot} pilots, ${s.types.command} commands, ${s.types.base} bases), colors: ${s.colors.join(', ') || 'none'}; resource deck ${s.resource_cards} cards.`,
    l ? `Restriction list applied: ${l.label}; source: ${l.source}${l.origin === 'bundled' ? '' : `; read from ${l.origin}`}.` : 'No restriction list in force: construction rules only.',
    ...out.exceptions.map((x) => `Exception applied: ${x}`),
  ].join('\n');
}

export const checkDeckTool = defineTool({
  name: 'check_deck',
  title: 'Check a deck',
  description:
    'Checks a deck (cards by number or name) against the construction rules (6-1) and the banned/restricted list in force, named with its date.',
  input: checkDeckInput,
  output: checkDeckOutputSchema.extend({ unread: z.array(z.object({ line: z.number(), text: z.string() })).describe('Lines not read') }),
  handler: (args, kb) => {
    const lookup = scenarioCards(kb);
    const parsed = args.list !== undefined ? parseDeckList(args.list, resourceTest(lookup)) : null;
    if (parsed && parsed.input.deck.length + parsed.input.resource_deck.length === 0) {
      throw new ToolError(`no card read from list${parsed.unread.length ? ` (not read: ${parsed.unread.slice(0, 3).map((u) => `"${u.text}"`).join(', ')})` : ''}; write one card a line with its count, e.g. "4 GD01-013", "4x Guncannon" or "GD01-013 x4"`);
    }
    const input = parsed ? parsed.input : { deck: args.deck!, ...(args.resource_deck ? { resource_deck: args.resource_deck } : {}) };
    const out = checkDeck(input, lookup, { restrictions: activeRestrictions(kb) });
    const unread = parsed?.unread ?? [];
    return { structured: { ...out, unread }, text: deckText(out, unread) };
  },
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const engineTools: ToolDefinition<any, any>[] = [simulateRulingTool, checkDeckTool];
