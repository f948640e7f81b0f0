/**
 * Constant abilities (10-1-5): "This Unit gets HP+1.", "All your (White Base Team) Units gain
 * <Repair 1>.", "This Unit may choose an active enemy Unit that is Lv.2 or lower as its attack
 * target.", each optionally under "While …," or "During your turn,".
 */
import type { Condition, Constant, Filter } from '../ir.js';
import { parseCondition, parseConditions } from './condition.js';
import { parseCount } from './count.js';
import { GUARD_SRC, IMMUNE_SRC, parseGuard, parseImmunity } from './guard.js';
import { KEYWORD_SRC, parseKeyword } from './keyword.js';
import { parseNoun } from './noun.js';
import { sentences } from './sequence.js';
import { parseTarget } from './target.js';
import { statsChange, Unread, type Used } from './unread.js';

/** "set as active or paired with a Pilot" → what a 'cannot-be' constant stops. */
export function cannotBe(words: string): ('set-active' | 'paired')[] {
  return words.split(' or ').map((w) => (w === 'set as active' ? 'set-active' : 'paired'));
}

/** The words of a 'cannot-be' constant after "This Unit can't be ". */
export function renderCannotBe(what: readonly ('set-active' | 'paired')[]): string {
  return what.map((w) => (w === 'set-active' ? 'set as active' : 'paired with a Pilot')).join(' or ');
}

interface ConstantPattern {
  id: string;
  re: RegExp;
  read: (m: RegExpExecArray, used: Used) => Constant;
}

export const CONSTANT_PATTERNS: ConstantPattern[] = [
  {
    // "All your Units gain (Neo Zeon)." (GD04-033)
    id: 'const.gain-trait',
    re: /^(All your Units|This Unit) gains? \(([^()]+)\)$/,
    read: (m, u) => ({ type: 'traits', target: parseTarget(m[1]!, u), traits: [m[2]!] }),
  },
  {
    // "This Unit gets AP+2 for each of your rested (CB) Units."
    id: 'const.stats-for-each',
    re: /^(.+?) gets? (AP|HP)([+-]\d+)(?: and (AP|HP)([+-]\d+))? for each (.+)$/,
    read: (m, u) => ({ type: 'stats', target: parseTarget(m[1]!, u), ...statsChange(m[2]!, m[3]!, m[4], m[5]), forEach: parseCount(m[6]!, 'for-each') }),
  },
  {
    // "Increase this Unit's AP by an amount equal to the amount of damage it has received." (GD05-051)
    id: 'const.stats-equal-to-damage',
    re: /^Increase this Unit's AP by an amount equal to the amount of damage it has received$/,
    read: () => ({ type: 'stats', target: { type: 'self' }, ap: 1, hp: 0, forEach: { of: 'self-damage' }, countWording: 'equal-to' }),
  },
  {
    // "Increase this Unit's AP by an amount equal to the number of (Cyclops Team) Pilot cards/Command cards with unique names in your trash."
    id: 'const.stats-equal-to',
    re: /^Increase this Unit's AP by an amount equal to the number of (.+)$/,
    read: (m) => ({ type: 'stats', target: { type: 'self' }, ap: 1, hp: 0, forEach: parseCount(m[1]!, 'number-of'), countWording: 'equal-to' }),
  },
  {
    id: 'const.stats',
    re: /^(.+?) gets? (AP|HP)([+-]\d+)(?: and (AP|HP)([+-]\d+))?$/,
    read: (m, u) => ({ type: 'stats', target: parseTarget(m[1]!, u), ...statsChange(m[2]!, m[3]!, m[4], m[5]) }),
  },
  {
    // "During your opponent's turn, the enemy Unit battling this Unit gains <First Strike>."
    id: 'const.battle-opponent-keyword',
    re: new RegExp(`^The enemy Unit battling this Unit gains (${KEYWORD_SRC})$`),
    read: (m) => ({ type: 'keyword', target: { type: 'battle-opponent' }, keyword: parseKeyword(m[1]!) }),
  },
  {
    // "This Unit gains the same number of <Repair> as the number of (Calamity War) Unit tokens you have in play."
    id: 'const.keyword-count',
    re: new RegExp(`^This Unit gains the same number of (${KEYWORD_SRC}) as the number of (.+) you have in play$`),
    read: (m) => {
      const keyword = parseKeyword(m[1]!);
      // Only a keyword that takes an amount (<Repair>, <Breach>, <Support>) printed without one: the count is its amount.
      if (keyword.amount !== null || !['Repair', 'Breach', 'Support'].includes(keyword.name)) throw new Unread(m[1]!);
      const n = parseNoun(m[2]!);
      if (n.card || !n.plural || n.filter.side !== 'any' || n.filter.type !== 'unit') throw new Unread(m[2]!);
      return { type: 'keyword', target: { type: 'self' }, keyword, forEach: { of: 'in-play', filter: { ...n.filter, side: 'friendly' } }, countWording: 'same-number' };
    },
  },
  { id: 'const.keyword', re: new RegExp(`^(.+?) gains? (${KEYWORD_SRC})$`), read: (m, u) => ({ type: 'keyword', target: parseTarget(m[1]!, u), keyword: parseKeyword(m[2]!) }) },
  {
    id: 'const.attack-active',
    re: /^This Unit may choose an? (.+) as its attack target$/,
    read: (m) => {
      const n = parseNoun(m[1]!);
      if (n.card || n.plural || n.filter.side !== 'enemy' || n.filter.rested !== false || n.filter.type !== 'unit') throw new Unread(m[1]!);
      return { type: 'attack-active', target: { type: 'self' }, filter: n.filter };
    },
  },
  { id: 'const.cannot-attack-player', re: /^This Unit can't choose the enemy player as its attack target$/, read: () => ({ type: 'cannot-attack-player', target: { type: 'self' } }) },
  {
    id: 'const.prevent-damage',
    re: new RegExp(`^(This Unit|This Base) ${GUARD_SRC}$`),
    read: (m, u) => ({ type: 'prevent-damage', target: parseTarget(m[1]!, u), ...parseGuard(m[2], m[3], m[4]) }),
  },
  {
    // "During your opponent's turn, friendly (Orb) Units can't receive 2 or less enemy effect damage."
    // (paraphrase.ts reads the plural subject as "all friendly (Orb) Units").
    id: 'const.prevent-small-damage',
    re: /^(All .+?) can't receive (\d+) or less (enemy )(?:(battle|effect) )?damage$/,
    read: (m, u) => ({ type: 'prevent-damage', target: parseTarget(m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1), u), ...parseGuard(m[3], m[4], undefined), upTo: Number(m[2]) }),
  },
  {
    // "While this Unit is rested, friendly Shields can't receive battle damage from enemy Units."
    id: 'const.protect-shields',
    re: new RegExp(`^Friendly Shields ${GUARD_SRC}$`),
    read: (m) => ({ type: 'protect-shields', ...parseGuard(m[1], m[2], m[3]) }),
  },
  {
    id: 'const.cost',
    re: /^This card in your (hand|trash) gets cost ([+-]\d+)$/,
    read: (m) => ({ type: 'cost', target: { type: 'self' }, zone: m[1] as 'hand' | 'trash', amount: Number(m[2]) }),
  },
  {
    // "This card in your hand gets Lv. -1 and cost -1 for each enemy Unit in play."
    id: 'const.cost-for-each',
    re: /^This card in your (hand|trash) gets (?:Lv\. ?([+-]\d+) and )?cost ([+-]\d+)(?: for each (.+))?$/,
    read: (m) => {
      if (!m[2] && !m[4]) throw new Unread(m[0]!);
      return {
        type: 'cost',
        target: { type: 'self' },
        zone: m[1] as 'hand' | 'trash',
        amount: Number(m[3]),
        ...(m[2] ? { level: Number(m[2]) } : {}),
        ...(m[4] ? { forEach: parseCount(m[4], 'for-each') } : {}),
      };
    },
  },
  {
    // "Reduce the cost of this card in your hand by an amount equal to the number of (UN) Command cards in your trash."
    id: 'const.cost-for-each',
    re: /^Reduce the cost of this card in your (hand|trash) by an amount equal to the number of (.+)$/,
    read: (m) => ({ type: 'cost', target: { type: 'self' }, zone: m[1] as 'hand' | 'trash', amount: -1, forEach: parseCount(m[2]!, 'number-of'), countWording: 'equal-to' }),
  },
  {
    // "Enemy Units (other than Link Units) choose this rested Unit / one of your rested (Maganac Corps) Units as their attack target if possible when attacking."
    id: 'const.draws-attacks',
    re: /^Enemy Units( other than Link Units)? choose (this rested Unit|one of your rested (.+?)) as their attack target if possible when attacking$/,
    read: (m) => {
      const attackers: Filter = { side: 'enemy', type: 'unit', ...(m[1] ? { linked: false } : {}) };
      if (m[2] === 'this rested Unit') return { type: 'draws-attacks', target: { type: 'self' }, attackers };
      const n = parseNoun(`of your rested ${m[3]!}`);
      if (n.card || !n.plural || n.filter.type !== 'unit') throw new Unread(m[3]!);
      return { type: 'draws-attacks', target: { type: 'all', filter: n.filter, zone: 'battle' }, attackers };
    },
  },
  {
    // "When you rest your Base with one of your Units' effects, you may rest this Unit instead."
    id: 'const.rest-instead',
    re: /^When you rest your Base with one of your Units' effects, you may rest this Unit instead$/,
    read: () => ({ type: 'rest-instead', target: { type: 'self' }, replaces: { side: 'friendly', type: 'base' }, source: { side: 'friendly', type: 'unit' } }),
  },
  {
    // "When you would rest a Unit with a friendly (League Militaire) Unit's effect, you may rest this Base instead."
    id: 'const.rest-instead',
    re: /^When you would rest an? (.+?) with an? (.+?)'s effect, you may rest this (?:Unit|Base) instead$/,
    read: (m) => {
      const replaces = parseNoun(m[1]!);
      const source = parseNoun(m[2]!);
      if (replaces.card || replaces.plural || source.card || source.plural || source.filter.type !== 'unit' || source.filter.side !== 'friendly') throw new Unread(m[0]!);
      return { type: 'rest-instead', target: { type: 'self' }, replaces: replaces.filter, source: source.filter, would: true };
    },
  },
  {
    // "On the turn this Unit is deployed, it may choose a rested enemy Unit as its attack target and attack it."
    id: 'const.deploy-turn-attack',
    re: /^On the turn this Unit is deployed, it may choose an? (.+) as its attack target and attack it$/,
    read: (m) => {
      const n = parseNoun(m[1]!);
      if (n.card || n.plural || n.filter.side !== 'enemy' || n.filter.rested !== true || n.filter.type !== 'unit') throw new Unread(m[1]!);
      return { type: 'deploy-turn-attack', target: { type: 'self' }, filter: n.filter };
    },
  },
  {
    // "All Units that are Lv.3 or lower other than Unit tokens are deployed rested."
    id: 'const.deploys-rested',
    re: /^(All .+?) are deployed rested$/,
    read: (m, u) => {
      const target = parseTarget(m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1), u);
      if (target.type !== 'all' || target.filter.type !== 'unit') throw new Unread(m[0]!);
      return { type: 'deploys-rested', target };
    },
  },
  { id: 'const.cannot-attack', re: /^This Unit can't attack$/, read: () => ({ type: 'cannot-attack', target: { type: 'self' } }) },
  {
    // "This Unit can't be paired with a Pilot." / "This Unit can't be set as active or paired with a Pilot."
    id: 'const.cannot-be',
    re: /^This Unit can't be (set as active or paired with a Pilot|paired with a Pilot|set as active)$/,
    read: (m) => ({ type: 'cannot-be', target: { type: 'self' }, what: cannotBe(m[1]!) }),
  },
  {
    // "This Unit's AP can't be reduced by enemy effects." / "This Unit can't be destroyed by enemy effects."
    id: 'const.immune',
    re: new RegExp(`^This (?:Unit|Base)${IMMUNE_SRC}$`),
    read: (m) => ({ type: 'immune', target: { type: 'self' }, ...parseImmunity(m) }),
  },
  {
    // "This card's name is also treated as [Char Aznable]." (2-2-4)
    id: 'const.also-named',
    re: /^This card's name is also treated as \[([^\]]+)\]$/,
    read: (m) => ({ type: 'also-named', target: { type: 'self' }, names: [m[1]!] }),
  },
];

/** "This Unit and all your Units with … get AP+1.": this Unit, and the other Units the noun names. */
const SELF_AND_ALL = /^This Unit and (all .+?) gets? (AP|HP)([+-]\d+)(?: and (AP|HP)([+-]\d+))?$/;

/** "This Unit gets AP+1 and <Blocker>.": two constants on one subject (rendered joined again). */
const STATS_AND_KEYWORD = new RegExp(`^(.+?) gets? (AP|HP)([+-]\\d+) and (${KEYWORD_SRC})$`);

const readsAsConstant = (s: string) => STATS_AND_KEYWORD.test(s) || SELF_AND_ALL.test(s) || CONSTANT_PATTERNS.some((p) => p.re.test(s));

function parseConstant(sentence: string, used: Used): Constant[] {
  const selfAnd = SELF_AND_ALL.exec(sentence);
  if (selfAnd) {
    const all = parseTarget(selfAnd[1]!, used);
    if (all.type !== 'all' || all.filter.other) throw new Unread(sentence);
    const change = statsChange(selfAnd[2]!, selfAnd[3]!, selfAnd[4], selfAnd[5]);
    used.add('const.stats-self-and-all');
    return [
      { type: 'stats', target: { type: 'self' }, ...change },
      { type: 'stats', target: { ...all, filter: { ...all.filter, other: true } }, ...change, andSelf: true },
    ];
  }
  const both = STATS_AND_KEYWORD.exec(sentence);
  if (both) {
    const target = parseTarget(both[1]!, used);
    if (target.type === 'previous') throw new Unread(sentence);
    used.add('const.stats-and-keyword');
    return [
      { type: 'stats', target, ...statsChange(both[2]!, both[3]!, undefined, undefined) },
      { type: 'keyword', target, keyword: parseKeyword(both[4]!) },
    ];
  }
  for (const p of CONSTANT_PATTERNS) {
    const m = p.re.exec(sentence);
    if (!m) continue;
    const c = p.read(m, used);
    // "it" in a constant only follows "While this Unit …," and means this Unit.
    if ('target' in c && c.target.type === 'previous') throw new Unread(sentence);
    used.add(p.id);
    return [c];
  }
  throw new Unread(sentence);
}

/**
 * "When playing this card from your hand, if 3 or more enemy Units are in play, play it as if it has
 * 3 Lv. and cost." / "When playing this card from your hand and pairing it with a Unit with
 * "Gundam NT-1" in its card name, play this card as if it has 0 cost." (not a trigger: it changes
 * what playing the card asks, 2-9-1, 2-10-1).
 */
const PLAY_AS = /^When playing this card from your hand(?:, if (.+?)| and pairing it with an? (.+?))?, play (?:it|this card) as if it has (\d+) (Lv\. and cost|cost)$/;

/** "When playing this card from your hand, you may destroy 1 of your … / discard 1 … . If you do, play this card as if it has N Lv. and cost." */
const PLAY_AS_PAYING = /^When playing this card from your hand, you may (destroy|discard) (\d+) (.+)$/;
const IF_YOU_DO_PLAY_AS = /^If you do, play (?:it|this card) as if it has (\d+) (Lv\. and cost|cost)$/;

function parsePlayAsPaying(list: string[], used: Used): { requires: Condition[]; effects: Constant[] } | null {
  const m = list.length === 2 ? PLAY_AS_PAYING.exec(list[0]!) : null;
  const then = m ? IF_YOU_DO_PLAY_AS.exec(list[1]!) : null;
  if (!m || !then) return null;
  const doing = m[1] as 'destroy' | 'discard';
  const n = parseNoun(m[3]!);
  // destroy: one of the player's own Units in play; discard: a card in the hand.
  if (doing === 'destroy' ? n.card || n.filter.side !== 'friendly' || n.filter.type !== 'unit' : !n.card || n.filter.side !== 'any') throw new Unread(list[0]!);
  const value = Number(then[1]);
  used.add('const.play-as-paying');
  const pay = { do: doing, count: Number(m[2]), filter: n.filter };
  return { requires: [], effects: [{ type: 'play-as', target: { type: 'self' }, cost: value, ...(then[2] !== 'cost' ? { level: value } : {}), pay }] };
}

function parsePlayAs(body: string, used: Used): { requires: Condition[]; effects: Constant[] } | null {
  const list = sentences(body);
  const paying = parsePlayAsPaying(list, used);
  if (paying) return paying;
  const m = list.length === 1 ? PLAY_AS.exec(list[0]!) : null;
  if (!m) return null;
  const requires = m[1] ? parseConditions(m[1], used) : [];
  let pairedWith;
  if (m[2]) {
    const n = parseNoun(m[2]);
    if (n.card || n.plural || n.filter.side !== 'any' || n.filter.type !== 'unit') throw new Unread(m[2]);
    pairedWith = n.filter;
  }
  const value = Number(m[3]);
  used.add('const.play-as');
  return { requires, effects: [{ type: 'play-as', target: { type: 'self' }, cost: value, ...(m[4] !== 'cost' ? { level: value } : {}), ...(pairedWith ? { pairedWith } : {}) }] };
}

/** A whole constant ability body → its conditions and effects; null when no sentence reads as one. */
export function parseConstants(body: string, used: Used): { requires: Condition[]; effects: Constant[] } | null {
  const playAs = parsePlayAs(body, used);
  if (playAs) return playAs;
  const list = sentences(body);
  // Several constant sentences share no condition: "This Unit gains <Blocker>. This Unit can't attack."
  if (list.length > 1) {
    if (!list.every((x) => /^This Unit /.test(x) && readsAsConstant(x))) return null;
    return { requires: [], effects: list.flatMap((x) => parseConstant(x, used)) };
  }
  let s = list[0]!;
  const requires: Condition[] = [];
  // "During your turn, while you are Lv.7 or higher, …": each prefix is a condition.
  for (let pre = /^(While|During|If) (.+?), (?=[a-z])/i.exec(s); pre; pre = /^(While|During|If) (.+?), (?=[a-z])/i.exec(s)) {
    const clause = pre[1] === 'During' ? pre[2]!.replace(/ turn$/, ' turn') : pre[2]!;
    if (pre[1] === 'During' && !/^your (?:opponent's )?turn$/.test(clause)) return null;
    requires.push(...parseConditions(clause, used));
    s = s.slice(pre[0].length);
    const selfRef = requires.some((r) => r.type === 'self' || r.type === 'battling');
    if (selfRef && /^it /.test(s)) s = `This Unit ${s.slice(3)}`;
    s = s.charAt(0).toUpperCase() + s.slice(1);
  }
  // "This Unit gets AP+2 during your turn." = "During your turn, this Unit gets AP+2."
  const trail = / during (your|your opponent's) turn$/.exec(s);
  if (trail && !readsAsConstant(s) && readsAsConstant(s.slice(0, trail.index))) {
    requires.push(parseCondition(`${trail[1]} turn`, used));
    s = s.slice(0, trail.index);
  }
  // "This Unit can't attack while there are 6 or less cards in your trash." = "While …, this Unit can't attack."
  const whileTail = / while (.+)$/.exec(s);
  if (whileTail && !readsAsConstant(s) && readsAsConstant(s.slice(0, whileTail.index))) {
    requires.push(...parseConditions(whileTail[1]!, used));
    used.add('const.trailing-while');
    s = s.slice(0, whileTail.index);
  }
  // "it is a (X) Unit" names a chosen card: never a constant's condition.
  if (!readsAsConstant(s) || requires.some((r) => r.type === 'picked')) return null;
  return { requires, effects: parseConstant(s, used) };
}
