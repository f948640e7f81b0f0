/**
 * Scenario -> Game. Applies the documented defaults, resolves catalog cards, and reports the first
 * thing that makes the scenario unusable (unknown card or id, a state the rules forbid) as a
 * problem instead of throwing; the rest of the scenario is still built so the state can be shown.
 *
 * Defaults: shields 6, hand 5, deck 30, resources 0, resource deck 10 minus the normal Resources in
 * play, the EX Base token (AP 0, HP 3) as Base, turn 1, and the active player's main phase.
 */
import { ChoiceProblem } from './choices.js';
import { ACCEPTED_CARDS, faceFromRecord, resolveFace, type FaceFields } from './cards.js';
import { emit } from './log.js';
import type { CardLookup } from './lookup.js';
import { runRulesManagement } from './management.js';
import { linkExplanation, resolvePilotFace } from './play.js';
import { meetsLinkCondition } from './stats.js';
import { withFields } from './with-fields.js';
import { inputProblem, ruleProblem, type Problem } from './problems.js';
import type { BaseSpec, CardRef, PlayerSpec, SimulateRulingInput, UnitSpec } from './schema.js';
import { describeUnit, newUnit, noConstants, PLAYERS, type Base, type CardFace, type Game, type PlayerId, type PlayerState, type Shield, type Unit } from './state.js';
import { HAND_LIMIT, RESOURCE_LIMIT, startIn } from './turn.js';

export const DEFAULTS = {
  shields: 6, // 6-2-2
  hand: 5, // 6-2-1-5
  deck: 30,
  resources: 0,
  resourceDeck: 10, // 6-1-1
  unitHp: 1,
  baseHp: 3,
  turn: 1,
} as const;

/** 5-17-3-1-1 the EX Base: a Base token with AP 0 and HP 3. */
export function exBaseFace(): CardFace {
  return {
    cardId: 'EXB-001',
    name: 'EX Base',
    type: 'base',
    token: true,
    color: null,
    level: 0,
    cost: 0,
    ap: 0,
    hp: DEFAULTS.baseHp,
    traits: [],
    text: '',
    link: null,
    keywords: [],
    pilotName: null,
    abilities: [],
  };
}

export function emptyPlayer(id: PlayerId): PlayerState {
  return {
    id,
    units: [],
    base: null,
    shields: [],
    hand: 0,
    handCards: [],
    deck: 0,
    deckCards: [],
    resources: { active: 0, rested: 0, ex: 0 },
    resourceDeck: 0,
    trash: [],
    removed: [],
    battleDamageWithoutShields: false,
  };
}

export function emptyGame(active: PlayerId, turn: number): Game {
  return {
    turn,
    active,
    phase: 'main',
    step: null,
    players: { A: emptyPlayer('A'), B: emptyPlayer('B') },
    events: [],
    destroyed: [],
    defeated: [],
    winner: null,
    over: false,
    actionIndex: null,
    serial: 0,
    resolutions: 0,
    battleDamaged: [],
    inBattle: false,
    battle: null,
    faces: {},
    usedThisTurn: [],
    notExecuted: [],
    happened: new Set(),
    unreadTriggers: new Map(),
    undetermined: [],
    choices: [],
    choicesUsed: 0,
    choicesAsked: [],
    choicesSkipped: [],
    damageReduction: 0,
    burstMoved: null,
    pending: [],
    timedEffects: [],
    resolving: false,
    history: [],
    historyKnown: false,
  };
}

function faceFields(spec: FaceFields): FaceFields {
  const { card, name, type, level, cost, ap, hp, traits, keywords, text, link, color, token } = spec;
  return { card, name, type, level, cost, ap, hp, traits, keywords, text, link, color, token };
}

function buildUnit(game: Game, owner: PlayerId, spec: UnitSpec, cards: CardLookup): Unit | Problem {
  const fields = faceFields(spec);
  // A Unit described by nothing but an id that is a catalog card number means that card (callers
  // write {"id": "ST05-002"} for "my ST05-002"); it would otherwise be a nameless 1 HP Unit.
  const named = Object.values(fields).every((v) => v === undefined) ? cards.byId(spec.id) : undefined;
  if (named) {
    fields.card = named.id;
    emit(game, `unit ${spec.id}: no "card" given; the id is the catalog card number of ${named.name}, so that card is used`, []);
  }
  const res = resolveFace(fields, cards, 'unit', spec.id);
  if (typeof res === 'string') return inputProblem(`unit ${spec.id}: ${res}`, ['2-1-1']);
  for (const n of res.notes) emit(game, n, []);
  const face = res.face;
  if (face.type !== 'unit') {
    return ruleProblem(`unit ${spec.id}: ${face.name} is a ${face.type} card; only Units are placed in the battle area`, ['3-2-1', '4-5-1']);
  }
  if (fields.card === undefined && spec.hp === undefined) {
    face.hp = DEFAULTS.unitHp;
    emit(game, `unit ${spec.id} has no card and no HP: HP ${DEFAULTS.unitHp} assumed`, []);
  }
  let pilot: Unit['pilot'] = null;
  if (spec.pilot !== undefined) {
    const p = resolvePilotFace(spec.pilot, spec.id, cards);
    if ('reason' in p) return p;
    for (const n of p.notes) emit(game, n, []);
    pilot = { id: p.id, face: p.face };
  }
  // Set on the new Unit itself: no copy of it (a spread-first literal, with-fields.ts).
  const unit = newUnit(spec.id, owner, face, spec.rested ?? false);
  unit.pilot = pilot;
  unit.linkedOverride = spec.linked ?? null;
  unit.damage = spec.damage ?? 0;
  unit.deployedThisTurn = spec.deployed_this_turn ?? false;
  if (pilot) startingLink(game, unit, pilot.face);
  return unit;
}

/**
 * Why a Unit paired on the starting board is, or is not, a Link Unit (3-2-6-2): often the point of
 * the question. A "linked" that its cards contradict is used as given (an effect may have made it
 * so), and the log says what the cards alone would make it.
 */
function startingLink(game: Game, unit: Unit, pilot: CardFace): void {
  if (!unit.face.link) return;
  const byCards = linkExplanation(withFields(unit, { linkedOverride: null }));
  const cardsLinked = meetsLinkCondition(unit.face, pilot);
  if (unit.linkedOverride !== null && unit.linkedOverride !== cardsLinked) {
    emit(game, `unit ${unit.id}: "linked": ${unit.linkedOverride} is used as given, though by its cards it is${cardsLinked ? '' : ' not'} a Link Unit (${byCards.text}); leave "linked" out to let the link condition decide`, byCards.rules);
    return;
  }
  emit(game, `${describeUnit(unit)} starts ${cardsLinked ? 'as a Link Unit' : 'paired but not linked'}: ${byCards.text}`, byCards.rules);
}

function buildBase(game: Game, owner: PlayerId, spec: BaseSpec | null | undefined, cards: CardLookup): Base | null | Problem {
  if (spec === null) return null;
  if (spec === undefined) {
    // 6-2-3 / 5-17-3-1-2 each player starts with an active EX Base.
    return { id: `${owner}-ex-base`, owner, face: exBaseFace(), rested: false, damage: 0, modifiers: [], constant: noConstants() };
  }
  const id = spec.id ?? `${owner}-base`;
  const res = resolveFace(faceFields(spec), cards, 'base', 'Base');
  if (typeof res === 'string') return inputProblem(`base of player ${owner}: ${res}`, ['2-1-1']);
  for (const n of res.notes) emit(game, n, []);
  const face = res.face;
  if (face.type !== 'base') return ruleProblem(`base of player ${owner}: ${face.name} is a ${face.type} card, not a Base`, ['3-5-1', '4-6-3']);
  if (spec.card === undefined && spec.hp === undefined) face.hp = DEFAULTS.baseHp;
  return { id, owner, face, rested: spec.rested ?? false, damage: spec.damage ?? 0, modifiers: [], constant: noConstants() };
}

function buildShields(owner: PlayerId, spec: PlayerSpec['shields'], cards: CardLookup): Shield[] | Problem {
  // Positional ids: with n Shields the top one is "<P>-shield-n" and the bottom one "<P>-shield-1".
  if (spec === undefined || typeof spec === 'number') {
    const n = spec ?? DEFAULTS.shields;
    return Array.from({ length: n }, (_, i) => ({ id: `${owner}-shield-${n - i}`, face: null }));
  }
  const shields: Shield[] = [];
  for (const [i, ref] of spec.entries()) {
    const res = resolveFace(typeof ref === 'string' ? { card: ref } : ref, cards, 'unit', 'Shield');
    if (typeof res === 'string') return inputProblem(`shield ${i + 1} of player ${owner}: ${res}`, ['2-1-1']);
    shields.push({ id: `${owner}-shield-${spec.length - i}`, face: res.face });
  }
  return shields;
}

/**
 * Builds one side. A faulty item (unknown card, duplicate id) is skipped and its problem recorded,
 * so the state reported with the violation is as complete as the scenario allows.
 */
function buildPlayer(game: Game, owner: PlayerId, spec: PlayerSpec, cards: CardLookup, seen: Set<string>, problems: Problem[]): void {
  const st = game.players[owner];
  for (const u of spec.units ?? []) {
    if (seen.has(u.id)) {
      problems.push(inputProblem(`unit id "${u.id}" is used twice; every Unit needs its own id`));
      continue;
    }
    seen.add(u.id);
    const unit = buildUnit(game, owner, u, cards);
    if ('reason' in unit) problems.push(unit);
    else st.units.push(unit);
  }
  const base = buildBase(game, owner, spec.base, cards);
  if (base !== null && 'reason' in base) problems.push(base);
  else if (base && seen.has(base.id)) problems.push(inputProblem(`base id "${base.id}" is already used by another card`));
  else {
    if (base) seen.add(base.id);
    st.base = base;
  }
  const shields = buildShields(owner, spec.shields, cards);
  if ('reason' in shields) problems.push(shields);
  else st.shields = shields;
  const hand = knownCards(game, owner, 'hand', spec.hand, cards, problems);
  st.hand = hand?.count ?? DEFAULTS.hand;
  st.handCards = hand?.ids ?? [];
  const deck = knownCards(game, owner, 'deck', spec.deck, cards, problems);
  st.deck = deck?.count ?? DEFAULTS.deck;
  st.deckCards = deck?.ids ?? [];
  const r = spec.resources ?? DEFAULTS.resources;
  st.resources = typeof r === 'number' ? { active: r, rested: 0, ex: 0 } : { active: r.active, rested: r.rested ?? 0, ex: r.ex ?? 0 };
  st.resourceDeck = spec.resource_deck ?? Math.max(0, DEFAULTS.resourceDeck - st.resources.active - st.resources.rested);
  st.trash = typeof spec.trash === 'number' ? Array.from({ length: spec.trash }, (_, i) => `${owner}-trash-${i + 1}`) : trashCards(game, owner, spec.trash ?? [], cards, problems);
  const limits = checkLimits(st);
  if (limits) problems.push(limits);
}

/**
 * The trash as ids: a card number is that card ("if there are 4 Command cards in your trash"; a
 * second copy is "<number>#2"), another string an unknown card, and an inline description a known
 * card under the id "<P>-trash-<n>" (its place in the list).
 */
function trashCards(game: Game, owner: PlayerId, spec: CardRef[], cards: CardLookup, problems: Problem[]): string[] {
  const ids: string[] = [];
  for (const [i, ref] of spec.entries()) {
    if (typeof ref === 'string') {
      const rec = cards.byId(ref);
      if (rec && !game.faces[ref]) game.faces[ref] = faceFromRecord(rec);
      // A second copy of a card gets an id of its own ("ST10-005#2"), so a choice can name one copy.
      const copies = ids.filter((x) => x === ref || x.startsWith(`${ref}#`)).length;
      const id = copies === 0 ? ref : `${ref}#${copies + 1}`;
      if (copies > 0 && game.faces[ref]) game.faces[id] = game.faces[ref]!;
      ids.push(id);
      continue;
    }
    const id = described(game, owner, 'trash', i, ref, cards, problems);
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * An inline card in the hand, trash or deck: its face is known under a positional id ("A-hand-2";
 * "A-deck-card-1" for the deck's top card, apart from the ids of cards the scenario left unnamed);
 * null when it cannot be read.
 */
function described(game: Game, owner: PlayerId, zone: 'hand' | 'trash' | 'deck', i: number, ref: Exclude<CardRef, string>, cards: CardLookup, problems: Problem[]): string | null {
  const res = resolveFace(ref, cards, 'unit', `${zone} card`);
  if (typeof res === 'string') {
    problems.push(inputProblem(`${zone} of player ${owner}, card ${i + 1}: ${res}`, ['2-1-1']));
    return null;
  }
  const id = `${owner}-${zone === 'deck' ? 'deck-card' : zone}-${i + 1}`;
  game.faces[id] = res.face;
  return id;
}

/** A hand or deck given as a count, or as cards (known or inline cards, top of the deck first). */
function knownCards(game: Game, owner: PlayerId, zone: 'hand' | 'deck', spec: number | CardRef[] | undefined, cards: CardLookup, problems: Problem[]): { count: number; ids: string[] } | null {
  if (spec === undefined) return null;
  if (typeof spec === 'number') return { count: spec, ids: [] };
  const ids: string[] = [];
  for (const [i, ref] of spec.entries()) {
    if (typeof ref !== 'string') {
      const id = described(game, owner, zone, i, ref, cards, problems);
      if (id) ids.push(id);
      continue;
    }
    const rec = cards.byId(ref) ?? cards.byName(ref);
    if (!rec) {
      problems.push(inputProblem(`${zone} of player ${owner}: unknown card "${ref}"; accepted: ${ACCEPTED_CARDS}`, ['2-1-1']));
      continue;
    }
    ids.push(rec.id);
    game.faces[rec.id] = faceFromRecord(rec);
  }
  return { count: ids.length, ids };
}

/** Limits the rules put on a state: 4-5-4 six Units, 4-4-2 fifteen Resources, 4-4-2-1 five EX Resources. */
function checkLimits(st: PlayerState): Problem | null {
  if (st.units.length > 6) {
    return ruleProblem(`player ${st.id} has ${st.units.length} Units in the battle area; at most 6 are allowed (deploying a 7th puts one into the trash, 11-4-2)`, [
      '4-5-4',
      '11-4-1',
    ]);
  }
  const total = st.resources.active + st.resources.rested + st.resources.ex;
  if (total > RESOURCE_LIMIT) return ruleProblem(`player ${st.id} has ${total} Resources; at most ${RESOURCE_LIMIT} are allowed`, ['4-4-2']);
  if (st.resources.ex > 5) return ruleProblem(`player ${st.id} has ${st.resources.ex} EX Resources; at most 5 are allowed`, ['4-4-2-1']);
  return null;
}

/**
 * What happened earlier in the turn (history.ts) is known only from the turn's start: a scenario
 * that starts in the middle of a turn does not say what came before its board.
 */
function turnSeenFromStart(game: Game, input: SimulateRulingInput): void {
  game.historyKnown = (input.state.phase ?? 'main') === 'start';
}

export interface Setup {
  game: Game;
  problem: Problem | null;
}

/** Builds the starting game; on a problem the game holds everything but the faulty items. */
export function setupGame(input: SimulateRulingInput, cards: CardLookup): Setup {
  const game = emptyGame(input.state.active_player, input.state.turn ?? DEFAULTS.turn);
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const p of PLAYERS) buildPlayer(game, p, input.state.players[p] ?? {}, cards, seen, problems);
  turnSeenFromStart(game, input);
  const [first] = problems;
  if (first) return { game, problem: first };
  startIn(game, input.state.phase ?? 'main');
  for (const p of PLAYERS) {
    if (game.players[p].hand > HAND_LIMIT) {
      emit(game, `Player ${p} holds ${game.players[p].hand} cards; the hand limit of ${HAND_LIMIT} is only enforced in their end phase`, ['4-8-4']);
    }
  }
  try {
    runRulesManagement(game); // 11-1-2: a Unit already carrying lethal damage, or an empty deck, resolves at once
  } catch (err) {
    // Setup takes no choices: a starting state whose rules management sets off an ability that
    // needs one is not a settled board.
    if (!(err instanceof ChoiceProblem)) throw err;
    return { game, problem: inputProblem(`the starting state is not settled (a Unit with lethal damage is destroyed at once, 11-1-2, and its ability needs a choice): ${err.problem.reason}; start from the state after that, or apply the destruction as an action with its choices`, ['11-1-2']) };
  }
  return { game, problem: null };
}
