/**
 * Constant effects (10-1-5): recomputed from the cards in play after every event, so they apply
 * the moment their condition holds and stop the moment it fails (10-1-5-3, 10-1-5-7). They add to
 * a card's `constant` state, which stats.ts and keywords.ts read.
 */
import type { Constant, UnsupportedAbility } from '../abilities/ir.js';
import { abilityLabel, newCtx, type AbilityCtx } from './context.js';
import { countOf, countWords } from './counts.js';
import { allHold, unitMatches } from './filters.js';
import { reportUnsupported, unsupportedTiming } from './not-executed.js';
import { emit, signed } from './log.js';
import { describeAbilityHolder, describeCard, findCardInPlay, findUnit, noConstants, PLAYERS, type Base, type CardFace, type ConstantState, type Game, type PlayerId, type Unit } from './state.js';
import { triggerKinds, type EventKind } from './happened.js';

/** The abilities a Unit has: its own, then its Pilot's (3-3-9-2), each with its face. */
export function unitAbilitySources(unit: Unit): { face: CardFace; fromPilot: boolean; granted?: number }[] {
  const out: { face: CardFace; fromPilot: boolean; granted?: number }[] = [{ face: unit.face, fromPilot: false }];
  if (unit.pilot) out.push({ face: unit.pilot.face, fromPilot: true });
  // An ability an effect granted for a duration (5-16-1) acts as the Unit's own text while it lasts.
  (unit.grantedAbilities ?? []).forEach((g, k) => out.push({ face: { ...unit.face, abilities: [g.ability] }, fromPilot: false, granted: k + 1 }));
  return out;
}

function ctxFor(game: Game, face: CardFace, index: number, unit: Unit | null, base: Base | null): AbilityCtx | null {
  const ability = face.abilities[index];
  if (!ability || ability.kind === 'unsupported') return null;
  const card = unit ?? base;
  const id = card?.id ?? '';
  return newCtx({
    controller: card?.owner ?? game.active,
    unit,
    base,
    face,
    cardId: unit && face !== unit.face ? `${id}/pilot` : id,
    label: card ? describeAbilityHolder(card, face) : `${face.name} (${id})`,
    ability,
    index,
  });
}

function apply(game: Game, ctx: AbilityCtx, c: Constant, label: string): void {
  const targets: (Unit | Base)[] = [];
  // A card's other names act wherever it is (names.ts), not as an effect on a card in play.
  if (c.type === 'also-named') return;
  if (c.type === 'protect-shields') {
    // Kept on the card whose constant it is; damage to its controller's Shields reads it (immunity.ts).
    const holder = ctx.unit ?? ctx.base;
    if (holder) {
      holder.constant.sources.push(label);
      holder.constant.shieldGuards.push({ guard: { kind: c.kind, from: c.from }, source: label });
    }
    return;
  }
  if (c.type === 'deploys-rested') {
    // Acts on Units as they are deployed (deployedRested), not on the cards in play: kept on its card.
    const holder = ctx.unit ?? ctx.base;
    if (holder) {
      holder.constant.sources.push(label);
      (holder.constant.deploysRested ??= []).push({ filter: c.target.filter, controller: ctx.controller, source: label });
    }
    return;
  }
  if (c.target.type === 'battle-opponent') {
    // While this Unit battles, the enemy Unit in that battle (8-2 .. 8-6).
    const b = game.battle;
    const self = ctx.unit?.id;
    const other = b && self ? (b.attacker === self ? b.target : b.target === self ? b.attacker : null) : null;
    const u = other ? findUnit(game, other) : undefined;
    if (u) targets.push(u);
  } else if (c.target.type === 'self') {
    if (ctx.unit) targets.push(ctx.unit);
    else if (ctx.base) targets.push(ctx.base);
  } else if (c.target.type === 'all' && c.target.zone === 'battle') {
    for (const p of PLAYERS) for (const u of game.players[p].units) if (unitMatches(u, c.target.filter, ctx.controller, ctx.unit)) targets.push(u);
  }
  // A cost change acts on the card in the hand or trash (playCost), not on the card in play.
  if (c.type === 'cost' || c.type === 'play-as') return;
  for (const t of targets) {
    const s: ConstantState = t.constant;
    s.sources.push(label);
    if (c.type === 'stats') {
      // "… for each …": counted now, with every other constant (10-1-5-3).
      const n = c.forEach ? countOf(game, ctx, c.forEach) : 1;
      s.ap += c.ap * n;
      s.hp += c.hp * n;
      if (c.forEach) (s.scaled ??= []).push(`${[c.ap ? `AP${signed(c.ap * n)}` : '', c.hp ? `HP${signed(c.hp * n)}` : ''].filter(Boolean).join(' ')} (${countWords(c.forEach, n)}) from ${label}`);
    } else if ('timedKeywords' in t) {
      if (c.type === 'keyword' && c.forEach) {
        // "the same number of <Repair> as the number of …": counted now (10-1-5-3); none at 0 (1-3-2-2).
        const n = countOf(game, ctx, c.forEach);
        if (n > 0) s.keywords.push({ name: c.keyword.name, amount: n });
        (s.scaled ??= []).push(`<${c.keyword.name} ${n}> (${countWords(c.forEach, n)}) from ${label}`);
      } else if (c.type === 'keyword') s.keywords.push({ name: c.keyword.name, amount: c.keyword.amount });
      else if (c.type === 'attack-active') s.attackActive.push(c.filter);
      else if (c.type === 'cannot-attack-player') s.cannotAttackPlayer = true;
      else if (c.type === 'cannot-attack') s.cannotAttack = true;
      else if (c.type === 'draws-attacks') s.drawsAttacks.push({ attackers: c.attackers, source: label });
      else if (c.type === 'cannot-be') for (const what of c.what) s.cannotBe.push({ what, source: label });
      else if (c.type === 'deploy-turn-attack') s.deployTurnAttack.push({ filter: c.filter, source: label });
      else if (c.type === 'traits') for (const t of c.traits) if (!s.traits.includes(t)) s.traits.push(t);
    }
    if (c.type === 'rest-instead') s.restInstead.push({ replaces: c.replaces, source: c.source, label });
    if (c.type === 'prevent-damage') s.guards.push({ guard: { kind: c.kind, from: c.from, ...(c.upTo !== undefined ? { upTo: c.upTo } : {}) }, source: label });
    if (c.type === 'immune') s.immunities.push({ what: c.what, from: c.from, source: label });
  }
}

/**
 * Per card face, the indices of its constant abilities and of its unsupported untimed ones: those
 * that may apply at any time, and the unread triggers with the event kinds they wait for (happened.ts).
 */
interface FaceConstants {
  constants: number[];
  untimedUnsupported: number[];
  unreadTriggers: { index: number; kinds: EventKind[] }[];
}
// A face never changes once built, so what it holds is read once, not after every event.
const faceConstantsCache = new WeakMap<CardFace, FaceConstants>();
const NO_CONSTANTS: FaceConstants = { constants: [], untimedUnsupported: [], unreadTriggers: [] };

function faceConstants(face: CardFace): FaceConstants {
  if (face.abilities.length === 0) return NO_CONSTANTS;
  let f = faceConstantsCache.get(face);
  if (!f) {
    f = { constants: [], untimedUnsupported: [], unreadTriggers: [] };
    face.abilities.forEach((a, i) => {
      if (a.kind === 'constant') f!.constants.push(i);
      else if (a.kind === 'unsupported' && unsupportedTiming(a.text) === null) {
        const kinds = triggerKinds(a.text);
        if (kinds) f!.unreadTriggers.push({ index: i, kinds });
        else f!.untimedUnsupported.push(i);
      }
    });
    faceConstantsCache.set(face, f);
  }
  return f;
}

interface Source {
  ctx: AbilityCtx;
  c: Constant;
  /** "Guntank (a2): \"…\"", what the card's sources and the log name. */
  label: string;
}

function addSources(game: Game, out: Source[], face: CardFace, unit: Unit | null, base: Base | null): void {
  const f = faceConstants(face);
  const id = (unit ?? base)!.id;
  for (const i of f.untimedUnsupported) reportUnsupported(game, id, face, face.abilities[i] as UnsupportedAbility, undefined, [], true);
  // An unread trigger waits for its event: reported at the end, if such an event came (happened.ts).
  for (const { index, kinds } of f.unreadTriggers) game.unreadTriggers.set(`${id}#${index}`, { unit: id, face, index, kinds });
  for (const i of f.constants) {
    const ctx = ctxFor(game, face, i, unit, base);
    if (!ctx || ctx.ability.kind !== 'constant') continue;
    const label = abilityLabel(ctx);
    for (const c of ctx.ability.effects) out.push({ ctx, c, label });
  }
}

/**
 * A card's sources while it stays in play with the same Pilot: a Unit or Base object lives as long
 * as the card stays in play, its faces never change, and a constant's context is only read, so
 * they are built once instead of after every event.
 */
const cardSources = new WeakMap<Unit | Base, { pilot: CardFace | null; sources: Source[] }>();

function sourcesOf(game: Game, card: Unit | Base): Source[] {
  const unit = 'timedKeywords' in card ? card : null;
  const pilot = unit?.pilot?.face ?? null;
  const known = cardSources.get(card);
  if (known && known.pilot === pilot) return known.sources;
  const sources: Source[] = [];
  if (unit) {
    addSources(game, sources, unit.face, unit, null);
    if (pilot) addSources(game, sources, pilot, unit, null); // 3-3-9-2
  } else addSources(game, sources, card.face, null, card as Base);
  cardSources.set(card, { pilot, sources });
  return sources;
}

function collect(game: Game): Source[] {
  const out: Source[] = [];
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const unit of st.units) for (const s of sourcesOf(game, unit)) out.push(s);
    if (st.base) for (const s of sourcesOf(game, st.base)) out.push(s);
  }
  return out;
}

function isEmpty(c: ConstantState): boolean {
  return c.sources.length === 0;
}

function reset(game: Game): void {
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const u of st.units) if (!isEmpty(u.constant)) u.constant = noConstants();
    if (st.base && !isEmpty(st.base.constant)) st.base.constant = noConstants();
  }
}

/** What the constants amount to, to see when another pass changes nothing. */
function signature(game: Game): string {
  let out = '';
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const u of st.units) if (!isEmpty(u.constant)) out += `${u.id}:${u.constant.sources.length}:${u.constant.ap}:${u.constant.hp}:${u.constant.keywords.map((k) => k.name).join(',')}:${u.constant.attackActive.length}${u.constant.cannotAttack ? 'x' : ''}${u.constant.cannotAttackPlayer ? 'p' : ''}:${u.constant.traits.join(',')};`;
    if (st.base && !isEmpty(st.base.constant)) out += `${st.base.id}:${st.base.constant.ap}:${st.base.constant.hp};`;
  }
  return out;
}

/** Whether any card in play has constant effects applied now (they must be cleared when none holds). */
function anyConstant(game: Game): boolean {
  for (const p of PLAYERS) {
    const st = game.players[p];
    if (st.units.some((u) => !isEmpty(u.constant)) || (st.base && !isEmpty(st.base.constant))) return true;
  }
  return false;
}

/**
 * Recomputes every constant effect. A condition may read what other constants give ("while this
 * Unit has 5 or more AP"), so the pass repeats until nothing changes (at most a few rounds).
 */
export function refreshConstants(game: Game): void {
  const sources = collect(game);
  // Most boards have no constant effect at all: nothing to compute or log then.
  if (sources.length === 0 && !anyConstant(game)) return;
  const was = applied(game);
  if (sources.length === 0) reset(game);
  else {
    let before = signature(game);
    for (let round = 0; round < 4; round++) {
      // Traits first: the other constants' filters read them ("All your Units gain (Neo Zeon)").
      const held = sources.filter(({ ctx }) => allHold(game, ctx, ctx.ability.requires)).sort((a, b) => Number(b.c.type === 'traits') - Number(a.c.type === 'traits'));
      reset(game);
      for (const { ctx, c, label } of held) apply(game, ctx, c, label);
      const after = signature(game);
      if (after === before) break;
      before = after;
    }
  }
  logChanges(game, was);
}

/**
 * Each card's constant sources right now, to log what starts and stops applying. The arrays are
 * not copied: a refresh gives every card a new ConstantState (reset) instead of changing the old.
 */
type Applied = Map<string, { card: Unit | Base; sources: string[]; scaled: string[] }>;

function applied(game: Game): Applied {
  const out: Applied = new Map();
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const u of st.units) if (!isEmpty(u.constant)) out.set(u.id, { card: u, sources: u.constant.sources, scaled: u.constant.scaled ?? NONE });
    if (st.base && !isEmpty(st.base.constant)) out.set(st.base.id, { card: st.base, sources: st.base.constant.sources, scaled: st.base.constant.scaled ?? NONE });
  }
  return out;
}

const NONE: string[] = [];

function sameSources(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Rules behind a constant ability's condition, for the log. */
function conditionRules(source: string): string[] {
  const rules = ['10-1-5-3'];
  if (source.includes('【During Link】')) rules.push('13-2-12-1');
  if (source.includes('【During Pair')) rules.push('13-2-10-1');
  return rules;
}

function logChanges(game: Game, was: Applied): void {
  const now = applied(game);
  // Most refreshes change nothing: then there is nothing to log.
  if (now.size === was.size && [...now].every(([id, cur]) => sameSources(cur.sources, was.get(id)?.sources ?? NONE) && sameSources(cur.scaled, was.get(id)?.scaled ?? NONE))) return;
  // A card that had constants and has none now (and is still in play) is in `was` only.
  for (const [id, old] of was) if (!now.has(id) && findCardInPlay(game, id)) now.set(id, { card: old.card, sources: NONE, scaled: NONE });
  for (const [id, cur] of now) {
    const before = was.get(id)?.sources ?? [];
    const name = describeCard(cur.card);
    for (const src of new Set(cur.sources)) {
      if (!before.includes(src)) emit(game, `${name} is now affected by the constant effect of ${src}`, conditionRules(src));
    }
    for (const src of new Set(before)) {
      if (!cur.sources.includes(src)) emit(game, `${name} is no longer affected by the constant effect of ${src}: its condition no longer holds`, conditionRules(src));
    }
    // "… for each …": what it amounts to now, whenever the count changes.
    const scaledBefore = was.get(id)?.scaled ?? NONE;
    for (const line of cur.scaled) if (!scaledBefore.includes(line)) emit(game, `${name} gets ${line}`, ['10-1-5-3']);
  }
}

/**
 * "All Units that are Lv.3 or lower other than Unit tokens are deployed rested": a Unit being
 * deployed that such a constant in play names (as the Unit is, seen from that constant's
 * controller) enters rested, not active as 5-4-2 would have it (1-3-1). Returns whether it did.
 */
export function deployedRested(game: Game, unit: Unit): boolean {
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const holder of [...st.units, ...(st.base ? [st.base] : [])]) {
      const by = holder.constant.deploysRested?.find((d) => unitMatches(unit, d.filter, d.controller, 'timedKeywords' in holder ? holder : null));
      if (!by || holder === unit) continue;
      if (!unit.rested) {
        unit.rested = true;
        emit(game, `${describeCard(unit)} is deployed rested (${by.source})`, ['5-4-2', '1-3-1', '10-1-5-3']);
      }
      return true;
    }
  }
  return false;
}

/**
 * A card's Lv. and cost to play from the hand, or its cost to deploy from the trash with "Pay its
 * cost", after its own abilities whose conditions hold: "this card in your hand/trash gets (Lv. -1
 * and) cost -N (for each …)" and "play it as if it has N (Lv. and) cost" (with `pairing`, the Unit a
 * Pilot is being paired with). Never below 0 (1-3-6). Returns them and the abilities that changed
 * them (quoted, with their counts).
 */
export function playCost(game: Game, face: CardFace, player: PlayerId, zone: 'hand' | 'trash', pairing?: Unit): { cost: number; level: number; by: string[] } {
  let cost = face.cost;
  let level = face.level;
  const by: string[] = [];
  let playAs: { cost: number; level: number; text: string } | null = null;
  for (const [index, a] of face.abilities.entries()) {
    if (a.kind !== 'constant') continue;
    for (const c of a.effects) {
      const applies = c.type === 'play-as' ? zone === 'hand' : c.type === 'cost' && c.zone === zone;
      if (!applies) continue;
      const ctx = newCtx({ controller: player, face, cardId: face.cardId ?? face.name, label: face.name, ability: a, index });
      if (!allHold(game, ctx, a.requires)) continue;
      if (c.type === 'play-as') {
        // One the player pays for ("you may destroy … If you do, …") is decided while playing (play-paying.ts).
        if (c.pay) continue;
        if (c.pairedWith && !(pairing && unitMatches(pairing, c.pairedWith, player, null))) continue;
        playAs = { cost: c.cost, level: c.level ?? face.level, text: a.text };
      } else if (c.type === 'cost') {
        const n = c.forEach ? countOf(game, ctx, c.forEach) : 1;
        if (n === 0) continue; // 1-3-2-2 zero times changes nothing
        cost += c.amount * n;
        level += (c.level ?? 0) * n;
        by.push(c.forEach ? `"${a.text}" (${countWords(c.forEach, n)})` : `"${a.text}"`);
      }
    }
  }
  // "As if it has N cost": the number it is played with, whatever else would change it.
  if (playAs) return { cost: playAs.cost, level: playAs.level, by: [`"${playAs.text}"`] };
  return { cost: Math.max(0, cost), level: Math.max(0, level), by };
}
