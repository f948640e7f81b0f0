/**
 * Card search: filters (type, color, set, trait, keyword, level, cost) over the catalog, and a
 * MiniSearch index over names, traits, keywords and text for free-text queries and loose names
 * ("unicorn gundam destroy mode").
 */
import MiniSearch from 'minisearch';
import type { CardRecord, CardType } from '../corpus/types.js';
import type { Ability } from '../abilities/ir.js';
import { parseKeyword } from '../corpus/keywords.js';
import { processEnglish, tokenizeEnglish } from './text.js';
import { nameKey } from '../corpus/card-keys.js';
import { loadOrBuild } from './persist.js';

export interface CardFilters {
  query?: string;
  type?: CardType;
  color?: string;
  set?: string;
  trait?: string;
  keyword?: string;
  level?: number;
  cost?: number;
  /** 'all' lists every printing (default); 'base' lists one record per card number. */
  printings?: 'all' | 'base';
}

interface IndexedCard {
  i: number;
  name: string;
  traits: string;
  keywords: string;
  text: string;
  id: string;
}

const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6', vii: '7', viii: '8', ix: '9', x: '10' };

/**
 * Names without their punctuation: "Unicorn Gundam (Destroy Mode)" matches "unicorn gundam destroy
 * mode". Roman numerals as words are numbers: names print "Zaku Ⅱ" (NFKC: "zaku ii"), people type
 * "zaku 2" or "zaku ii", and a "2" must not find "Ptolemaios 2" first.
 */
export function looseName(s: string): string {
  return nameKey(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w) => ROMAN[w] ?? w)
    .join(' ');
}

const CARD_OPTIONS = { idField: 'i', fields: ['name', 'traits', 'keywords', 'text', 'id'], tokenize: tokenizeEnglish, processTerm: processEnglish };
const NAME_OPTIONS = {
  idField: 'i',
  fields: ['name'],
  tokenize: (t: string) => looseName(t).split(' '),
  processTerm: (t: string) => (t ? t.toLowerCase() : null),
};

export class CardSearch {
  readonly index: MiniSearch<IndexedCard>;
  readonly nameIndex: MiniSearch<{ i: number; name: string }>;
  /** Each card's name without punctuation or case, for exact loose matches without a scan of regexes. */
  private readonly looseNames: Map<string, number[]>;

  constructor(
    private readonly cards: CardRecord[],
    fingerprint?: string,
  ) {
    this.index = loadOrBuild<IndexedCard>('cards', CARD_OPTIONS, fingerprint, () => {
      const index = new MiniSearch<IndexedCard>(CARD_OPTIONS);
      index.addAll(
        cards.map((c, i) => ({
          i,
          name: c.name,
          traits: c.traits.join(' '),
          keywords: c.keywords.map((k) => k.name).join(' '),
          text: c.text,
          id: c.id,
        })),
      );
      return index;
    });
    this.looseNames = new Map();
    cards.forEach((c, i) => {
      const k = looseName(c.name);
      const list = this.looseNames.get(k) ?? [];
      list.push(i);
      this.looseNames.set(k, list);
    });
    // Names only, one entry per distinct name, for get_card's loose name matching.
    this.nameIndex = loadOrBuild<{ i: number; name: string }>('card-names', NAME_OPTIONS, fingerprint, () => {
      const seen = new Set<string>();
      const names: { i: number; name: string }[] = [];
      cards.forEach((c, i) => {
        const k = nameKey(c.name);
        if (seen.has(k)) return;
        seen.add(k);
        names.push({ i, name: c.name });
      });
      const index = new MiniSearch<{ i: number; name: string }>(NAME_OPTIONS);
      index.addAll(names);
      return index;
    });
  }

  search(f: CardFilters): { total: number; indexes: number[] } {
    const pass = cardFilter(f);
    let order: number[];
    if (f.query && f.query.trim()) {
      const options = {
        boost: { name: 4, id: 4, keywords: 2, traits: 1.5, text: 1 },
        fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
        filter: (r: { id: unknown }) => pass(this.cards[r.id as number]!),
      };
      const hits = this.index.search(f.query, {
        ...options,
        prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 3,
        combineWith: 'AND',
      });
      // Nothing with every word: fall back to any word, best first.
      const results = hits.length ? hits : this.index.search(f.query, { ...options, combineWith: 'OR' });
      order = results.map((r) => r.id as number);
    } else {
      order = [];
      this.cards.forEach((c, i) => {
        if (pass(c)) order.push(i);
      });
    }
    return { total: order.length, indexes: order };
  }

  /**
   * Cards whose name matches `name`, best first, and whether it is the name itself (ignoring
   * punctuation, case and how a numeral is written). Otherwise every word asked must be in the name
   * (whole, as a prefix or with a typo); a name of whole words beats prefixes and typos, a name that
   * starts with the words asked beats one that has them later, a shorter name beats a longer one,
   * and a name printed on more card numbers wins a tie (zaku: Zaku Ⅱ before Zaku Ⅰ and Psycho
   * Zaku). A word that is in no name ("gundam banana") means no match: a name is never guessed from
   * some of its words.
   */
  byLooseName(name: string, max = 10): { indexes: number[]; exact: boolean } {
    const want = looseName(name);
    const exact = this.looseNames.get(want);
    if (exact) return { indexes: exact, exact: true };
    const words = want.split(' ').filter(Boolean);
    if (!words.length) return { indexes: [], exact: false };
    const hits = this.nameIndex.search(want, { combineWith: 'AND', prefix: true, fuzzy: (t) => (t.length >= 4 ? 0.25 : false) });
    const ranked = hits.map((h) => {
      const i = h.id as number;
      const nameWords = looseName(this.cards[i]!.name).split(' ');
      const whole = words.filter((w) => nameWords.includes(w)).length;
      const leading = words.every((w, k) => nameWords[k] === w) ? 1 : 0;
      const printings = new Set((this.looseNames.get(nameWords.join(' ')) ?? []).map((j) => this.cards[j]!.base_id ?? this.cards[j]!.id)).size;
      return { i, whole, leading, extra: nameWords.length - words.length, printings, score: h.score };
    });
    ranked.sort((a, b) => b.whole - a.whole || b.leading - a.leading || a.extra - b.extra || b.printings - a.printings || b.score - a.score);
    return { indexes: ranked.slice(0, max).map((r) => r.i), exact: false };
  }

  /** Names that share a word or nearly do with `name`, best first: what to suggest when none matches. */
  closeNames(name: string, max = 3): number[] {
    return this.nameIndex
      .search(looseName(name), { combineWith: 'OR', prefix: true, fuzzy: (t) => (t.length >= 4 ? 0.3 : false) })
      .slice(0, max)
      .map((h) => h.id as number);
  }
}

/** The filters as one test per card, with each filter's value folded once rather than per card. */
function cardFilter(f: CardFilters): (c: CardRecord) => boolean {
  const color = f.color?.toLowerCase();
  const set = f.set?.toUpperCase();
  const trait = f.trait?.toLowerCase().replace(/[()]/g, '').trim();
  const keyword = f.keyword ? parseKeyword(f.keyword) : undefined;
  return (c) => {
    if (f.printings === 'base' && c.base_id !== null) return false;
    if (f.type && c.type !== f.type) return false;
    if (color && (c.color ?? '').toLowerCase() !== color) return false;
    if (set && c.set.toUpperCase() !== set && !c.id.toUpperCase().startsWith(`${set}-`)) return false;
    if (f.trait && !c.traits.some((x) => x.toLowerCase() === trait)) return false;
    if (f.keyword) {
      // An unknown keyword matches no card.
      if (!keyword || !keywordOn(c, keyword.def.name, keyword.amount)) return false;
    }
    if (f.level !== undefined && c.level !== f.level) return false;
    if (f.cost !== undefined && c.cost !== f.cost) return false;
    return true;
  };
}

/** How a card has a keyword: always (printed on its own line), under a condition, or given to others. */
export interface KeywordOn {
  name: string;
  amount: number | null;
  /** always: the card has it; conditional: only while a condition holds ("while ...", 【During Pair】); grants: it gives it to other cards. */
  scope: 'always' | 'conditional' | 'grants';
  /** The condition the engine checks, when it is pairing or linking. */
  when?: 'paired' | 'linked';
}

const SELF_TARGET = new Set(['self']);

/**
 * Whether a card has (or gives) a keyword, from the card's own keywords (innate, conditional,
 * grants; a keyword the text only mentions does not count) and its compiled abilities: a keyword
 * line, or a constant ability that gives this card the keyword (conditional when the ability has
 * requirements). The strongest way wins: always over conditional over grants.
 */
export function keywordOn(c: CardRecord, name: string, amount: number | null = null): KeywordOn | undefined {
  const found: KeywordOn[] = [];
  const fits = (n: string, a: number | null) => n === name && (amount === null || a === amount);
  for (const k of c.keywords) {
    if (k.scope === 'mentions' || !fits(k.name, k.amount)) continue;
    found.push({ name: k.name, amount: k.amount, scope: k.scope === 'innate' ? 'always' : k.scope, ...(k.when ? { when: k.when } : {}) });
  }
  for (const a of (c.abilities ?? []) as Ability[]) {
    if (a.kind === 'keyword' && fits(a.keyword.name, a.keyword.amount)) found.push({ name, amount: a.keyword.amount, scope: a.requires.length ? 'conditional' : 'always' });
    if (a.kind !== 'constant') continue;
    for (const e of a.effects) {
      if (e.type !== 'keyword' || !fits(e.keyword.name, e.keyword.amount)) continue;
      const self = SELF_TARGET.has(e.target.type);
      // "the same number of <Repair> as the number of …": none while the count is 0, so conditional.
      found.push({ name, amount: e.keyword.amount, scope: !self ? 'grants' : a.requires.length || e.forEach ? 'conditional' : 'always' });
    }
  }
  const rank = { always: 0, conditional: 1, grants: 2 } as const;
  return found.sort((x, y) => rank[x.scope] - rank[y.scope])[0];
}
