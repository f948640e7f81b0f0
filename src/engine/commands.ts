/**
 * Playing a Command for its effect (10-1-8, 13-2-3 【Main】, 13-2-4 【Action】) and activating an
 * 【Activate･Main】/【Activate･Action】 ability (10-1-7, 13-2-1, 13-2-2): timing, Lv and cost, the
 * activation cost, 【Once per Turn】 (13-2-13-1), then the compiled effect resolves (resolve.ts).
 */
import type { CompiledAbility } from '../abilities/ir.js';
import { parseHeader } from '../abilities/patterns/header.js';
import { Used } from '../abilities/patterns/unread.js';
import { resolveFace } from './cards.js';
import { unitAbilitySources } from './constants.js';
import { newCtx, onceKey, type AbilityCtx } from './context.js';
import { allHold } from './filters.js';
import { applySupport, validateSupport } from './abilities.js';
import { chooseTargets } from './choices.js';
import { unitKeywords } from './keywords.js';
import { emit } from './log.js';
import type { CardLookup } from './lookup.js';
import { runRulesManagement } from './management.js';
import { leaveOpen, reportUnsupported, unsupportedTiming } from './not-executed.js';
import { checkActivePlayer, resolveHandRef, pairByEffect, payForPlay, preparePlay, spendResources, splitPayment } from './play.js';
import { inputProblem, ruleProblem, type Problem } from './problems.js';
import { firstTargetsAvailable, possible, runEffect } from './resolve.js';
import { queueOwnerEvent } from './triggers.js';
import { recordCommand, recordPaid } from './history.js';
import type { ActionOf } from './schema.js';
import { describeAbilityHolder, describeCard, describeUnit, findCardInPlay, findUnit, nextSerial, PLAYERS, type Base, type CardFace, type Game, type PlayerId, type Unit } from './state.js';
import { mark } from './happened.js';

type Window = 'main' | 'action';

/** 9-2 the action step of a battle or of the end phase (7-6-3-1), where 【Action】 and 【Activate･Action】 are used. */
function currentWindow(game: Game): Window | null {
  if (game.inBattle || game.phase === 'end') return game.step === 'action step' ? 'action' : null;
  return game.phase === 'main' ? 'main' : null;
}

const WINDOW_RULES: Record<Window, string[]> = { main: ['13-2-3-1', '7-5-2-1'], action: ['13-2-4-1', '9-3-1'] };

export function applyPlay(game: Game, a: ActionOf<'play'>, cards: CardLookup): Problem | null {
  const window = currentWindow(game);
  const player = a.player ?? game.active;
  if (window === null) return ruleProblem(`a Command is played in the main phase (【Main】) or in an action step (【Action】), not in the ${game.step ?? game.phase}`, ['13-2-3-1', '13-2-4-1']);
  if (window === 'main') {
    const notActive = checkActivePlayer(game, player);
    if (notActive) return notActive;
  }
  const res = resolveHandRef(game, player, a.card, cards, 'command', a.id ?? 'command');
  if (typeof res === 'string') return inputProblem(`play.card: ${res}`, ['2-1-1']);
  const face = res.face;
  if (face.type !== 'command') {
    return ruleProblem(`${face.name} is a ${face.type} card; "play" is for Command cards (deploy Units and Bases, pair Pilots)`, ['3-4-1', '10-1-8-1']);
  }
  const tag = window === 'main' ? '【Main】' : '【Action】';
  const ability = face.abilities.find((x): x is Extract<CompiledAbility, { kind: 'command' }> => x.kind === 'command' && x.windows.includes(window));
  const unread = face.abilities.find((x) => x.kind === 'unsupported' && (unsupportedTiming(x.text) === (window === 'main' ? 'Main' : 'Action') || /【Main】\s*\/\s*【Action】/.test(x.text)));
  if (!ability && !unread) {
    const other = face.abilities.some((x) => x.kind === 'command') || /【(?:Main|Action)】/.test(face.text);
    return ruleProblem(
      other ? `${face.name} has no ${tag} effect, so it cannot be played ${window === 'main' ? 'in the main phase' : 'in an action step'}` : `${face.name} has no 【Main】 or 【Action】 effect to play`,
      WINDOW_RULES[window],
    );
  }
  if (window === 'action' && a.player === undefined) {
    return inputProblem(`play in an action step: give "player" ("A" or "B"); both players may play 【Action】 Commands (9-2)`, ['9-2']);
  }
  const cardId = a.id ?? face.cardId ?? `${player}-command-${nextSerial(game)}`;
  const ctx: AbilityCtx | null = ability
    ? newCtx({ controller: player, face, cardId, label: `${face.name} (${cardId})`, ability, index: face.abilities.indexOf(ability) })
    : null;
  if (ctx && ability && !firstTargetsAvailable(game, ctx, ability.effect)) {
    return ruleProblem(`${face.name} cannot be played: its effect chooses a target and none can be chosen`, ['10-1-8-1-1', '10-1-8-1-2', '10-2-2']);
  }
  const play = preparePlay(game, player, face, res.notes, 'hand', a.use_ex);
  if ('reason' in play) return play;
  if (!ctx && unread?.kind === 'unsupported' && /\bchoose\b/i.test(unread.text)) {
    // The engine checks 10-1-8-1-1 for the effects it reads; for this one it cannot, so whether the
    // card may be played at all is open: the answer says so rather than let "Legal" stand for it.
    const reason = `${face.name}'s effect chooses a target the engine cannot read ("${unread.unread}"): if no such target can be chosen, the card cannot be played at all and nothing is paid (10-1-8-1-1), so whether this play is legal is not settled`;
    emit(game, `${reason}; check that by hand`, ['10-1-8-1-1', '10-2-2-1']);
    leaveOpen(game, 'legality', reason, { unit: null, card: face.cardId, text: unread.text, rules: ['10-1-8-1-1', '10-2-2-1'] });
  }
  payForPlay(game, play);
  mark(game, 'command');
  if (ctx) ctx.paidWithEx = (play.payment?.ex ?? 0) > 0;
  if (ctx && ability) {
    emit(game, `Player ${player} plays ${face.name}: its ${tag} effect activates: "${ability.text}"`, ['10-1-8-1', ...WINDOW_RULES[window], '10-3-2']);
    recordCommand(game, player, face);
    runEffect(game, ctx, ability.effect);
    // "When you activate a Command's 【Main】/【Action】" (10-1-6-1): it resolves after this effect.
    queueOwnerEvent(game, 'activates-command', player, { command: face, commandId: cardId, exUsed: ctx.paidWithEx === true });
  } else if (unread && unread.kind === 'unsupported') {
    recordCommand(game, player, face); // its effect is activated, though the engine cannot run it
    reportUnsupported(game, cardId, face, unread, `Player ${player} plays ${face.name}`);
  }
  const st = game.players[player];
  st.trash.push(cardId);
  game.faces[cardId] = face;
  emit(game, `${face.name} is placed into player ${player}'s trash after its effect`, ['3-4-4', '4-9-1']);
  const later = game.pairFromTrash;
  game.pairFromTrash = null;
  const unit = later && later.card === cardId ? findUnit(game, later.unit) : undefined;
  if (later && unit && unit.pilot === null) {
    st.trash.splice(st.trash.lastIndexOf(cardId), 1);
    pairByEffect(game, unit, cardId, face, later.label);
  }
  runRulesManagement(game);
  return null;
}

type Activated = Extract<CompiledAbility, { kind: 'activated' }>;

interface Activatable {
  face: CardFace;
  index: number;
  ability: Activated | null;
  text: string;
}

/**
 * An 【Activate】 ability whose effect the compiler could not read, as far as its header goes: its
 * timing, conditions, 【Once per Turn】 and cost are still checked and paid like any other's (13-2-1-1,
 * 13-2-2-1, 10-1-7-2), and only its effect is reported as not executed. Null when even the header
 * cannot be read (or the cost holds more than Resources and resting this card).
 */
function unreadHeader(text: string): (Activated & { costSteps: boolean }) | null {
  try {
    const h = parseHeader(text, new Used());
    if (!h.activate) return null;
    const cost = h.cost ?? {};
    return { kind: 'activated', text, window: h.activate, requires: h.requires, oncePerTurn: h.oncePerTurn, patterns: [], cost: { ...(cost.resources ? { resources: cost.resources } : {}), ...(cost.restSelf ? { restSelf: true } : {}) }, effect: [], costSteps: (cost.steps ?? []).length > 0 };
  } catch {
    return null;
  }
}

function activatables(card: Unit | Base): Activatable[] {
  const faces = 'timedKeywords' in card ? unitAbilitySources(card).map((s) => s.face) : [card.face];
  const out: Activatable[] = [];
  for (const face of faces) {
    face.abilities.forEach((x, index) => {
      if (x.kind === 'activated') out.push({ face, index, ability: x, text: x.text });
      else if (x.kind === 'unsupported' && /^Activate･/.test(unsupportedTiming(x.text) ?? '')) out.push({ face, index, ability: null, text: x.text });
    });
  }
  return out;
}

/**
 * <Support> through `activate` (13-1-3-1: it is an 【Activate･Main】): the other friendly Unit is the
 * `targets` choice (the only one, when there is one); then the same checks and effect as the
 * "support" action.
 */
function activateSupport(game: Game, unit: Unit, player: PlayerId): Problem | null {
  if (currentWindow(game) !== 'main' || player !== game.active) {
    return ruleProblem(`<Support> is an 【Activate･Main】 effect: the active player activates it in their main phase, while no Unit is attacking`, ['13-1-3-1', '13-2-1-1', '7-5-3-1']);
  }
  const legal = game.players[unit.owner].units.filter((u) => u !== unit).map((u) => u.id);
  const [target] = chooseTargets(game, { prompt: `<Support> of ${describeUnit(unit)}: the other friendly Unit that gets the AP`, min: 1, max: 1, legal, rules: ['13-1-3-1'] });
  if (target === undefined) return ruleProblem(`<Support> of ${describeUnit(unit)} chooses one other friendly Unit, and there is none`, ['13-1-3-1', '10-2-2']);
  const action = { type: 'support' as const, unit: unit.id, target };
  const problem = validateSupport(game, action);
  if (problem) return problem;
  applySupport(game, action);
  return null;
}

export function applyActivate(game: Game, a: ActionOf<'activate'>): Problem | null {
  const card = findCardInPlay(game, a.source);
  if (!card) {
    const inPlay = PLAYERS.flatMap((p) => [...game.players[p].units.map((u) => u.id), ...(game.players[p].base ? [game.players[p].base!.id] : [])]);
    const gone = PLAYERS.find((p) => game.players[p].trash.includes(a.source) || game.players[p].removed.includes(a.source) || game.players[p].handCards.includes(a.source));
    const why = gone ? `"${a.source}" has left the battle area earlier in this scenario (it is in player ${gone}'s trash, hand or removal area), so its abilities cannot be activated` : `unknown source "${a.source}"`;
    return inputProblem(`${why}; accepted: the id of a Unit or Base in play (${inPlay.length > 0 ? inPlay.join(', ') : 'there are none'})`);
  }
  const isUnit = 'timedKeywords' in card;
  const name = describeCard(card);
  const player = a.player ?? card.owner;
  if (player !== card.owner) return ruleProblem(`${name} is player ${card.owner}'s card; only its owner activates its abilities`, ['10-1-7-1']);
  const list = activatables(card);
  // 13-1-3-1 <Support> is an 【Activate･Main】 (Rest this Unit: another friendly Unit gets AP+N): after the card's own activated abilities.
  const support = isUnit && unitKeywords(card).has('Support');
  if (support && (list.length === 0 ? (a.ability ?? 1) === 1 : a.ability === list.length + 1)) return activateSupport(game, card as Unit, player);
  if (list.length === 0) return ruleProblem(`${name} has no 【Activate･Main】 or 【Activate･Action】 ability`, ['10-1-7-1']);
  const all = support ? list.length + 1 : list.length;
  const each = [...list.map((x, i) => `${i + 1}: "${x.text}"`), ...(support ? [`${all}: <Support> (13-1-3-1)`] : [])].join('; ');
  if (a.ability === undefined && all > 1) return inputProblem(`${name} has ${all} activated abilities; give "ability" (1 to ${all}): ${each}`);
  const pick = list[(a.ability ?? 1) - 1];
  if (!pick) return inputProblem(`activate.ability: ${name} has ${all} activated abilit${all === 1 ? 'y' : 'ies'}; accepted: 1 to ${all} (${each})`);
  const window = currentWindow(game);
  const unread = pick.ability ? null : pick.face.abilities[pick.index];
  const header = pick.ability ? null : unreadHeader(pick.text);
  if (!pick.ability && (!header || header.costSteps)) {
    // Not even the header (or a cost beyond Resources and resting) could be read: nothing is checked or paid.
    if (unread && unread.kind === 'unsupported') reportUnsupported(game, card.id, pick.face, unread, `Player ${player} activates an ability of ${name}`);
    if (unread) leaveOpen(game, 'outcome', `${name}'s ability "${pick.text}" was activated, but the engine cannot read it, so whether it could be activated here and what it does are not settled`, { unit: card.id, card: pick.face.cardId, text: pick.text, rules: ['10-1-1'] });
    return null;
  }
  const ability = pick.ability ?? header!;
  if (ability.window === 'main' && (window !== 'main' || player !== game.active)) {
    return ruleProblem(`【Activate･Main】 abilities are activated by the active player in their main phase, while no Unit is attacking`, ['13-2-1-1', '7-5-3-1']);
  }
  if (ability.window === 'action' && window !== 'action') {
    return ruleProblem(`【Activate･Action】 abilities are activated only in an action step (in an attack's "action_step")`, ['13-2-2-1', '9-2']);
  }
  const ctx = newCtx({
    controller: player,
    unit: isUnit ? card : null,
    base: isUnit ? null : card,
    face: pick.face,
    cardId: isUnit && pick.face !== card.face ? `${card.id}/pilot` : card.id,
    label: describeAbilityHolder(card, pick.face),
    ability,
    index: pick.index,
  });
  if (!allHold(game, ctx, ability.requires)) {
    return ruleProblem(`the condition of ${name}'s ability "${ability.text}" is not met, so it cannot be activated`, ['10-3-1-1', '10-2-1']);
  }
  if (ability.oncePerTurn && game.usedThisTurn.includes(onceKey(ctx))) {
    return ruleProblem(`${name}'s ability "${ability.text}" is 【Once per Turn】 and was already activated this turn`, ['13-2-13-1']);
  }
  const cost = ability.cost;
  if (cost.restSelf && card.rested) return ruleProblem(`${name} is rested, so it cannot pay the cost of resting it`, ['10-1-7-2']);
  const unpayable = (cost.steps ?? []).find((step) => !possible(game, ctx, step));
  if (unpayable) return ruleProblem(`the cost of ${name}'s ability "${ability.text}" cannot be paid (${unpayable.do})`, ['10-1-7-2', '10-3-1-1']);
  const r = game.players[player].resources;
  const n = cost.resources ?? 0;
  if (r.active + r.ex < n) return ruleProblem(`the cost of ${n} needs ${n} active Resources to rest; player ${player} has ${r.active} active${r.ex ? ` and ${r.ex} EX` : ''}`, ['10-1-7-3', '2-10-1']);
  const { normal, ex } = splitPayment(r, n, a.use_ex);
  spendResources(game, player, { normal, ex });
  // "When you pay ① or more for one of your Unit's effects" (2-10-1, 10-1-7-3): a Unit's cost paid.
  if (isUnit && n > 0) {
    recordPaid(game, player, card);
    queueOwnerEvent(game, 'pays-for-unit-effect', player, { subject: card, paid: n });
  }
  if (cost.restSelf) card.rested = true;
  if (ability.oncePerTurn) game.usedThisTurn.push(onceKey(ctx));
  const paid = [n > 0 ? `rests ${normal} Resource${normal === 1 ? '' : 's'}${ex ? ` and uses ${ex} EX` : ''}` : '', cost.restSelf ? `rests ${name}` : ''].filter(Boolean).join(' and ');
  emit(game, `Player ${player} activates ${name}'s ${ability.window === 'main' ? '【Activate･Main】' : '【Activate･Action】'} ability${paid ? ` (${paid})` : ''}: "${ability.text}"`, [
    ability.window === 'main' ? '13-2-1-1' : '13-2-2-1',
    '10-1-7-2',
    ...(n > 0 ? ['10-1-7-3'] : []),
    ...(ex > 0 ? ['5-17-3-2-3'] : []),
    ...(ability.oncePerTurn ? ['13-2-13-1'] : []),
  ]);
  if (cost.steps && cost.steps.length > 0) {
    ctx.paying = true;
    runEffect(game, ctx, cost.steps.map((step) => ({ step })));
    ctx.paying = false;
  }
  if (unread && unread.kind === 'unsupported') {
    // The cost is paid and the timing was legal; the effect itself is what the engine cannot run.
    reportUnsupported(game, card.id, pick.face, unread, `${name}'s ability resolves`);
    leaveOpen(game, 'outcome', `${name}'s ability "${pick.text}" was activated and its cost paid, but the engine cannot read its effect, so what it does is not settled`, { unit: card.id, card: pick.face.cardId, text: pick.text, rules: ['10-1-1'] });
    runRulesManagement(game);
    return null;
  }
  runEffect(game, ctx, ability.effect);
  runRulesManagement(game);
  return null;
}
