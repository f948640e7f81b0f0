/**
 * The keyword effects that act outside the damage calculation itself: <Repair> (13-1-1) at the end
 * of the turn, <Breach> (13-1-2) after battle damage destroys a Unit, and <Support> (13-1-3) as an
 * 【Activate･Main】 effect. <Blocker>, <First Strike>, <High-Maneuver> and <Suppression> shape the
 * battle itself and live in battle.ts.
 */
import { damageFirstShieldAreaCard, recover } from './effects.js';
import { keywordAmount, unitKeywords } from './keywords.js';
import { emit } from './log.js';
import { leaveOpen } from './not-executed.js';
import { runRulesManagement } from './management.js';
import { queueTriggers } from './triggers.js';
import { ruleProblem, unknownUnit, type Problem } from './problems.js';
import type { ActionOf } from './schema.js';
import { describeUnit, findUnit, type Game, type PlayerId, type Unit } from './state.js';
import { unitAp } from './stats.js';

/** 13-1-1-1 at the end of its owner's turn a Unit with <Repair N> recovers N HP (amounts add, 13-1-1-2). */
export function repairAtEndOfTurn(game: Game, player: PlayerId): void {
  for (const unit of [...game.players[player].units]) {
    const set = unitKeywords(unit);
    if (!set.has('Repair')) continue;
    const n = set.get('Repair') ?? 0;
    const label = n > 0 ? `<Repair ${n}>` : '<Repair>';
    if (unit.damage === 0) {
      // 1-3-2-1 recovering an undamaged Unit is not performed, so <Repair> does not activate.
      emit(game, `${label} of ${describeUnit(unit)} does not activate: it has no damage, and recovering HP it has not lost is not performed`, ['13-1-1-1', '1-3-2-1', '5-6-3']);
      continue;
    }
    if (n <= 0) {
      lostAmount(game, unit, 'Repair', `how many HP it recovers at the end of the turn`);
      continue;
    }
    recover(game, unit, describeUnit(unit), n, `<Repair ${n}> at the end of its owner's turn`, ['13-1-1-1']);
  }
}

/**
 * A keyword whose amount the card data lost ("<Repair>" on GD05-001) came to act: what it does
 * depends on the amount, so that outcome is left open rather than shown as zero.
 */
function lostAmount(game: Game, unit: Unit, keyword: 'Repair' | 'Breach' | 'Support', what: string): void {
  // A copy an effect gave it for a while (its source's text lost the amount): the Unit's "keywords" do not replace that one.
  const granted = unit.timedKeywords.find((k) => k.name === keyword && k.amount === null && !k.lost);
  const reason = granted
    ? `${describeUnit(unit)} has <${keyword}> from ${granted.source}, whose amount the card data lost, so ${what} is not known; the outcome stays open`
    : `${describeUnit(unit)} has <${keyword}>, but the card data lost its amount, so ${what} is not known; give the Unit "keywords" (e.g. "${keyword} 1") to settle it`;
  emit(game, reason, [KEYWORD_RULE[keyword]]);
  leaveOpen(game, 'outcome', reason, { unit: unit.id, card: unit.face.cardId, text: `<${keyword}>`, rules: [KEYWORD_RULE[keyword]] });
}

const KEYWORD_RULE = { Repair: '13-1-1-1', Breach: '13-1-2-1', Support: '13-1-3-1' } as const;

/**
 * 13-1-2-1 when the Unit destroys an enemy Unit with battle damage during its owner's turn, deal the
 * amount to the first card of that opponent's shield area: the Base, else the top Shield (13-1-2-2).
 * It activates even when both Units were destroyed (13-1-2-3), not when the area is empty (13-1-2-4).
 */
export function resolveBreach(game: Game, attacker: string, amount: number, enemy: PlayerId, bothDestroyed: boolean, unit?: Unit): void {
  const st = game.players[enemy];
  if (!st.base && st.shields.length === 0) {
    emit(game, `<Breach${amount > 0 ? ` ${amount}` : ''}> of ${attacker} does not activate: player ${enemy} has neither a Base nor Shields`, ['13-1-2-4']);
    return;
  }
  if (amount <= 0) {
    if (unit) lostAmount(game, unit, 'Breach', `how much damage it deals to player ${enemy}'s ${st.base ? 'Base' : 'top Shield'}`);
    else emit(game, `${attacker} has <Breach> with no known amount: its damage is not known`, ['13-1-2-1']);
    return;
  }
  const both = bothDestroyed ? ' (it activates even though both Units were destroyed)' : '';
  emit(game, `<Breach ${amount}> of ${attacker} activates: it destroyed an enemy Unit with battle damage during its turn${both}`, [
    '13-1-2-1',
    ...(bothDestroyed ? ['13-1-2-3'] : []),
  ]);
  // Breach damage is the Unit's own (13-1-2-1): whatever stops its damage stops this too.
  damageFirstShieldAreaCard(game, enemy, amount, `<Breach ${amount}>`, ['13-1-2-2'], unit ? { kind: 'effect', from: unit.owner, unit } : undefined);
  runRulesManagement(game);
}

/** 13-1-3-1 【Activate･Main】 Rest this Unit: one other friendly Unit gets AP+amount during this turn. */
export function validateSupport(game: Game, action: ActionOf<'support'>): Problem | null {
  const unit = findUnit(game, action.unit);
  if (!unit) return unknownUnit(game, action.unit, 'support.unit');
  const target = findUnit(game, action.target);
  if (!target) return unknownUnit(game, action.target, 'support.target');
  if (unit.owner !== game.active) {
    return ruleProblem(`${describeUnit(unit)} belongs to player ${unit.owner}; 【Activate･Main】 effects are activated by the active player in their main phase`, ['13-2-1-1', '7-5-3-1']);
  }
  if (!unitKeywords(unit).has('Support')) return ruleProblem(`${describeUnit(unit)} has no <Support>`, ['13-1-3-1']);
  if (unit.rested) return ruleProblem(`${describeUnit(unit)} is rested; <Support> is activated by resting it`, ['13-1-3-1', '10-1-7-2']);
  if (target === unit || target.owner !== unit.owner) {
    return ruleProblem(`<Support> chooses one other friendly Unit; ${describeUnit(target)} is not one`, ['13-1-3-1']);
  }
  return null;
}

export function applySupport(game: Game, action: ActionOf<'support'>): void {
  const unit = findUnit(game, action.unit);
  const target = findUnit(game, action.target);
  if (!unit || !target) return;
  const n = keywordAmount(unit, 'Support');
  if (n <= 0) lostAmount(game, unit, 'Support', `how much AP the other Unit gets`);
  unit.rested = true;
  target.modifiers.push({ ap: n, hp: 0, duration: 'turn', source: `<Support ${n}> of ${unit.id}` });
  emit(game, `${describeUnit(unit)} rests to activate <Support ${n}>: ${describeUnit(target)} gets AP+${n} during this turn (AP ${unitAp(target)})`, [
    '13-1-3-1',
    '7-5-3-1',
  ]);
  queueTriggers(game, 'uses-support', { unit, supported: target });
  runRulesManagement(game);
}
