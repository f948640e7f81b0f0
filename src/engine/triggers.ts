/**
 * Triggered effects (10-1-6): when an event happens, the abilities it triggers wait in a queue and
 * resolve right after the rules management of that event: 【Burst】 first (10-1-6-8), then the active
 * player's, then the standby player's (10-1-6-6), and a new trigger during resolution first
 * (10-1-6-7). 【Once per Turn】 abilities resolve once a turn (13-2-13-1). An ability that could not
 * be compiled is reported when its timing comes, never partly run.
 */
import type { CompiledAbility, Filter, Trigger } from '../abilities/ir.js';
import { article, renderNoun } from '../abilities/patterns/noun.js';
import { checkRepeat, countResolution } from './bounds.js';
import { chooseOrder } from './choices.js';
import { refreshConstants, unitAbilitySources } from './constants.js';
import { newCtx, onceKey, type AbilityCtx } from './context.js';
import { renderCondition } from '../abilities/patterns/condition.js';
import { renderPilotQualifier } from '../abilities/patterns/header.js';
import { cardMatches, conditionHolds, conditionCites, unitMatches } from './filters.js';
import { withFields } from './with-fields.js';
import { emit } from './log.js';
import { leaveOpen, reportUnsupported, unsupportedTiming } from './not-executed.js';
import type { DestroyCause } from './management.js';
import { runEffect } from './resolve.js';
import { linkExplanation } from './play.js';
import { openIfUnknown } from './history.js';
import { describeAbilityHolder, describeUnit, opponent, type Base, type CardFace, type Game, type PendingTrigger, type PlayerId, type Unit } from './state.js';

/** The rule defining each timing (13-2) or the rule of the moment it triggers at. */
const TRIGGER_RULES: Record<Trigger, string[]> = {
  burst: ['13-2-5-1'],
  deploy: ['13-2-6-1'],
  attack: ['8-2-2', '13-2-7-1'],
  destroyed: ['13-2-8-1', '13-2-8-2'],
  'when-paired': ['13-2-9-1'],
  'when-linked': ['13-2-11-1'],
  'start-of-turn': ['7-2-4-1'],
  'end-of-turn': ['7-6-4-1'],
  'destroys-enemy-with-battle-damage': ['10-1-6-1'],
  'receives-damage': ['10-1-6-1'],
  'uses-support': ['13-1-3-1', '10-1-6-1'],
  'places-ex-resource': ['5-17-3-2-1', '10-1-6-1', '10-1-6-3'],
  'friendly-receives-damage': ['5-5-1'],
  'deals-battle-damage': ['8-5-3-2', '5-5-3'],
  'destroys-shield-area-card': ['4-6-2', '11-3-1'],
  'friendly-destroys-shield-area-card': ['4-6-2', '11-3-1'],
  'friendly-destroys-enemy-with-battle-damage': ['8-5-3-2-1'],
  'pairs-pilot': ['5-9-1', '10-1-6-1'],
  'rested-by-effect': ['5-4-1-2', '10-1-6-1'],
  'set-active-by-effect': ['5-4-1-1', '10-1-6-1'],
  'friendly-deployed': ['5-8-1', '10-1-6-1'],
  'friendly-links': ['3-2-6-2', '10-1-6-1'],
  'recovers-hp': ['5-6-1', '10-1-6-1'],
  'friendly-rested-by-effect': ['5-4-1-2', '10-1-6-1'],
  'friendly-destroyed-by-effect': ['5-10-1', '10-1-6-1'],
  'draws-with-effect': ['5-14-1', '10-1-6-1'],
  'activates-command': ['10-1-8-1', '10-1-6-1'],
  'pays-for-unit-effect': ['2-10-1', '10-1-6-1'],
  blocked: ['8-3-2', '13-1-4-1', '10-1-6-1'],
  'friendly-attacks': ['8-2-2', '10-1-6-1'],
  'friendly-deals-battle-damage': ['8-5-3-2'],
  'ap-reduced-by-enemy': ['1-3-6'],
  'enemy-destroyed-while-attacking': ['11-3-1', '10-1-6-1'],
};

const TAG: Record<Trigger, string> = {
  burst: '【Burst】',
  deploy: '【Deploy】',
  attack: '【Attack】',
  destroyed: '【Destroyed】',
  'when-paired': '【When Paired】',
  'when-linked': '【When Linked】',
  'start-of-turn': 'At the start of the turn',
  'end-of-turn': 'At the end of the turn',
  'destroys-enemy-with-battle-damage': 'When it destroys an enemy Unit with battle damage',
  'receives-damage': 'When it receives damage',
  'uses-support': 'When its <Support> is used',
  'places-ex-resource': 'When an EX Resource is placed',
  'friendly-receives-damage': 'When one of your Units receives damage',
  'deals-battle-damage': 'When it deals battle damage to an enemy Unit',
  'destroys-shield-area-card': 'When it destroys an enemy shield area card with damage',
  'friendly-destroys-shield-area-card': 'When one of your Units destroys an enemy shield area card with damage',
  'friendly-destroys-enemy-with-battle-damage': 'When one of your Units destroys an enemy Unit with battle damage',
  'pairs-pilot': 'When you pair a Pilot',
  'rested-by-effect': 'When it is rested by an effect',
  'set-active-by-effect': 'When it is set as active by an effect',
  'friendly-deployed': 'When one of your Units is deployed',
  'friendly-links': 'When a friendly Unit links',
  'recovers-hp': 'When it recovers HP',
  'friendly-rested-by-effect': "When one of your Units is rested by an opponent's effect",
  'friendly-destroyed-by-effect': 'When one of your Units is destroyed by an effect',
  'draws-with-effect': 'When you draw with an effect',
  'activates-command': "When you activate a Command's 【Main】/【Action】",
  'pays-for-unit-effect': "When you pay for a Unit's effect",
  blocked: 'When it is blocked',
  'friendly-attacks': 'When one of your Units attacks',
  'friendly-deals-battle-damage': 'When your Unit deals battle damage to an enemy Unit',
  'ap-reduced-by-enemy': "When its AP is reduced by an enemy effect",
  'enemy-destroyed-while-attacking': 'When an enemy Unit is destroyed with damage while it is attacking',
};

/** The log's words for a trigger; "an enemy card" (4-6-1) is a Shield or the Base as well as a Unit. */
function tagOf(a: CompiledAbility, trigger: Trigger): string {
  if (a.kind === 'triggered' && a.attacksUnit) return 'When another Unit attacks an enemy Unit';
  return a.kind === 'triggered' && a.anyCard ? 'When it destroys an enemy card with battle damage' : TAG[trigger];
}

/** The timing words an unsupported ability's text starts with, per trigger. */
const UNSUPPORTED_TAG: Partial<Record<Trigger, string>> = {
  burst: 'Burst',
  deploy: 'Deploy',
  attack: 'Attack',
  destroyed: 'Destroyed',
  'when-paired': 'When Paired',
  'when-linked': 'When Linked',
};

export function triggerRules(t: Trigger): string[] {
  return TRIGGER_RULES[t];
}

export interface TriggerSource {
  unit?: Unit | null;
  base?: Base | null;
  /** A Shield's card (【Burst】) or a card outside play. */
  face?: CardFace;
  cardId?: string;
  owner?: PlayerId;
  battleOpponent?: Unit | null;
  /** For 'receives-damage': true = only the abilities that just reduce the damage (5-21), false = the others. */
  reductionOnly?: boolean;
  /** For 'receives-damage': the damage's kind and who dealt it, for abilities limited to one kind. */
  damage?: { kind: 'battle' | 'effect'; from: PlayerId | null };
  /** For 'friendly-receives-damage': the friendly Unit that receives the damage (the source is the watching card). */
  damaged?: Unit;
  /** For 'friendly-destroys-shield-area-card': the friendly Unit whose damage destroyed it (the source is the watching card). */
  destroyer?: Unit;
  /** For 'pairs-pilot': the friendly Unit a Pilot was just paired with (the source is the watching card). */
  paired?: Unit;
  /** For 'uses-support': the Unit whose AP the <Support> increased. */
  supported?: Unit;
  /** For events of one friendly Unit seen by its owner's cards ('friendly-rested-by-effect', 'pays-for-unit-effect'): that Unit. */
  subject?: Unit;
  /** For 'friendly-rested-by-effect': the player controlling the effect. */
  by?: PlayerId;
  /** For 'activates-command': the Command whose 【Main】/【Action】 was activated, its id, and whether an EX Resource paid part of its cost. */
  command?: CardFace;
  commandId?: string;
  exUsed?: boolean;
  /** For 'pays-for-unit-effect': the Resources paid. */
  paid?: number;
  /** For 'destroys-enemy-with-battle-damage': what was destroyed is a card of the enemy shield area (a Shield or the Base, 4-6-1). */
  shieldAreaCard?: true;
}

/** 5-5-3 battle damage / 5-5-4 effect damage, and "enemy damage", as the ability asks. */
function damageMatches(a: CompiledAbility, src: TriggerSource): boolean {
  if (a.kind !== 'triggered' || !a.damage || !src.damage) return true;
  if (a.damage.kind && a.damage.kind !== src.damage.kind) return false;
  const receiver = src.damaged ?? src.unit;
  if (a.damage.enemy && (src.damage.from === null || src.damage.from === receiver?.owner)) return false;
  return true;
}

function onlyReduces(a: CompiledAbility): boolean {
  const steps = 'effect' in a ? a.effect : [];
  return steps.length > 0 && steps.every((s) => s.step.do === 'reduce-damage');
}

function label(src: TriggerSource, face: CardFace): string {
  const card = src.unit ?? src.base;
  if (card) return describeAbilityHolder(card, face);
  return `${face.name} (${src.cardId ?? face.cardId ?? '?'})`;
}

const faceTriggers = new WeakMap<CardFace, Set<Trigger>>();

/** Whether a card face has a compiled ability with this trigger (a face never changes, so each is read once). */
export function faceHasTrigger(face: CardFace, trigger: Trigger): boolean {
  let set = faceTriggers.get(face);
  if (!set) {
    set = new Set(face.abilities.flatMap((a) => (a.kind === 'triggered' ? [a.trigger] : [])));
    faceTriggers.set(face, set);
  }
  return set.has(trigger);
}

/** Whether a card in play (with its Pilot) has a compiled ability with this trigger. */
export function hasTrigger(card: Unit | Base, trigger: Trigger): boolean {
  if (faceHasTrigger(card.face, trigger)) return true;
  if ('timedKeywords' in card && card.grantedAbilities?.some((g) => g.ability.trigger === trigger)) return true;
  return 'timedKeywords' in card && !!card.pilot && faceHasTrigger(card.pilot.face, trigger);
}

/** The contexts of every compiled ability with this trigger on the source, whose requirements hold now. */
export function abilitiesFor(game: Game, trigger: Trigger, src: TriggerSource): AbilityCtx[] {
  const sources: { face: CardFace; fromPilot: boolean; granted?: number }[] = src.unit ? unitAbilitySources(src.unit) : src.base ? [{ face: src.base.face, fromPilot: false }] : src.face ? [{ face: src.face, fromPilot: false }] : [];
  const out: AbilityCtx[] = [];
  for (const { face, fromPilot, granted } of sources) {
    // 3-3-9-1 a Pilot's 【Burst】 is the Pilot card's own, not the Unit's.
    face.abilities.forEach((a, index) => {
      const id = src.unit?.id ?? src.base?.id ?? src.cardId ?? face.cardId ?? '?';
      if (a.kind === 'unsupported') {
        const tag = UNSUPPORTED_TAG[trigger];
        if (tag && unsupportedTiming(a.text) === tag && !(fromPilot && trigger === 'burst')) reportUnsupported(game, id, face, a, `${TAG[trigger]} of ${label(src, face)}`, TRIGGER_RULES[trigger]);
        return;
      }
      if (a.kind !== 'triggered' || a.trigger !== trigger || (fromPilot && trigger === 'burst')) return;
      // "At the end of your turn" is its controller's turn (7-6-4-1); "At the end of a turn where …" is either.
      if (trigger === 'end-of-turn' && !a.anyTurn && (src.unit?.owner ?? src.base?.owner ?? game.active) !== game.active) return;
      if (src.reductionOnly !== undefined && onlyReduces(a) !== src.reductionOnly) return;
      if (!damageMatches(a, src)) return;
      // "When this Unit destroys an enemy card with battle damage": a shield area card too; the other wordings name a Unit.
      if (trigger === 'destroys-enemy-with-battle-damage' && src.shieldAreaCard && !a.anyCard) return;
      // "When another Unit attacks an enemy Unit": not an attack on the player (8-2-1).
      if (a.attacksUnit && !(game.battle && game.battle.target !== null)) return;
      if (a.supported && src.supported && !unitMatches(src.supported, a.supported, src.unit?.owner ?? game.active, null)) return;
      // The event came but the Unit in it is not the one the trigger names: worth a line, as the
      // reader asks exactly this ("does it trigger on a Lv.6 Unit?"), 10-1-6-2.
      const missed = (unit: Unit, f: Filter) => {
        emit(game, `${label(src, face)}'s "${a.text}" does not trigger: ${describeUnit(unit)} is not ${article(renderNoun(f))}`, ['10-1-6-2']);
      };
      const mismatch = (f: Filter | undefined, unit: Unit | null | undefined, self: Unit | null) => {
        if (!f) return false;
        if (!unit) return true;
        if (unitMatches(unit, f, src.unit?.owner ?? src.base?.owner ?? game.active, self)) return false;
        missed(unit, f);
        return true;
      };
      // "deals battle damage to an enemy Unit that is Lv.5 or lower": that Unit as it is now.
      if (mismatch(a.dealtTo, src.battleOpponent, src.unit ?? null)) return;
      // "receives battle damage from an enemy Unit with 3 or less AP": the Unit that dealt it, as it is now.
      if (mismatch(a.dealtBy, src.subject, null)) return;
      // "blocked by an enemy Unit that is Lv.4 or lower": the blocker as it is now.
      if (mismatch(a.blocker, src.battleOpponent, src.unit ?? null)) return;
      // "destroys an enemy Unit paired with a (Newtype) Pilot": the destroyed Unit as it last was (its Pilot went with it, 3-3-6).
      if (mismatch(a.destroyedUnit, src.battleOpponent, src.unit ?? null)) return;
      // "one of your other (Academy) Units": the Unit that received (or dealt) the damage, "other" than this one.
      const watchedUnit =
        src.subject ??
        (trigger === 'friendly-destroys-shield-area-card' || trigger === 'friendly-destroys-enemy-with-battle-damage' ? src.destroyer : trigger === 'pairs-pilot' || trigger === 'friendly-deployed' || trigger === 'friendly-links' ? src.paired : src.damaged);
      const self = a.orSelf && watchedUnit !== undefined && watchedUnit === src.unit;
      // "one of your other …": the Unit itself is not "other", and needs no line.
      if (a.watched && !self && watchedUnit && a.watched.other && watchedUnit === src.unit) return;
      if (a.watched && !self && mismatch(a.watched, watchedUnit, src.unit ?? null)) return;
      const owner = src.unit?.owner ?? src.base?.owner ?? src.owner ?? game.active;
      // "rested by one of your opponent's effects": an effect the other player controls.
      if (a.by === 'opponent' && src.by !== opponent(owner)) return;
      // "When you activate a (Special Move) Command's 【Main】/【Action】": that Command.
      if (a.command && !(src.command && cardMatches(src.command, a.command))) return;
      // "… play and activate … using an EX Resource": played from the hand, an EX Resource paying part of it (5-17-3-2-3).
      if (a.usingEx && !src.exUsed) return;
      // "When you pair a (Cyber-Newtype) Pilot …": the card paired, as a Pilot (a Command's 【Pilot】 too, 3-4-6-2).
      if (a.pilot && !(src.paired?.pilot && cardMatches(withFields(src.paired.pilot.face, { type: 'pilot' as const }), a.pilot))) return;
      const ctx = newCtx({
        controller: src.unit?.owner ?? src.base?.owner ?? src.owner ?? game.active,
        unit: src.unit ?? null,
        base: src.base ?? null,
        face,
        cardId: fromPilot ? `${id}/pilot` : granted ? `${id}/granted-${granted}` : id,
        label: label(src, face),
        ability: a,
        index,
        battleOpponent: src.battleOpponent ?? null,
        triggerUnit: watchedUnit ?? null,
        ...(src.paid !== undefined ? { paid: src.paid } : {}),
        ...(src.commandId !== undefined ? { triggerCard: src.commandId } : {}),
      });
      const unmet = a.requires.find((c) => !conditionHolds(game, ctx, c));
      if (unmet) {
        openIfUnknown(game, ctx, unmet);
        // Only worth a line when the trigger itself happened and a printed condition stopped it.
        if (unmet.type !== 'paired' && unmet.type !== 'linked') emit(game, `${tagOf(a, trigger)} of ${ctx.label} does not trigger: "${renderCondition(unmet)}" does not hold`, ['10-1-6-2', '10-2-1', ...conditionCites(unmet)]);
        else if (unmet.type === 'linked' && src.unit) {
          // 【During Link】: often the very question ("does Unicorn Mode's 【Destroyed】 happen when it is not linked?").
          const why = linkExplanation(src.unit);
          emit(game, `${tagOf(a, trigger)} of ${ctx.label} does not trigger: it is 【During Link】 and ${describeUnit(src.unit)} is not a Link Unit (${why.text})`, ['13-2-12-1', '10-1-6-2', ...why.rules]);
        } else if (unmet.type === 'paired' && !unmet.pilot && src.unit && !src.unit.pilot) {
          emit(game, `${tagOf(a, trigger)} of ${ctx.label} does not trigger: it is 【During Pair】 and no Pilot is paired with ${describeUnit(src.unit)}`, ['13-2-10-1', '10-1-6-2']);
        }
        else if (unmet.type === 'paired' && unmet.pilot && src.unit?.pilot) {
          const p = src.unit.pilot.face;
          const has = p.traits.length ? `its traits are ${p.traits.map((t) => `(${t})`).join('/')}` : 'it has no trait';
          emit(game, `${TAG[trigger]} of ${ctx.label} does not trigger: it needs a ${renderPilotQualifier(unmet.pilot)} paired with this Unit, and ${p.name} is not one (${has}; Lv.${p.level}, ${p.color ?? 'no color'})`, ['13-2-9-2', '10-1-6-2']);
        }
        return;
      }
      out.push(ctx);
    });
  }
  return out;
}

/** Queues what an event triggers; it resolves after the event's rules management. */
export function queueTriggers(game: Game, trigger: Trigger, src: TriggerSource): number {
  const found = abilitiesFor(game, trigger, src);
  for (const ctx of found) {
    const tag = tagOf(ctx.ability, trigger);
    const rules = [...TRIGGER_RULES[trigger], ...(ctx.ability.kind === 'triggered' && ctx.ability.anyCard ? ['4-6-1'] : []), ...(ctx.ability.kind === 'triggered' && ctx.ability.attacksUnit ? ['12-2-6'] : [])];
    emit(game, `${tag} of ${ctx.label} triggers: "${ctx.ability.text}"`, rules.includes('10-1-6-1') ? rules : [...rules, '10-1-6-1']);
    game.pending.push({ ctx, batch: game.resolutions, burst: trigger === 'burst' });
  }
  return found.length;
}

/**
 * Damage `unit` dealt destroyed an enemy shield area card (a Shield at once, 11-3-1-1; the Base by
 * the rules management after it, 11-3-1): "when this Unit destroys an enemy shield area card with
 * (battle) damage" on it, and "when one of your (Titans) Units destroys …" on its owner's cards.
 * Called once per event: Shields destroyed together trigger it once (10-1-6-3). Returns how many
 * abilities it queued.
 */
export function queueShieldAreaCardDestroyed(game: Game, unit: Unit, kind: 'battle' | 'effect'): number {
  const damage = { kind, from: unit.owner };
  let n = 0;
  if (kind === 'battle') {
    const before = game.pending.length;
    queueDelayed(game, unit, null);
    n += game.pending.length - before;
    // "When this Unit destroys an enemy card with battle damage": a Shield or the Base is an enemy card (4-6-1).
    if (hasTrigger(unit, 'destroys-enemy-with-battle-damage')) n += queueTriggers(game, 'destroys-enemy-with-battle-damage', { unit, shieldAreaCard: true, damage });
  }
  if (hasTrigger(unit, 'destroys-shield-area-card')) n += queueTriggers(game, 'destroys-shield-area-card', { unit, damage });
  const st = game.players[unit.owner];
  for (const u of st.units) if (hasTrigger(u, 'friendly-destroys-shield-area-card')) n += queueTriggers(game, 'friendly-destroys-shield-area-card', { unit: u, destroyer: unit, damage });
  if (st.base && hasTrigger(st.base, 'friendly-destroys-shield-area-card')) n += queueTriggers(game, 'friendly-destroys-shield-area-card', { base: st.base, destroyer: unit, damage });
  return n;
}

/** "When you pair a Pilot with one of your … Units" on the cards of `unit`'s owner, after a pairing (5-9-1, 10-1-6-1). */
export function queuePairedPilot(game: Game, unit: Unit): void {
  const st = game.players[unit.owner];
  for (const u of st.units) if (hasTrigger(u, 'pairs-pilot')) queueTriggers(game, 'pairs-pilot', { unit: u, paired: unit });
  if (st.base && hasTrigger(st.base, 'pairs-pilot')) queueTriggers(game, 'pairs-pilot', { base: st.base, paired: unit });
}

/** "When one of your (Orb) Units is deployed" / "When a friendly (Clan) Unit links" on the cards of `unit`'s owner (10-1-6-1). */
export function queueFriendlyEvent(game: Game, trigger: 'friendly-deployed' | 'friendly-links', unit: Unit): void {
  const st = game.players[unit.owner];
  // The Unit is what the constants in play make it from the moment it is there ("All your Units gain
  // (Neo Zeon)", 10-1-5-3): read them before the watchers look at it.
  if (st.units.some((u) => hasTrigger(u, trigger)) || (st.base && hasTrigger(st.base, trigger))) refreshConstants(game);
  // The Unit that linked is "it" of the effect (battleOpponent carries it, as for "that enemy Unit").
  for (const u of st.units) if (hasTrigger(u, trigger)) queueTriggers(game, trigger, { unit: u, paired: unit, battleOpponent: unit });
  if (st.base && hasTrigger(st.base, trigger)) queueTriggers(game, trigger, { base: st.base, paired: unit, battleOpponent: unit });
}

/**
 * An event of a player (they drew with an effect, activated a Command, paid for a Unit's effect) or
 * of one of their Units (`src.subject`), seen by that player's cards in play with that trigger
 * (10-1-6-1): each Unit (with its Pilot) and the Base. Returns how many abilities it queued.
 */
export function queueOwnerEvent(game: Game, trigger: Trigger, owner: PlayerId, src: Pick<TriggerSource, 'subject' | 'by' | 'command' | 'paid' | 'commandId' | 'exUsed' | 'battleOpponent'>): number {
  const st = game.players[owner];
  let n = 0;
  for (const u of st.units) if (hasTrigger(u, trigger)) n += queueTriggers(game, trigger, { ...src, unit: u });
  if (st.base && hasTrigger(st.base, trigger)) n += queueTriggers(game, trigger, { ...src, base: st.base });
  return n;
}

/**
 * "When one of your Units is destroyed by an effect" on the cards of `unit`'s owner still in play.
 * A destroy effect triggers it (5-10-1). Lethal effect damage is destruction by damage (5-10-1 names
 * the two apart) and the rules do not say whether that is "by an effect": an ability that could
 * still activate leaves the outcome open instead of guessing.
 */
export function queueDestroyedByEffect(game: Game, unit: Unit, cause: DestroyCause): void {
  if (cause.kind === 'effect') {
    queueOwnerEvent(game, 'friendly-destroyed-by-effect', unit.owner, { subject: unit, ...(cause.by ? { by: cause.by } : {}) });
    return;
  }
  const st = game.players[unit.owner];
  for (const card of [...st.units, ...(st.base ? [st.base] : [])]) {
    if (!hasTrigger(card, 'friendly-destroyed-by-effect')) continue;
    const found = abilitiesFor(game, 'friendly-destroyed-by-effect', 'timedKeywords' in card ? { unit: card, subject: unit } : { base: card, subject: unit });
    for (const ctx of found) {
      if (ctx.ability.oncePerTurn && game.usedThisTurn.includes(onceKey(ctx))) continue;
      const reason = `${describeUnit(unit)} was destroyed by effect damage; whether that is "destroyed by an effect" for ${ctx.label}'s "${ctx.ability.text}" the rules do not say (5-10-1 tells destruction by damage and by an effect apart), so what happens is not settled`;
      emit(game, reason, ['5-10-1']);
      leaveOpen(game, 'outcome', reason, { unit: card.id, card: ctx.face.cardId, text: ctx.ability.text, rules: ['5-10-1'] });
    }
  }
}

/** "When one of your Units destroys an enemy Unit with battle damage" on the cards of `unit`'s owner (10-1-6-1). */
export function queueFriendlyDestroyedEnemy(game: Game, unit: Unit, destroyed: Unit): void {
  queueDelayed(game, unit, destroyed);
  const st = game.players[unit.owner];
  for (const u of st.units) if (hasTrigger(u, 'friendly-destroys-enemy-with-battle-damage')) queueTriggers(game, 'friendly-destroys-enemy-with-battle-damage', { unit: u, destroyer: unit, battleOpponent: destroyed });
  if (st.base && hasTrigger(st.base, 'friendly-destroys-enemy-with-battle-damage')) queueTriggers(game, 'friendly-destroys-enemy-with-battle-damage', { base: st.base, destroyer: unit, battleOpponent: destroyed });
}

/**
 * The delayed triggers of this turn ("During this turn, when one of your (EF) Units destroys …") that
 * `unit` destroying `destroyed` with battle damage fires; `destroyed` null: a card of the enemy
 * shield area (a Shield or the Base), which only "an enemy card" names (4-6-1).
 */
function queueDelayed(game: Game, unit: Unit, destroyed: Unit | null): void {
  for (const t of game.timedEffects) {
    if (t.kind !== 'delayed-trigger' || t.on !== 'friendly-destroys-enemy-with-battle-damage' || t.controller !== unit.owner) continue;
    if (!destroyed && !t.anyCard) continue;
    if (t.ids ? !t.ids.includes(unit.id) : !unitMatches(unit, t.filter!, t.controller, t.ctx.unit)) continue;
    const what = destroyed ? describeUnit(destroyed) : `an enemy shield area card (a card, 4-6-1)`;
    fireDelayed(game, t, destroyed, unit, `${describeUnit(unit)} destroyed ${what} with battle damage`, [destroyed ? '8-5-3-2-1' : '11-3-1']);
  }
}

type DelayedTrigger = Extract<Game['timedEffects'][number], { kind: 'delayed-trigger' }>;

/** Queues the rest of a delayed trigger's effect (10-1-6-1), "that enemy Unit" being `opponentUnit` and "it" the `unit` whose event it was. */
function fireDelayed(game: Game, t: DelayedTrigger, opponentUnit: Unit | null, unit: Unit, event: string, rules: string[]): void {
  const ability: CompiledAbility = { kind: 'triggered', trigger: t.on, text: t.ctx.ability.text, requires: [], oncePerTurn: false, patterns: [], effect: t.effect };
  const ctx = newCtx({ controller: t.controller, unit: t.ctx.unit, base: t.ctx.base, face: t.ctx.face, cardId: t.ctx.cardId, label: t.ctx.label, ability, index: t.ctx.index, battleOpponent: opponentUnit, triggerUnit: unit });
  emit(game, `${t.ctx.label}'s effect "${t.ctx.ability.text}" triggers for this turn: ${event}`, [...rules, '10-1-6-1']);
  game.pending.push({ ctx, batch: game.resolutions, burst: false });
}

/**
 * The delayed triggers of this turn that `dealer` dealing battle damage to `damaged` fires ("Choose 1
 * of your Units. When it deals battle damage to an enemy Unit that is Lv.5 or lower during this turn,
 * destroy that enemy Unit."): damage actually dealt (5-5-5), to a Unit that matches as it is now.
 */
export function queueDelayedDealsDamage(game: Game, dealer: Unit, damaged: Unit): void {
  for (const t of game.timedEffects) {
    if (t.kind !== 'delayed-trigger' || t.on !== 'deals-battle-damage' || t.controller !== dealer.owner || damaged.owner === dealer.owner) continue;
    if (!t.ids?.includes(dealer.id)) continue;
    if (t.dealtTo && !unitMatches(damaged, t.dealtTo, t.controller, t.ctx.unit)) {
      emit(game, `${t.ctx.label}'s effect "${t.ctx.ability.text}" does not trigger: ${describeUnit(damaged)} is not ${article(renderNoun(t.dealtTo))}`, ['10-1-6-2']);
      continue;
    }
    fireDelayed(game, t, damaged, dealer, `${describeUnit(dealer)} dealt battle damage to ${describeUnit(damaged)}`, ['8-5-3-2']);
  }
}

function effectOf(a: CompiledAbility) {
  return 'effect' in a ? a.effect : [];
}

/** Resolves one triggered ability now (13-2-13-1 once per turn). */
export function resolveNow(game: Game, ctx: AbilityCtx): void {
  game.resolutions += 1;
  countResolution(game, `${ctx.label}: "${ctx.ability.text}"`);
  if (ctx.ability.oncePerTurn) {
    const key = onceKey(ctx);
    if (game.usedThisTurn.includes(key)) {
      emit(game, `${ctx.label}: "${ctx.ability.text}" was already used this turn (【Once per Turn】), so it does not activate`, ['13-2-13-1']);
      return;
    }
    game.usedThisTurn.push(key);
  }
  runEffect(game, ctx, effectOf(ctx.ability));
}

function nextPending(game: Game): number {
  let best = -1;
  // Newest batch, 【Burst】, the active player's, then the order their player chose (else as queued).
  const rank = (i: number): [number, number, number, number] => {
    const p = game.pending[i]!;
    return [p.batch, p.burst ? 1 : 0, p.ctx.controller === game.active ? 1 : 0, -(p.order ?? Number.MAX_SAFE_INTEGER)];
  };
  const better = (x: number[], y: number[]) => {
    for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return x[k]! > y[k]!;
    return false;
  };
  for (let i = 0; i < game.pending.length; i++) {
    if (best < 0 || better(rank(i), rank(best))) best = i;
  }
  return best;
}

/** The pending effects that triggered together with `p` for the same player (10-1-6-5), `p` first. */
function triggeredTogether(game: Game, p: PendingTrigger): PendingTrigger[] {
  return game.pending.filter((q) => q.batch === p.batch && q.burst === p.burst && q.ctx.controller === p.ctx.controller && q.order === undefined);
}

/**
 * 10-1-6-5: a player with several effects triggered at once resolves them in the order they
 * choose. Asked once per group (an `order` choice naming their sources), before the first resolves.
 */
function orderTogether(game: Game, p: PendingTrigger): void {
  const group = triggeredTogether(game, p);
  if (group.length < 2) return;
  const ids = group.map((q) => q.ctx.cardId);
  const keys = group.map((q, k) => (ids.indexOf(ids[k]!) !== ids.lastIndexOf(ids[k]!) ? `${ids[k]}:${q.ctx.index + 1}` : ids[k]!));
  const names = group.map((q, k) => `${keys[k]} (${q.ctx.label})`).join(', ');
  const order = chooseOrder(game, `Player ${p.ctx.controller}'s effects triggered together, ${names}, resolve in the order that player chooses`, keys, ['10-1-6-5']);
  group.forEach((q, k) => {
    q.order = order ? order.indexOf(keys[k]!) : k;
  });
}

/**
 * Resolves the queue best first (10-1-6-5..8), rules management after each ability. With `since`,
 * only what triggered after that batch (10-1-6-7), leaving older effects waiting.
 */
function resolveQueue(game: Game, afterEach: () => void, since: number | null): void {
  while (game.pending.length > 0 && !game.over) {
    let i = nextPending(game);
    if (since !== null && game.pending[i]!.batch <= since) return;
    if (game.pending[i]!.order === undefined) {
      orderTogether(game, game.pending[i]!);
      i = nextPending(game);
    }
    const [p] = game.pending.splice(i, 1) as [PendingTrigger];
    if (since !== null) {
      emit(game, `${p.ctx.label}: "${p.ctx.ability.text}" triggered while 【Burst】 effects were resolving, so it resolves before the next one`, ['10-1-6-8-1']);
    } else if (!p.burst && p.ctx.controller === game.active && game.pending.some((q) => q.batch === p.batch && q.ctx.controller !== game.active)) {
      // Triggered together with the other player's: say why this one goes first.
      emit(game, `${p.ctx.label}: "${p.ctx.ability.text}" resolves before player ${opponent(game.active)}'s effects that triggered at the same time: the active player's resolve first`, ['10-1-6-6']);
    }
    resolveNow(game, p.ctx);
    afterEach();
    checkRepeat(game);
  }
}

/**
 * Resolves only what triggered after `batch`, newest first: between two 【Burst】 effects of Shields
 * destroyed together, what the first one triggered goes before the second (10-1-6-8-1).
 */
export function resolveTriggeredSince(game: Game, batch: number, afterEach: () => void): void {
  resolveQueue(game, afterEach, batch);
}

/** Resolves the queue (10-1-6-5..8); rules management runs after each ability. */
export function resolvePending(game: Game, afterEach: () => void): void {
  if (game.resolving) return;
  game.resolving = true;
  try {
    resolveQueue(game, afterEach, null);
  } finally {
    game.resolving = false;
  }
  if (game.over) game.pending = [];
}
