/**
 * Noun phrases: the cards a selector or condition names, "rested enemy Unit with 3 or less HP that
 * is Lv.4 or lower", "of your other (White Base Team) Units", "(Zeon) Pilot card". Parsed into a
 * Filter and rendered back in the catalog's word order.
 */
import type { Cmp, Filter } from '../ir.js';
import { parseKeywordName, renderKeyword } from './keyword.js';
import { Unread } from './unread.js';

export interface Noun {
  filter: Filter;
  plural: boolean;
  /** The noun says "card" (a card in a zone), not a Unit in play. */
  card: boolean;
}

const NOUNS: [RegExp, Filter['type'] | undefined, boolean][] = [
  [/^(Unit|Pilot|Command|Base) cards?/, undefined, true],
  // A Pilot in play (paired in the battle area): "if you have a (CB) Pilot in play".
  [/^Pilots?/, 'pilot', false],
  [/^Units? or Bases?/, 'unit-or-base', false],
  [/^Units?\/Bases?/, 'unit-or-base', false],
  [/^Units?/, 'unit', false],
  [/^Bases?/, 'base', false],
  [/^cards?/, undefined, true],
];

function cmpOf(n: string, word: string | undefined): Cmp {
  const value = Number(n);
  return { op: word === 'less' || word === 'lower' || word === 'fewer' ? '<=' : word === 'more' || word === 'higher' ? '>=' : '=', value };
}

/** "a" or "an" before a noun phrase, by its first letter (the catalog's own usage). */
export const article = (np: string): string => `${/^[aeiou]/i.test(np) ? 'an' : 'a'} ${np}`;

/** Parses a whole noun phrase or throws Unread with it. */
export function parseNoun(np: string): Noun {
  let s = np.trim();
  const filter: Filter = { side: 'any' };
  const fail = (): never => {
    throw new Unread(np.trim());
  };
  if (s.startsWith('of your ')) {
    filter.side = 'friendly';
    s = s.slice(8);
  }
  for (;;) {
    const m = /^(rested|active|damaged|undamaged|non-battling|other|friendly|your|enemy) /.exec(s);
    if (!m) break;
    const w = m[1]!;
    if (w === 'rested') filter.rested = true;
    else if (w === 'non-battling') filter.notBattling = true;
    else if (w === 'undamaged') filter.damaged = false;
    else if (w === 'active') filter.rested = false;
    else if (w === 'damaged') filter.damaged = true;
    else if (w === 'other') filter.other = true;
    else filter.side = w === 'enemy' ? 'enemy' : 'friendly';
    s = s.slice(m[0].length);
  }
  const notColor = /^non-(red|blue|green|white|purple) /.exec(s);
  if (notColor) {
    filter.notColors = [notColor[1]!];
    s = s.slice(notColor[0].length);
  }
  const color = /^(red|blue|green|white|purple) /.exec(s);
  if (color) {
    filter.colors = [color[1]!];
    s = s.slice(color[0].length);
  }
  const traits = /^\(([^()]+)\)((?:\/\([^()]+\))*) /.exec(s);
  if (traits) {
    filter.traits = [traits[1]!, ...[...traits[2]!.matchAll(/\(([^()]+)\)/g)].map((t) => t[1]!)];
    s = s.slice(traits[0].length);
  }
  if (s.startsWith('Link ')) {
    filter.linked = true;
    s = s.slice(5);
  } else if (s.startsWith('Linked Units')) {
    // "1 of your (Phantom Pain) Linked Units": Link Units (3-2-6-2), as a few cards print it.
    filter.linked = true;
    filter.linkedWord = true;
    s = s.slice(7);
  }
  let card = false;
  let plural = false;
  let matched = false;
  const anyOf = /^((?:Unit|Pilot|Command|Base) card(?:\/(?:Unit|Pilot|Command|Base) card)+|(?:Unit|Pilot|Command|Base) cards(?:\/(?:Unit|Pilot|Command|Base) cards)+)(?=$| )/.exec(s);
  if (anyOf) {
    // "Unit card/Pilot card" (and "Pilot cards/Command cards"): any of these card types (cards outside the battle area).
    plural = anyOf[1]!.endsWith('cards');
    filter.types = anyOf[1]!.split('/').map((t) => t.replace(/ cards?$/, '').toLowerCase() as NonNullable<Filter['types']>[number]);
    if (new Set(filter.types).size !== filter.types.length) fail();
    card = true;
    matched = true;
    s = s.slice(anyOf[0].length);
  }
  const token = /^Unit (tokens?)/.exec(s);
  if (token) {
    // "friendly Unit token", "all your (League Militaire) Unit tokens".
    filter.type = 'unit';
    filter.token = true;
    plural = token[1] === 'tokens';
    matched = true;
    s = s.slice(token[0].length);
  }
  for (const [re, type, isCard] of matched ? [] : NOUNS) {
    const m = re.exec(s);
    if (!m) continue;
    matched = true;
    const kind = m[1];
    filter.type = kind ? (kind.toLowerCase() as Filter['type']) : type;
    if (filter.type === undefined) delete filter.type;
    card = isCard;
    plural = m[0].endsWith('s');
    s = s.slice(m[0].length);
    break;
  }
  if (!matched) fail();
  for (;;) {
    let m: RegExpExecArray | null;
    if ((m = /^ with ((?:<[A-Za-z][A-Za-z -]*?>\/)+<[A-Za-z][A-Za-z -]*?>)/.exec(s)) && !filter.keywordsAny) filter.keywordsAny = m[1]!.split('/').map(parseKeywordName);
    else if ((m = /^ with (<[A-Za-z][A-Za-z -]*?>)/.exec(s))) filter.keyword = parseKeywordName(m[1]!);
    else if ((m = /^ with (\d+)(?: or (less|more))? (HP|AP)/.exec(s))) filter[m[3] === 'HP' ? 'hp' : 'ap'] = cmpOf(m[1]!, m[2]);
    else if ((m = /^ that is Lv\.(\d+) or (lower|higher) or has (\d+) or (less|more) AP/.exec(s)) && !filter.levelOrAp && !filter.level && !filter.ap) filter.levelOrAp = { level: cmpOf(m[1]!, m[2]), ap: cmpOf(m[3]!, m[4]) };
    else if ((m = /^ that (?:is|are) Lv\.(\d+)(?: or (lower|higher))?/.exec(s))) filter.level = cmpOf(m[1]!, m[2]);
    else if ((m = /^ with "([^"]+)" or "([^"]+)" in (?:its|their) card names?/.exec(s)) && !filter.nameIncludesAny) filter.nameIncludesAny = [m[1]!, m[2]!];
    else if ((m = /^ with "([^"]+)" in (?:its|their) card names?/.exec(s))) filter.nameIncludes = m[1]!;
    else if ((m = /^ other than Link Units/.exec(s)) && filter.linked === undefined) filter.linked = false;
    else if ((m = /^ paired with an? ((?:\([^()]+\))(?:\/\([^()]+\))*) Pilot/.exec(s)) && !filter.pilotTraits && filter.type === 'unit') filter.pilotTraits = [...m[1]!.matchAll(/\(([^()]+)\)/g)].map((t) => t[1]!);
    else if ((m = /^ whose Lv\. is equal to or (lower|higher) than this Unit/.exec(s)) && !filter.levelVsSelf) filter.levelVsSelf = m[1] === 'lower' ? '<=' : '>=';
    // An earlier step's pick (sequence.ts checks there is one): "than that Unit" / "than the Unit rested with this ability".
    else if ((m = /^ whose Lv\. is equal to or (lower|higher) than (?:that Unit|the Unit rested with this ability)/.exec(s)) && !filter.levelVsPrevious) filter.levelVsPrevious = m[1] === 'lower' ? '<=' : '>=';
    else if ((m = /^ (?:with|that has) no paired Pilot/.exec(s)) && filter.paired === undefined) filter.paired = false;
    else if ((m = /^ paired with an? (.+)$/.exec(s)) && filter.type === 'pilot' && !card && !filter.pairedWith) {
      // "Pilot paired with an enemy Unit that is Lv.5 or lower": the Unit it is paired with.
      const inner = parseNoun(m[1]!);
      if (inner.card || inner.plural || inner.filter.type !== 'unit') fail();
      filter.pairedWith = inner.filter;
    }
    else if ((m = /^ paired with a Pilot that is Lv\.(\d+) or (lower|higher)/.exec(s)) && !filter.pilotLevel && filter.type === 'unit') filter.pilotLevel = cmpOf(m[1]!, m[2]);
    else if ((m = /^ paired with a Pilot(?! that| with)/.exec(s)) && filter.paired === undefined && filter.type === 'unit') filter.paired = true;
    else if ((m = /^ that has no Pilot paired with it/.exec(s)) && filter.paired === undefined && filter.type === 'unit') filter.paired = false;
    else if ((m = /^ with AP equal to or (less|more) than this Unit/.exec(s)) && !filter.apVsSelf && filter.type === 'unit') filter.apVsSelf = m[1] === 'less' ? '<=' : '>=';
    else if ((m = /^ with a keyword effect/.exec(s)) && !filter.anyKeyword && filter.type === 'unit') filter.anyKeyword = true;
    else if ((m = /^ with a 【Destroyed】 effect/.exec(s)) && !filter.hasTiming && filter.type === 'unit') filter.hasTiming = 'Destroyed';
    else if ((m = /^ without "([^"]+)" in (?:its|their) card names?/.exec(s)) && !filter.nameExcludes) filter.nameExcludes = m[1]!;
    else if ((m = /^,? other than Unit tokens/.exec(s)) && filter.token === undefined && filter.type === 'unit') filter.token = false;
    else if ((m = /^ that is being attacked/.exec(s)) && !filter.attacked && filter.type === 'unit') filter.attacked = true;
    else if ((m = /^ ((?:that is )?battling) this Unit$/.exec(s)) && !filter.battling && filter.type === 'unit') filter.battling = { self: true, words: m[1]! };
    else if ((m = /^ ((?:that is )?battling (?:an?|one of your)) (.+)$/.exec(s)) && !filter.battling && filter.type === 'unit') {
      const inner = parseNoun(m[2]!);
      if (inner.card || inner.filter.battling || inner.filter.type !== 'unit') fail();
      if (m[1]!.endsWith('one of your')) {
        if (inner.filter.side !== 'any') fail();
        inner.filter.side = 'friendly';
      }
      filter.battling = { unit: inner.filter, words: m[1]! };
    }
    else break;
    s = s.slice(m[0].length);
  }
  if (s.trim() !== '') fail();
  return { filter, plural, card };
}

function cmpWords(c: Cmp, less: string, more: string): string {
  return c.op === '=' ? `${c.value}` : `${c.value} or ${c.op === '<=' ? less : more}`;
}

export interface NounStyle {
  plural?: boolean;
  /** Print the side word ("enemy", "friendly"); off where the sentence already says whose ("you have"). */
  side?: boolean;
  /** A card in a zone: "Unit card" rather than "Unit". */
  card?: boolean;
}

export function renderNoun(f: Filter, style: NounStyle = {}): string {
  // "green (Earth Federation) Unit card/1 card with "AGE Device" in its card name"
  if (f.anyOf) return f.anyOf.map((g) => renderNoun(g, style)).join('/1 ');
  const words: string[] = [];
  if (f.rested === true) words.push('rested');
  if (f.rested === false) words.push('active');
  if (f.damaged) words.push('damaged');
  if (f.damaged === false) words.push('undamaged');
  if (f.notBattling) words.push('non-battling');
  if (style.side !== false && f.side === 'enemy') words.push('enemy');
  if (f.other) words.push('other');
  if (style.side !== false && f.side === 'friendly') words.push('friendly');
  if (f.notColors?.length) words.push(`non-${f.notColors.join('/')}`);
  if (f.colors?.length) words.push(f.colors.join('/'));
  if (f.traits?.length) words.push(f.traits.map((t) => `(${t})`).join('/'));
  if (f.linked && !f.linkedWord) words.push('Link');
  const s = style.plural ? 's' : '';
  const noun = f.types?.length
    ? f.types.map((t) => `${cap(t)} card${s}`).join('/')
    : f.token && f.type === 'unit'
      ? `Unit token${s}`
      : f.type === 'unit-or-base'
        ? `Unit${s} or Base${s}`
        : f.type === undefined
          ? `card${s}`
          : style.card || f.type === 'command'
            ? `${cap(f.type)} card${s}`
            : `${cap(f.type)}${s}`;
  words.push(f.linkedWord ? `Linked ${noun}` : noun);
  let out = words.join(' ');
  if (f.keyword) out += ` with ${renderKeyword({ name: f.keyword, amount: null })}`;
  if (f.keywordsAny) out += ` with ${f.keywordsAny.map((k) => renderKeyword({ name: k, amount: null })).join('/')}`;
  if (f.hp) out += ` with ${cmpWords(f.hp, 'less', 'more')} HP`;
  if (f.ap) out += ` with ${cmpWords(f.ap, 'less', 'more')} AP`;
  if (f.nameIncludes) out += ` with "${f.nameIncludes}" in its card name`;
  if (f.nameIncludesAny) out += ` with ${f.nameIncludesAny.map((n) => `"${n}"`).join(' or ')} in its card name`;
  if (f.pilotTraits) out += ` paired with a ${f.pilotTraits.map((t) => `(${t})`).join('/')} Pilot`;
  if (f.level) out += ` that ${style.plural ? 'are' : 'is'} Lv.${cmpWords(f.level, 'lower', 'higher')}`;
  if (f.levelOrAp) out += ` that is Lv.${cmpWords(f.levelOrAp.level, 'lower', 'higher')} or has ${cmpWords(f.levelOrAp.ap, 'less', 'more')} AP`;
  if (f.levelVsSelf) out += ` whose Lv. is equal to or ${f.levelVsSelf === '<=' ? 'lower' : 'higher'} than this Unit`;
  if (f.levelVsPrevious) out += ` whose Lv. is equal to or ${f.levelVsPrevious === '<=' ? 'lower' : 'higher'} than that Unit`;
  if (f.levelVsTrigger) out += ` whose Lv. is equal to or ${f.levelVsTrigger === '<=' ? 'lower' : 'higher'} than that Unit`;
  if (f.paired === false) out += ' with no paired Pilot';
  if (f.paired === true) out += ' paired with a Pilot';
  if (f.pilotLevel) out += ` paired with a Pilot that is Lv.${cmpWords(f.pilotLevel, 'lower', 'higher')}`;
  if (f.apVsSelf) out += ` with AP equal to or ${f.apVsSelf === '<=' ? 'less' : 'more'} than this Unit`;
  if (f.anyKeyword) out += ' with a keyword effect';
  if (f.hasTiming) out += ` with a 【${f.hasTiming}】 effect`;
  if (f.pairedWith) {
    const np = renderNoun(f.pairedWith);
    out += ` paired with ${article(np)}`;
  }
  if (f.nameExcludes) out += ` without "${f.nameExcludes}" in its card name`;
  if (f.linked === false) out += ' other than Link Units';
  if (f.token === false) out += ', other than Unit tokens';
  if (f.attacked) out += ' that is being attacked';
  if (f.battling) {
    const oneOf = f.battling.words.endsWith('one of your');
    out += ` ${f.battling.words} ${f.battling.self ? 'this Unit' : renderNoun(f.battling.unit!, { plural: oneOf, side: !oneOf })}`;
  }
  return out;
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
