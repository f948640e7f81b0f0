/**
 * An effect: its sentences in order, each with its connectives ("Then,", "If you do,", "If …,",
 * "you may"), and "Choose …" sentences merged into the step that acts on "it"/"them".
 *
 * How the parts combine (the engine relies on this): a "Choose" sentence becomes the target of the
 * first step after it, which takes the choose sentence's connectives; later steps that say
 * "it"/"them" target {type:'previous'} (the cards that choice picked, nothing if none) and repeat
 * the condition of the choose sentence in their `when`.
 */
import type { Condition, EffectStep, Selector } from '../ir.js';
import { parseCondition } from './condition.js';
import { parseChoice } from './target.js';
import { parseLookTop, parseStep } from './steps.js';
import { Unread, type Used } from './unread.js';

/** Sentences of an effect: split at ". " before a capital (never inside "Lv.4"). */
export function sentences(body: string): string[] {
  return body
    .trim()
    .split(/(?<=\.)\s+(?=[A-Z■])/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter(Boolean);
}

interface Connectives {
  then?: boolean;
  ifDone?: boolean;
  when?: Condition[];
  optional?: boolean;
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
  }
  const turn = /^During (your|your opponent's) turn, /i.exec(s);
  if (turn) {
    out.when = [parseCondition(`${turn[1]} turn`, used)];
    s = s.slice(turn[0].length);
  } else if (/^If /i.test(s)) {
    // The condition ends at the first ", " after which a clause reads as a condition.
    let at = s.indexOf(', ');
    for (; at > 0; at = s.indexOf(', ', at + 1)) {
      try {
        out.when = [parseCondition(s.slice(3, at), used)];
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
  out.rest = cap(s);
  return out;
}

function flags(c: Connectives): Omit<EffectStep, 'step'> {
  return {
    ...(c.when ? { when: c.when } : {}),
    ...(c.optional ? { optional: true } : {}),
    ...(c.ifDone ? { ifDone: true } : {}),
    ...(c.then ? { then: true } : {}),
  };
}

const targetOf = (step: EffectStep['step']): Selector | undefined => ('target' in step ? step.target : undefined);

export function parseEffect(body: string, used: Used): EffectStep[] {
  const list = sentences(body);
  const out: EffectStep[] = [];
  let chosenWhen: Condition[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const c = connectives(list[i]!, used);
    const look = parseLookTop([c.rest, ...list.slice(i + 1, i + 3)], used);
    if (look) {
      out.push({ step: look, ...flags(c) });
      i += 2;
      continue;
    }
    const choose = /^Choose (.+?)( from your trash)?$/.exec(c.rest);
    if (choose) {
      const { selector, card } = parseChoice(choose[1]!, used);
      const next = list[i + 1];
      if (next === undefined) throw new Unread(list[i]!);
      if (!!choose[2] !== card) throw new Unread(choose[1]!);
      if (choose[2]) {
        // "Choose 1 (Zeon) Pilot card from your trash. Add it to your hand."
        if (!/^Add (?:it|them) to your hand$/.test(next) || selector.filter.side !== 'any' || selector.min !== selector.max) throw new Unread(next);
        used.add('step.trash-to-hand');
        out.push({ step: { do: 'trash-to-hand', filter: selector.filter, max: selector.max }, ...flags(c) });
        i++;
        continue;
      }
      const step = parseStep(next, used);
      const t = targetOf(step);
      if (!t || t.type !== 'previous') throw new Unread(next);
      (step as { target: Selector }).target = selector;
      out.push({ step, ...flags(c) });
      chosenWhen = c.when;
      i++;
      continue;
    }
    const step = parseStep(c.rest, used);
    const t = targetOf(step);
    if (t?.type === 'previous') {
      if (!out.some((s) => targetOf(s.step)?.type === 'choose')) throw new Unread(list[i]!);
      if (chosenWhen && !c.when) c.when = chosenWhen;
    }
    out.push({ step, ...flags(c) });
  }
  if (!out.length) throw new Unread(body);
  return out;
}
