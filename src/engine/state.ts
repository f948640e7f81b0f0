/**
 * The explicit game state the engine transforms (Comprehensive Rules EN 1.7.0, chapter 4 "Game
 * Locations"). Plain data only: no classes, no catalog references, so a state can be cloned with
 * structuredClone and compared in tests.
 */
import type { Ability, CompiledAbility, DamageGuard, EffectStep, Filter, Immunity, Selector } from '../abilities/ir.js';
import type { CardType } from '../corpus/types.js';
import type { AbilityCtx } from './context.js';
import type { EventKind } from './happened.js';

export type PlayerId = 'A' | 'B';
export const PLAYERS: readonly PlayerId[] = ['A', 'B'];

/** 1-1-1 two players: the other one. */
export function opponent(p: PlayerId): PlayerId {
  return p === 'A' ? 'B' : 'A';
}

/** The keyword effects of 13-1 the engine knows. */
export type KeywordName =
  | 'Repair'
  | 'Breach'
  | 'Support'
  | 'Blocker'
  | 'First Strike'
  | 'High-Maneuver'
  | 'Suppression'
  | 'Development';

/** One copy of a keyword; amount null = the keyword takes none, or the catalog lost it. */
export interface KeywordInstance {
  name: KeywordName;
  amount: number | null;
}

/** How long a temporary effect lasts: 7-6-6-1 "during this turn", 8-6-1 "during this battle". */
export type Duration = 'turn' | 'battle';

export interface Modifier {
  ap: number;
  hp: number;
  duration: Duration;
  /** What created it, for the log ("modify action 2", "Support 1 of a3"). */
  source: string;
}

/** A triggered ability an effect granted a Unit, until `duration` ends (7-6-6-1, 8-6-1). */
export interface GrantedAbility {
  ability: Extract<CompiledAbility, { kind: 'triggered' }>;
  duration: Duration;
  source: string;
}

export interface TimedKeyword extends KeywordInstance {
  duration: Duration;
  source: string;
  /** "It loses <Blocker>": every copy it had before is gone while this lasts (a later grant adds one back). */
  lost?: true;
}

/**
 * What a card brings to the game, copied once out of the catalog record or the scenario's inline
 * spec. Explicit scenario fields have already overridden catalog values here. Never changed once
 * built, so games and abilities may share it.
 */
export interface CardFace {
  /** Catalog card number, or null for a card described only by the scenario. */
  cardId: string | null;
  name: string;
  type: CardType;
  token: boolean;
  color: string | null;
  level: number;
  cost: number;
  /** For Units and Bases the printed AP/HP; for Pilots the modifiers added to the Unit (3-3-8-1). */
  ap: number;
  hp: number;
  traits: string[];
  text: string;
  /** 2-12 / 3-2-6 link condition: bracketed name parts and traits. */
  link: { names: string[]; traits: string[] } | null;
  /** Keywords the card always has. */
  keywords: KeywordInstance[];
  /** The Pilot name used for link conditions: the card name, or the 【Pilot】[name] of a Command. */
  pilotName: string | null;
  /** The card's compiled abilities (src/abilities), run by resolve.ts; unsupported ones are only reported. */
  abilities: Ability[];
}

/** What the constant abilities in play give a card right now (recomputed after every event, 10-1-5). */
export interface ConstantState {
  ap: number;
  hp: number;
  keywords: KeywordInstance[];
  /** 'attack-active' permissions: enemy active Units matching one of these may be attacked. */
  attackActive: Filter[];
  cannotAttack: boolean;
  cannotAttackPlayer: boolean;
  /** "Can't receive (battle/effect) damage from …" (10-1-5-6: what prevents takes precedence). */
  guards: { guard: DamageGuard; source: string }[];
  /** "All Units that are Lv.3 or lower … are deployed rested": kept on the card whose constant it is (constants.ts). */
  deploysRested?: { filter: Filter; controller: PlayerId; source: string }[];
  /** "Can't be destroyed / AP can't be reduced by enemy effects" (10-1-5-6). */
  immunities: { what: Immunity; from: Filter; source: string }[];
  /** On the card whose constant it is: its controller's Shields can't receive this damage (10-1-5-6). */
  shieldGuards: { guard: DamageGuard; source: string }[];
  /** "Enemy Units choose this rested Unit as their attack target if possible": the attackers it binds, and where it comes from. */
  drawsAttacks: { attackers: Filter; source: string }[];
  /** "This Unit can't be set as active / paired with a Pilot" (10-1-5-6, 1-3-3): what it stops, and where it comes from. */
  cannotBe: { what: 'set-active' | 'paired'; source: string }[];
  /** "… you may rest this Unit instead" (10-1-9-1): on the card rested instead, what it replaces and whose effects. */
  restInstead: { replaces: Filter; source: Filter; label: string }[];
  /** "On the turn this Unit is deployed, it may choose a rested enemy Unit as its attack target": the Units it may attack then. */
  deployTurnAttack: { filter: Filter; source: string }[];
  /** Traits a constant gives it besides its printed ones ("All your Units gain (Neo Zeon)"). */
  traits: string[];
  /** Labels of the abilities that apply, for the log. */
  sources: string[];
  /** What each "… for each …" constant amounts to now ("AP+6 (3 matching Units in play) from …"), for the log; absent when none applies. */
  scaled?: string[];
}

/** A temporary rule change from a resolved effect ("it may attack active Units during this turn"). */
export interface TimedPermission {
  /** 'draws-attacks': enemy Units matching `filter` (seen from this Unit's owner) must choose this Unit as their attack target (GD04-107). */
  type: 'attack-active' | 'forbid-attack' | 'forbid-attack-player' | 'prevent-damage' | 'reduce-damage' | 'redirect-damage' | 'deploy-turn-attack' | 'draws-attacks';
  filter: Filter | null;
  guard?: DamageGuard;
  /** 'reduce-damage': by how much, which damage (5-21-1), and whether the first damage it applies to spends it ("the next damage"). */
  reduce?: { amount: number; kind?: 'battle' | 'effect'; enemy?: boolean; next?: boolean };
  /** 'redirect-damage': the Unit (id) that receives instead the damage of this kind this Unit would receive (10-1-9-1). */
  redirect?: { to: string; kind?: 'battle' | 'effect' };
  duration: Duration;
  source: string;
}

export interface Pilot {
  /** The id the Pilot card goes to the trash under. */
  id: string;
  face: CardFace;
}

export interface Unit {
  id: string;
  owner: PlayerId;
  face: CardFace;
  pilot: Pilot | null;
  /** The scenario's word on linking (`linked: true|false`); null = decide from the link condition. */
  linkedOverride: boolean | null;
  rested: boolean;
  damage: number;
  /** 3-2-4 cannot attack the turn it is deployed (unless a Link Unit, 3-2-6-3). */
  deployedThisTurn: boolean;
  /** Deployed from its owner's trash by an effect (5-7-1-1): "If you deploy this Unit from your trash". */
  /** Set as it is destroyed by the battle damage it just received (8-5-3-2-1): "If this Unit is destroyed with battle damage". */
  destroyedWithBattleDamage?: boolean;
  fromTrash?: boolean;
  /** A card in play as something it is not ("deploy it as an (AP3・HP3) Unit"): its own card, which it is again outside play. */
  card?: CardFace;
  modifiers: Modifier[];
  timedKeywords: TimedKeyword[];
  timedPermissions: TimedPermission[];
  /**
   * Triggered abilities an effect gave this Unit for a duration ("It gains the following effect during
   * this turn: ■【During Link】【Destroyed】…", 5-16-1): they trigger as its own text does until they end.
   */
  grantedAbilities?: GrantedAbility[];
  constant: ConstantState;
  /** "It won't be set as active during the start phase of your opponent's next turn": that turn's number. */
  stayRestedTurn: number | null;
}

export interface Base {
  id: string;
  owner: PlayerId;
  face: CardFace;
  rested: boolean;
  damage: number;
  modifiers: Modifier[];
  constant: ConstantState;
  /** The Unit (id) whose damage was the last dealt to it, and its kind: who destroyed it if that damage did (11-3-1). */
  lastHit?: { unit: string; kind: 'battle' | 'effect' } | null;
}

/** The constant that stops this from happening to the Unit ("can't be set as active"), or null. */
export function cannotBe(unit: Unit, what: 'set-active' | 'paired'): string | null {
  return unit.constant.cannotBe.find((c) => c.what === what)?.source ?? null;
}

export function noConstants(): ConstantState {
  return { ap: 0, hp: 0, keywords: [], attackActive: [], cannotAttack: false, cannotAttackPlayer: false, guards: [], immunities: [], shieldGuards: [], drawsAttacks: [], cannotBe: [], restInstead: [], deployTurnAttack: [], traits: [], sources: [] };
}

/** 4-6-4-2 a Shield has 1 HP; its card is face down, known only if the scenario names it. */
export interface Shield {
  id: string;
  face: CardFace | null;
}

/** 4-4: normal Resources are active or rested; EX Resources (5-17-3-2) are counted apart. */
export interface Resources {
  active: number;
  rested: number;
  ex: number;
}

export interface PlayerState {
  id: PlayerId;
  /** 4-5 battle area, at most 6 (4-5-4). */
  units: Unit[];
  /** 4-6-3 base section, at most 1. */
  base: Base | null;
  /** 4-6-4 shield section, top first. */
  shields: Shield[];
  hand: number;
  /** The cards in the hand the scenario or the game made known (card numbers); hand >= their count. */
  handCards: string[];
  deck: number;
  /** The known cards on top of the deck, top first; deck >= their count. */
  deckCards: string[];
  resources: Resources;
  /** 4-3 cards left in the resource deck (feeds the resource phase, 7-4-1). */
  resourceDeck: number;
  /** 4-9 trash, card ids in the order they arrived. */
  trash: string[];
  /** Cards removed from the game (tokens leaving the field 5-17-2-5, used EX Resources 5-17-3-2-3). */
  removed: string[];
  /** 11-2-1-1 set when this player received battle damage with an empty shield area. */
  battleDamageWithoutShields: boolean;
}

export type Phase = 'start' | 'draw' | 'resource' | 'main' | 'end';

export interface GameEvent {
  text: string;
  rules: string[];
  phase: Phase;
  step?: string;
  /** Index (0-based) of the scenario action that produced it; absent for setup. */
  action?: number;
}

export interface Game {
  turn: number;
  active: PlayerId;
  phase: Phase;
  step: string | null;
  players: Record<PlayerId, PlayerState>;
  events: GameEvent[];
  /** Ids of cards destroyed (5-10), in order. Excess-managed cards are not here (5-10-4). */
  destroyed: string[];
  defeated: PlayerId[];
  winner: PlayerId | null;
  over: boolean;
  /** The action being applied, for event tagging. */
  actionIndex: number | null;
  /** Counter for ids the engine has to invent (discarded hand cards, placeholder trash). */
  serial: number;
  /**
   * How many abilities have started to resolve: what triggers in between is one simultaneous batch
   * (10-1-6-6 active player's first), and what triggers while an ability resolves is newer (10-1-6-7).
   */
  resolutions: number;
  /** True between the attack step and the battle end step. */
  inBattle: boolean;
  /** The Units that just received battle damage, until the rules management that follows it (8-5-3-2-1). */
  battleDamaged: string[];
  /** The Units battling now (attacker first), for "this battle" abilities. */
  battle: { attacker: string; target: string | null } | null;
  /** Faces of cards outside play whose identity is known (trash, hand, deck, removed), by id. */
  faces: Record<string, CardFace>;
  /** 【Once per Turn】 abilities used this turn ("<card id>#<ability index>"). */
  usedThisTurn: string[];
  notExecuted: NotExecuted[];
  /** The kinds of event the scenario went through (happened.ts). */
  happened: Set<EventKind>;
  /**
   * Unread trigger abilities of cards in play, each reported at the end only if its event could have
   * happened (happened.ts): "<card id>#<ability index>" → where it is.
   */
  unreadTriggers: Map<string, { unit: string; face: CardFace; index: number; kinds: EventKind[] }>;
  /** Conclusions an ability that did not run could change (not-executed.ts). */
  undetermined: Undetermined[];
  /** The decisions the current action brings, and how many were used. */
  choices: Choice[];
  choicesUsed: number;
  /** What the current action's abilities asked the players, in order (for a choice nobody asked for). */
  choicesAsked: string[];
  /** Decisions the text reached with nothing to decide (no legal target, a "you may" that cannot be done). */
  choicesSkipped: string[];
  /** Pending damage reduction while a "receives damage" ability resolves (5-21). */
  damageReduction: number;
  /** Set by a 【Burst】 effect that moved its own card (13-2-5-3: then it does not go to the trash). */
  burstMoved: string | null;
  /** "After activating this card's 【Main】, you may pair this card from your trash with …": the Command and the Unit, paired once it is in the trash (3-4-4). */
  pairFromTrash?: { card: string; unit: string; label: string } | null;
  /** Triggered abilities waiting to resolve (10-1-6). */
  pending: PendingTrigger[];
  /** Effects for a duration that act on whatever they name when tested, not on one card. */
  timedEffects: TimedEffect[];
  /** True while the trigger queue is being resolved (new triggers join it, 10-1-6-7). */
  resolving: boolean;
  /** What happened this turn that card text asks about later ("If you have activated … during this turn"); history.ts. */
  history: TurnEvent[];
  /** Whether `history` is the whole turn: the scenario started at its start, or a new turn began. */
  historyKnown: boolean;
}

/**
 * One event of the turn a condition may read back (history.ts): a player activated a Command's
 * 【Main】/【Action】, one of their Units was destroyed by an effect (`by`: the card whose effect it
 * was and its controller; `maybe`: lethal effect damage or an effect of unknown source, which may or
 * may not count), or they paid Resources for one of their Units' effects.
 */
export interface TurnEvent {
  event: 'activated-command' | 'destroyed-by-effect' | 'paid-for-unit-effect' | 'paired';
  player: PlayerId;
  face: CardFace;
  /** The Unit in play (destroyed, or paid for), to tell "other" Units apart. */
  unit?: string;
  by?: { player: PlayerId | null; face: CardFace | null };
  maybe?: true;
}

/**
 * "During this turn, friendly Units can't be destroyed by enemy effects" (an `all` target matched
 * again when tested) and "during this battle, your shield area cards can't receive damage from …".
 */
export type TimedEffect =
  | { kind: 'immune'; controller: PlayerId; target: Selector; ids: string[]; what: Immunity; from: Filter; duration: Duration; source: string }
  | { kind: 'protect-shield-area'; player: PlayerId; guard: DamageGuard; duration: Duration; source: string }
  /**
   * A delayed trigger for the turn (10-1-6-1): when one of `ids` (or a friendly Unit matching
   * `filter`) destroys an enemy Unit with battle damage, `effect` triggers for `ctx`'s controller.
   */
  | {
      kind: 'delayed-trigger';
      controller: PlayerId;
      /** 'deals-battle-damage': when one of `ids` deals battle damage to an enemy Unit matching `dealtTo`. */
      on: 'friendly-destroys-enemy-with-battle-damage' | 'deals-battle-damage';
      dealtTo?: Filter;
      ids: string[] | null;
      filter: Filter | null;
      anyCard?: true;
      ctx: AbilityCtx;
      effect: EffectStep[];
      duration: Duration;
      source: string;
    };

export interface PendingTrigger {
  ctx: AbilityCtx;
  /** `resolutions` when it triggered: later batches resolve first (10-1-6-7). */
  batch: number;
  burst: boolean;
  /** Its place among the effects of one player that triggered together, once that player ordered them (10-1-6-5). */
  order?: number;
}

/** A card ability that mattered to the scenario but was not run (never partly run). */
/**
 * A conclusion of the answer left open, and why: an ability that did not run could change it, or
 * the engine's bounds stopped the run (a loop, a simulation too large).
 */
export interface Undetermined {
  kind: 'not-executed' | 'loop' | 'too-large';
  conclusion: 'legality' | 'outcome';
  reason: string;
  action: number | null;
  unit: string | null;
  card: string | null;
  abilities: string[];
  rules: string[];
}

export interface NotExecuted {
  unit: string;
  card: string | null;
  text: string;
  reason: string;
}

/** One decision a player makes while an ability resolves (given on the action, in order). */
export interface Choice {
  targets?: string[] | undefined;
  use?: boolean | undefined;
  cards?: string[] | undefined;
  where?: 'top' | 'bottom' | undefined;
  order?: string[] | undefined;
}

export interface Violation {
  /** Index (0-based) of the offending action, or null when the scenario itself is the problem. */
  action: number | null;
  action_type: string | null;
  reason: string;
  rules: string[];
  /**
   * 'rule': the Comprehensive Rules forbid it; 'input': the scenario names something that does not
   * exist; 'internal': an engine bug (never expected, but reported rather than thrown).
   */
  kind: 'rule' | 'input' | 'internal';
}

/** A Unit as it enters the battle area: undamaged, no Pilot, deployed this turn (3-2-4). */
export function newUnit(id: string, owner: PlayerId, face: CardFace, rested: boolean): Unit {
  return {
    id,
    owner,
    face,
    pilot: null,
    linkedOverride: null,
    rested,
    damage: 0,
    deployedThisTurn: true,
    modifiers: [],
    timedKeywords: [],
    timedPermissions: [],
    constant: noConstants(),
    stayRestedTurn: null,
  };
}

export function findUnit(game: Game, id: string): Unit | undefined {
  for (const p of PLAYERS) {
    const u = game.players[p].units.find((x) => x.id === id);
    if (u) return u;
  }
  return undefined;
}

/** A Unit or Base in play, either side, by id. */
export function findCardInPlay(game: Game, id: string): Unit | Base | undefined {
  for (const p of PLAYERS) {
    const st = game.players[p];
    const u = st.units.find((x) => x.id === id);
    if (u) return u;
    if (st.base?.id === id) return st.base;
  }
  return undefined;
}

/** The ids of every Unit in play, both sides (for messages naming what is accepted). */
export function unitIds(game: Game): string[] {
  return PLAYERS.flatMap((p) => game.players[p].units.map((u) => u.id));
}

export function describeUnit(u: Unit): string {
  return u.face.name === u.id ? u.id : `${u.face.name} (${u.id})`;
}

/** A Unit as describeUnit says it, a Base as "name (id)". */
export function describeCard(card: Unit | Base): string {
  return 'timedKeywords' in card ? describeUnit(card) : `${card.face.name} (${card.id})`;
}

/**
 * The card whose text an ability is, for the log: the card itself, or for a Pilot's text (3-3-9-2:
 * it acts as the Unit's) the Pilot named first, so a reader finds the text on the card that prints it.
 */
export function describeAbilityHolder(card: Unit | Base, face: CardFace): string {
  return 'timedKeywords' in card && card.pilot !== null && face === card.pilot.face ? `${face.name} (Pilot of ${describeUnit(card)})` : describeCard(card);
}

export function totalResources(r: Resources): number {
  return r.active + r.rested + r.ex;
}

export function nextSerial(game: Game): number {
  game.serial += 1;
  return game.serial;
}

