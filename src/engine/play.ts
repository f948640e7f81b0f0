/**
 * Playing cards from the hand (7-5-2): deploying Units and Bases, pairing Pilots (and Commands with
 * 【Pilot】). Each play is prepared first (everything checked, nothing changed), then applied.
 *
 * Payment policy (deterministic): the cost is paid with active normal Resources first, and EX
 * Resources only cover what those cannot (they are removed from the game when used, 5-17-3-2-3),
 * unless the action's `use_ex` asks for EX Resources first.
 */
import { resolveFace, type FaceFields, type ResolvedFace } from './cards.js';
import type { CardType } from '../corpus/types.js';
import { emit, signed } from './log.js';
import type { CardLookup } from './lookup.js';
import { baseSectionExcess, battleAreaExcess, runRulesManagement } from './management.js';
import { inputProblem, ruleProblem, unknownUnit, type Problem } from './problems.js';
import type { ActionOf, CardRef, PilotSpec } from './schema.js';
import { cannotBe, describeUnit, findUnit, newUnit, nextSerial, noConstants, totalResources, type CardFace, type Game, type PlayerId, type Resources, type Unit } from './state.js';
import { isLinked, linkMatch, unitAp, unitHp } from './stats.js';
import { queueFriendlyEvent, queuePairedPilot, queueTriggers } from './triggers.js';
import { deployedRested, playCost } from './constants.js';
import { withFields } from './with-fields.js';
import { mark } from './happened.js';
import { recordPaired } from './history.js';
import { decidePaying, performPaying, type PlayPaying } from './play-paying.js';

export interface Payment {
  normal: number;
  ex: number;
}

export interface Play {
  player: PlayerId;
  face: CardFace;
  notes: string[];
  /** The Lv. and cost it is played with: the printed ones unless its own abilities change them (the card keeps its printed face). */
  level: number;
  cost: number;
  /** The card's own abilities changed that Lv. or cost: what, for the log. */
  changed?: string;
  /** null when the card is put into play by an effect (no hand card, no Lv or cost). */
  payment: Payment | null;
  /** Put into play from the trash by an effect: the trash entry it leaves. */
  fromTrash?: string;
  /** What the player destroyed or discarded for the card's "you may … If you do, play this card as if it has …". */
  paying?: PlayPaying;
}

export function cardRefFields(ref: CardRef): FaceFields {
  return typeof ref === 'string' ? { card: ref } : ref;
}

/**
 * A card reference for a card the player plays from the hand: a string naming an inline card the
 * scenario described in that hand (no card number, so the catalog cannot know it) is that card;
 * anything else is read as usual (a card number, a catalog name, an inline description).
 */
export function resolveHandRef(game: Game, player: PlayerId, ref: CardRef, cards: CardLookup, fallbackType: CardType, fallbackName: string): ResolvedFace | string {
  if (typeof ref === 'string') {
    const want = ref.trim().toLowerCase();
    const id = game.players[player].handCards.find((h) => game.faces[h]?.cardId === null && game.faces[h]!.name.toLowerCase() === want);
    if (id !== undefined) return { face: game.faces[id]!, notes: [] };
  }
  return resolveFace(cardRefFields(ref), cards, fallbackType, fallbackName);
}

/** A deploy or pair from the hand (the active player's play, 7-5-2-1), not one an effect makes (from the trash, or put into play). */
function playedFromHand(a: { from?: 'hand' | 'effect' | 'trash' | undefined }): boolean {
  return a.from !== 'effect' && a.from !== 'trash';
}

/** 7-5-2-2-2 the Lv needs that many Resources (active, rested and EX all count, 2-9-1); 7-5-2-2-3 the cost rests active ones (2-10-1). */
function planPayment(game: Game, player: PlayerId, name: string, level: number, cost: number, useEx: number | undefined, changed: string | undefined): Payment | Problem {
  const r = game.players[player].resources;
  const total = totalResources(r);
  // A violation names the card's own change too, so the reader sees which Lv./cost was checked.
  const why = changed ? ` (${changed})` : '';
  if (total < level) {
    return ruleProblem(
      `${name} is Lv.${level}: it needs ${level} Resources in the resource area, player ${player} has ${total} (active ${r.active}, rested ${r.rested}, EX ${r.ex})${why}`,
      ['2-9-1', '7-5-2-2-2'],
    );
  }
  if (r.active + r.ex < cost) {
    return ruleProblem(
      `${name} costs ${cost}: it needs ${cost} active Resources to rest, player ${player} has ${r.active} active${r.ex > 0 ? ` and ${r.ex} EX` : ''} (${r.rested} rested ones cannot pay)${why}`,
      ['2-10-1', '7-5-2-2-3'],
    );
  }
  return splitPayment(r, cost, useEx);
}

/** Normal Resources first, EX Resources only for what they cannot cover (or first when `useEx` asks). */
export function splitPayment(r: Resources, cost: number, useEx: number | undefined): Payment {
  let ex = Math.min(useEx ?? 0, r.ex, cost);
  const normal = Math.min(cost - ex, r.active);
  ex = cost - normal;
  return { normal, ex };
}

/** Rests the normal Resources paid; an EX Resource used is removed from the game (5-17-3-2-3). */
export function spendResources(game: Game, player: PlayerId, { normal, ex }: Payment): void {
  const st = game.players[player];
  st.resources.active -= normal;
  st.resources.rested += normal;
  st.resources.ex -= ex;
  for (let i = 0; i < ex; i++) st.removed.push(`${player}-ex-resource-${nextSerial(game)}`);
}

export function preparePlay(game: Game, player: PlayerId, face: CardFace, notes: string[], from: 'hand' | 'effect' | 'trash' | undefined, useEx: number | undefined, pairing?: Unit): Play | Problem {
  if (from === 'trash') {
    const entry = trashEntry(game, player, face);
    if (typeof entry !== 'string') return entry;
    return { player, face, notes, payment: null, level: face.level, cost: face.cost, fromTrash: entry };
  }
  // 5-17-1 tokens are put into play by effects; they are never in the hand.
  if ((from ?? 'hand') === 'effect' || face.token) return { player, face, notes, payment: null, level: face.level, cost: face.cost };
  if (game.players[player].hand < 1) {
    return ruleProblem(`player ${player} has no card in hand to play ${face.name} from`, ['7-5-2-1', '7-5-2-2-1']);
  }
  // The card's own "this card in your hand gets (Lv. -1 and) cost -N" / "play it as if it has …" while its condition holds,
  // or the "you may destroy/discard … If you do, play this card as if it has …" the player chose to do.
  const { paying, unpaid } = decidePaying(game, face, player);
  const { level, cost, by } = paying ? { level: paying.level, cost: paying.cost, by: [`"${paying.text}"`] } : playCost(game, face, player, 'hand', pairing);
  const same = cost === face.cost && level === face.level;
  const lv = level !== face.level ? `Lv.${level} instead of Lv.${face.level} and ` : '';
  const changed = same ? undefined : `${face.name} is played from the hand with ${lv}cost ${cost} instead of ${face.cost}: ${by.join('; ')}`;
  // A violation of the printed Lv. or cost says why the card's "If you do, play it as if …" did not apply.
  const payment = planPayment(game, player, face.name, level, cost, useEx, changed ?? unpaid);
  if ('reason' in payment) return payment;
  return { player, face, notes, payment, level, cost, ...(changed ? { changed } : {}), ...(paying ? { paying } : {}) };
}

/**
 * The trash card an effect puts into play: the one with this card number or name, else one the
 * scenario left unnamed (a trash given as a count); a problem when the trash holds neither.
 */
function trashEntry(game: Game, player: PlayerId, face: CardFace): string | Problem {
  const trash = game.players[player].trash;
  const same = (id: string) => {
    const f = game.faces[id];
    return face.cardId !== null ? id === face.cardId || f?.cardId === face.cardId : f?.name === face.name;
  };
  const found = trash.find(same) ?? trash.find((id) => !game.faces[id] && !/^[A-Z]{2,4}\d*-\d+/.test(id));
  if (found !== undefined) return found;
  const listed = trash.length === 0 ? 'it is empty' : `it holds ${trash.join(', ')}`;
  return ruleProblem(`${face.name} is not in player ${player}'s trash (${listed}); an effect deploys or pairs a card from the trash only when it is there`, ['4-9-1', '10-2-2']);
}

export function checkActivePlayer(game: Game, player: PlayerId): Problem | null {
  if (player === game.active) return null;
  return ruleProblem(`player ${player} is not the active player; cards are played from the hand by the active player in their main phase`, ['7-5-1', '7-5-2-1']);
}

/** Reveals, checks and pays (7-5-2-2-1..3). */
export function payForPlay(game: Game, play: Play): void {
  for (const n of play.notes) emit(game, n, []);
  // What the player destroys or discards for "If you do, play this card as if it has …" goes first.
  if (play.paying) performPaying(game, play.player, play.face, play.paying);
  if (play.changed) emit(game, play.changed, ['1-3-1', '2-9-1', '2-10-1']);
  const { face, player } = play;
  if (play.fromTrash !== undefined) {
    const trash = game.players[player].trash;
    trash.splice(trash.indexOf(play.fromTrash), 1);
    const named = game.faces[play.fromTrash] || play.fromTrash === face.cardId ? '' : ` (the scenario did not name the trash's cards: ${play.fromTrash} is taken as it)`;
    emit(game, `${face.name} is put into play from player ${player}'s trash by an effect${named}: no Lv or cost check`, ['5-7-1-1', '4-9-1']);
    return;
  }
  if (!play.payment) {
    emit(game, `${face.name} is put into play by an effect: no card from the hand, no Lv or cost check`, face.token ? ['5-17-1', '5-17-2-4'] : ['5-7-1-1']);
    return;
  }
  const st = game.players[player];
  st.hand -= 1;
  // A known card leaves the known part of the hand (an inline one listed in the hand is matched by name).
  const known = face.cardId !== null ? st.handCards.indexOf(face.cardId) : st.handCards.findIndex((id) => game.faces[id]?.cardId === null && game.faces[id]?.name === face.name);
  if (known >= 0) st.handCards.splice(known, 1);
  emit(game, `Player ${player} reveals ${face.name} (Lv.${play.level}, cost ${play.cost}) from the hand: Lv.${play.level} <= ${totalResources(st.resources)} Resources`, [
    '7-5-2-2-1',
    '7-5-2-2-2',
    '2-9-1',
  ]);
  const { normal, ex } = play.payment;
  spendResources(game, player, play.payment);
  const exText = ex > 0 ? ` and uses ${ex} EX Resource${ex === 1 ? '' : 's'}, removed from the game` : '';
  emit(game, `Player ${player} pays cost ${play.cost}: rests ${normal} active Resource${normal === 1 ? '' : 's'}${exText} (now active ${st.resources.active}, rested ${st.resources.rested}, EX ${st.resources.ex})`, [
    '7-5-2-2-3',
    '2-10-1',
    ...(ex > 0 ? ['5-17-3-2-3'] : []),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Deploy

export interface DeployPlan extends Play {
  id: string;
  replace: Unit | null;
  replaceIgnored: boolean;
}

export function prepareDeploy(game: Game, a: ActionOf<'deploy'>, cards: CardLookup): DeployPlan | Problem {
  const player = a.player ?? game.active;
  // An effect may deploy for either player (a 【Burst】 during the opponent's attack, tokens: 5-7-1-1);
  // only playing from the hand is the active player's (7-5-2-1).
  const fromHand = playedFromHand(a);
  const notActive = fromHand ? checkActivePlayer(game, player) : null;
  if (notActive) return notActive;
  if (findUnit(game, a.id) || game.players.A.base?.id === a.id || game.players.B.base?.id === a.id) {
    return inputProblem(`id "${a.id}" is already used by a card in play; give the deployed card a new id`);
  }
  const res = fromHand ? resolveHandRef(game, player, a.card, cards, 'unit', a.id) : resolveFace(cardRefFields(a.card), cards, 'unit', a.id);
  if (typeof res === 'string') return inputProblem(`deploy.card: ${res}`, ['2-1-1']);
  const face = res.face;
  if (face.type === 'pilot') return ruleProblem(`${face.name} is a Pilot card: Pilots are paired with a Unit, not deployed (use a "pair" action)`, ['3-3-1', '5-9-1']);
  if (face.type === 'command') return ruleProblem(`${face.name} is a Command card: it is played for its effect or paired as a Pilot, never deployed`, ['3-4-1', '3-4-6-2']);
  if (face.type === 'resource') return ruleProblem(`${face.name} is a Resource card: Resources are placed from the resource deck, not played`, ['3-6-1', '7-4-1']);

  const st = game.players[player];
  let replace: Unit | null = null;
  let replaceIgnored = false;
  // 11-4-2 a 7th Unit is legal: the player chooses which Unit goes to the trash, so the scenario must say which.
  const chooseReplace = face.type === 'unit' && st.units.length >= 6 && a.replace === undefined;
  if (face.type === 'unit') {
    if (st.units.length >= 6 && a.replace !== undefined) {
      replace = st.units.find((u) => u.id === a.replace) ?? null;
      if (!replace) {
        return findUnit(game, a.replace)
          ? ruleProblem(`"${a.replace}" is not in player ${player}'s battle area; the Unit put into the trash must be one of theirs`, ['11-4-2'])
          : unknownUnit(game, a.replace, 'deploy.replace');
      }
    } else replaceIgnored = a.replace !== undefined;
  } else if (st.base && a.replace !== undefined && a.replace !== st.base.id) {
    return inputProblem(`deploy.replace: the Base in player ${player}'s base section is "${st.base.id}", not "${a.replace}"`, ['11-5-2']);
  }
  const play = preparePlay(game, player, face, res.notes, a.from, a.use_ex);
  // A play the rules forbid (Lv, cost, hand) is reported as such before the scenario is asked for a choice.
  if ('reason' in play) return play;
  // A Unit destroyed to play this one ("you may destroy 1 of your … If you do, …") makes room itself.
  const freed = play.paying?.do === 'destroy' ? play.paying.ids.length : 0;
  if (freed > 0 && st.units.length - freed < 6) {
    replaceIgnored = replace !== null || replaceIgnored;
    replace = null;
  } else if (chooseReplace) {
    return inputProblem(
      `player ${player}'s battle area already holds 6 Units, so deploying ${face.name} puts one of them into the trash, and player ${player} chooses which: ` +
        `give "replace" with the id of one of ${st.units.map((u) => u.id).join(', ')}`,
      ['4-5-4', '11-4-2'],
    );
  }
  return withFields(play, { id: a.id, replace, replaceIgnored });
}

export function applyDeploy(game: Game, plan: DeployPlan): void {
  mark(game, 'deploy');
  payForPlay(game, plan);
  const st = game.players[plan.player];
  const { face } = plan;
  if (face.type === 'base') {
    if (st.base) baseSectionExcess(game, st.base); // 11-5-2
    st.base = { id: plan.id, owner: plan.player, face, rested: false, damage: 0, modifiers: [], constant: noConstants() };
    emit(game, `${face.name} (${plan.id}) is deployed active into player ${plan.player}'s base section`, ['3-5-1', '5-4-2', '4-6-3']);
    queueTriggers(game, 'deploy', { base: st.base });
  } else {
    if (plan.replace) battleAreaExcess(game, plan.replace); // 11-4-2
    if (plan.replaceIgnored) emit(game, `"replace" is ignored: the battle area is not full, so no Unit is put into the trash`, ['11-4-2']);
    const unit: Unit = newUnit(plan.id, plan.player, face, false);
    if (plan.fromTrash !== undefined) unit.fromTrash = true; // "If you deploy this Unit from your trash"
    deployedRested(game, unit);
    st.units.push(unit);
    emit(game, `${describeUnit(unit)} (AP ${unitAp(unit)}, HP ${unitHp(unit)}) is deployed ${unit.rested ? 'rested' : 'active'} into the battle area; it cannot attack this turn unless it becomes a Link Unit`, [
      '3-2-1',
      '5-4-2',
      '3-2-4',
    ]);
    queueTriggers(game, 'deploy', { unit });
    queueFriendlyEvent(game, 'friendly-deployed', unit);
  }
  runRulesManagement(game);
}

// ---------------------------------------------------------------------------------------------
// Pair

export interface PairPlan extends Play {
  unit: Unit;
  pilotId: string;
  linked: boolean | undefined;
}

/** Resolves a Pilot reference: a Pilot card, or a Command card with a 【Pilot】 effect (3-4-6-2). */
export function resolvePilotFace(spec: PilotSpec, unitId: string, cards: CardLookup, hand?: { game: Game; player: PlayerId }): { face: CardFace; id: string; notes: string[] } | Problem {
  const fields: FaceFields = typeof spec === 'string' ? { card: spec } : spec;
  const res = hand ? resolveHandRef(hand.game, hand.player, spec, cards, 'pilot', 'Pilot') : resolveFace(fields, cards, 'pilot', 'Pilot');
  if (typeof res === 'string') return inputProblem(`pilot of ${unitId}: ${res}`, ['2-1-1']);
  const face = res.face;
  if (face.type === 'command' && face.pilotName === null) {
    return ruleProblem(`${face.name} is a Command card without a 【Pilot】 effect, so it cannot be paired`, ['3-4-6-2', '5-9-1']);
  }
  if (face.type !== 'pilot' && face.type !== 'command') {
    return ruleProblem(`${face.name} is a ${face.type} card; only Pilot cards and Commands with 【Pilot】 are paired`, ['5-9-1', '3-3-1']);
  }
  const id = (typeof spec === 'string' ? undefined : spec.id) ?? face.cardId ?? `${unitId}-pilot`;
  return { face, id, notes: res.notes };
}

export function preparePair(game: Game, a: ActionOf<'pair'>, cards: CardLookup): PairPlan | Problem {
  const player = a.player ?? game.active;
  const fromHand = playedFromHand(a);
  const notActive = fromHand ? checkActivePlayer(game, player) : null;
  if (notActive) return notActive;
  const unit = findUnit(game, a.unit);
  if (!unit) return unknownUnit(game, a.unit, 'pair.unit');
  if (unit.owner !== player) {
    return ruleProblem(`${describeUnit(unit)} is not player ${player}'s Unit; a Pilot is paired with one of your own Units`, ['7-5-2-1', '3-3-1']);
  }
  if (unit.pilot) {
    return ruleProblem(`${describeUnit(unit)} already has the Pilot ${unit.pilot.face.name}; a Unit has at most one Pilot, and it cannot be exchanged`, ['3-3-4', '3-3-5']);
  }
  const barred = cannotBe(unit, 'paired');
  if (barred) return ruleProblem(`${describeUnit(unit)} can't be paired with a Pilot (${barred}); an effect that says something can't happen takes precedence`, ['1-3-3', '10-1-5-6', '3-3-1']);
  const pilot = resolvePilotFace(a.pilot, unit.id, cards, fromHand ? { game, player } : undefined);
  if ('reason' in pilot) return pilot;
  const play = preparePlay(game, player, pilot.face, pilot.notes, a.from, a.use_ex, unit);
  if ('reason' in play) return play;
  return withFields(play, { unit, pilotId: pilot.id, linked: a.linked });
}

/** Why a Unit is (not) linked, with the rule behind it. */
export function linkExplanation(unit: Unit): { text: string; rules: string[] } {
  if (unit.linkedOverride !== null) return { text: `the scenario says it is${unit.linkedOverride ? '' : ' not'} linked`, rules: ['3-2-6-2'] };
  const link = unit.face.link;
  const pilot = unit.pilot?.face;
  if (!link) return { text: 'it has no link condition', rules: ['2-12-2'] };
  if (!pilot) return { text: 'no Pilot is paired with it', rules: ['3-2-6-2'] };
  const match = linkMatch(unit.face, pilot);
  if (match?.by === 'name') return { text: `its Pilot ${pilot.name}'s name contains [${match.value}]`, rules: ['3-2-6-2', '3-2-6-4'] };
  if (match?.by === 'trait') return { text: `its Pilot ${pilot.name} has the (${match.value}) trait`, rules: ['3-2-6-2', '2-12-1'] };
  return { text: `its Pilot ${pilot.name} does not meet the link condition ${[...link.names.map((n) => `[${n}]`), ...link.traits.map((t) => `(${t}) Trait`)].join(' / ')}`, rules: ['3-2-6-2'] };
}

/** An effect pairs a card with a Unit (no cost, 3-4-6-2 a Command as its 【Pilot】): the same pairing as the pair action. */
export function pairByEffect(game: Game, unit: Unit, pilotId: string, face: CardFace, source: string, from: 'trash' | 'hand' = 'trash'): void {
  emit(game, `${face.name} is paired from the ${from} with ${describeUnit(unit)} (${source})`, ['3-4-6-2', '5-9-1']);
  paired(game, unit, pilotId, face, undefined);
}

export function applyPair(game: Game, plan: PairPlan): void {
  payForPlay(game, plan);
  paired(game, plan.unit, plan.pilotId, plan.face, plan.linked);
}

function paired(game: Game, unit: Unit, pilotId: string, face: CardFace, linkedOverride: boolean | undefined): void {
  mark(game, 'pair');
  recordPaired(game, unit);
  unit.pilot = { id: pilotId, face };
  if (linkedOverride !== undefined) unit.linkedOverride = linkedOverride;
  const asCommand = face.type === 'command' ? ` (the Command's 【Pilot】 ${face.pilotName ?? ''}, treated as a Pilot)` : '';
  emit(game, `${face.name}${asCommand} is paired with ${describeUnit(unit)}: AP${signed(face.ap)} HP${signed(face.hp)} while paired, now AP ${unitAp(unit)}, HP ${unitHp(unit)}`, [
    '5-9-1',
    '3-3-1',
    '3-3-8-1',
    ...(face.type === 'command' ? ['3-4-6-2', '3-4-6-4'] : []),
  ]);
  const linked = isLinked(unit);
  const why = linkExplanation(unit);
  if (linked) {
    emit(game, `${describeUnit(unit)} is a Link Unit: ${why.text}; it can attack even on the turn it was deployed`, [...why.rules, '3-2-6-3']);
  } else if (unit.face.link || unit.linkedOverride === false) {
    emit(game, `${describeUnit(unit)} is not linked: ${why.text}`, why.rules);
  }
  queueTriggers(game, 'when-paired', { unit });
  queuePairedPilot(game, unit);
  if (linked) queueTriggers(game, 'when-linked', { unit });
  if (linked) queueFriendlyEvent(game, 'friendly-links', unit);
  runRulesManagement(game);
}
