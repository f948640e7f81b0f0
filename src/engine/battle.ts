/**
 * Attacking and battles (chapter 8): one `attack` action plays a whole battle through its five
 * steps (8-1): attack, block, action, damage, battle end. <Blocker>, <First Strike>,
 * <High-Maneuver> and <Suppression> (13-1-4..7) act here; <Breach> is resolved via abilities.ts.
 */
import { resolveBreach } from './abilities.js';
import { damageBase, damageShields, damageUnit, dealDamageToUnit } from './effects.js';
import { unitMatches } from './filters.js';
import { hasKeyword, keywordAmount, unitKeywords } from './keywords.js';
import { emit } from './log.js';
import { leaveOpen } from './not-executed.js';
import { refreshConstants } from './constants.js';
import { runRulesManagement } from './management.js';
import { ruleProblem, unknownUnit, type Problem } from './problems.js';
import type { Action, ActionOf } from './schema.js';
import { PLAYERS, describeUnit, findUnit, opponent, type Game, type PlayerId, type Unit } from './state.js';
import { baseAp, isLinked, unitAp, unitHp } from './stats.js';
import { queueFriendlyDestroyedEnemy, queueOwnerEvent, queueTriggers } from './triggers.js';
import { withFields } from './with-fields.js';
import { renderNoun } from '../abilities/patterns/noun.js';
import { mark } from './happened.js';

type AttackAction = ActionOf<'attack'>;

/** Plays one action of the action step (an 【Action】 Command or an 【Activate･Action】 ability). */
export type ApplyStepAction = (action: Action, index: number) => Problem | null;

/** Why a main-phase action cannot be taken in the action step, with the rules for what that action is. */
const NOT_IN_ACTION_STEP: Partial<Record<Action['type'], { what: string; rules: string[] }>> = {
  deploy: { what: 'deploying a Unit or Base is playing a card from the hand, which the active player does in the main phase', rules: ['7-5-2-1'] },
  pair: { what: 'pairing a Pilot is playing a card from the hand, which the active player does in the main phase (and a Command\'s 【Pilot】 can never be paired in an action step)', rules: ['7-5-2-1', '13-2-4-2'] },
  attack: { what: 'attacks are declared in the main phase, and this battle is still under way', rules: ['7-5-4-1'] },
  support: { what: '<Support> is an 【Activate･Main】 effect, activated in the main phase', rules: ['13-1-3-1', '7-5-3-1'] },
  end_turn: { what: 'the turn ends after the main phase, not in a battle', rules: ['7-5-5-1'] },
};

/**
 * 8-4-1 / 9-2 / 9-3: in the action step players activate 【Action】 Command cards and 【Activate･Action】
 * effects, or pass; anything else listed there is refused before the battle starts.
 */
function actionStepProblem(steps: readonly Action[]): Problem | null {
  for (const [i, sub] of steps.entries()) {
    if (sub.type === 'play' || sub.type === 'activate') continue;
    const why = NOT_IN_ACTION_STEP[sub.type] ?? {
      what: 'an effect happens there only as part of an 【Action】 Command or 【Activate･Action】 effect: play that card (a catalog card, or an inline Command with its text) or activate that ability instead',
      rules: ['13-2-4-1', '13-2-2-1'],
    };
    return ruleProblem(
      `action_step[${i}] (${sub.type}): in the action step players may only activate 【Action】 Command cards ("play") and 【Activate･Action】 effects ("activate"), or pass; ${why.what}`,
      ['8-4-1', '9-2', '9-3', ...why.rules],
    );
  }
  return null;
}

/** An attack permission from a constant or a resolved effect ("may choose an active enemy Unit"). */
function mayAttackActive(attacker: Unit, target: Unit): string | null {
  for (const f of attacker.constant.attackActive) if (unitMatches(target, f, attacker.owner, attacker)) return attacker.constant.sources.join('; ') || 'a constant effect';
  for (const p of attacker.timedPermissions) {
    if (p.type === 'attack-active' && p.filter && unitMatches(target, p.filter, attacker.owner, attacker)) return p.source;
  }
  return null;
}

/**
 * Why a permission to attack an active enemy Unit the attacker has does not reach this one: the
 * permissions' sources and the target's numbers, so the reader sees which part failed ("6 or less
 * AP" against AP 7). Empty when the attacker has no such permission.
 */
function permissionsMissed(attacker: Unit, target: Unit): string {
  const sources = [...(attacker.constant.attackActive.length > 0 ? attacker.constant.sources : []), ...attacker.timedPermissions.filter((p) => p.type === 'attack-active').map((p) => p.source)];
  if (sources.length === 0) return '';
  return `; the permission to attack an active enemy Unit (${[...new Set(sources)].join('; ')}) does not cover it: ${describeUnit(target)} is Lv.${target.face.level}, AP ${unitAp(target)}, HP ${unitHp(target)}`;
}

/** The rested enemy Units whose constant makes this attacker choose one of them as its attack target (1-3-1). */
function drawingAttack(game: Game, attacker: Unit): { unit: Unit; source: string }[] {
  const out: { unit: Unit; source: string }[] = [];
  for (const u of game.players[opponent(attacker.owner)].units) {
    // "During this turn, all enemy Units must choose that Unit as their attack target": while it is
    // one this attacker may choose (rested, or active under an attack-active permission, 8-1, 1-3-2).
    const timed = u.timedPermissions.find((p) => p.type === 'draws-attacks' && p.filter && unitMatches(attacker, p.filter, u.owner, u));
    if (timed && (u.rested || mayAttackActive(attacker, u) !== null)) {
      out.push({ unit: u, source: timed.source });
      continue;
    }
    if (!u.rested) continue;
    const d = u.constant.drawsAttacks.find((x) => unitMatches(attacker, x.attackers, u.owner, u));
    if (d) out.push({ unit: u, source: d.source });
  }
  return out;
}

function isPlayerTarget(target: string): boolean {
  return target.trim().toLowerCase() === 'player';
}

function onField(game: Game, unit: Unit): boolean {
  return game.players[unit.owner].units.includes(unit);
}

/** Everything that makes an attack declaration or block illegal, checked before anything moves. */
export function validateAttack(game: Game, a: AttackAction): Problem | null {
  const attacker = findUnit(game, a.attacker);
  if (!attacker) return unknownUnit(game, a.attacker, 'attack.attacker');
  const who = describeUnit(attacker);
  if (attacker.owner !== game.active) {
    return ruleProblem(`${who} belongs to player ${attacker.owner}, who is not the active player; only the active player attacks, in their main phase`, ['7-5-4-1', '8-1']);
  }
  if (attacker.rested) return ruleProblem(`${who} is rested; the attacking Unit must be active`, ['8-2-1']);
  const forbid = attacker.constant.cannotAttack ? attacker.constant.sources.join('; ') : attacker.timedPermissions.find((p) => p.type === 'forbid-attack')?.source;
  if (forbid) return ruleProblem(`${who} can't attack: ${forbid}`, ['1-3-3', '10-1-5-6']);
  if (game.inBattle) return ruleProblem(`a battle is already under way; attacks are declared in the main phase`, ['7-5-4-1', '8-1']);
  const mayEarly = attacker.timedPermissions.find((p) => p.type === 'deploy-turn-attack');
  if (attacker.deployedThisTurn && !isLinked(attacker) && !mayEarly) {
    // "On the turn this Unit is deployed, it may choose a rested enemy Unit as its attack target and attack it."
    const early = attacker.constant.deployTurnAttack;
    const targetUnit = isPlayerTarget(a.target) ? undefined : findUnit(game, a.target);
    const allowed = targetUnit ? early.find((e) => unitMatches(targetUnit, e.filter, attacker.owner, attacker)) : undefined;
    if (!allowed) {
      const only = early.length ? `; its own text lets it attack on that turn only ${early.map((e) => `a ${renderNoun(e.filter)}`).join(' or ')} (${early[0]!.source})` : '';
      return ruleProblem(`${who} was deployed this turn and is not a Link Unit, so it cannot attack this turn${only}`, ['3-2-4', '3-2-6-3', ...(early.length ? ['1-3-1'] : [])]);
    }
  }
  const drawn = drawingAttack(game, attacker);
  if (drawn.length > 0 && !drawn.some((d) => d.unit.id === a.target)) {
    return ruleProblem(`${who} must choose ${drawn.map((d) => describeUnit(d.unit)).join(' or ')} as its attack target if possible: ${[...new Set(drawn.map((d) => d.source))].join('; ')}`, ['1-3-1', '10-1-5-3', '8-2-1']);
  }
  let target: Unit | null = null;
  if (!isPlayerTarget(a.target)) {
    target = findUnit(game, a.target) ?? null;
    if (!target) {
      // A Base or a Shield is in the shield area, not the battle area: the rule, not an unknown id.
      const owner = PLAYERS.find((p) => game.players[p].base?.id === a.target || game.players[p].shields.some((sh) => sh.id === a.target));
      if (owner) {
        const what = game.players[owner].base?.id === a.target ? `${game.players[owner].base!.face.name} (${a.target}) is a Base` : `${a.target} is a Shield`;
        return ruleProblem(
          `${what} in player ${owner}'s shield area: an attack target is the opposing player or a rested enemy Unit, never a card of the shield area; attack the player ("target": "player"), and the battle damage goes to the Base first, then to the top Shield`,
          ['8-2-1', '3-5-3', '8-5-2-3'],
        );
      }
      return unknownUnit(game, a.target, 'attack.target (or "player")');
    }
    if (target.owner === attacker.owner) {
      return ruleProblem(`${describeUnit(target)} is a friendly Unit; the attack target must be the opposing player or a rested enemy Unit`, ['8-2-1', '7-5-4-1']);
    }
    if (!target.rested) {
      const by = mayAttackActive(attacker, target);
      if (!by) return ruleProblem(`${describeUnit(target)} is active; only a rested enemy Unit can be attacked${permissionsMissed(attacker, target)}`, ['8-2-1', '7-5-4-1']);
    }
  } else {
    const noPlayer = attacker.constant.cannotAttackPlayer ? attacker.constant.sources.join('; ') : attacker.timedPermissions.find((p) => p.type === 'forbid-attack-player')?.source;
    if (noPlayer) return ruleProblem(`${who} can't choose the enemy player as its attack target: ${noPlayer}`, ['1-3-3', '10-1-5-6']);
  }
  if (a.blocker !== undefined) {
    const problem = validateBlock(game, attacker, target, a.blocker);
    if (problem) return problem;
  }
  return actionStepProblem(a.action_step ?? []);
}

/** 8-3 the standby player may block with one active <Blocker> Unit that is not the original target. */
function validateBlock(game: Game, attacker: Unit, target: Unit | null, blockerId: string): Problem | null {
  const blocker = findUnit(game, blockerId);
  if (!blocker) return unknownUnit(game, blockerId, 'attack.blocker');
  const who = describeUnit(blocker);
  if (blocker.owner === attacker.owner) return ruleProblem(`${who} is the attacker's own Unit; only the standby player's Units can block`, ['8-3-1']);
  if (blocker === target) return ruleProblem(`${who} is the Unit originally targeted, and it cannot activate its own <Blocker>`, ['8-3-3']);
  if (!hasKeyword(blocker, 'Blocker')) return ruleProblem(`${who} does not have <Blocker>`, ['8-3-1', '13-1-4-1']);
  if (blocker.rested) return ruleProblem(`${who} is rested; only an active Unit can activate <Blocker> (it rests to block)`, ['8-3-1', '13-1-4-1']);
  if (hasKeyword(attacker, 'High-Maneuver')) {
    return ruleProblem(`${describeUnit(attacker)} has <High-Maneuver>: enemy Units cannot activate <Blocker> while it attacks`, ['13-1-6-1']);
  }
  return null;
}

function stillThere(game: Game, unit: Unit | null): boolean {
  return unit === null || onField(game, unit);
}

/**
 * Plays the whole battle. Call only after validateAttack returned null. The action step's actions
 * are played through `applyStep`; a problem there stops the battle (the caller restores the state).
 */
export function resolveAttack(game: Game, a: AttackAction, applyStep: ApplyStepAction): Problem | null {
  const attacker = findUnit(game, a.attacker);
  if (!attacker) return null;
  const enemy = opponent(attacker.owner);
  let target: Unit | null = isPlayerTarget(a.target) ? null : (findUnit(game, a.target) ?? null);
  game.inBattle = true;
  game.battle = { attacker: attacker.id, target: target?.id ?? null };
  mark(game, 'attack');

  // 8-2 attack step
  game.step = 'attack step';
  attacker.rested = true;
  const active = target && !target.rested ? ` (an active Unit: ${mayAttackActive(attacker, target) ?? ''})` : '';
  emit(game, `${describeUnit(attacker)} rests and attacks ${target ? describeUnit(target) : `player ${enemy}`}${active}`, ['8-1', '8-2-1', ...(active ? ['1-3-1'] : [])]);
  queueTriggers(game, 'attack', { unit: attacker, battleOpponent: target });
  queueOwnerEvent(game, 'friendly-attacks', attacker.owner, { subject: attacker });
  runRulesManagement(game); // 8-2-2 【Attack】 effects resolve in the attack step
  if (game.over) return endBattle(game, false);
  if (!stillThere(game, attacker) || !stillThere(game, target)) {
    emit(game, `The attacking Unit or its target has left the battle area: the battle skips to the battle end step`, ['8-2-4']);
    return endBattle(game, true);
  }

  // 8-3 block step
  game.step = 'block step';
  const blocker = a.blocker !== undefined ? findUnit(game, a.blocker) : undefined;
  if (blocker) {
    // Checked again now: the attack step's effects may have changed the board.
    const problem = validateBlock(game, attacker, target, blocker.id);
    if (problem) return problem;
    blocker.rested = true;
    const was = target ? describeUnit(target) : `player ${enemy}`;
    const former = target;
    target = blocker;
    game.battle.target = blocker.id;
    mark(game, 'block');
    emit(game, `${describeUnit(blocker)} activates <Blocker>: it rests and becomes the attack target instead of ${was}`, ['8-3-1', '8-3-2', '13-1-4-1']);
    noLongerBattling(game, former);
    // "When this Unit is blocked by …" (10-1-6-1): it resolves in the block step.
    if (queueTriggers(game, 'blocked', { unit: attacker, battleOpponent: blocker }) > 0) {
      runRulesManagement(game);
      if (game.over) return endBattle(game, false);
    }
  } else if (hasKeyword(attacker, 'High-Maneuver')) {
    emit(game, `${describeUnit(attacker)} has <High-Maneuver>: enemy Units cannot activate <Blocker>`, ['13-1-6-1']);
  } else {
    emit(game, `Player ${enemy} does not block`, ['8-3-4']);
  }

  // 8-4 action step: 9-2 the standby player first; the scenario lists what each player does.
  game.step = 'action step';
  const steps = a.action_step ?? [];
  for (const [i, sub] of steps.entries()) {
    const problem = applyStep(sub, i);
    if (problem) return withFields(problem, { reason: `action_step[${i}] (${sub.type}): ${problem.reason}` });
    game.step = 'action step';
    if (game.over) return endBattle(game, false);
  }
  emit(game, steps.length > 0 ? 'Action step: both players pass in turn, and it ends' : 'Action step: both players pass', ['8-4-1', '9-5']);
  // An effect may have changed the attack target (changeAttackTarget): the damage step attacks that one.
  const now = game.battle?.target ?? null;
  if (now !== (target?.id ?? null)) {
    const retargeted = now === null ? null : findUnit(game, now);
    if (retargeted === undefined) {
      emit(game, `The Unit now targeted for attack has left the battle area: the battle skips to the battle end step`, ['8-4-2']);
      return endBattle(game, true);
    }
    target = retargeted;
  }
  if (!stillThere(game, attacker) || !stillThere(game, target)) {
    emit(game, `The attacking Unit or its target has left the battle area: the battle skips to the battle end step`, ['8-4-2']);
    return endBattle(game, true);
  }

  // 8-5 damage step
  game.step = 'damage step';
  if (target) attackOnUnit(game, attacker, target);
  else attackOnPlayer(game, attacker, enemy);
  if (game.over) return endBattle(game, false);
  return endBattle(game, true);
}

/**
 * "Begin a battle between this Unit and it and only perform the damage step" (an effect of
 * `attacker`'s): a battle with no attack, block or action step. The Unit whose effect it is attacks and
 * the chosen Unit is its attack target (JA 5-22-p3); with no attack step, nothing that triggers on an
 * attack does (JA 5-22-p4). The damage step is an attack on a Unit (8-5-3): both deal battle damage,
 * <First Strike> applies (JA 13-1-5-p1), lethal battle damage destroys (8-5-3-2-1) and <Breach>
 * follows during its owner's turn (13-1-2-1). No battle end step is performed: an effect lasting
 * "during this battle" that is then in play is left open (8-6-1 ends such effects in that step).
 * Returns whether the battle happened.
 */
export function damageStepBattle(game: Game, attacker: Unit, target: Unit, source: string): boolean {
  if (game.inBattle || game.battle) {
    // A second battle inside one under way: the rules say nothing about it.
    const reason = `${source}: a battle is already under way, and the rules do not say how a battle begun by an effect fits into it, so what happens is not settled`;
    emit(game, reason, ['8-1']);
    leaveOpen(game, 'outcome', reason, { unit: attacker.id, card: attacker.face.cardId, text: source, rules: ['8-1'] });
    return false;
  }
  const step = game.step;
  game.inBattle = true;
  game.battle = { attacker: attacker.id, target: target.id };
  game.step = 'damage step';
  emit(
    game,
    `A battle begins between ${describeUnit(attacker)} and ${describeUnit(target)} with only its damage step (${source}): ${describeUnit(attacker)} is the attacking Unit and ${describeUnit(target)} its attack target; there is no attack step, so nothing that triggers when a Unit attacks does, and no block or action step`,
    ['JA 5-22-p3', 'JA 5-22-p4', '8-5-1'],
  );
  if (hasKeyword(attacker, 'First Strike')) emit(game, `<First Strike> applies in a battle that only performs the damage step`, ['JA 13-1-5-p1']);
  attackOnUnit(game, attacker, target);
  game.inBattle = false;
  game.battle = null;
  game.step = step;
  const lasting = PLAYERS.flatMap((p) => game.players[p].units).filter(
    (u) => u.modifiers.some((m) => m.duration === 'battle') || u.timedKeywords.some((k) => k.duration === 'battle') || u.timedPermissions.some((k) => k.duration === 'battle') || u.grantedAbilities?.some((g) => g.duration === 'battle'),
  );
  if (lasting.length > 0 || game.timedEffects.some((t) => t.duration === 'battle')) {
    const reason = `The battle begun by ${source} ends without a battle end step, where effects lasting "during this battle" end (8-6-1); whether those now in play (${lasting.map(describeUnit).join(', ') || 'an effect of a player'}) end with it the rules do not say`;
    emit(game, reason, ['8-6-1']);
    leaveOpen(game, 'outcome', reason, { unit: attacker.id, card: attacker.face.cardId, text: source, rules: ['8-6-1'] });
  } else {
    emit(game, `The battle ends after its damage step (${source})`, ['8-5-1']);
  }
  if (!game.over) runRulesManagement(game);
  return true;
}

/**
 * "Change the attack target of the battling enemy Unit to it" (an 【Action】 Command, 1-3-1): the
 * attacking Unit, when it is an enemy of the effect's controller, now attacks `to`; the damage step
 * confirms the target then (8-5-1). Returns whether the target changed.
 */
export function changeAttackTarget(game: Game, controller: PlayerId, to: Unit, source: string): boolean {
  const attacker = game.battle ? findUnit(game, game.battle.attacker) : undefined;
  if (!game.battle || !attacker || attacker.owner === controller) {
    emit(game, `${source}: no enemy Unit is attacking, and only an attacking Unit has an attack target, so nothing changes`, ['8-2-1', '1-3-2']);
    return false;
  }
  const was = game.battle.target;
  if (was === to.id) {
    emit(game, `${describeUnit(to)} is already the attack target of ${describeUnit(attacker)} (${source})`, ['1-3-2-1']);
    return false;
  }
  game.battle.target = to.id;
  const former = was === null ? null : (findUnit(game, was) ?? null);
  const before = former === null ? `player ${to.owner}` : describeUnit(former);
  emit(game, `The attack target of ${describeUnit(attacker)} changes from ${before} to ${describeUnit(to)} (${source}); the damage step resolves the attack on it`, ['1-3-1', '8-4-1', '8-5-1']);
  noLongerBattling(game, former);
  return true;
}

/**
 * JA 5-22-p2 (no English counterpart): when <Blocker> or an effect changes the attack target, the
 * former target is no longer battling, and the new one is. Effects that depend on "battling" follow
 * at once: the constants are recomputed now, not at the next rules management.
 */
function noLongerBattling(game: Game, former: Unit | null): void {
  if (former) emit(game, `${describeUnit(former)} is no longer battling: the attack target changed`, ['JA 5-22-p2']);
  // The new target is battling from now on, even when the attack was on the player (no former Unit):
  // "while this Unit is battling …" must hold before the damage step (Bertigo GD03-037's <First Strike>).
  refreshConstants(game);
}

/** 8-6 battle end step: "during this battle" effects end. */
function endBattle(game: Game, play: boolean): null {
  if (play) {
    game.step = 'battle end step';
    endBattleEffects(game);
  }
  game.inBattle = false;
  game.battle = null;
  if (play) runRulesManagement(game);
  game.step = null;
  return null;
}

/** Runs the rules management that follows battle damage, knowing which Units received it (8-5-3-2-1). */
function afterBattleDamage(game: Game, received: (Unit | null)[], manage: () => void): void {
  game.battleDamaged = received.flatMap((u) => (u ? [u.id] : []));
  try {
    manage();
  } finally {
    game.battleDamaged = [];
  }
}

/** 8-5-3 an attack on a Unit: the two deal damage to each other. */
function attackOnUnit(game: Game, attacker: Unit, defender: Unit): void {
  const nameA = describeUnit(attacker);
  const nameD = describeUnit(defender);
  const apA = unitAp(attacker);
  const apD = unitAp(defender);
  // Read <Breach> before damage: it resolves even if the attacker is destroyed too (13-1-2-3).
  const hasBreach = unitKeywords(attacker).has('Breach');
  const breachAmount = keywordAmount(attacker, 'Breach');
  emit(game, `The attack on ${nameD} succeeds: ${nameA} (AP ${apA}) and ${nameD} (AP ${apD}) deal battle damage to each other`, ['8-5-1', '8-5-3-1', '5-5-3']);
  // The Units that received each one's battle damage: the two battling Units, unless a redirect moved it (10-1-9-1).
  let hitByAttacker: Unit | null = null;
  let hitByDefender: Unit | null = null;

  const breach = { has: hasBreach, amount: breachAmount, name: nameA };
  if (hasKeyword(attacker, 'First Strike')) {
    emit(game, `${nameA} has <First Strike>: it deals its battle damage first`, ['8-5-3-2-2', '13-1-5-1', '13-1-5-2']);
    hitByAttacker = dealDamageToUnit(game, defender, apA, nameA, ['8-5-3-2-2'], { kind: 'battle', from: attacker.owner, unit: attacker });
    afterBattleDamage(game, [hitByAttacker], () => runRulesManagement(game, { deferTriggers: true }));
    battleDestructions(game, attacker, defender, hitByAttacker, null, breach);
    if (!onField(game, defender)) {
      emit(game, `${nameD} has left the battle area after the first-strike damage (destroyed by it, or by what it triggered), so it deals no battle damage back`, ['13-1-5-2']);
    } else if (!game.over) {
      hitByDefender = dealDamageToUnit(game, attacker, apD, nameD, ['13-1-5-2'], { kind: 'battle', from: defender.owner, unit: defender });
      afterBattleDamage(game, [hitByDefender], () => runRulesManagement(game, { deferTriggers: true }));
      battleDestructions(game, attacker, defender, null, hitByDefender, breach);
    }
  } else {
    if (hasKeyword(defender, 'First Strike')) {
      emit(game, `${nameD}'s <First Strike> does not apply: it only works while that Unit is attacking`, ['13-1-5-1']);
    }
    hitByAttacker = dealDamageToUnit(game, defender, apA, nameA, ['8-5-3-2'], { kind: 'battle', from: attacker.owner, unit: attacker });
    hitByDefender = dealDamageToUnit(game, attacker, apD, nameD, ['8-5-3-2'], { kind: 'battle', from: defender.owner, unit: defender });
    // 8-5-3-2-3 both lethal Units go in the same rules management; what their 【Destroyed】 does comes after.
    afterBattleDamage(game, [hitByAttacker, hitByDefender], () => runRulesManagement(game, { deferTriggers: true }));
    if (!onField(game, defender) && !onField(game, attacker)) {
      emit(game, `Both battling Units are destroyed, at the same time`, ['8-5-3-2-3']);
    }
    battleDestructions(game, attacker, defender, hitByAttacker, hitByDefender, breach);
  }
}

/**
 * What a battle's lethal damage triggers, all at once (10-1-6-6): the destroyed Units' 【Destroyed】
 * (queued by the rules management that destroyed them), "when this Unit destroys an enemy Unit with
 * battle damage" for either side, and the attacker's <Breach>. The active player's resolve first, in
 * the order they choose (10-1-6-5): <Breach> first here; then the standby player's.
 */
function battleDestructions(
  game: Game,
  attacker: Unit,
  defender: Unit,
  hitByAttacker: Unit | null,
  hitByDefender: Unit | null,
  breach: { has: boolean; amount: number; name: string },
): void {
  if (game.over) return;
  const destroyed = (u: Unit | null): Unit | null => (u && !onField(game, u) && game.destroyed.includes(u.id) ? u : null);
  const victimOfAttacker = destroyed(hitByAttacker);
  const victimOfDefender = destroyed(hitByDefender);
  if (victimOfAttacker) queueTriggers(game, 'destroys-enemy-with-battle-damage', { unit: attacker, battleOpponent: victimOfAttacker });
  if (victimOfDefender) queueTriggers(game, 'destroys-enemy-with-battle-damage', { unit: defender, battleOpponent: victimOfDefender });
  if (victimOfAttacker) queueFriendlyDestroyedEnemy(game, attacker, victimOfAttacker);
  if (victimOfDefender) queueFriendlyDestroyedEnemy(game, defender, victimOfDefender);
  // The attacked Unit's own <Breach> is for "this Unit's attack" during its own turn (13-1-2-1): a
  // Unit that destroys its attacker does not deal it, and the reader asks exactly that.
  if (victimOfDefender && unitKeywords(defender).has('Breach')) {
    emit(game, `<Breach> of ${describeUnit(defender)} does not activate: it destroyed ${describeUnit(victimOfDefender)} while being attacked, not with its own attack during its own turn`, ['13-1-2-1']);
  }
  if (victimOfAttacker && breach.has && attacker.owner === game.active) {
    if (game.pending.length > 0) {
      const others = game.pending.length === 1 ? '1 other effect' : `${game.pending.length} other effects`;
      emit(game, `<Breach> of ${breach.name} triggered at the same time as ${others}: the active player's resolve first, in the order that player chooses; <Breach> goes first`, ['10-1-6-6', '10-1-6-5']);
    }
    // A resolution of its own: what it triggers resolves before the effects still waiting (10-1-6-7).
    game.resolutions += 1;
    resolveBreach(game, breach.name, breach.amount, victimOfAttacker.owner, !onField(game, attacker), attacker);
  }
  runRulesManagement(game);
}

/** 8-5-2 an attack on a player: the Base first, else the top Shield, else the player. */
function attackOnPlayer(game: Game, attacker: Unit, enemy: PlayerId): void {
  const st = game.players[enemy];
  const nameA = describeUnit(attacker);
  const apA = unitAp(attacker);
  emit(game, `The attack on player ${enemy} succeeds: check player ${enemy}'s shield area`, ['8-5-1', '8-5-2-1']);
  const suppression = hasKeyword(attacker, 'Suppression');

  if (st.base) {
    const base = st.base;
    const baseName = `${base.face.name} (${base.id})`;
    const apB = baseAp(base);
    emit(game, `Player ${enemy} has a Base: ${nameA} deals its battle damage (AP ${apA}) to ${baseName}; Shields are not touched`, ['8-5-2-4', '3-5-3']);
    if (suppression) emit(game, `<Suppression> only spreads damage over Shields; here the Base takes it`, ['13-1-7-1']);
    if (hasKeyword(attacker, 'First Strike')) {
      emit(game, `${nameA} has <First Strike>: it deals its battle damage to the Base first`, ['8-5-2-4-2', '13-1-5-2']);
      damageBase(game, base, apA, nameA, ['8-5-2-4', '8-5-2-4-1'], { kind: 'battle', from: attacker.owner, unit: attacker });
      runRulesManagement(game);
      if (st.base !== base) emit(game, `${baseName} was destroyed first, so it deals no battle damage back`, ['13-1-5-2']);
      else if (apB > 0) {
        damageUnit(game, attacker, apB, baseName, ['3-5-4-1'], { kind: 'battle', from: base.owner, face: base.face });
        runRulesManagement(game);
      }
    } else {
      damageBase(game, base, apA, nameA, ['8-5-2-4', '8-5-2-4-1'], { kind: 'battle', from: attacker.owner, unit: attacker });
      if (apB > 0) damageUnit(game, attacker, apB, baseName, ['3-5-4-1', '5-5-3'], { kind: 'battle', from: base.owner, face: base.face }); // same moment as the attacker's damage
      runRulesManagement(game);
    }
    return;
  }

  if (st.shields.length > 0) {
    const n = suppression ? Math.min(2, st.shields.length) : 1;
    if (suppression) {
      emit(game, `${nameA} has <Suppression>: its damage goes to the first ${n === 2 ? 'two Shields' : 'Shield'} at the same time`, [
        '13-1-7-1',
        ...(n < 2 ? ['13-1-7-3'] : []),
      ]);
    }
    damageShields(game, enemy, apA, n, nameA, ['8-5-2-3'], { kind: 'battle', from: attacker.owner, unit: attacker });
    runRulesManagement(game);
    return;
  }

  if (apA <= 0) {
    emit(game, `Player ${enemy} has no Base and no Shields, but ${nameA} has AP 0: no battle damage is dealt, so the player is not defeated`, ['8-5-2-2', '5-5-5']);
    return;
  }
  emit(game, `Player ${enemy} has no Base and no Shields: ${nameA} deals ${apA} battle damage to the player`, ['8-5-2-2', '1-2-2-1']);
  st.battleDamageWithoutShields = true;
  runRulesManagement(game);
}

/** 8-6-1 effects "during this battle" end. */
function endBattleEffects(game: Game): void {
  let ended = 0;
  for (const p of PLAYERS) {
    const st = game.players[p];
    for (const u of st.units) {
      const before = u.modifiers.length + u.timedKeywords.length + u.timedPermissions.length + (u.grantedAbilities?.length ?? 0);
      u.modifiers = u.modifiers.filter((m) => m.duration !== 'battle');
      u.timedKeywords = u.timedKeywords.filter((k) => k.duration !== 'battle');
      u.timedPermissions = u.timedPermissions.filter((k) => k.duration !== 'battle');
      if (u.grantedAbilities) u.grantedAbilities = u.grantedAbilities.filter((g) => g.duration !== 'battle');
      ended += before - u.modifiers.length - u.timedKeywords.length - u.timedPermissions.length - (u.grantedAbilities?.length ?? 0);
    }
    if (st.base) {
      const before = st.base.modifiers.length;
      st.base.modifiers = st.base.modifiers.filter((m) => m.duration !== 'battle');
      ended += before - st.base.modifiers.length;
    }
  }
  const before = game.timedEffects.length;
  game.timedEffects = game.timedEffects.filter((t) => t.duration !== 'battle');
  ended += before - game.timedEffects.length;
  emit(game, `Battle end step: effects lasting "during this battle" end${ended > 0 ? ` (${ended})` : ''}; back to the main phase`, ['8-6-1', '8-6-2']);
}
