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
export function dotPath(path: readonly PropertyKey[]): string {
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

/**
 * A shape the tool schemas share: published once under `$defs/<id>` and referenced where it is used
 * (src/mcp/json-schema.ts). Long explanations live in docs/engine.md ("Scenario format"), served
 * as the resource gundam://docs/scenario-format; descriptions here say in one line what a field is.
 */
const shared = <S extends z.ZodType>(schema: S, id: string): S => schema.meta({ id }) as S;

/** The discriminator of an action. */
const kind = <T extends string>(name: T) => z.literal(name);
const duration = shared(z.enum(['turn', 'battle']), 'Duration');

const keywordList = shared(
  z
    .array(text('a keyword'))
    .max(20, 'at most 20 keywords')
    .describe('e.g. "Breach 3", "<Blocker>"; replace the card\'s'),
  'Keywords',
);

const linkSpec = z
  .union([
    text('link'),
    strictObject({
      names: z.array(text('a link name')).max(10).optional(),
      traits: z.array(text('a link trait')).max(10).optional(),
    }),
  ])
  .nullable();

/** Fields any card description may carry; a `card` fills them from the catalog, explicit ones override. */
const cardNaming = {
  card: shared(id('card').optional().describe('Card number ("GD01-013") or name; fills the rest'), 'CatalogCard'),
  name: text('name').optional(),
};

/** The rest of a card description; split from `cardNaming` so objects list id, card, name, ap, hp first. */
const cardDetails = {
  type: shared(z.enum(['unit', 'pilot', 'command', 'base', 'resource']).optional(), 'CardType'),
  level: count('level').optional(),
  cost: count('cost').optional(),
  traits: shared(z.array(text('a trait')).max(20).optional(), 'Traits'),
  keywords: keywordList.optional(),
  text: text('text', 1000).optional(),
  link: shared(linkSpec.optional().describe('"[Amuro Ray]", "(White Base Team) Trait" or {names, traits}'), 'Link'),
  color: text('color', 20).optional(),
  token: z.boolean().optional(),
};

/** Only Units have link conditions (2-12-2, 3-2-6): a Pilot or a Base description has none. */
const { link: _link, ...detailsWithoutLink } = cardDetails;

const inlineCard = shared(
  strictObject({
    ...cardNaming,
    ap: count('ap').optional(),
    hp: count('hp').optional(),
    ...cardDetails,
  }),
  'Card',
);

const cardRef = shared(z.union([id('card'), inlineCard]).describe('Card number, name, or inline card'), 'CardRef');

const pilotSpec = shared(
  z.union([
    id('pilot').describe('Card number or name'),
    strictObject({
      id: id('pilot id').optional(),
      ...cardNaming,
      ap: delta('pilot ap').optional(),
      hp: delta('pilot hp').optional(),
      ...detailsWithoutLink,
    }),
  ]),
  'Pilot',
);

const unitSpec = shared(
  strictObject({
    id: id('unit id'),
    ...cardNaming,
    ap: count('ap').optional(),
    hp: count('hp').optional(),
    ...cardDetails,
    pilot: pilotSpec.optional(),
    linked: z.boolean().optional(),
    rested: z.boolean().optional(),
    damage: count('damage').optional(),
    deployed_this_turn: z.boolean().optional(),
  }),
  'Unit',
);

const baseSpec = strictObject({
  id: id('base id').optional(),
  ...cardNaming,
  ap: count('ap').optional(),
  hp: count('hp').optional(),
  ...detailsWithoutLink,
  damage: count('damage').optional(),
  rested: z.boolean().optional(),
});

const playerSpec = shared(
  strictObject({
    units: z
      .array(unitSpec)
      .max(12, 'at most 12 units per player (a battle area holds 6; 7 to 12 are reported as a 4-5-4 violation)')
      .optional(),
    base: baseSpec
      .nullable()
      .optional()
      .describe('Default: the EX Base token; null: none'),
    shields: z
      .union([count('shields'), z.array(cardRef).max(50, 'at most 50 shield cards')])
      .optional()
      .describe('Default 6; cards top first'),
    hand: z
      .union([count('hand'), z.array(cardRef).max(60, 'at most 60 hand cards')], {
        error: 'hand must be a whole number from 0 to 1000, or a list of at most 60 cards (card numbers, names or inline cards)',
      })
      .optional()
      .describe('Default 5'),
    deck: z
      .union([count('deck'), z.array(cardRef).max(60, 'at most 60 deck cards')], {
        error: 'deck must be a whole number from 0 to 1000, or a list of at most 60 cards (card numbers, names or inline cards)',
      })
      .optional()
      .describe('Default 30; cards top first'),
    resources: z
      .union([
        count('resources'),
        strictObject({
          active: count('resources.active'),
          rested: count('resources.rested').optional(),
          ex: count('resources.ex').optional(),
        }),
      ])
      .optional()
      .describe('Default 0'),
    resource_deck: count('resource_deck').optional(),
    trash: z
      .union([z.array(cardRef).max(200, 'at most 200 trash cards'), count('trash')])
      .optional(),
  }),
  'Player',
);

// ---------------------------------------------------------------------------------------------
// Actions

const targetId = id('target').describe('Else: a unit id, "A.base", "B.shield", "A.resources"');
const actor = playerId.optional();
const useEx = count('use_ex').optional();
const acting = {
  player: actor,
  from: z.enum(['hand', 'effect', 'trash']).optional().describe('"effect"/"trash" (by an effect): unpaid'),
  use_ex: useEx,
};

const choiceSpec = strictObject({
  targets: z.array(id('target')).max(12, 'at most 12 targets').optional().describe('For a "choose"'),
  use: z.boolean().optional().describe('For a "you may" or 【Burst】'),
  cards: z.array(id('card')).max(12, 'at most 12 cards').optional().describe('Card ids taken, deployed or discarded'),
  where: z.enum(['top', 'bottom']).optional().describe('For "top or bottom of your deck"'),
  order: z.array(id('source')).max(12, 'at most 12 sources').optional().describe('Sources of simultaneous triggers, in order'),
});

const choicesField = shared(
  z
    .array(choiceSpec)
    .max(50, 'at most 50 choices')
    .optional()
    .describe('Players\' decisions, in the order asked'),
  'Choices',
);

const playAction = shared(
  strictObject({
    type: kind('play'),
    card: cardRef,
    id: id('id').optional(),
    player: actor,
    use_ex: useEx,
    choices: choicesField,
  }),
  'Play',
);

const activateAction = shared(
  strictObject({
    type: kind('activate'),
    source: id('source'),
    ability: z.number().int().min(1).max(10).optional(),
    player: actor,
    use_ex: useEx,
    choices: choicesField,
  }),
  'Activate',
);

const attackAction = strictObject({
  type: kind('attack'),
  attacker: id('attacker'),
  target: id('target').describe('attack: "player" or an enemy Unit'),
  blocker: id('blocker').optional(),
  // Any action by reference: only play/activate are legal there (9-3), and the engine answers any
  // other with the rules that say so, not a schema error. One reference also publishes shorter
  // than a second copy of the two actions.
  get action_step() {
    return actionStep;
  },
  choices: choicesField,
});

const deployAction = strictObject({
  type: kind('deploy'),
  id: id('id'),
  card: cardRef,
  replace: id('replace').optional().describe('Trashed to make room (11-4-2)'),
  ...acting,
  choices: choicesField,
});

const pairAction = strictObject({
  type: kind('pair'),
  unit: id('unit'),
  pilot: pilotSpec,
  linked: z.boolean().optional(),
  ...acting,
  choices: choicesField,
});

const amountField = count('amount').optional();

const effectActions = [
  strictObject({ type: kind('deal_damage'), target: targetId, amount: amountField, choices: choicesField }),
  strictObject({ type: kind('destroy'), target: targetId, choices: choicesField }),
  strictObject({ type: kind('rest'), target: targetId, amount: amountField, choices: choicesField }),
  strictObject({ type: kind('set_active'), target: targetId, amount: amountField, choices: choicesField }),
  strictObject({ type: kind('recover'), target: targetId, amount: amountField, choices: choicesField }),
  strictObject({
    type: kind('modify'),
    target: targetId,
    ap: delta('ap').optional(),
    hp: delta('hp').optional(),
    duration,
    choices: choicesField,
  }),
  strictObject({ type: kind('grant'), target: targetId, keyword: text('keyword'), duration, remove: z.boolean().optional(), choices: choicesField }),
  strictObject({ type: kind('draw'), player: playerId, count: count('count'), choices: choicesField }),
  strictObject({ type: kind('discard'), player: playerId, count: count('count'), choices: choicesField }),
] as const;

const supportAction = strictObject({
  type: kind('support'),
  unit: id('unit'),
  target: id('target'),
  choices: choicesField,
});

const endTurnAction = strictObject({ type: kind('end_turn'), choices: choicesField });
/** 7-1 the turn moves on to where a player next acts: the main phase, or the end phase's action step. */
const advanceAction = strictObject({ type: kind('advance'), choices: choicesField });

export const actionSchema = shared(
  z.discriminatedUnion('type', [attackAction, deployAction, pairAction, ...effectActions, supportAction, playAction, activateAction, endTurnAction, advanceAction]),
  'Action',
);

// Built once: zod reads the getter above whenever it looks at the attack's fields.
const actionStep = z.array(actionSchema).max(20, 'at most 20 action step actions').optional().describe('Action step, in order (9-2): play, activate');

export const simulateRulingInputSchema = strictObject({
  state: strictObject({
    active_player: playerId,
    turn: z.number().int().min(1).max(1000).optional(),
    phase: z.enum(['start', 'draw', 'resource', 'main', 'end']).optional().describe('Default main; end: its action step'),
    players: strictObject({ A: playerSpec.optional(), B: playerSpec.optional() }),
  }).describe('The board at the start'),
  actions: z.array(actionSchema).max(200, 'at most 200 actions').describe('In order; stops at the first illegal one'),
});

// ---------------------------------------------------------------------------------------------
// Output

const rules = shared(z.array(z.string()).describe('Rule numbers (EN 1.7.0; "JA n": Japanese only)'), 'Rules');

const unitOut = shared(z.object({
  id: z.string(),
  name: z.string(),
  card: z.string().nullable(),
  ap: z.number().describe('Current, Pilot included'),
  hp: z.number().describe('Current, Pilot included'),
  damage: z.number(),
  rested: z.boolean(),
  keywords: z.array(z.string()),
  pilot: z.object({ id: z.string(), name: z.string() }).nullable(),
  linked: z.boolean(),
  deployed_this_turn: z.boolean(),
}), 'UnitState');

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

const playerOut = shared(z.object({
  units: z.array(unitOut),
  base: baseOut,
  shields: z.number(),
  hand: z.number(),
  hand_cards: z.array(z.string()).describe('The known ones'),
  deck: z.number(),
  resources: z.object({ active: z.number(), rested: z.number(), ex: z.number() }),
  resource_deck: z.number(),
  trash: z.array(z.string()).describe('Oldest first'),
  removed: z.array(z.string()).describe('Removed from the game'),
}), 'PlayerState');

export const violationOut = z.object({
  action: z.number().nullable().describe('0-based; null: the scenario'),
  action_type: z.string().nullable(),
  reason: z.string(),
  rules,
  kind: z.enum(['rule', 'input', 'internal']),
});

const undeterminedOut = z.object({
  kind: z.enum(['not-executed', 'loop', 'too-large']).describe('not-executed: a decisive ability not run'),
  conclusion: z.enum(['legality', 'outcome']).describe('What it leaves open'),
  reason: z.string(),
  action: z.number().nullable(),
  unit: z.string().nullable(),
  card: z.string().nullable(),
  abilities: z.array(z.string()).describe('Ability texts involved'),
  rules,
});

export const simulateRulingOutputSchema = z
  .object({
    legal: z.boolean().nullable().describe('false: state before the illegal action; null: undetermined'),
    violations: z.array(violationOut),
    winner: playerId.nullable(),
    defeated: z.array(playerId),
    game_over: z.boolean(),
    actions_applied: z.number(),
    undetermined: z.array(undeterminedOut),
    events: z.array(
      z.object({
        text: z.string(),
        rules,
        phase: z.enum(['start', 'draw', 'resource', 'main', 'end']),
        step: z.string().optional(),
        action: z.number().optional(),
      }),
    ),
    events_omitted: z.number(),
    destroyed: z.array(z.string()).describe('Ids, in order'),
    complete: z.boolean(),
    not_executed: z
      .array(z.object({ unit: z.string(), card: z.string().nullable(), text: z.string(), reason: z.string() }))
      .describe('Not run: resolve by hand'),
    rules_cited: rules,
    state: z.object({
      active_player: playerId,
      turn: z.number(),
      phase: z.enum(['start', 'draw', 'resource', 'main', 'end']),
      players: z.object({ A: playerOut, B: playerOut }),
    }),
  });

// ---------------------------------------------------------------------------------------------
// check_deck

const deckEntry = strictObject({
  card: id('card').describe('Card number, e.g. "ST01-001"'),
  count: count('count').describe('Copies'),
});

export const checkDeckInputSchema = strictObject({
  deck: z.array(deckEntry).max(200, 'at most 200 deck entries').describe('The 50-card deck'),
  resource_deck: z.array(deckEntry).max(100, 'at most 100 resource deck entries').optional().describe('The 10-card resource deck'),
});

export const checkDeckOutputSchema = z.object({
  legal: z.boolean(),
  violations: z.array(
    z.object({
      reason: z.string(),
      rules,
      cards: z.array(z.string()),
      kind: z.enum(['construction', 'restriction', 'input']),
    }),
  ),
  restriction_list: z
    .object({ id: z.string(), label: z.string(), effective: z.string(), source: z.string(), origin: z.string().describe('"bundled" or a file') })
    .nullable()
    .describe('Banned/restricted list applied'),
  read: z.array(z.object({ written: z.string(), card: z.string(), name: z.string(), match: z.enum(['number', 'name', 'loose']) })).describe('Cards given by name'),
  exceptions: z.array(z.string()),
  summary: z.object({
    deck_cards: z.number(),
    resource_cards: z.number(),
    colors: z.array(z.string()),
    types: z.object({ unit: z.number(), pilot: z.number(), command: z.number(), base: z.number() }),
    card_numbers: z.number().describe('Distinct'),
    unknown: z.array(z.string()),
  }),
});

export type SimulateRulingInput = z.infer<typeof simulateRulingInputSchema>;
export type SimulateRulingOutput = z.infer<typeof simulateRulingOutputSchema>;
export type CheckDeckInput = z.infer<typeof checkDeckInputSchema>;
export type CheckDeckOutput = z.infer<typeof checkDeckOutputSchema>;
export type Action = z.infer<typeof actionSchema>;
export type Undetermined = z.infer<typeof undeterminedOut>;
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;
export type PlayerSpec = z.infer<typeof playerSpec>;
export type UnitSpec = z.infer<typeof unitSpec>;
export type BaseSpec = z.infer<typeof baseSpec>;
export type PilotSpec = z.infer<typeof pilotSpec>;
export type CardRef = z.infer<typeof cardRef>;
export type EngineEvent = SimulateRulingOutput['events'][number];
