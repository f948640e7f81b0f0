/**
 * Effect sentences: one table of single-sentence step patterns ("Deal N damage to it", "Draw N",
 * "It gets AP+N during this turn"), each matched against a whole sentence (its connectives and
 * final period already removed), plus the sentences that span several ("Look at the top N …").
 */
import type { Constant, Count, Filter, IrKeywordInstance, Step } from '../ir.js';
import { parseCount } from './count.js';
import { GUARD_SRC, IMMUNE_SRC, parseGuard, parseImmunity } from './guard.js';
import { KEYWORD_SRC, parseKeyword } from './keyword.js';
import { parseNoun } from './noun.js';
import { parseTarget } from './target.js';
import { statsChange, Unread, type Used } from './unread.js';

export interface StepPattern {
  id: string;
  re: RegExp;
  read: (m: RegExpExecArray, used: Used) => Step;
}

const DURATION = 'during this (turn|battle)';
const dur = (w: string | undefined) => (w === 'battle' ? 'battle' : 'turn');

/** The constant texts a token spec may end with, as printed. */
export const TOKEN_CONSTANTS: Record<string, Constant> = {
  "This Unit can't choose the enemy player as its attack target": { type: 'cannot-attack-player', target: { type: 'self' } },
  "This Unit can't attack": { type: 'cannot-attack', target: { type: 'self' } },
  "This Unit can't be paired with a Pilot": { type: 'cannot-be', target: { type: 'self' }, what: ['paired'] },
  "This Unit can't be set as active or paired with a Pilot": { type: 'cannot-be', target: { type: 'self' }, what: ['set-active', 'paired'] },
};

/** "((Zeon)･AP3･HP1･<Blocker>)" → traits, AP, HP, keywords (and the token's constants). */
function tokenSpec(name: string, spec: string, used: Used): Extract<Step, { do: 'deploy-token' }>['token'] {
  // "[Gundnode]((Quiet Zero)･AP2･HP2･)" (GD05-126) prints a separator with nothing after it.
  const parts = spec.replace(/[･・]$/, '').split(/[･・]/);
  const traitPart = parts.shift() ?? '';
  const traits = [...traitPart.matchAll(/\(([^()]+)\)/g)].map((t) => t[1]!);
  if (traitPart.replace(/\([^()]+\)/g, '').replace(/\//g, '') !== '') throw new Unread(spec);
  const ap = /^AP(\d+)$/.exec(parts.shift() ?? '');
  const hp = /^HP(\d+)$/.exec(parts.shift() ?? '');
  if (!ap || !hp) throw new Unread(spec);
  // Keywords, then the token's own constant text ("This Unit can't choose the enemy player as its attack target").
  const keywords: IrKeywordInstance[] = [];
  const constants: Constant[] = [];
  for (const k of parts) {
    if (k.startsWith('<') && !constants.length) keywords.push(parseKeyword(k));
    else if (TOKEN_CONSTANTS[k]) {
      constants.push(TOKEN_CONSTANTS[k]!);
      used.add('step.token-constant');
    }
    else throw new Unread(k || spec);
  }
  return { name, traits, ap: Number(ap[1]), hp: Number(hp[1]), keywords, ...(constants.length ? { constants } : {}) };
}

/** The noun of an attack-target permission: "an active enemy Unit with 3 or less AP". */
function activeTarget(np: string): Filter {
  const n = parseNoun(np);
  if (n.card || n.plural || n.filter.side !== 'enemy' || n.filter.rested !== false || n.filter.type !== 'unit') throw new Unread(np);
  return n.filter;
}

/** The card a deploy-from step may put into play: "1 (Zeon) Unit card that is Lv.4 or lower" (a Unit or Base card). */
export function deployable(np: string, plural: boolean): Filter {
  const n = parseNoun(np);
  if (!n.card || n.plural !== plural || n.filter.side !== 'any' || (n.filter.type !== 'unit' && n.filter.type !== 'base')) throw new Unread(np);
  return n.filter;
}

export const STEP_PATTERNS: StepPattern[] = [
  { id: 'step.damage-shield-area', re: /^Deal (\d+) damage to the first card in your opponent's shield area$/, read: (m) => ({ do: 'damage-shield-area', who: 'opponent', amount: Number(m[1]) }) },
  { id: 'step.damage', re: /^Deal (\d+) damage to (.+)$/, read: (m, u) => ({ do: 'damage', target: parseTarget(m[2]!, u), amount: Number(m[1]) }) },
  { id: 'step.destroy-shield-area', re: /^Destroy the first (\d+) cards in your opponent's shield area$/, read: (m) => ({ do: 'destroy-shield-area', who: 'opponent', count: Number(m[1]) }) },
  { id: 'step.destroy', re: /^Destroy (.+)$/, read: (m, u) => ({ do: 'destroy', target: parseTarget(m[1]!, u) }) },
  { id: 'step.set-active', re: /^Set (.+) as active$/, read: (m, u) => ({ do: 'set-active', target: parseTarget(m[1]!, u) }) },
  { id: 'step.rest', re: /^Rest (.+)$/, read: (m, u) => ({ do: 'rest', target: parseTarget(m[1]!, u) }) },
  { id: 'step.recover', re: /^(.+?) recovers? (\d+) HP$/, read: (m, u) => ({ do: 'recover', target: parseTarget(m[1]!, u), amount: Number(m[2]) }) },
  {
    id: 'step.modify',
    re: new RegExp(`^(.+?) gets? (AP|HP)([+-]\\d+)(?: and (AP|HP)([+-]\\d+))? ${DURATION}$`),
    read: (m, u) => ({ do: 'modify', target: parseTarget(m[1]!, u), ...statsChange(m[2]!, m[3]!, m[4], m[5]), duration: dur(m[6]) }),
  },
  {
    id: 'step.grant',
    // "It gains <Breach 2> during this turn." (a few cards print "It gets <First Strike> during this turn").
    re: new RegExp(`^(.+?) (?:gains?|gets?) (${KEYWORD_SRC}) ${DURATION}$`),
    read: (m, u) => ({ do: 'grant', target: parseTarget(m[1]!, u), keyword: parseKeyword(m[2]!), duration: dur(m[3]) }),
  },
  {
    id: 'step.attack-active',
    re: /^During this turn, (it|they|this Unit|all .+? Units) may choose an? (.+) as (?:its|their) attack target$/,
    read: (m, u) => ({ do: 'allow-attack-active', target: parseTarget(m[1]!, u), filter: activeTarget(m[2]!), duration: 'turn' }),
  },
  {
    // The same with "during this turn" at the end: "it may choose an active enemy Unit … as its attack target during this turn".
    id: 'step.attack-active',
    re: /^(It|They|This Unit) may choose an? (.+) as (?:its|their) attack target during this turn$/,
    read: (m, u) => ({ do: 'allow-attack-active', target: parseTarget(m[1]!, u), filter: activeTarget(m[2]!), duration: 'turn' }),
  },
  { id: 'step.forbid-attack', re: /^(.+?) can't attack during this turn$/, read: (m, u) => ({ do: 'forbid-attack', target: parseTarget(m[1]!, u), duration: 'turn' }) },
  {
    id: 'step.forbid-attack-player',
    re: /^(.+?) can't choose the enemy player as (?:its|their) attack target during this turn$/,
    read: (m, u) => ({ do: 'forbid-attack-player', target: parseTarget(m[1]!, u), duration: 'turn' }),
  },
  {
    // "During this turn, all enemy Units must choose that Unit as their attack target when attacking."
    id: 'step.draw-attacks',
    re: /^During this turn, all enemy Units must choose that Unit as their attack target when attacking$/,
    read: () => ({ do: 'draw-attacks', target: { type: 'previous' }, duration: 'turn' }),
  },
  {
    // "Return it to the bottom of its owner's deck."
    id: 'step.return-to-deck-bottom',
    re: /^Return (.+?) to the bottom of its owner's deck$/,
    read: (m, u) => ({ do: 'return-to-deck-bottom', target: parseTarget(m[1]!, u) }),
  },
  {
    id: 'step.return-to-hand',
    re: /^Return (.+?) to (?:its owner's hand|their owners' hands|their owner's hand|(your hand))$/,
    read: (m, u) => {
      const target = parseTarget(m[1]!, u);
      // "to your hand" only where the card can only be yours: the card paired with this Unit.
      if (m[2] && target.type !== 'paired-pilot') throw new Unread(m[0]!);
      return { do: 'return-to-hand', target, ...(m[2] ? { yours: true as const } : {}) };
    },
  },
  {
    id: 'step.prevent-damage',
    re: new RegExp(`^(.+?) ${GUARD_SRC} ${DURATION}$`),
    read: (m, u) => ({ do: 'prevent-damage', target: parseTarget(m[1]!, u), ...parseGuard(m[2], m[3], m[4]), duration: dur(m[5]) }),
  },
  {
    id: 'step.stay-rested',
    re: /^(It|They) won' ?t be set as active during the start phase of your opponent' ?s next turn$/,
    read: (m, u) => ({ do: 'stay-rested', target: parseTarget(m[1]!, u) }),
  },
  {
    // "During this turn, friendly Units can't be destroyed by enemy effects."
    id: 'step.immune',
    re: new RegExp(`^During this (turn|battle), (.+?)${IMMUNE_SRC}$`),
    read: (m) => {
      const n = parseNoun(m[2]!);
      if (n.card || !n.plural || (n.filter.type !== 'unit' && n.filter.type !== 'base' && n.filter.type !== 'unit-or-base') || n.filter.side === 'any') throw new Unread(m[2]!);
      return { do: 'immune', target: { type: 'all', filter: n.filter, zone: 'battle' }, ...parseImmunity(m, 3), duration: dur(m[1]) };
    },
  },
  {
    // "It can't be destroyed by enemy effects during this turn."
    id: 'step.immune',
    re: new RegExp(`^(.+?)${IMMUNE_SRC} ${DURATION}$`),
    read: (m, u) => ({ do: 'immune', target: parseTarget(m[1]!, u), ...parseImmunity(m, 2), duration: dur(m[4]) }),
  },
  {
    // "During this battle, your shield area cards can't receive damage from enemy Units that are Lv.4 or lower."
    id: 'step.protect-shield-area',
    re: new RegExp(`^During this (turn|battle), your shield area cards ${GUARD_SRC}$`),
    read: (m) => ({ do: 'protect-shield-area', who: 'you', ...parseGuard(m[2], m[3], m[4]), duration: dur(m[1]) }),
  },
  {
    // "Change the attack target of the battling enemy Unit to it." / "Change a battling enemy Unit's attack target to it."
    id: 'step.change-attack-target',
    re: /^Change (?:the attack target of the battling enemy Unit|(a) battling enemy Unit's attack target) to (.+)$/,
    read: (m, u) => ({ do: 'change-attack-target', target: parseTarget(m[2]!, u), ...(m[1] ? { possessive: true } : {}) }),
  },
  {
    // "During this battle, reduce battle damage it receives by 3."
    id: 'step.reduce-damage-timed',
    re: /^During this (turn|battle), reduce (?:(battle|effect) )?damage (it|they|this Unit) receives? by (\d+)$/,
    read: (m, u) => ({ do: 'reduce-damage-timed', target: parseTarget(m[3]!, u), amount: Number(m[4]), duration: dur(m[1]), ...(m[2] ? { damage: { kind: m[2] as 'battle' | 'effect' } } : {}) }),
  },
  {
    // "During this turn, when it receives enemy battle damage, reduce it by 2."
    id: 'step.reduce-damage-timed',
    re: /^During this (turn|battle), when (it|they|this Unit) receives? (enemy )?(?:(battle|effect) )?damage( from an enemy)?, reduce it by (\d+)$/,
    read: (m, u) => {
      if (m[3] && m[5]) throw new Unread(m[0]!);
      const damage = { ...(m[4] ? { kind: m[4] as 'battle' | 'effect' } : {}), ...(m[3] || m[5] ? { enemy: true } : {}) };
      return { do: 'reduce-damage-timed', target: parseTarget(m[2]!, u), amount: Number(m[6]), duration: dur(m[1]), ...(Object.keys(damage).length ? { damage } : {}), asTrigger: true };
    },
  },
  {
    // "During this turn, reduce the next damage it receives by 2."
    id: 'step.reduce-next-damage',
    re: /^During this (turn|battle), reduce the next damage (it|this Unit) receives by (\d+)$/,
    read: (m, u) => ({ do: 'reduce-damage-timed', target: parseTarget(m[2]!, u), amount: Number(m[3]), duration: dur(m[1]), next: true }),
  },
  {
    // "During this battle, battle damage this Unit would receive is dealt to that Unit instead." / "… it would receive is dealt to this Unit instead."
    id: 'step.redirect-damage',
    re: /^During this (turn|battle), (?:(battle|effect) )?damage (this Unit|it) would receive is dealt to (that Unit|this Unit) instead$/,
    read: (m) => {
      const toTarget = m[3] === 'this Unit';
      if (toTarget !== (m[4] === 'that Unit')) throw new Unread(m[0]!);
      return { do: 'redirect-damage', target: { type: 'previous' }, toTarget, ...(m[2] ? { kind: m[2] as 'battle' | 'effect' } : {}), duration: dur(m[1]) };
    },
  },
  {
    // "Begin a battle between this Unit and it and only perform the damage step." (the Unit chosen before)
    id: 'step.damage-step-battle',
    re: /^Begin a battle between this Unit and (it) and only perform the damage step$/,
    read: (m, u) => ({ do: 'damage-step-battle', target: parseTarget(m[1]!, u) }),
  },
  { id: 'step.reduce-damage', re: /^Reduce it by (\d+)$/, read: (m) => ({ do: 'reduce-damage', amount: Number(m[1]) }) },
  { id: 'step.allow-deploy-turn-attack', re: /^(It|They) may attack on the turn (?:it is|they are) deployed$/, read: (m, u) => ({ do: 'allow-deploy-turn-attack', target: parseTarget(m[1]!, u), duration: 'turn' }) },
  {
    id: 'step.pair-from-hand',
    re: /^Pair 1 ((?:.+? )?Pilot card(?: with "[^"]+" in its card name)?) from your hand with this Unit$/,
    read: (m) => {
      const n = parseNoun(m[1]!);
      if (!n.card || n.plural || n.filter.type !== 'pilot' || n.filter.side !== 'any') throw new Unread(m[1]!);
      return { do: 'pair-from-hand', filter: n.filter };
    },
  },
  { id: 'step.pay', re: /^Pay ([①②③④⑤])$/, read: (m) => ({ do: 'pay', amount: '①②③④⑤'.indexOf(m[1]!) + 1 }) },
  {
    id: 'step.return-to-deck-top',
    re: /^Return (the card paired with this Unit) to the top of its owner's deck$/,
    read: (m, u) => ({ do: 'return-to-deck-top', target: parseTarget(m[1]!, u) }),
  },
  { id: 'step.draw', re: /^Draw (\d+)$/, read: (m) => ({ do: 'draw', who: 'you', count: Number(m[1]) }) },
  // "All players draw 1." (each player, the active player first: 10-1-6-6 has no say; both draw).
  { id: 'step.all-draw', re: /^All players draw (\d+)$/, read: (m) => ({ do: 'draw', who: 'each', count: Number(m[1]) }) },
  { id: 'step.discard', re: /^Discard (\d+)$/, read: (m) => ({ do: 'discard', who: 'you', count: Number(m[1]) }) },
  {
    // "When you pay ① or more … , you may increase this Unit's AP during this turn by an amount equal to the cost paid."
    id: 'step.increase-ap-by-paid',
    re: /^Increase this Unit's AP during this turn by an amount equal to the cost paid$/,
    read: () => ({ do: 'modify', target: { type: 'self' }, ap: 1, hp: 0, duration: 'turn', forEach: { of: 'paid' }, countWording: 'equal-to' }),
  },
  { id: 'step.opponent-draw', re: /^Your opponent draws (\d+)$/, read: (m) => ({ do: 'draw', who: 'opponent', count: Number(m[1]) }) },
  { id: 'step.opponent-discard', re: /^Your opponent discards (\d+)$/, read: (m) => ({ do: 'discard', who: 'opponent', count: Number(m[1]) }) },
  {
    // "Discard 1 green (Earth Federation) Unit card." / "Discard 1 red card."
    id: 'step.discard-card',
    re: /^Discard (\d+) (.+ cards?)$/,
    read: (m) => {
      const n = parseNoun(m[2]!);
      if (!n.card || n.filter.side !== 'any' || n.plural !== Number(m[1]) > 1) throw new Unread(m[2]!);
      return { do: 'discard', who: 'you', count: Number(m[1]), filter: n.filter };
    },
  },
  { id: 'step.shield-to-hand', re: /^Add (\d+) of your Shields to your hand$/, read: (m) => ({ do: 'shield-to-hand', who: 'you', count: Number(m[1]) }) },
  { id: 'step.burst-to-hand', re: /^Add this card to your hand$/, read: () => ({ do: 'self-to-hand' }) },
  { id: 'step.deploy-self', re: /^Deploy this card$/, read: () => ({ do: 'deploy-self' }) },
  { id: 'step.activate-main', re: /^Activate this card's 【Main】$/, read: () => ({ do: 'activate-main' }) },
  { id: 'step.activate-action', re: /^Activate this card's 【Action】$/, read: () => ({ do: 'activate-action' }) },
  // "If you discard a (Special Move) Command card with this effect, you may activate its 【Main】." (sequence.ts checks the "If").
  { id: 'step.activate-discarded-main', re: /^Activate its 【Main】$/, read: () => ({ do: 'activate-discarded-main' }) },
  { id: 'step.activate-paired-main', re: /^Activate 【Main】 on the card paired with this Unit$/, read: () => ({ do: 'activate-paired-main' }) },
  {
    id: 'step.deploy-token',
    re: /^Deploy (\d+) (rested )?\[([^\]]+)\]\((.+)\) Unit tokens?$/,
    read: (m, u) => ({ do: 'deploy-token', count: Number(m[1]), rested: !!m[2], token: tokenSpec(m[3]!, m[4]!, u) }),
  },
  { id: 'step.deploy-ex-base', re: /^Deploy 1 EX Base$/, read: () => ({ do: 'deploy-ex-base' }) },
  {
    // "… you may pair that card from your trash with one of your Units with "Gundam Lfrith" in its card name" (the Command that triggered it; compile.ts checks the trigger).
    id: 'step.pair-trigger-command',
    re: /^Pair that card from your trash with one of (your .+)$/,
    read: (m) => {
      const n = parseNoun(`of ${m[1]}`);
      if (n.card || !n.plural || n.filter.side !== 'friendly' || n.filter.type !== 'unit') throw new Unread(m[0]);
      return { do: 'pair-trigger-command', filter: n.filter };
    },
  },
  {
    // "All players place 1 EX Resource." (each player, the controller first, 1-3-4)
    id: 'step.all-place-resource',
    re: /^All players place (\d+) (EX|rested) Resources?$/,
    read: (m) => ({ do: 'place-resource', who: 'each', count: Number(m[1]), ex: m[2] === 'EX', rested: m[2] === 'rested' }),
  },
  {
    id: 'step.place-resource',
    re: /^Place (\d+) (EX|rested) Resources?$/,
    read: (m) => ({ do: 'place-resource', who: 'you', count: Number(m[1]), ex: m[2] === 'EX', rested: m[2] === 'rested' }),
  },
  {
    id: 'step.deploy-from-hand',
    re: /^Deploy (\d+) (.+?) from your hand$/,
    read: (m) => ({ do: 'deploy-from', zone: 'hand', filter: deployable(m[2]!, Number(m[1]) > 1), max: Number(m[1]), payCost: false }),
  },
  { id: 'step.exile-self', re: /^Exile this card in your trash from the game$/, read: () => ({ do: 'exile-self' }) },
  // "【Destroyed】If this Unit is destroyed by …, add it from your trash to your hand." (compile.ts checks the 【Destroyed】).
  { id: 'step.self-trash-to-hand', re: /^Add it from your trash to your hand$/, read: () => ({ do: 'self-trash-to-hand' }) },
  {
    // "Add 1 (Neo Zeon) Unit card you placed from your deck with this effect to your hand."
    id: 'step.placed-to-hand',
    re: /^Add (\d+) (.+?) you placed from your deck with this effect to your hand$/,
    read: (m) => {
      const n = parseNoun(m[2]!);
      if (!n.card || n.filter.side !== 'any' || n.plural !== Number(m[1]) > 1) throw new Unread(m[2]!);
      return { do: 'placed-to-hand', filter: n.filter, max: Number(m[1]) };
    },
  },
  {
    id: 'step.mill',
    re: /^Place the top (?:(\d+) cards|card) of your deck into your trash$/,
    read: (m) => ({ do: 'mill', who: 'you', count: m[1] ? Number(m[1]) : 1 }),
  },
];

/** Reads one step sentence (capitalised, no connectives, no final period). */
export function parseStep(sentence: string, used: Used): Step {
  // A count is read first: "Deal 1 damage to it for each 4 AP …" would read "it for each …" as the target.
  if (/^For each |\bfor each /.test(sentence)) {
    const scaled = parseScaledStep(sentence, used);
    if (scaled) return scaled;
  }
  for (const p of STEP_PATTERNS) {
    const m = p.re.exec(sentence);
    if (!m) continue;
    const step = p.read(m, used);
    used.add(p.id);
    return step;
  }
  const scaled = parseScaledStep(sentence, used);
  if (scaled) return scaled;
  throw new Unread(sentence);
}

/**
 * A damage or AP/HP step scaled by a count: "Deal 1 damage to it for each 4 AP this Unit has", "For
 * each (AEUG) Unit card in your trash, it gets AP-1 during this turn", "Deal damage to it equal to
 * the number of friendly Unit tokens in play", "During this turn, reduce its AP by an amount equal to
 * the number of … in your trash". Null when the sentence is none of these.
 */
function parseScaledStep(sentence: string, used: Used): Step | null {
  let m: RegExpExecArray | null;
  let step: Step | null = null;
  if ((m = /^Deal damage to (.+?) equal to the number of (.+)$|^Deal damage equal to the number of (.+?) to (it|them|all .+)$/.exec(sentence))) {
    // Either order of the target and the "equal to" phrase (normalize.ts folds them).
    step = { do: 'damage', target: parseTarget((m[1] ?? m[4])!, used), amount: 1, forEach: parseCount((m[2] ?? m[3])!, 'number-of'), countWording: 'equal-to' };
  } else if ((m = /^Deal an amount of damage equal to the number of (.+) to (it|that enemy Unit)$/.exec(sentence))) {
    // "… choose 1 enemy Unit with 4 or less AP. Deal an amount of damage equal to the number of … to that enemy Unit."
    // "that enemy Unit" is the one just chosen (normalize.ts folds it to "it").
    step = { do: 'damage', target: { type: 'previous' }, amount: 1, forEach: parseCount(m[1]!, 'number-of'), countWording: 'amount-equal-to' };
  } else if ((m = /^During this (turn|battle), reduce (its|their) AP by an amount equal to the number of (.+)$/.exec(sentence))) {
    step = { do: 'modify', target: parseTarget(m[2] === 'its' ? 'it' : 'them', used), ap: -1, hp: 0, duration: dur(m[1]), forEach: parseCount(m[3]!, 'number-of'), countWording: 'equal-to' };
  } else if ((m = /^For each (.+?), ([a-z].+)$/.exec(sentence))) {
    const inner = parseStep(m[2]!.charAt(0).toUpperCase() + m[2]!.slice(1), used);
    if ((inner.do !== 'damage' && inner.do !== 'modify') || inner.forEach) throw new Unread(sentence);
    step = withCount(inner, parseCount(m[1]!, 'for-each'), 'leading');
  } else if ((m = /^(.+) for each (.+)$/.exec(sentence))) {
    const inner = parseStep(m[1]!, used);
    if ((inner.do !== 'damage' && inner.do !== 'modify') || inner.forEach) throw new Unread(sentence);
    step = withCount(inner, parseCount(m[2]!, 'for-each'), undefined);
  }
  if (!step) return null;
  used.add('step.for-each');
  if ('forEach' in step && step.forEach?.of === 'placed') used.add('count.placed');
  return step;
}

function withCount(step: Extract<Step, { do: 'damage' | 'modify' }>, forEach: Count, wording: 'leading' | undefined): Step {
  return { ...step, forEach, ...(wording ? { countWording: wording } : {}) };
}

/**
 * "Look at the top N cards of your deck. You may reveal 1 (filter) card among them and add it to
 * your hand. Return the remaining cards randomly to the bottom of your deck." (three sentences);
 * "… You may deploy 1 (filter) Unit card among them. …" (take.to 'deploy'); "Look at the top card
 * of your deck. If it is a (filter) card, you may reveal it and add it to your hand. Return any
 * remaining card to the bottom of your deck." (the one-card form); "Look at the top card of your
 * deck. Return it to the top or bottom of your deck." (two sentences: nothing is taken, take.max 0).
 * Returns the step and how many sentences it read.
 */
export function parseLookTop(sentences: string[], used: Used): { step: Step; read: number } | null {
  const ret = /^Look at the top (\d+) cards of your deck and return (\d+) to the top(?: and (\d+) to the bottom)?$/.exec(sentences[0] ?? '');
  if (ret) {
    // "… and return 1 to the top. Place the remaining card into your trash." and its two sisters.
    const count = Number(ret[1]);
    const max = Number(ret[2]);
    const left = count - max;
    if (max < 1 || left < 1) throw new Unread(sentences[0]!);
    const step = (rest: 'bottom' | 'trash', printed?: 'in-order' | 'and-bottom'): Step => ({ do: 'look-top', count, take: { filter: { side: 'any' }, max, to: 'top' }, rest, ...(printed ? { printed } : {}) });
    used.add('step.look-top-return-top');
    if (ret[3]) {
      if (Number(ret[3]) !== left) throw new Unread(sentences[0]!);
      return { step: step('bottom', 'and-bottom'), read: 1 };
    }
    if (sentences[1] === `Place the remaining card${left > 1 ? 's' : ''} into your trash`) return { step: step('trash'), read: 2 };
    if (sentences[1] === `Return the remaining card${left > 1 ? 's' : ''} to the bottom of your deck`) return { step: step('bottom', 'in-order'), read: 2 };
    throw new Unread(sentences.slice(0, 2).join('. '));
  }
  if (/^All players each look at the top card of their deck$/.test(sentences[0] ?? '')) {
    // "… If it is a Unit card, they may reveal it and add it to their hand. They return any remaining card to the top or bottom of their deck."
    const one = /^If it is an? (.+?), they may reveal it and add it to their hand$/.exec(sentences[1] ?? '');
    if (!one || sentences[2] !== 'They return any remaining card to the top or bottom of their deck') throw new Unread(sentences.slice(0, 3).join('. '));
    const n = parseNoun(one[1]!);
    if (!n.card || n.plural || n.filter.side !== 'any') throw new Unread(one[1]!);
    used.add('step.all-look-top');
    return { step: { do: 'look-top', count: 1, take: { filter: n.filter, max: 1, to: 'hand' }, rest: 'top-or-bottom', who: 'each' }, read: 3 };
  }
  const look = /^Look at the top (?:(\d+) cards|card) of your deck$/.exec(sentences[0] ?? '');
  if (!look) return null;
  const count = look[1] ? Number(look[1]) : 1;
  if (count === 1 && /^Return it to the top of your deck or place it into your trash$/.test(sentences[1] ?? '')) {
    // "Return it to the top of your deck or place it into your trash.": keep it on top, or not.
    used.add('step.look-top-or-trash');
    return { step: { do: 'look-top', count: 1, take: { filter: { side: 'any' }, max: 1, to: 'top' }, rest: 'trash', printed: 'or-trash' }, read: 2 };
  }
  if (count === 1 && /^Return it to the top or bottom of your deck$/.test(sentences[1] ?? '')) {
    used.add('step.look-top-return');
    return { step: { do: 'look-top', count: 1, take: { filter: { side: 'any' }, max: 0, to: 'hand' }, rest: 'top-or-bottom' }, read: 2 };
  }
  const one = count === 1 ? /^If it is an? (.+?), you may reveal it and add it to your hand$/.exec(sentences[1] ?? '') : null;
  if (one) {
    if (!/^Return any remaining card to the bottom of your deck$/.test(sentences[2] ?? '')) throw new Unread(sentences.slice(0, 3).join('. '));
    const n = parseNoun(one[1]!);
    if (!n.card || n.plural || n.filter.side !== 'any') throw new Unread(one[1]!);
    used.add('step.look-top');
    return { step: { do: 'look-top', count: 1, take: { filter: n.filter, max: 1, to: 'hand' }, rest: 'bottom' }, read: 3 };
  }
  const keepTop = /^You may reveal (\d+) (.+?) among them and return it to the top of your deck$/.exec(sentences[1] ?? '');
  if (keepTop && count > 1 && /^Return the remaining cards randomly to the bottom of your deck$/.test(sentences[2] ?? '')) {
    // "You may reveal 1 (G Generation) Unit card among them and return it to the top of your deck."
    const n = parseNoun(keepTop[2]!);
    if (!n.card || n.plural || n.filter.side !== 'any' || Number(keepTop[1]) !== 1) throw new Unread(keepTop[2]!);
    used.add('step.look-top-reveal-top');
    return { step: { do: 'look-top', count, take: { filter: n.filter, max: 1, to: 'top' }, rest: 'bottom', printed: 'reveal' }, read: 3 };
  }
  const take = /^You may (?:reveal (?:(\d+) )?(.+?) among them and add (?:it|them) to your hand|deploy (\d+) (.+?) among them)$/.exec(sentences[1] ?? '');
  const rest = /^Return the remaining cards randomly to the bottom of your deck$/.exec(sentences[2] ?? '');
  if (!take || !rest || count === 1) throw new Unread(sentences.slice(0, 3).join('. '));
  const deploy = take[4] !== undefined;
  const either = !deploy && take[1] === '1' ? /^(.+? card)\/1 ((?:.+? )?card(?: with "[^"]+" in its card name)?)$/.exec(take[2]!) : null;
  if (either) {
    // "You may reveal 1 green (Earth Federation) Unit card/1 card with "AGE Device" in its card name among them …"
    const [a, b] = [parseNoun(either[1]!), parseNoun(either[2]!)];
    if (!a.card || !b.card || a.plural || b.plural || a.filter.side !== 'any' || b.filter.side !== 'any') throw new Unread(take[2]!);
    used.add('step.look-top-either');
    return { step: { do: 'look-top', count, take: { filter: { side: 'any', anyOf: [a.filter, b.filter] }, max: 1, to: 'hand' }, rest: 'bottom' }, read: 3 };
  }
  const n = parseNoun(deploy ? take[4]! : take[2]!);
  if (!n.card || n.filter.side !== 'any') throw new Unread(deploy ? take[4]! : take[2]!);
  // Only Unit cards can be deployed this way.
  if (deploy && n.filter.type !== 'unit') throw new Unread(take[4]!);
  used.add(deploy ? 'step.look-top-deploy' : 'step.look-top');
  const max = deploy ? Number(take[3]) : take[1] ? Number(take[1]) : 1;
  return { step: { do: 'look-top', count, take: { filter: n.filter, max, to: deploy ? 'deploy' : 'hand' }, rest: 'bottom' }, read: 3 };
}
