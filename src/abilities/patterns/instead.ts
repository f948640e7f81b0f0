/**
 * Substitution sentences after a step (10-1-9-1-1 "(do) B instead of A"): "If …, choose 1 enemy
 * Unit instead." replaces the step's choice, "If …, deal 2 damage instead." / "If …, reduce by 4
 * instead." its amount. The sentence's condition has already been read (sequence.ts connectives).
 */
import type { Condition, EffectStep, Selector } from '../ir.js';
import { renderNoun } from './noun.js';
import { renderGuard } from './guard.js';
import { parseStep } from './steps.js';
import { renderStep } from '../render.js';
import { parseChoice, parseTarget } from './target.js';
import { statsChange, Unread, type Used } from './unread.js';

/** "Choose 1 enemy Unit instead" / "Deal 2 damage instead" / "Reduce by 4 instead" → what replaces what in `step`. */
export function parseInstead(rest: string, when: Condition[], step: EffectStep['step'], used: Used, optional = false): NonNullable<EffectStep['instead']> | null {
  // "【Burst】Add this card to your hand. If …, you may deploy it as an (AP3・HP3) Unit instead.": the card itself, as a Unit.
  const asUnit = /^Deploy it as an? \(AP(\d+)[・･]HP(\d+)\) Unit instead$/.exec(rest);
  if (asUnit && step.do === 'self-to-hand') {
    used.add('seq.instead-deploy-as-unit');
    return { when, step: { do: 'deploy-self', asUnit: { ap: Number(asUnit[1]), hp: Number(asUnit[2]) } }, ...(optional ? { optional: true as const } : {}) };
  }
  if (optional) return null;
  // "… all your (CB) Units get AP+1 instead": the same change on all of them instead of the step's target.
  const all = /^(All .+?) gets? (AP|HP)([+-]\d+)(?: and (AP|HP)([+-]\d+))? instead$/.exec(rest);
  if (all) {
    const target = parseTarget(all[1]!.charAt(0).toLowerCase() + all[1]!.slice(1), used);
    const change = statsChange(all[2]!, all[3]!, all[4], all[5]);
    if (target.type !== 'all' || step.do !== 'modify' || step.ap !== change.ap || step.hp !== change.hp || step.forEach) throw new Unread(rest);
    used.add('seq.instead-all');
    return { when, target };
  }
  // "…, it can't receive battle damage from enemy Units with 5 or less AP instead": another guard.
  const guard = /^(It|They) (can't receive .+) instead$/.exec(rest);
  if (guard && step.do === 'prevent-damage') {
    const other = parseStep(`${guard[1]} ${guard[2]} during this ${step.duration}`, used);
    if (other.do !== 'prevent-damage' || other.target.type !== 'previous') throw new Unread(rest);
    used.add('seq.instead-guard');
    return { when, guard: { ...(other.kind ? { kind: other.kind } : {}), from: other.from } };
  }
  const m = /^(?:Choose (.+)|Deal (\d+) damage|Reduce by (\d+)) instead$/.exec(rest);
  const whole = m ? null : /^(Deploy \d+ .+) instead$/.exec(rest);
  if (whole) {
    // "…, deploy 2 [Leo]((OZ)･AP1･HP1) Unit tokens instead": a step of the same kind in its place.
    const other = parseStep(whole[1]!, used);
    if (other.do !== step.do) throw new Unread(rest);
    used.add('seq.instead-step');
    return { when, step: other };
  }
  if (!m) return null;
  if (m[1] !== undefined) {
    // Only a choice of Units in play replaces a choice of Units in play.
    const target = 'target' in step ? step.target : undefined;
    const { selector, card } = parseChoice(m[1], used);
    if (card || target?.type !== 'choose' || target.zone !== selector.zone || selector.filter.type === 'pilot') throw new Unread(rest);
    used.add('seq.instead-choose');
    return { when, target: selector };
  }
  const amount = Number(m[2] ?? m[3]);
  if (m[2] !== undefined ? step.do !== 'damage' : step.do !== 'reduce-damage-timed') throw new Unread(rest);
  used.add('seq.instead-amount');
  return { when, amount };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function chooseWords(t: Extract<Selector, { type: 'choose' }>): string {
  return `choose ${t.min === t.max ? t.min : `${t.min} to ${t.max}`} ${renderNoun(t.filter, { plural: t.max > 1 })}`;
}

/** The substitution's words after its condition: "choose 1 enemy Unit", "deal 2 damage", "reduce by 4". */
export function renderInsteadBody(step: EffectStep['step'], instead: NonNullable<EffectStep['instead']>): string {
  if (instead.step) return lowerFirst(renderStep(instead.step));
  if (instead.target?.type === 'all' && step.do === 'modify') {
    const stats = [step.ap ? `AP${step.ap > 0 ? '+' : ''}${step.ap}` : '', step.hp ? `HP${step.hp > 0 ? '+' : ''}${step.hp}` : ''].filter(Boolean).join(' and ');
    return `all ${renderNoun(instead.target.filter, { plural: true })} get ${stats}`;
  }
  if (instead.target?.type === 'choose') return chooseWords(instead.target);
  if (instead.guard) return `it ${renderGuard(instead.guard)}`;
  return step.do === 'damage' ? `deal ${instead.amount} damage` : `reduce by ${instead.amount}`;
}
