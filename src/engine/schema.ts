/**
 * zod 4 schemas of simulate_ruling and check_deck: what clients may send (every field described,
 * strict bounds, messages naming the problem) and what they get back. The engine's input types are
 * inferred from these, so the schema and the code cannot drift apart.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Building blocks

const id = (what: string) =>
  z
    .string()
    .min(1, `${what} cannot be empty`)
    .max(64, `${what} is at most 64 characters`);

const text = (what: string, max = 200) => z.string().max(max, `${what} is at most ${max} characters`);

/** Whole numbers 0..1000: counts, stats, amounts. */
const count = (what: string) =>
  z
    .number()
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(1000, `${what} is at most 1000`);

/** Signed modifiers (AP-3, HP+2). */
const delta = (what: string) =>
  z
    .number()
    .int(`${what} must be a whole number`)
    .min(-1000, `${what} is at least -1000`)
    .max(1000, `${what} is at most 1000`);

const playerId = z.enum(['A', 'B']);

/** A path as clients read it: state.players.A.units[0] (the SDK and z.prettifyError print it the same way). */
function dotPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)), '');
}

/**
 * Every input object is strict: a field the engine does not read ("power" for ap, "blocked_by" for
 * blocker, "players.player1") would otherwise be dropped, and the answer would be about a board the
 * caller did not describe. The message names the field, where it is, and the fields accepted there.
 * Every MCP tool's input uses it too, so an unknown argument is answered the same way everywhere.
 */
export function strictObject<S extends z.core.$ZodLooseShape>(shape: S) {
  const accepted = Object.keys(shape).join(', ') || 'none (this takes no arguments)';
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code !== 'unrecognized_keys') return undefined;
      const keys = iss.keys.map((k) => JSON.stringify(k)).join(', ');
      const where = iss.path?.length ? dotPath(iss.path) : 'the arguments';
      return `unknown field${iss.keys.length > 1 ? 's' : ''} ${keys} in ${where}; accepted: ${accepted}`;
    },
  });
}

/** The discriminator of an action. */
const kind = <T extends string>(name: T) => z.literal(name).describe(`Action type "${name}"`);
const duration = z
  .enum(['turn', 'battle'])
  .describe('"turn": until the cleanup step of this turn (7-6-6-1); "battle": until the end of the current or next battle (8-6-1)');

const keywordList = z
  .array(text('a keyword'))
  .max(20, 'at most 20 keywords')
  .describe('Keyword effects, e.g. ["Breach 3", "<Blocker>", "first strike", "High-Maneuver", "Repair 1", "Support 2", "Suppression"]. Given, they replace the catalog card\'s keywords.');

const linkSpec = z
  .union([
    text('link').describe('Link condition as printed: "[Amuro Ray]" or "(White Base Team) Trait"'),
    strictObject({
      names: z.array(text('a link name')).max(10).optional().describe('Pilot name parts; a Pilot whose name contains one links (3-2-6-4)'),
      traits: z.array(text('a link trait')).max(10).optional().describe('Pilot traits; a Pilot with one links'),
    }).describe('Link condition as lists'),
  ])
  .nullable();

/** Fields any card description may carry; a `card` fills them from the catalog, explicit ones override. */
const cardNaming = {
  card: id('card')
    .optional()
    .describe('Catalog card number ("GD01-013", alternate printings "ST01-014-p4" too) or card name ("Amuro Ray"; a loose name such as "unicorn gundam destroy mode" when it means one card); fills name, stats, traits, text, link and keywords'),
  name: text('name').optional().describe('Card name (defaults to the catalog name, else the id)'),
};

/** The rest of a card description; split from `cardNaming` so objects list id, card, name, ap, hp first. */
const cardDetails = {
  type: z.enum(['unit', 'pilot', 'command', 'base', 'resource']).optional().describe('Card type (defaults to the catalog type, else what the field implies)'),
  level: count('level').optional().describe('Lv.: Resources needed to play it (2-9-1); default 0 without a catalog card'),
  cost: count('cost').optional().describe('Cost: active Resources rested to play it (2-10-1); default 0 without a catalog card'),
  traits: z.array(text('a trait')).max(20).optional().describe('Traits, e.g. ["Earth Federation"]'),
  keywords: keywordList.optional(),
  text: text('text', 1000).optional().describe('Card text (1000 characters at most), compiled like the catalog\'s: its abilities run, and what cannot be read is reported in not_executed'),
  link: linkSpec.optional().describe('Link condition (Units only)'),
  color: text('color', 20).optional().describe('Color: blue, green, red, white or purple'),
  token: z.boolean().optional().describe('True for a token (leaves the game instead of going to the trash, 5-17-2-5)'),
};

const inlineCard = strictObject({
  ...cardNaming,
  ap: count('ap').optional().describe('AP (Units and Bases)'),
  hp: count('hp').optional().describe('HP (Units and Bases)'),
  ...cardDetails,
}).describe('A card described inline, optionally starting from a catalog `card`');

const cardRef = z
  .union([id('card').describe('Catalog card number or card name'), inlineCard])
  .describe('A catalog card number ("GD01-013"), a card name, or an inline card {name, type, level, cost, ap, hp, keywords...}');

const pilotSpec = z
  .union([
    id('pilot').describe('Catalog card number or name of a Pilot (or of a Command with 【Pilot】)'),
    strictObject({
      id: id('pilot id').optional().describe('Id the Pilot card goes to the trash under (default: its card number, else "<unit>-pilot")'),
      ...cardNaming,
      ap: delta('pilot ap').optional().describe('AP modifier added to the Unit while paired (3-3-8-1)'),
      hp: delta('pilot hp').optional().describe('HP modifier added to the Unit while paired (3-3-8-1)'),
      ...cardDetails,
    }).describe('A Pilot described inline: {name, ap, hp, traits} or {card, ...overrides}'),
  ])
  .describe('The paired Pilot');

const unitSpec = strictObject({
  id: id('unit id').describe('Unique id of this Unit in the scenario, e.g. "a1"'),
  ...cardNaming,
  ap: count('ap').optional().describe('AP (printed; the Pilot modifier is added on top). Default: catalog, else 0'),
  hp: count('hp').optional().describe('HP (printed; the Pilot modifier is added on top). Default: catalog, else 1'),
  ...cardDetails,
  pilot: pilotSpec.optional(),
  linked: z.boolean().optional().describe('Force the Link Unit status (default: decided from the link condition and the Pilot)'),
  rested: z.boolean().optional().describe('True if rested (default active)'),
  damage: count('damage').optional().describe('Damage counters already on it (negative damage is rejected)'),
  deployed_this_turn: z.boolean().optional().describe('True if deployed this turn (it cannot attack unless it is a Link Unit, 3-2-4)'),
}).describe('A Unit in the battle area');

const baseSpec = strictObject({
  id: id('base id').optional().describe('Id of the Base (default "<player>-base", "<player>-ex-base" for the EX Base)'),
  ...cardNaming,
  ap: count('ap').optional().describe('AP (default: catalog, else 0)'),
  hp: count('hp').optional().describe('HP (default: catalog, else 3)'),
  ...cardDetails,
  damage: count('damage').optional().describe('Damage counters already on it'),
  rested: z.boolean().optional().describe('True if rested'),
}).describe('The Base in the base section');

const playerSpec = strictObject({
  units: z
    .array(unitSpec)
    .max(12, 'at most 12 units per player (a battle area holds 6; 7 to 12 are reported as a 4-5-4 violation)')
    .optional()
    .describe('Units in the battle area (default none). More than 6 is reported as a rules violation (4-5-4).'),
  base: baseSpec
    .nullable()
    .optional()
    .describe('The Base: omitted = the EX Base token (AP 0, HP 3, 5-17-3-1-1); null = no Base'),
  shields: z
    .union([count('shields'), z.array(z.union([id('shield card'), inlineCard])).max(50, 'at most 50 shield cards')])
    .optional()
    .describe('Shields: a count (default 6), or the shield cards top first (catalog ids or inline cards, so a revealed 【Burst】 can run; its owner\'s {"use": true|false} goes in the action\'s choices)'),
  hand: z
    .union([count('hand'), z.array(id('hand card')).max(60, 'at most 60 hand cards')], {
      error: 'hand must be a whole number from 0 to 1000, or a list of at most 60 card numbers',
    })
    .optional()
    .describe('Cards in hand: a count (default 5), or the cards (card numbers or names) so effects can add, reveal and discard real cards'),
  deck: z
    .union([count('deck'), z.array(id('deck card')).max(60, 'at most 60 deck cards')], {
      error: 'deck must be a whole number from 0 to 1000, or a list of at most 60 card numbers',
    })
    .optional()
    .describe('Cards in the deck: a count (default 30; 0 means this player is defeated, 1-2-2-2), or the cards top first (card numbers or names) so "look at the top N" and draws are real'),
  resources: z
    .union([
      count('resources').describe('Active Resources'),
      strictObject({
        active: count('resources.active').describe('Active Resources'),
        rested: count('resources.rested').optional().describe('Rested Resources (default 0)'),
        ex: count('resources.ex').optional().describe('EX Resources (default 0); removed from the game when used to pay (5-17-3-2-3)'),
      }).describe('Resources by state'),
    ])
    .optional()
    .describe('Resource area (default 0)'),
  resource_deck: count('resource_deck').optional().describe('Cards left in the resource deck (default 10 minus the normal Resources in play, at least 0)'),
  trash: z
    .union([z.array(id('trash card')).max(200, 'at most 200 trash ids'), count('trash')])
    .optional()
    .describe('Cards in the trash: ids (card numbers are read as those cards, for "from your trash" and trash counts), or a count (default empty)'),
}).describe('One player\'s side of the table; every field optional');

// ---------------------------------------------------------------------------------------------
// Actions

const targetId = id('target').describe('A unit id, a base id, or "A.base", "B.shield", "A.resources"');
const acting = {
  player: playerId.optional().describe('Who plays it (default: the active player; only the active player may, 7-5-2-1)'),
  from: z.enum(['hand', 'effect']).optional().describe('"hand" (default): played from the hand, paying Lv and cost; "effect": put into play by an effect, no payment'),
  use_ex: count('use_ex').optional().describe('EX Resources to spend first (default: only what the active normal Resources cannot cover)'),
};

const choiceSpec = strictObject({
  targets: z.array(id('target')).max(12, 'at most 12 targets').optional().describe('Ids chosen for a "choose" (Units, Bases, trash or hand cards)'),
  use: z.boolean().optional().describe('For a "you may" or a 【Burst】: true to do it, false not to'),
  cards: z.array(id('card')).max(12, 'at most 12 cards').optional().describe('Cards taken after looking at the deck, deployed from the hand or trash, or named when discarding known cards (card numbers)'),
  where: z.enum(['top', 'bottom']).optional().describe('For "return it to the top or bottom of your deck"'),
}).describe('One decision, in the order the decisions come up while abilities resolve');

const choicesField = z
  .array(choiceSpec)
  .max(50, 'at most 50 choices')
  .optional()
  .describe(
    'The players\' decisions for the abilities this action makes resolve, in the order they come up: {"targets":[...]} for a "choose", {"use":true|false} for "you may" and 【Burst】 (a "you may choose" takes {"targets":[...]} or {"use":false}), {"cards":[...]} for a look at the deck or a card deployed from the hand or trash, {"where":"top"|"bottom"} for "top or bottom". A missing one is reported with the legal choices.',
  );

const playAction = strictObject({
  type: kind('play'),
  card: cardRef.describe('The Command card played from the hand: card number, name, or inline {name, type:"command", level, cost, text}'),
  id: id('id').optional().describe('Id the card goes to the trash under (default: its card number)'),
  player: playerId.optional().describe('Who plays it (default: the active player; in an action step either player may)'),
  use_ex: count('use_ex').optional().describe('EX Resources to spend first'),
  choices: choicesField,
}).describe('Play a Command card for its 【Main】 effect (main phase, 13-2-3-1) or its 【Action】 effect (in an attack\'s "action_step", 13-2-4-1): Lv and cost are paid, then the effect resolves');

const activateAction = strictObject({
  type: kind('activate'),
  source: id('source').describe('Id of the Unit or Base whose 【Activate･Main】/【Activate･Action】 ability is activated'),
  ability: z.number().int().min(1).max(10).optional().describe('Which of its activated abilities (1 = the first printed); default: the only one'),
  player: playerId.optional().describe('Who activates it (default: the card\'s owner)'),
  use_ex: count('use_ex').optional().describe('EX Resources to spend first on a ① cost'),
  choices: choicesField,
}).describe('Activate an 【Activate･Main】 (main phase, 13-2-1-1) or 【Activate･Action】 (action step, 13-2-2-1) ability: its cost is paid (①: Resources rested, "Rest this Unit"), then the effect resolves');

/** The actions a player may take in a battle's action step (9-3). */
const stepAction = z.discriminatedUnion('type', [playAction, activateAction]);

const attackAction = strictObject({
  type: kind('attack'),
  attacker: id('attacker').describe('Id of the attacking Unit (active player\'s)'),
  target: id('target').describe('"player" to attack the opponent, or the id of a rested enemy Unit'),
  blocker: id('blocker').optional().describe('Id of the opponent\'s active <Blocker> Unit that blocks (omitted: no block)'),
  action_step: z
    .array(stepAction)
    .max(20, 'at most 20 action step actions')
    .optional()
    .describe('What the players do in the action step, in order (9-2: the standby player acts first): "play" of 【Action】 Commands and "activate" of 【Activate･Action】 abilities, each with its "player"'),
  choices: choicesField,
}).describe('A whole battle: attack, block, action, damage and battle end steps (8-1)');

const deployAction = strictObject({
  type: kind('deploy'),
  id: id('id').describe('Id the new Unit or Base gets'),
  card: cardRef,
  replace: id('replace').optional().describe('With 6 Units already in play: the Unit the player chooses to put into the trash (11-4-2), required then; for a Base: the Base being replaced'),
  ...acting,
  choices: choicesField,
}).describe('Deploy a Unit or Base card (7-5-2)');

const pairAction = strictObject({
  type: kind('pair'),
  unit: id('unit').describe('Id of your Unit without a Pilot'),
  pilot: pilotSpec,
  linked: z.boolean().optional().describe('Force the link result (default: the Unit\'s link condition against the Pilot\'s name and traits)'),
  ...acting,
  choices: choicesField,
}).describe('Pair a Pilot card, or a Command card with 【Pilot】, with a Unit (7-5-2, 5-9-1)');

const amountField = count('amount').optional();

const effectActions = [
  strictObject({ type: kind('deal_damage'), target: targetId, amount: amountField.describe('Damage dealt (default 1; negative damage is rejected)'), choices: choicesField })
    .describe('Effect damage (5-5-4)'),
  strictObject({ type: kind('destroy'), target: targetId, choices: choicesField }).describe('Destroy by effect (5-10-1)'),
  strictObject({ type: kind('rest'), target: targetId, amount: amountField.describe('For "A.resources": how many (default 1)'), choices: choicesField })
    .describe('Rest a card (5-4-1-2)'),
  strictObject({ type: kind('set_active'), target: targetId, amount: amountField.describe('For "A.resources": how many (default 1)'), choices: choicesField })
    .describe('Set a card active (5-4-1-1)'),
  strictObject({ type: kind('recover'), target: targetId, amount: amountField.describe('HP recovered (default 1)'), choices: choicesField })
    .describe('HP recovery (5-6)'),
  strictObject({
    type: kind('modify'),
    target: targetId,
    ap: delta('ap').optional().describe('AP change, e.g. 2 or -3'),
    hp: delta('hp').optional().describe('HP change'),
    duration,
    choices: choicesField,
  }).describe('AP/HP modifier for this turn or this battle'),
  strictObject({ type: kind('grant'), target: targetId, keyword: text('keyword').describe('Keyword gained, e.g. "Breach 2", "Blocker"'), duration, choices: choicesField })
    .describe('A Unit gains a keyword (5-16-1)'),
  strictObject({ type: kind('draw'), player: playerId.describe('Who draws'), count: count('count').describe('Cards to draw'), choices: choicesField }).describe('Draw cards (5-14-1)'),
  strictObject({ type: kind('discard'), player: playerId.describe('Who discards'), count: count('count').describe('Cards to discard'), choices: choicesField }).describe('Discard cards (5-11-1)'),
] as const;

const supportAction = strictObject({
  type: kind('support'),
  unit: id('unit').describe('Id of your active Unit with <Support>'),
  target: id('target').describe('Id of another friendly Unit'),
  choices: choicesField,
}).describe('Activate <Support>: rest the Unit, another friendly Unit gets AP+amount this turn (13-1-3-1)');

const endTurnAction = strictObject({ type: kind('end_turn'), choices: choicesField })
  .describe("End the turn (end phase 7-6) and play the next turn's start, draw and resource phases");

export const actionSchema = z.discriminatedUnion('type', [
  attackAction,
  deployAction,
  pairAction,
  ...effectActions,
  supportAction,
  playAction,
  activateAction,
  endTurnAction,
]);

export const simulateRulingInputSchema = strictObject({
  state: strictObject({
    active_player: playerId.describe('Whose turn it is; the scenario starts in that player\'s main phase'),
    turn: z.number().int().min(1).max(1000).optional().describe('Turn number (default 1)'),
    players: strictObject({ A: playerSpec.optional(), B: playerSpec.optional() }).describe('Both players\' sides of the table'),
  }).describe('The game state at the start of the scenario'),
  actions: z.array(actionSchema).max(200, 'at most 200 actions').describe('Actions applied in order; the simulation stops at the first illegal one'),
}).describe('A Gundam Card Game situation to play out under the Comprehensive Rules');

// ---------------------------------------------------------------------------------------------
// Output

const rules = z.array(z.string()).describe('Comprehensive Rules numbers (EN 1.7.0)');

const unitOut = z.object({
  id: z.string(),
  name: z.string(),
  card: z.string().nullable().describe('Catalog card number, if any'),
  ap: z.number().describe('Current AP (Pilot and modifiers included, never below 0)'),
  hp: z.number().describe('Current HP (Pilot and modifiers included)'),
  damage: z.number().describe('Damage counters'),
  rested: z.boolean(),
  keywords: z.array(z.string()).describe('Current keyword effects, amounts summed'),
  pilot: z.object({ id: z.string(), name: z.string() }).nullable(),
  linked: z.boolean().describe('Link Unit'),
  deployed_this_turn: z.boolean(),
});

const baseOut = z
  .object({
    id: z.string(),
    name: z.string(),
    card: z.string().nullable(),
    ap: z.number(),
    hp: z.number(),
    damage: z.number(),
    rested: z.boolean(),
  })
  .nullable();

const playerOut = z.object({
  units: z.array(unitOut),
  base: baseOut,
  shields: z.number().describe('Shields left'),
  hand: z.number(),
  hand_cards: z.array(z.string()).describe('The known cards in the hand (card numbers)'),
  deck: z.number(),
  resources: z.object({ active: z.number(), rested: z.number(), ex: z.number() }),
  resource_deck: z.number(),
  trash: z.array(z.string()).describe('Card ids in the trash, oldest first'),
  removed: z.array(z.string()).describe('Cards removed from the game (tokens, used EX Resources)'),
});

export const violationOut = z.object({
  action: z.number().nullable().describe('Index (0-based) of the illegal action; null when the scenario itself is illegal'),
  action_type: z.string().nullable(),
  reason: z.string(),
  rules,
  kind: z.enum(['rule', 'input', 'internal']).describe('"rule": the rules forbid it; "input": the scenario names something unknown; "internal": an engine error'),
});

export const simulateRulingOutputSchema = z
  .object({
    legal: z.boolean().describe('False when an action (or the scenario) breaks a rule; the state is the one before it'),
    violations: z.array(violationOut),
    winner: playerId.nullable(),
    defeated: z.array(playerId),
    game_over: z.boolean(),
    actions_applied: z.number().describe('How many actions were carried out'),
    events: z.array(
      z.object({
        text: z.string(),
        rules,
        phase: z.enum(['start', 'draw', 'resource', 'main', 'end']),
        step: z.string().optional(),
        action: z.number().optional().describe('Index of the action that produced it'),
      }),
    ),
    destroyed: z.array(z.string()).describe('Ids destroyed (Units, Bases, Shields), in order'),
    complete: z.boolean().describe('False when a card ability that mattered here was not run (see not_executed): the outcome may then differ from the real ruling'),
    not_executed: z
      .array(z.object({ unit: z.string(), card: z.string().nullable(), text: z.string(), reason: z.string() }))
      .describe('Card abilities that mattered here but were not run (the engine cannot read them): resolve these by hand; the simulation is partial when this is not empty'),
    rules_cited: rules,
    state: z.object({
      active_player: playerId,
      turn: z.number(),
      phase: z.enum(['start', 'draw', 'resource', 'main', 'end']),
      players: z.object({ A: playerOut, B: playerOut }),
    }),
  })
  .describe('The situation played out, step by step, with rule numbers');

// ---------------------------------------------------------------------------------------------
// check_deck

const deckEntry = strictObject({
  card: id('card').describe('Card number, e.g. "ST01-001" (alternate printings count as their base card number)'),
  count: count('count').describe('Copies'),
});

export const checkDeckInputSchema = strictObject({
  deck: z.array(deckEntry).max(200, 'at most 200 deck entries').describe('The 50-card deck'),
  resource_deck: z.array(deckEntry).max(100, 'at most 100 resource deck entries').optional().describe('The 10-card resource deck'),
}).describe('A deck list to check against the construction rules (6-1)');

export const checkDeckOutputSchema = z.object({
  legal: z.boolean(),
  violations: z.array(z.object({ reason: z.string(), rules, cards: z.array(z.string()) })),
  summary: z.object({
    deck_cards: z.number(),
    resource_cards: z.number(),
    colors: z.array(z.string()),
    types: z.object({ unit: z.number(), pilot: z.number(), command: z.number(), base: z.number() }),
    card_numbers: z.number().describe('Distinct card numbers in the deck'),
    unknown: z.array(z.string()),
  }),
});

export type SimulateRulingInput = z.infer<typeof simulateRulingInputSchema>;
export type SimulateRulingOutput = z.infer<typeof simulateRulingOutputSchema>;
export type CheckDeckInput = z.infer<typeof checkDeckInputSchema>;
export type CheckDeckOutput = z.infer<typeof checkDeckOutputSchema>;
export type Action = z.infer<typeof actionSchema>;
export type StepAction = z.infer<typeof stepAction>;
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;
export type PlayerSpec = z.infer<typeof playerSpec>;
export type UnitSpec = z.infer<typeof unitSpec>;
export type BaseSpec = z.infer<typeof baseSpec>;
export type PilotSpec = z.infer<typeof pilotSpec>;
export type CardRef = z.infer<typeof cardRef>;
export type EngineEvent = SimulateRulingOutput['events'][number];
