/**
 * Conditions: the "If …," / "While …," / "During your turn," clauses. One table of patterns, each
 * reading a whole condition clause (without its "If"/"While") into a Condition; renderCondition
 * is its inverse.
 */
import type { Cmp, Condition, Filter } from '../ir.js';
import { parseKeywordName, renderKeyword } from './keyword.js';
import { renderPilotQualifier } from './header.js';
import { article, parseNoun, renderNoun } from './noun.js';
import { Unread, type Used } from './unread.js';

interface ConditionPattern {
  id: string;
  re: RegExp;
  read: (m: RegExpExecArray) => Condition;
}

/** "2 or more", "another", "no", "only 1", "a", "N or fewer" → Cmp (plus "other" for "another"). */
function countOf(words: string): { cmp: Cmp; other: boolean } {
  let m: RegExpExecArray | null;
  if (words === 'another') return { cmp: { op: '>=', value: 1 }, other: true };
  if (words === 'a' || words === 'an') return { cmp: { op: '>=', value: 1 }, other: false };
  if (words === 'no') return { cmp: { op: '<=', value: 0 }, other: false };
  if ((m = /^only (\d+)$/.exec(words))) return { cmp: { op: '=', value: Number(m[1]) }, other: false };
  if ((m = /^(\d+) or (more|less|fewer)$/.exec(words))) return { cmp: { op: m[2] === 'more' ? '>=' : '<=', value: Number(m[1]) }, other: false };
  throw new Unread(words);
}

const COUNT = '(another|an?|no|only \\d+|\\d+ or (?:more|less|fewer))';

function nounWith(np: string, side: Filter['side'] | null, other: boolean): Filter {
  const n = parseNoun(np);
  if (n.card) throw new Unread(np);
  const f = n.filter;
  if (side) {
    if (f.side !== 'any') throw new Unread(np);
    f.side = side;
  }
  if (other) f.other = true;
  return f;
}

function cmpFrom(n: string, word: string | undefined): Cmp {
  return { op: word === 'more' || word === 'higher' ? '>=' : word ? '<=' : '=', value: Number(n) };
}

export const CONDITION_PATTERNS: ConditionPattern[] = [
  { id: 'cond.your-turn', re: /^(?:it is )?your turn$/, read: () => ({ type: 'turn', whose: 'yours' }) },
  { id: 'cond.opponent-turn', re: /^(?:it is )?your opponent's turn$/, read: () => ({ type: 'turn', whose: 'opponents' }) },
  {
    id: 'cond.count-in-play',
    re: new RegExp(`^you have ${COUNT} (.+) in play$`),
    read: (m) => {
      const c = countOf(m[1]!);
      return { type: 'count-in-play', filter: nounWith(m[2]!, 'friendly', c.other), cmp: c.cmp };
    },
  },
  {
    id: 'cond.count-in-play',
    re: new RegExp(`^${COUNT} (.+) (?:is|are) in play$`),
    read: (m) => {
      const c = countOf(m[1]!);
      return { type: 'count-in-play', filter: nounWith(m[2]!, null, c.other), cmp: c.cmp };
    },
  },
  {
    id: 'cond.count-in-play',
    re: new RegExp(`^there (?:is|are) ${COUNT} (.+) in play$`),
    read: (m) => {
      const c = countOf(m[1]!);
      return { type: 'count-in-play', filter: nounWith(m[2]!, null, c.other), cmp: c.cmp };
    },
  },
  {
    id: 'cond.count-in-trash',
    re: /^there (?:is|are) (\d+) or (more|less|fewer) (.+) in your trash$/,
    read: (m) => {
      const n = parseNoun(m[3]!);
      if (!n.card || n.filter.side !== 'any') throw new Unread(m[3]!);
      return { type: 'count-in-trash', who: 'you', filter: n.filter, cmp: countOf(`${m[1]} or ${m[2]}`).cmp };
    },
  },
  {
    // "While an enemy player has 7 or more cards in their trash" (12-2-6: your opponent).
    id: 'cond.count-in-trash',
    re: /^your opponent has (\d+) or (more|less|fewer) cards in their trash$/,
    read: (m) => ({ type: 'count-in-trash', who: 'opponent', filter: { side: 'any' }, cmp: countOf(`${m[1]} or ${m[2]}`).cmp }),
  },
  {
    id: 'cond.hand-count',
    re: /^(you|your opponent) (?:have|has) (\d+) or (more|less|fewer) cards in (?:your|their) hand$/,
    read: (m) => ({ type: 'hand-count', who: m[1] === 'you' ? 'you' : 'opponent', cmp: countOf(`${m[2]} or ${m[3]}`).cmp }),
  },
  {
    id: 'cond.shield-count',
    re: /^(you|your opponent) (?:have|has) (\d+) or (more|less|fewer) Shields$/,
    read: (m) => ({ type: 'shield-count', who: m[1] === 'you' ? 'you' : 'opponent', cmp: countOf(`${m[2]} or ${m[3]}`).cmp }),
  },
  {
    id: 'cond.player-level',
    re: /^you are Lv\.(\d+)(?: or (higher|lower))?$/,
    read: (m) => ({ type: 'player-level', who: 'you', cmp: cmpFrom(m[1]!, m[2]) }),
  },
  {
    id: 'cond.shield-count',
    re: /^there (?:is|are) (\d+) or (more|less|fewer) enemy Shields?$/,
    read: (m) => ({ type: 'shield-count', who: 'opponent', cmp: countOf(`${m[1]} or ${m[2]}`).cmp }),
  },
  {
    id: 'cond.self-stat',
    re: /^this Unit has (\d+)(?: or (more|less))? (AP|HP)$/,
    read: (m) => ({ type: 'self', filter: { side: 'any', [m[3] === 'AP' ? 'ap' : 'hp']: cmpFrom(m[1]!, m[2]) } }),
  },
  {
    id: 'cond.self-keyword',
    re: /^this Unit has (<[A-Za-z][A-Za-z -]*?>)$/,
    read: (m) => ({ type: 'self', filter: { side: 'any', keyword: parseKeywordName(m[1]!) } }),
  },
  {
    id: 'cond.self-color',
    re: /^(?:this Unit is (red|blue|green|white|purple)|this is an? (red|blue|green|white|purple) Unit)$/,
    read: (m) => ({ type: 'self', filter: { side: 'any', colors: [(m[1] ?? m[2])!] } }),
  },
  {
    id: 'cond.self-state',
    re: /^this Unit is damaged and Lv\.(\d+) or (lower|higher)$/,
    read: (m) => ({ type: 'self', filter: { side: 'any', damaged: true, level: cmpFrom(m[1]!, m[2]) } }),
  },
  {
    id: 'cond.self-state',
    re: /^this (?:Unit )?is (rested|active|damaged)$/,
    read: (m) => ({ type: 'self', filter: m[1] === 'damaged' ? { side: 'any', damaged: true } : { side: 'any', rested: m[1] === 'rested' } }),
  },
  { id: 'cond.self-linked', re: /^this Unit is a Link Unit$/, read: () => ({ type: 'self', filter: { side: 'any', linked: true } }) },
  {
    id: 'cond.self-trait',
    re: /^(?:this Unit is |this is an? )((?:\([^()]+\))(?:\/\([^()]+\))*)(?: Unit)?$/,
    read: (m) => ({ type: 'self', filter: { side: 'any', traits: [...m[1]!.matchAll(/\(([^()]+)\)/g)].map((t) => t[1]!) } }),
  },
  {
    id: 'cond.attacking',
    re: /^you are attacking (an? (?:damaged|rested|active) enemy Unit)$/,
    read: (m) => ({ type: 'attacking', target: 'unit', filter: nounWith(m[1]!.replace(/^an? /, ''), null, false) }),
  },
  { id: 'cond.ex-count', re: /^you have no EX Resources$/, read: () => ({ type: 'ex-count', who: 'you', cmp: { op: '<=', value: 0 } }) },
  // "While your opponent has an EX Resource" (5-17-3-2: EX Resources in their resource area).
  { id: 'cond.ex-count', re: /^(you|your opponent) (?:have|has) an EX Resource$/, read: (m) => ({ type: 'ex-count', who: m[1] === 'you' ? 'you' : 'opponent', cmp: { op: '>=', value: 1 } }) },
  {
    id: 'cond.picked',
    re: /^it is an? ((?:\([^()]+\))(?:\/\([^()]+\))*) Unit$/,
    read: (m) => ({ type: 'picked', filter: { side: 'any', type: 'unit', traits: [...m[1]!.matchAll(/\(([^()]+)\)/g)].map((t) => t[1]!) } }),
  },
  {
    id: 'cond.picked',
    re: /^it is paired with a Pilot that is Lv\.(\d+) or (lower|higher)$/,
    read: (m) => ({ type: 'picked', filter: { side: 'any', type: 'unit', pilotLevel: cmpFrom(m[1]!, m[2]) } }),
  },
  {
    // "Deal 1 damage to it. If it has <Repair>, deal 3 damage instead.": the card the step chose.
    id: 'cond.picked',
    re: /^it has (<[A-Za-z][A-Za-z -]*?>)$/,
    read: (m) => ({ type: 'picked', filter: { side: 'any', type: 'unit', keyword: parseKeywordName(m[1]!) } }),
  },
  {
    // "If … a card with "Corsica Base" in its card name is in your trash".
    id: 'cond.count-in-trash',
    re: /^(an?|no) (.+) is in your trash$/,
    read: (m) => {
      const n = parseNoun(m[2]!);
      if (!n.card || n.plural || n.filter.side !== 'any') throw new Unread(m[2]!);
      return { type: 'count-in-trash', who: 'you', filter: n.filter, cmp: m[1] === 'no' ? { op: '<=', value: 0 } : { op: '>=', value: 1 }, words: 'is-in' };
    },
  },
  { id: 'cond.attacking', re: /^(?:you are|this Unit is|it is) attacking (the enemy player|an enemy Unit)$/, read: (m) => ({ type: 'attacking', target: m[1] === 'the enemy player' ? 'player' : 'unit' }) },
  { id: 'cond.battling', re: /^this Unit is battling (an? .+)$/, read: (m) => ({ type: 'battling', filter: nounWith(m[1]!.replace(/^an? /, ''), null, false) }) },
  { id: 'cond.deployed-from-trash', re: /^you deploy this Unit from your trash$/, read: () => ({ type: 'deployed-from-trash' }) },
  {
    id: 'cond.placed-with-effect',
    re: /^you (placed|place) an? (.+?) with this effect$/,
    read: (m) => {
      const n = parseNoun(m[2]!);
      if (!n.card || n.plural || n.filter.side !== 'any') throw new Unread(m[2]!);
      return { type: 'placed-with-effect', filter: n.filter, ...(m[1] === 'place' ? { present: true as const } : {}) };
    },
  },
  {
    id: 'cond.discarded-with-effect',
    re: /^you discard an? (.+?) with this effect$/,
    read: (m) => {
      const n = parseNoun(m[1]!);
      if (!n.card || n.plural || n.filter.side !== 'any') throw new Unread(m[1]!);
      return { type: 'discarded-with-effect', filter: n.filter };
    },
  },
  { id: 'cond.not-paired', re: /^a Pilot is not paired with this Unit$/, read: () => ({ type: 'not-paired' }) },
  { id: 'cond.paid-with-ex', re: /^you use an EX Resource to play this card$/, read: () => ({ type: 'paid-with-ex' }) },
  { id: 'cond.destroyed-with-battle-damage', re: /^this Unit is destroyed with battle damage$/, read: () => ({ type: 'destroyed-with-battle-damage' }) },
  {
    // "If you have activated a (Special Move) Command card's 【Main】/【Action】 during this turn".
    id: 'cond.this-turn-command',
    re: /^you have activated an? (\(.+?\) )?Command card's 【Main】\/【Action】 during this turn$/,
    read: (m) => {
      const n = parseNoun(`${m[1] ?? ''}Command card`);
      if (!n.card || n.plural || n.filter.side !== 'any' || Object.keys(n.filter).some((k) => k !== 'side' && k !== 'type' && k !== 'traits')) throw new Unread(m[0]);
      return { type: 'this-turn', event: 'activated-command', filter: n.filter };
    },
  },
  {
    // "If one of your Units has been destroyed by one of your (Neo Zeon) card's effects during this turn" (5-10-1).
    // "【Destroyed】If this Unit is destroyed by one of your (Neo Zeon) card's effects, …"
    id: 'cond.self-destroyed-by',
    re: /^this Unit is destroyed by one of your (\(.+?\) )?card's effects$/,
    read: (m) => {
      const by = parseNoun(`${m[1] ?? ''}card`);
      if (!by.card || Object.keys(by.filter).some((k) => k !== 'side' && k !== 'traits')) throw new Unread(m[0]);
      return { type: 'self-destroyed-by', by: { ...by.filter, side: 'friendly' } };
    },
  },
  {
    id: 'cond.this-turn-destroyed',
    re: /^one of (your .+?) has been destroyed by one of your (\(.+?\) )?card's effects during this turn$/,
    read: (m) => {
      const unit = parseNoun(`of ${m[1]}`);
      const by = parseNoun(`${m[2] ?? ''}card`);
      if (unit.card || !unit.plural || unit.filter.side !== 'friendly' || unit.filter.type !== 'unit' || !by.card || Object.keys(by.filter).some((k) => k !== 'side' && k !== 'traits')) throw new Unread(m[0]);
      return { type: 'this-turn', event: 'destroyed-by-effect', filter: unit.filter, by: { ...by.filter, side: 'friendly' } };
    },
  },
  {
    // "you have paid ① or more for one of your other (Militia)/(Dianna Counter) Units' effects" (2-10-1).
    id: 'cond.this-turn-paid',
    re: /^you have paid ① or more for one of (your .+?)' effects( during this turn)?$/,
    read: (m) => {
      const unit = parseNoun(`of ${m[1]}`);
      if (unit.card || !unit.plural || unit.filter.side !== 'friendly' || unit.filter.type !== 'unit') throw new Unread(m[0]);
      return { type: 'this-turn', event: 'paid-for-unit-effect', filter: unit.filter, ...(m[2] ? {} : { where: true as const }) };
    },
  },
  // "If there are 2 or more enemy players" (12-2-6: in a two-player game there is one).
  { id: 'cond.enemy-players', re: /^there are (\d+) or (more|less|fewer) enemy players$/, read: (m) => ({ type: 'enemy-players', cmp: countOf(`${m[1]} or ${m[2]}`).cmp }) },
];

/**
 * A condition clause that may join two conditions with "and" ("it is your turn and a friendly
 * (Teiwaz) Link Unit is in play"): both must hold. A clause that reads whole is never split.
 */
export function parseConditions(clause: string, used: Used): Condition[] {
  try {
    return [parseCondition(clause, used)];
  } catch (e) {
    if (!(e instanceof Unread)) throw e;
    for (let at = clause.indexOf(' and '); at > 0; at = clause.indexOf(' and ', at + 1)) {
      try {
        const both = [parseCondition(clause.slice(0, at), used), parseCondition(clause.slice(at + 5), used)];
        used.add('cond.and');
        return both;
      } catch (e2) {
        if (!(e2 instanceof Unread)) throw e2;
      }
    }
    throw e;
  }
}

/** Reads one condition clause ("you have 2 or more other Units in play"). */
export function parseCondition(clause: string, used: Used): Condition {
  for (const p of CONDITION_PATTERNS) {
    const m = p.re.exec(clause.trim());
    if (!m) continue;
    const c = p.read(m);
    used.add(p.id);
    return c;
  }
  throw new Unread(clause.trim());
}

function countWords(cmp: Cmp, other: boolean): string {
  if (other && cmp.op === '>=' && cmp.value === 1) return 'another';
  if (cmp.op === '<=' && cmp.value === 0) return 'no';
  if (cmp.op === '=') return `only ${cmp.value}`;
  if (cmp.op === '>=' && cmp.value === 1) return 'a';
  return `${cmp.value} or ${cmp.op === '>=' ? 'more' : 'less'}`;
}


function cmpTail(c: Cmp, more: string, less: string): string {
  return c.op === '=' ? `${c.value}` : `${c.value} or ${c.op === '>=' ? more : less}`;
}

export function renderCondition(c: Condition): string {
  switch (c.type) {
    case 'turn':
      return c.whose === 'yours' ? 'it is your turn' : "it is your opponent's turn";
    case 'count-in-play': {
      const other = !!c.filter.other && c.cmp.op === '>=' && c.cmp.value === 1;
      const f = other ? { ...c.filter, other: false } : c.filter;
      const plural = !(c.cmp.op === '>=' && c.cmp.value === 1) && !(c.cmp.op === '=' && c.cmp.value === 1);
      if (c.filter.side === 'friendly') return `you have ${countWords(c.cmp, other)} ${renderNoun(f, { side: false, plural })} in play`;
      return `${countWords(c.cmp, other)} ${renderNoun(f, { plural })} ${plural ? 'are' : 'is'} in play`;
    }
    case 'count-in-trash':
      if (c.words === 'is-in') {
        const np = renderNoun(c.filter, { card: true });
        return `${c.cmp.op === '<=' ? 'no' : /^[aeiou]/i.test(np) ? 'an' : 'a'} ${np} is in your trash`;
      }
      if (c.who === 'opponent') return `your opponent has ${cmpTail(c.cmp, 'more', 'less')} ${renderNoun(c.filter, { plural: true, card: true })} in their trash`;
      return `there are ${cmpTail(c.cmp, 'more', 'less')} ${renderNoun(c.filter, { plural: true, card: true })} in your trash`;
    case 'hand-count':
      return `${c.who === 'you' ? 'you have' : 'your opponent has'} ${cmpTail(c.cmp, 'more', 'less')} cards in ${c.who === 'you' ? 'your' : 'their'} hand`;
    case 'shield-count':
      return `${c.who === 'you' ? 'you have' : 'your opponent has'} ${cmpTail(c.cmp, 'more', 'less')} Shields`;
    case 'player-level':
      return `you are Lv.${cmpTail(c.cmp, 'higher', 'lower')}`;
    case 'self': {
      const f = c.filter;
      if (f.ap) return `this Unit has ${cmpTail(f.ap, 'more', 'less')} AP`;
      if (f.hp) return `this Unit has ${cmpTail(f.hp, 'more', 'less')} HP`;
      if (f.keyword) return `this Unit has ${renderKeyword({ name: f.keyword, amount: null })}`;
      if (f.colors) return `this Unit is ${f.colors.join('/')}`;
      if (f.rested !== undefined) return `this Unit is ${f.rested ? 'rested' : 'active'}`;
      if (f.damaged && f.level) return `this Unit is damaged and Lv.${cmpTail(f.level, 'higher', 'lower')}`;
      if (f.damaged) return 'this Unit is damaged';
      if (f.linked) return 'this Unit is a Link Unit';
      return `this Unit is ${(f.traits ?? []).map((t) => `(${t})`).join('/')}`;
    }
    case 'attacking':
      if (c.filter) return `you are attacking a ${renderNoun(c.filter)}`;
      return `this Unit is attacking ${c.target === 'player' ? 'the enemy player' : 'an enemy Unit'}`;
    case 'ex-count':
      if (c.cmp.op === '>=' && c.cmp.value === 1) return c.who === 'you' ? 'you have an EX Resource' : 'your opponent has an EX Resource';
      return 'you have no EX Resources';
    case 'picked':
      if (c.filter.keyword) return `it has ${renderKeyword({ name: c.filter.keyword, amount: null })}`;
      if (c.filter.pilotLevel) return `it is paired with a Pilot that is Lv.${cmpTail(c.filter.pilotLevel, 'higher', 'lower')}`;
      return `it is a ${(c.filter.traits ?? []).map((t) => `(${t})`).join('/')} Unit`;
    case 'not-paired':
      return 'a Pilot is not paired with this Unit';
    case 'deployed-from-trash':
      return 'you deploy this Unit from your trash';
    case 'discarded-with-effect': {
      const np = renderNoun(c.filter, { card: true });
      return `you discard ${article(np)} with this effect`;
    }
    case 'placed-with-effect': {
      const np = renderNoun(c.filter, { card: true });
      return `you ${c.present ? 'place' : 'placed'} ${article(np)} with this effect`;
    }
    case 'battling':
      return `this Unit is battling ${article(renderNoun(c.filter))}`;
    case 'paid-with-ex':
      return 'you use an EX Resource to play this card';
    case 'effect-destroyed':
      return `this effect destroys ${article(renderNoun(c.filter))}`;
    case 'destroyed-with-battle-damage':
      return 'this Unit is destroyed with battle damage';
    case 'this-turn': {
      const during = c.where ? '' : ' during this turn';
      if (c.event === 'activated-command') return `you have activated ${article(renderNoun(c.filter, { card: true }))}'s 【Main】/【Action】${during}`;
      const units = renderNoun(c.filter, { side: false, plural: true });
      if (c.event === 'paid-for-unit-effect') return `you have paid ① or more for one of your ${units}' effects${during}`;
      const by = c.by?.traits ? `${c.by.traits.map((t) => `(${t})`).join('/')} ` : '';
      return `one of your ${units} has been destroyed by one of your ${by}card's effects${during}`;
    }
    case 'paired-this-turn':
      return 'this Unit is paired with a Pilot during this turn';
    case 'self-destroyed-by':
      return `this Unit is destroyed by one of your ${c.by.traits ? `${c.by.traits.map((t) => `(${t})`).join('/')} ` : ''}card's effects`;
    case 'enemy-players':
      return `there are ${cmpTail(c.cmp, 'more', 'less')} enemy players`;
    case 'paired':
      return c.pilot ? `this Unit is paired with a ${renderPilotQualifier(c.pilot)}` : 'this Unit is paired';
    case 'linked':
      return 'this Unit is linked';
  }
}
