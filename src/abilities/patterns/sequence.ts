/**
 * An effect: its sentences in order, each with its connectives ("Then,", "If you do,", "If …,",
 * "you may"), and "Choose …" sentences merged into the step that acts on "it"/"them".
 *
 * How the parts combine (the engine relies on this): a "Choose" sentence becomes the target of the
 * first step after it, which takes the choose sentence's connectives; later steps that say
 * "it"/"them" target {type:'previous'} (the cards that choice picked, nothing if none) and repeat
 * the condition of the choose sentence in their `when`.
 */
import type { CompiledAbility, Condition, EffectStep, Selector } from '../ir.js';
import { parseHeader } from './header.js';
import { parseCondition, parseConditions } from './condition.js';
import { parseInstead } from './instead.js';
import { parseKeywordName } from './keyword.js';
import { parseNoun } from './noun.js';
import { parseChoice } from './target.js';
import { parseLookTop, parseStep } from './steps.js';
import { Unread, Used } from './unread.js';

/** Sentences of an effect: split at ". " before a capital (never inside "Lv.4"). */
export function sentences(body: string): string[] {
  return body
    .trim()
    .split(/(?<=\.)\s+(?=[A-Z■])/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter(Boolean);
}

interface Connectives {
  withPrevious?: boolean;
  then?: boolean;
  ifDone?: boolean;
  ifNotDone?: boolean;
  when?: Condition[];
  optional?: boolean;
  maySubject?: boolean;
  opponentMay?: boolean;
  theyDo?: boolean;
  rest: string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Strips the leading connectives of a sentence. */
export function connectives(sentence: string, used: Used): Connectives {
  let s = sentence;
  const out: Connectives = { rest: s };
  if (s.startsWith('Then, ')) {
    out.then = true;
    s = s.slice(6);
    used.add('seq.then');
  }
  if (/^If you do, /i.test(s)) {
    out.ifDone = true;
    s = s.slice(11);
    used.add('seq.if-you-do');
  } else if (/^If they (?:draw|discard) with this effect, /.test(s)) {
    // After "Your opponent may draw 1.": the opponent's draw was done (5-20-1).
    out.ifDone = true;
    out.theyDo = true;
    s = s.slice(s.indexOf(', ') + 2);
    used.add('seq.if-they-do');
  } else if (/^If they don't (?:draw|discard) with this effect, /.test(s)) {
    // After "Your opponent may discard 1.": the opponent did not (they chose not to, or could not).
    out.ifNotDone = true;
    out.theyDo = true;
    s = s.slice(s.indexOf(', ') + 2);
    used.add('seq.if-they-dont');
  }
  // "When this effect destroys an enemy Unit, draw 1." (after the step that deals the damage).
  const destroys = /^When this effect destroys (an enemy Unit), /.exec(s);
  if (destroys) {
    out.when = [{ type: 'effect-destroyed', filter: { side: 'enemy', type: 'unit' } }];
    s = s.slice(destroys[0].length);
    used.add('seq.when-effect-destroys');
  }
  const turn = /^During (your|your opponent's) turn, /i.exec(s);
  if (turn) {
    out.when = [parseCondition(`${turn[1]} turn`, used)];
    s = s.slice(turn[0].length);
  }
  if (/^If /i.test(s)) {
    // The condition ends at the first ", " after which a clause reads as a condition.
    let at = s.indexOf(', ');
    for (; at > 0; at = s.indexOf(', ', at + 1)) {
      try {
        // "During your turn, if …,": both conditions.
        out.when = [...(out.when ?? []), ...parseConditions(s.slice(3, at), used)];
        s = s.slice(at + 2);
        break;
      } catch (e) {
        if (!(e instanceof Unread)) throw e;
      }
    }
    if (!out.when) throw new Unread(s.slice(3, Math.max(s.indexOf(', '), 3)) || s);
  }
  if (/^you may /i.test(s)) {
    out.optional = true;
    s = s.slice(8);
    used.add('seq.you-may');
  }
  // "Your opponent may draw 1." (12-2-6): the opponent decides (10-1-3).
  const oppMay = /^Your opponent may ((?:draw|discard) \d+)$/.exec(s);
  if (oppMay && !out.optional) {
    out.optional = true;
    out.opponentMay = true;
    s = `Your opponent ${oppMay[1]!.replace(/^(draw|discard)/, '$1s')}`;
    used.add('seq.opponent-may');
  }
  // "That friendly Unit may recover 2 HP." / "it may recover 2 HP": its controller may (10-1-3).
  const may = /^(that friendly Unit|it|this Unit) may (recover|get|gain) /i.exec(s);
  if (may && !out.optional) {
    out.optional = true;
    out.maySubject = true;
    s = `${may[1]} ${may[2]}s ${s.slice(may[0].length)}`;
    used.add('seq.subject-may');
  }
  out.rest = cap(s);
  return out;
}

function flags(c: Connectives): Omit<EffectStep, 'step'> {
  return {
    ...(c.when ? { when: c.when } : {}),
    ...(c.optional ? { optional: true } : {}),
    ...(c.ifDone ? { ifDone: true } : {}),
    ...(c.ifNotDone ? { ifNotDone: true as const } : {}),
    ...(c.then ? { then: true } : {}),
    ...(c.withPrevious ? { withPrevious: true } : {}),
    ...(c.maySubject ? { maySubject: true as const } : {}),
    ...(c.opponentMay ? { opponentMay: true as const } : {}),
    ...(c.theyDo ? { theyDo: true as const } : {}),
  };
}

const targetOf = (step: EffectStep['step']): Selector | undefined => ('target' in step ? step.target : undefined);

/**
 * One sentence → its steps: one, or two when it joins two verbs on one subject with "and" ("It
 * recovers 2 HP and gets AP+2 during this turn"); the second acts on the same cards ({type:'previous'}).
 */
function parseSteps(sentence: string, used: Used): EffectStep['step'][] {
  const both = /^Deal (\d+) damage to (it|them) and this Unit$/.exec(sentence);
  if (both) {
    // "Deal 2 damage to it and this Unit.": the chosen Unit and this one, the same damage.
    used.add('seq.and-this-unit');
    return [parseStep(`Deal ${both[1]} damage to ${both[2]}`, used), { do: 'damage', target: { type: 'self' }, amount: Number(both[1]) }];
  }
  try {
    return [parseStep(sentence, used)];
  } catch (e) {
    if (!(e instanceof Unread)) throw e;
    const m = /^(It|They) ((?:recovers?|gets?|gains?) .+?) and ((?:recovers?|gets?|gains?) .+)$/.exec(sentence);
    if (!m) throw e;
    const first = parseStep(`${m[1]} ${m[2]}`, used);
    const second = parseStep(`${m[1]} ${m[3]}`, used);
    if (targetOf(first)?.type !== 'previous' || targetOf(second)?.type !== 'previous') throw e;
    used.add('seq.and');
    return [first, second];
  }
}

/** "During this turn, when one of your (EF) Units destroys an enemy Unit with battle damage, …" (the rest is the delayed effect). */
const DELAYED_LEADING = /^During this turn, (when|if) (?:one of (your .+?)|an? (friendly .+?)) destroys an enemy Unit with battle damage, (.+)$/;
/** "When it destroys an enemy Unit with battle damage during this turn, …" after a choose. */
const DELAYED_TRAILING = /^When (it destroys|they destroy) an enemy Unit with battle damage during this turn, (.+)$/;
/** "When it deals battle damage to an enemy Unit that is Lv.5 or lower during this turn, …" after a choose. */
const DELAYED_DEALS = /^When (it deals|they deal) battle damage to an (enemy Unit.*?) during this turn, (.+)$/;
/** "During this turn, when they destroy an enemy card with battle damage, …" after a choose (an enemy card: a Unit, Base or Shield). */
const DELAYED_DURING = /^During this turn, when (it destroys|they destroy) an enemy (Unit|card) with battle damage, (.+)$/;

/** The ability a "gains the following effect" grants: a triggered one, read with its tags (10-1-6). */
function grantedAbility(text: string, used: Used): Extract<CompiledAbility, { kind: 'triggered' }> {
  const h = parseHeader(text, used);
  // Only a triggered ability printed with its timing tag (【Destroyed】, 【Attack】 …) is read here.
  if (!h.trigger || h.development !== undefined || h.windows || h.activate || h.pilotName !== undefined || !h.body) throw new Unread(text);
  return { text, requires: h.requires, oncePerTurn: h.oncePerTurn, patterns: [], kind: 'triggered', trigger: h.trigger, effect: parseEffect(h.body, used) };
}

/** The delayed effect: the clause after the trigger and the sentences after it. */
function delayedEffect(head: string, more: string[], used: Used): EffectStep[] {
  const text = [cap(head), ...more].map((x) => `${x}.`).join(' ');
  return parseEffect(text, used);
}

export function parseEffect(body: string, used: Used, itIs?: Selector, thatUnitIsTrigger?: boolean): EffectStep[] {
  const list = sentences(body);
  const out: EffectStep[] = [];
  let chosenWhen: Condition[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const lead = DELAYED_LEADING.exec(list[i]!);
    if (lead) {
      // A delayed trigger takes the rest of the effect (10-1-6-1).
      const n = parseNoun(lead[2] ? `of ${lead[2]}` : lead[3]!);
      if (n.card || n.plural !== !!lead[2] || n.filter.side !== 'friendly' || n.filter.type !== 'unit' || (lead[1] === 'if' && !lead[3])) throw new Unread(list[i]!);
      const effect = delayedEffect(lead[4]!, list.slice(i + 1), used);
      used.add('step.delayed-trigger');
      out.push({ step: { do: 'delayed-trigger', trigger: 'friendly-destroys-enemy-with-battle-damage', target: { type: 'all', filter: n.filter, zone: 'battle' }, ...(lead[3] ? { aFriendly: true as const } : {}), printed: lead[1] === 'if' ? 'if' : 'leading', effect, duration: 'turn' } });
      break;
    }
    const c = connectives(list[i]!, used);
    const last = out[out.length - 1];
    // "If …, choose 1 enemy Unit instead.": a substitution in the step before it (10-1-9-1-1).
    const instead = c.when && last && !c.then && !c.ifDone && !c.maySubject && !c.opponentMay && !last.instead ? parseInstead(c.rest, c.when, last.step, used, !!c.optional) : null;
    if (instead) {
      last!.instead = instead;
      continue;
    }
    const alternatives = alternativesOf(c.rest, used);
    if (alternatives) {
      // "Deploy A if …, deploy B if …, or deploy C if …": one sentence, one of its steps.
      if (c.when || c.optional || c.ifDone) throw new Unread(list[i]!);
      alternatives.forEach((a, k) => out.push({ step: a.step, when: a.when, ...(k === 0 && c.then ? { then: true } : {}), ...(k > 0 ? { orElse: true } : {}) }));
      continue;
    }
    const look = parseLookTop([c.rest, ...list.slice(i + 1, i + 3)], used);
    if (look) {
      out.push({ step: look.step, ...flags(c) });
      i += look.read - 1;
      continue;
    }
    const after = /^After activating this card's 【Main】, you may pair this card from your trash with one of (your .+)$/.exec(list[i]!);
    if (after) {
      // The last sentence of a Command with 【Pilot】 (3-4-6): done once the card is in the trash.
      const n = parseNoun(`of ${after[1]!}`);
      if (n.card || !n.plural || n.filter.type !== 'unit' || n.filter.side !== 'friendly' || i !== list.length - 1) throw new Unread(list[i]!);
      used.add('step.pair-self-from-trash');
      out.push({ step: { do: 'pair-self-from-trash', filter: n.filter } });
      continue;
    }
    const resources = /^(Choose|All players each choose) (\d+) of (your|their) (rested )?Resources$/.exec(c.rest);
    const each = resources?.[1] === 'All players each choose';
    if (resources && each === (resources[3] === 'their') && list[i + 1] === (Number(resources[2]) > 1 || each ? 'Set them as active' : 'Set it as active')) {
      // "Choose 1 of your Resources. Set it as active." / "All players each choose 1 of their Resources. Set them as active."
      used.add(each ? 'step.all-resource-active' : 'step.resource-active');
      out.push({ step: { do: 'resource-active', count: Number(resources[2]), ...(resources[4] ? { rested: true as const } : {}), ...(each ? { who: 'each' as const } : {}) }, ...flags(c) });
      i++;
      continue;
    }
    const reveal = /^Reveal (\d+) (.+?) from your hand$/.exec(c.rest);
    if (reveal && list[i + 1] === (Number(reveal[1]) > 1 ? 'Return them to the bottom of your deck' : 'Return it to the bottom of your deck')) {
      // "Reveal 1 (Earth Federation) Unit card from your hand. Return it to the bottom of your deck."
      const n = parseNoun(reveal[2]!);
      if (!n.card || n.filter.side !== 'any' || n.plural !== Number(reveal[1]) > 1) throw new Unread(reveal[2]!);
      used.add('step.hand-to-deck-bottom');
      out.push({ step: { do: 'hand-to-deck-bottom', count: Number(reveal[1]), filter: n.filter }, ...flags(c) });
      i++;
      continue;
    }
    // "Your opponent chooses 1 of their active Units. Rest it." (12-2-6): read as "Choose 1 of your …", seen from the opponent.
    const theirs = /^Your opponent chooses (\d+ of their .+)$/.exec(c.rest);
    const choose = /^Choose (.+?)( from your trash)?$/.exec(theirs ? `Choose ${theirs[1]!.replace(' of their ', ' of your ')}` : c.rest);
    const twoCards = choose?.[2] && list[i + 1] === 'Exile them from the game' ? /^1 (.+? card) and 1 (.+? card)$/.exec(choose[1]!) : null;
    if (twoCards) {
      // "Choose 1 (Superpower Bloc) card and 1 (UN) card from your trash. Exile them from the game."
      const [a, b] = [parseNoun(twoCards[1]!), parseNoun(twoCards[2]!)];
      if (!a.card || !b.card || a.plural || b.plural || a.filter.side !== 'any' || b.filter.side !== 'any') throw new Unread(choose![1]!);
      used.add('step.exile-two-from-trash');
      out.push({ step: { do: 'exile-two-from-trash', filters: [a.filter, b.filter] }, ...flags(c) });
      i++;
      continue;
    }
    const pair = choose && !choose[2] ? /^(\d+ .+?) and (\d+ .+)$/.exec(choose[1]!) : null;
    if (choose && pair && list[i + 1] !== undefined && !theirs) {
      // "Choose 1 of your Units and 1 enemy Unit. Deal 1 damage to them.": two steps, one per choice.
      const a = parseChoice(pair[1]!, used);
      const b = parseChoice(pair[2]!, used);
      if (a.card || b.card || a.selector.max !== 1 || b.selector.max !== 1 || c.ifDone || a.selector.filter.type === 'pilot' || b.selector.filter.type === 'pilot') throw new Unread(choose[1]!);
      const next = list[i + 1]!;
      const first = parseStep(next, used);
      const second = parseStep(next, used);
      if (targetOf(first)?.type !== 'previous') throw new Unread(next);
      (first as { target: Selector }).target = a.selector;
      (second as { target: Selector }).target = b.selector;
      out.push({ step: first, ...flags(c) });
      // "You may choose 1 … and 1 enemy Unit. Rest them.": the second is chosen only once the "you may" is taken.
      out.push({ step: second, ...(c.when ? { when: c.when } : {}), and: true, ...(c.optional ? { withPrevious: true } : {}) });
      used.add('choose.two-targets');
      if (c.optional) used.add('seq.you-may-two-targets');
      // Nothing after it may say "them" or "If you do" (the engine would read only the second choice).
      for (const later of list.slice(i + 2)) if (/^If you do\b|\b(?:it|them|they)\b/i.test(later)) throw new Unread(later);
      i++;
      continue;
    }
    if (choose) {
      const { selector, card } = parseChoice(choose[1]!, used);
      const next = list[i + 1];
      if (next === undefined) throw new Unread(list[i]!);
      if (!!choose[2] !== card) throw new Unread(choose[1]!);
      if (theirs) {
        if (card || selector.filter.side !== 'friendly' || selector.filter.type !== 'unit' || selector.filter.other) throw new Unread(c.rest);
        selector.filter.side = 'enemy';
        selector.chooser = 'opponent';
        used.add('choose.opponent-chooses');
      }
      if (choose[2] && /^Exile (?:it|them) from the game$/.test(next)) {
        // "Choose 3 (Titans) cards from your trash. Exile them from the game."
        if (selector.filter.side !== 'any' || selector.min !== selector.max || (next === 'Exile it from the game') !== (selector.max === 1)) throw new Unread(next);
        used.add('step.exile-from-trash');
        out.push({ step: { do: 'exile-from-trash', count: selector.max, filter: selector.filter }, ...flags(c) });
        i++;
        continue;
      }
      const deploy = choose[2] ? /^(?:Pay its cost to deploy it|Deploy it)$/.exec(next) : null;
      if (deploy) {
        // "Choose 1 (Vagan) Unit card that is Lv.4 or lower from your trash. Pay its cost to deploy it."
        const t = selector.filter.type;
        if (selector.filter.side !== 'any' || selector.min !== 1 || selector.max !== 1 || (t !== 'unit' && t !== 'base')) throw new Unread(next);
        used.add('step.deploy-from-trash');
        out.push({ step: { do: 'deploy-from', zone: 'trash', filter: selector.filter, max: 1, payCost: next !== 'Deploy it' }, ...flags(c) });
        i++;
        continue;
      }
      if (choose[2] && /^Return (?:it|them) to (?:its|their) owner's deck and shuffle it$/.test(next)) {
        // "Choose 12 cards from your trash. Return them to their owner's deck and shuffle it."
        if (selector.filter.side !== 'any' || selector.min !== selector.max || (next.startsWith('Return them')) !== (selector.max > 1)) throw new Unread(next);
        used.add('step.trash-to-deck');
        out.push({ step: { do: 'trash-to-deck', count: selector.max, filter: selector.filter }, ...flags(c) });
        i++;
        continue;
      }
      const copy = choose[2] ? /^During this (turn|battle), this Unit gets AP\+(\d+) and all ((?:<[A-Za-z][A-Za-z -]*?>\/)*<[A-Za-z][A-Za-z -]*?>) on that Unit card$/.exec(next) : null;
      if (copy) {
        // "Choose 1 Unit card with <Repair>/… from your trash. During this turn, this Unit gets AP+1 and all <Repair>/… on that Unit card."
        if (selector.filter.side !== 'any' || selector.filter.type !== 'unit' || selector.min !== 1 || selector.max !== 1) throw new Unread(next);
        used.add('step.copy-keywords');
        out.push({ step: { do: 'copy-keywords', filter: selector.filter, keywords: copy[3]!.split('/').map(parseKeywordName), ap: Number(copy[2]), duration: copy[1] as 'turn' | 'battle' }, ...flags(c) });
        i++;
        continue;
      }
      if (choose[2] && next === 'Pair it with this Unit') {
        // "Choose 1 (Newtype) Pilot card that is Lv.3 or lower from your trash. Pair it with this Unit."
        if (selector.filter.side !== 'any' || selector.filter.type !== 'pilot' || selector.min !== 1 || selector.max !== 1) throw new Unread(next);
        used.add('step.pair-from-trash');
        out.push({ step: { do: 'pair-from-trash', filter: selector.filter }, ...flags(c) });
        i++;
        continue;
      }
      if (choose[2]) {
        // "Choose 1 (Zeon) Pilot card from your trash. Add it to your hand."
        if (!/^Add (?:it|them) to your hand$/.test(next) || selector.filter.side !== 'any' || selector.min !== selector.max) throw new Unread(next);
        used.add('step.trash-to-hand');
        out.push({ step: { do: 'trash-to-hand', filter: selector.filter, max: selector.max }, ...flags(c) });
        i++;
        continue;
      }
      const grant = /^(It|They) gains? the following effect during this (turn|battle): ■(.+)$/.exec(next);
      if (grant) {
        // "It gains the following effect during this turn: ■【During Link】【Destroyed】…": the rest of the
        // text is the ability the chosen Units have for the duration (one triggered ability).
        if (card || selector.filter.type !== 'unit' || (grant[1] === 'It') !== (selector.max === 1) || c.optional) throw new Unread(next);
        const ability = grantedAbility([grant[3]!, ...list.slice(i + 2)].map((x) => `${x}.`).join(' '), used);
        used.add('step.grant-ability');
        out.push({ step: { do: 'grant-ability', target: selector, ability, duration: grant[2] === 'battle' ? 'battle' : 'turn' }, ...flags(c) });
        break;
      }
      // "Choose 1 of your (Mafty) Units. When it destroys … during this turn, …" and "Choose 1 to 2 of your
      // Units. During this turn, when they destroy an enemy card …, …": a delayed trigger for the Units chosen.
      const deals = DELAYED_DEALS.exec(next);
      if (deals) {
        const to = parseNoun(deals[2]!);
        if (card || to.plural || to.card || to.filter.side !== 'enemy' || to.filter.type !== 'unit' || selector.filter.side !== 'friendly' || selector.filter.type !== 'unit' || (deals[1] === 'it deals') !== (selector.max === 1) || c.optional) throw new Unread(next);
        const effect = delayedEffect(deals[3]!, list.slice(i + 2), used);
        used.add('step.delayed-trigger-deals');
        out.push({ step: { do: 'delayed-trigger', trigger: 'deals-battle-damage', dealtTo: to.filter, target: selector, printed: 'trailing', effect, duration: 'turn' }, ...flags(c) });
        break;
      }
      const during = DELAYED_DURING.exec(next);
      const delayed = during ?? DELAYED_TRAILING.exec(next);
      if (delayed) {
        if (card || selector.filter.side !== 'friendly' || selector.filter.type !== 'unit' || (delayed[1] === 'it destroys') !== (selector.max === 1) || c.optional) throw new Unread(next);
        const effect = delayedEffect(during ? during[3]! : delayed[2]!, list.slice(i + 2), used);
        used.add(during ? 'step.delayed-trigger-card' : 'step.delayed-trigger');
        out.push({ step: { do: 'delayed-trigger', trigger: 'friendly-destroys-enemy-with-battle-damage', target: selector, printed: during ? 'during-trailing' : 'trailing', ...(during?.[2] === 'card' ? { anyCard: true as const } : {}), effect, duration: 'turn' }, ...flags(c) });
        break;
      }
      const [step, also] = parseSteps(next, used);
      const t = targetOf(step!);
      if (!t || t.type !== 'previous') throw new Unread(next);
      // A Pilot in play is chosen to be destroyed or returned to the hand, nothing else (3-3-3).
      if (selector.filter.type === 'pilot' && !card && ((step!.do !== 'destroy' && step!.do !== 'return-to-hand') || also || list.slice(i + 2).length)) throw new Unread(next);
      if (selector.filter.type === 'pilot' && !card) used.add('choose.pilot');
      (step as { target: Selector }).target = selector;
      out.push({ step: step!, ...flags(c) });
      if (also) {
        // "You may choose 1 enemy Unit. Deal 2 damage to it and this Unit.": this Unit is dealt it only
        // when the sentence is reached (the "you may" taken), whatever the choice.
        const selfToo = targetOf(also)?.type === 'self';
        if (c.optional && !selfToo) throw new Unread(next);
        out.push({ step: also, ...(c.when ? { when: c.when } : {}), and: true, ...(selfToo ? { withPrevious: true } : {}) });
      }
      chosenWhen = c.when;
      i++;
      continue;
    }
    const [step, also] = parseSteps(c.rest, used);
    const t = targetOf(step!);
    if (t?.type === 'previous' && !also && c.when?.some((w) => w.type === 'self') && !out.some((s) => targetOf(s.step)?.type === 'choose')) {
      // "If this Unit is damaged …, it gains <High-Maneuver> during this battle": "it" is this Unit.
      (step as { target: Selector }).target = { type: 'self' };
      used.add('seq.if-this-unit-it');
    } else if (t?.type === 'previous' && !also && !c.when && !c.optional && !c.ifDone && !out.some((s) => targetOf(s.step)?.type === 'choose') && out.length && targetOf(out[out.length - 1]!.step)?.type === 'self') {
      // "If …, set this Unit as active. It can't attack during this turn.": "it" is this Unit again,
      // under the same condition as the sentence it refers back to.
      (step as { target: Selector }).target = { type: 'self' };
      const prior = out[out.length - 1]!;
      if (prior.when) c.when = prior.when;
      // "If you do, set this Unit as active. It gains …": done when that sentence was reached.
      if (prior.ifDone || prior.withPrevious) c.withPrevious = true;
      used.add('seq.this-unit-it');
    } else if (t?.type === 'previous' && itIs && (itIs.type !== 'damaged-enemy' || t.words) && !out.some((s) => targetOf(s.step)?.type === 'choose')) {
      // "it" named by the trigger ("When a friendly (Clan) Unit links, it gains …"; "the enemy Unit" dealt the damage).
      (step as { target: Selector }).target = itIs.type === 'damaged-enemy' && t.words ? { type: 'damaged-enemy', words: t.words } : itIs;
    } else if (t?.type === 'previous') {
      if (!out.some((s) => targetOf(s.step)?.type === 'choose')) throw new Unread(list[i]!);
      if (chosenWhen && !c.when) c.when = chosenWhen;
    }
    out.push({ step: step!, ...flags(c) });
    if (also) {
      if (c.optional) throw new Unread(list[i]!);
      out.push({ step: also, ...(c.when ? { when: c.when } : {}), and: true });
    }
  }
  if (!out.length) throw new Unread(body);
  // "activate its 【Main】" names the card discarded with this effect, under that "If".
  out.forEach((e, i) => {
    if (e.step.do === 'activate-discarded-main' && !e.when?.some((w) => w.type === 'discarded-with-effect')) throw new Unread(list[Math.min(i, list.length - 1)]!);
  });
  // "If they draw / don't discard with this effect" follows the opponent's "may" of that verb.
  out.forEach((e, i) => {
    const before = out[i - 1];
    // (The verb is checked by the round trip: the render says the step before's.)
    if (e.theyDo && !(before?.opponentMay && (before.step.do === 'draw' || before.step.do === 'discard'))) throw new Unread(list[Math.min(i, list.length - 1)]!);
  });
  // "if it is a (Jupitris) Unit" names what an earlier step chose: there must be one.
  out.forEach((e, i) => {
    if (e.when?.some((w) => w.type === 'picked') && !out.slice(0, i).some((b) => targetOf(b.step)?.type === 'choose')) throw new Unread(list[Math.min(i, list.length - 1)]!);
  });
  if (refersBack(out, thatUnitIsTrigger)) used.add('seq.that-unit');
  return out;
}

/**
 * "Deploy 1 [Gundam](…) Unit token if you have no Units in play, deploy 1 [Guncannon](…) Unit token
 * if you have only 1 Unit in play, or deploy 1 [Guntank](…) Unit token if you have 2 or more Units in
 * play": two or more steps, each with a trailing "if", the last after ", or". Null when the sentence
 * is not such a list.
 */
function alternativesOf(sentence: string, used: Used): { step: EffectStep['step']; when: Condition[] }[] | null {
  const parts = sentence.split(/, (?:or )?(?=[a-z]+ \d)/);
  if (parts.length < 2 || !/, or [a-z]+ \d[^,]*$/.test(sentence)) return null;
  // Read on the side: a sentence that is not such a list is left to the other readings.
  const mine = new Used();
  try {
    const out = parts.map((p) => {
      const m = /^(.+?) if (.+)$/.exec(p);
      if (!m) throw new Unread(p);
      return { step: parseStep(cap(m[1]!), mine), when: parseConditions(m[2]!, mine) };
    });
    for (const id of [...mine.ids, 'seq.or-if']) used.add(id);
    return out;
  } catch (e) {
    if (e instanceof Unread) return null;
    throw e;
  }
}

/**
 * "that Unit" / "the Unit rested with this ability" / "the number of Units rested with this effect"
 * name what an earlier step chose: there must be one (the engine reads the effect's last pick).
 */
function refersBack(steps: EffectStep[], thatUnitIsTrigger?: boolean): boolean {
  let any = false;
  steps.forEach((e, i) => {
    const t = targetOf(e.step);
    const back = (t && (t.type === 'choose' || t.type === 'all') && t.filter.levelVsPrevious) || ('forEach' in e.step && e.step.forEach?.of === 'previous');
    if (!back) return;
    const chosen = steps.slice(0, i).some((b) => targetOf(b.step)?.type === 'choose');
    if (!chosen && thatUnitIsTrigger && t && (t.type === 'choose' || t.type === 'all') && t.filter.levelVsPrevious) {
      // "When one of your other Units … attacks, choose 1 enemy Unit whose Lv. is … than that Unit": the attacker.
      t.filter.levelVsTrigger = t.filter.levelVsPrevious;
      delete t.filter.levelVsPrevious;
      any = true;
      return;
    }
    if (!chosen || !e.ifDone) throw new Unread(e.step.do);
    any = true;
  });
  return any;
}

/**
 * The body of a 【Deploy･Development N】 ability (13-1-8-1): "You may exile the specified number of
 * (G Generation) cards in your trash from the game. If you do, activate the following effect: ■…"
 * → an optional exile-from-trash of N, then the one step that follows with ifDone.
 */
export function parseDevelopment(body: string, n: number, used: Used): EffectStep[] {
  const m = /^You may exile the specified number of (.+?) in your trash from the game\. If you do, activate the following effect: ■(.+)$/.exec(body.trim());
  if (!m) throw new Unread(body.trim());
  const noun = parseNoun(m[1]!);
  if (!noun.card || !noun.plural || noun.filter.side !== 'any') throw new Unread(m[1]!);
  const rest = parseEffect(m[2]!, used);
  // "If you do" guards the whole following effect: its first step, and each later one is done only
  // when the one before it was reached ("■Draw 1. Then, discard 1.").
  if (rest.length === 0 || rest.some((e) => e.ifDone || e.withPrevious || e.when || e.optional) || rest[0]!.then) throw new Unread(m[2]!);
  used.add('step.development');
  return [{ step: { do: 'exile-from-trash', count: n, filter: noun.filter }, optional: true }, { ...rest[0]!, ifDone: true }, ...rest.slice(1).map((e) => ({ ...e, withPrevious: true }))];
}
