/**
 * Restores the angle-bracket keyword names (<Repair>, <Blocker>, ...) that the English source lost.
 *
 * A hole is a place where the grammar shows a missing name ("a Unit with gains", "such as and .",
 * "13-1-4-1. is a keyword effect"). Which name goes into a hole comes, in order of preference, from
 * the Japanese counterpart (which kept its 《》 names), from the keyword section the rule belongs to
 * (13-1-N), or from the same words around an already restored rule. Weaker clues ("its own effect")
 * are used only when the Japanese counterpart says a keyword is named there.
 */
import { KEYWORDS, keywordByJa, keywordByName, type KeywordDef } from '../../src/corpus/keywords.js';
import type { Repair } from '../../src/corpus/types.js';

interface Hole {
  /** Index in the text where the name goes. */
  at: number;
  /** How to splice: ' <K>' after a word, '<K> ' at a sentence start, '<K>' inside "(See n. )". */
  form: 'after-word' | 'before-word' | 'bare';
  /** True when the hole sits in an "Ex:" example (where amounts are printed). */
  inExample: boolean;
}

/** Grammar that only makes sense with a name missing. */
const STRONG: { re: RegExp; form: Hole['form'] }[] = [
  { re: /^(?=is a keyword effect|indicates the effect)/g, form: 'before-word' },
  { re: /(?<=[.”] )(?=indicates the effect)/g, form: 'before-word' },
  // The stripping left the space that preceded the name: "with ." / "gains ," / "such as and .".
  { re: /(?<=\b(?:with|of))(?= (?:gains|from|is|when|deals|cannot)\b| [,.)”])/g, form: 'after-word' },
  { re: /(?<=\b(?:has|gains|gain|becomes|and))(?= [,.)”])/g, form: 'after-word' },
  { re: /(?<=\bactivate)(?= on one\b| [.”])/g, form: 'after-word' },
  { re: /(?<=\bsuch as)(?= and\b)/g, form: 'after-word' },
  { re: /(?<=\ba)(?= effect\b)/g, form: 'after-word' },
  { re: /(?<=\((?:See|see) \d+(?:-\d+)*\. )(?=\))/g, form: 'bare' },
];

/** Grammatical on their own; used only when the Japanese counterpart names a keyword here. */
const WEAK: { re: RegExp; form: Hole['form'] }[] = [
  { re: /(?<=\bown)(?= effect\b)/g, form: 'after-word' },
  { re: /(?<=\byour)(?= effects\b)/g, form: 'after-word' },
  { re: /(?<=^The)(?= (?:keyword )?effect\b)/g, form: 'after-word' },
];

function findHoles(text: string, patterns: typeof STRONG): Hole[] {
  const holes: Hole[] = [];
  const exampleAt = text.search(/\bEx:/);
  for (const { re, form } of patterns) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      holes.push({ at: m.index, form, inExample: exampleAt >= 0 && m.index > exampleAt });
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return holes.sort((a, b) => a.at - b.at).filter((h, i, all) => i === 0 || all[i - 1]!.at !== h.at);
}

export interface JaMention {
  def: KeywordDef;
  /** Printed amount in an example (《リペア：1》), '(amount)' for 《リペア（数値）》, null when none. */
  amount: number | '(amount)' | null;
  inExample: boolean;
}

/** The keyword names a Japanese paragraph prints, in order. */
export function jaMentions(text: string): JaMention[] {
  const out: JaMention[] = [];
  const exampleAt = text.indexOf('例：');
  for (const m of text.matchAll(/《([^》]+)》/g)) {
    const raw = m[1]!;
    const amountWord = /（数値）|\(数値\)/.test(raw);
    const num = /[：:]\s*(\d+)$/.exec(raw);
    const def = keywordByJa(raw.replace(/（数値）|\(数値\)/, '').replace(/[：:]\s*\d+$/, ''));
    if (!def) continue;
    out.push({
      def,
      amount: num ? Number(num[1]) : amountWord ? '(amount)' : null,
      inExample: exampleAt >= 0 && m.index! > exampleAt,
    });
  }
  return out;
}

function render(def: KeywordDef, amount: number | '(amount)' | null): string {
  return amount === null ? `<${def.name}>` : `<${def.name} ${amount}>`;
}

function splice(text: string, hole: Hole, name: string): string {
  const before = text.slice(0, hole.at);
  const after = text.slice(hole.at);
  if (hole.form === 'before-word') return `${before}${name} ${after}`;
  if (hole.form === 'bare') return `${before}${name}${after}`;
  // "with ." -> "with <Blocker>.": the space before the punctuation was the name's.
  return `${before} ${name}${/^ [,.)”]/.test(after) ? after.slice(1) : after}`;
}

export interface RestoreContext {
  /** Keyword names the Japanese counterpart prints, in order (empty when there is none). */
  ja: JaMention[];
  /** The keyword of the 13-1-N section the rule sits in, if any. */
  section?: KeywordDef;
  /** Restored English texts to learn "words before a hole -> keyword" from. */
  lookup?: (leftWords: string) => KeywordDef | undefined;
}

export interface RestoreResult {
  text: string;
  repairs: Repair[];
  /** Holes no clue could name. */
  unresolved: number;
}

/**
 * Fills the holes of one English text. Amounts are filled only where the source prints them: in
 * examples (from the Japanese example) and as "(amount)" where the Japanese prints （数値）.
 */
export function restoreKeywords(text: string, ctx: RestoreContext): RestoreResult {
  const present = new Set(KEYWORDS.filter((k) => text.includes(`<${k.name}`)).map((k) => k.name));
  const wanted = ctx.ja.filter((m) => !present.has(m.def.name));
  let holes = findHoles(text, STRONG);
  if (holes.length === 0 && wanted.length > 0) holes = findHoles(text, WEAK).slice(0, 1);
  if (holes.length === 0) return { text, repairs: [], unresolved: 0 };

  const distinct = [...new Set(ctx.ja.map((m) => m.def))];
  const plain = ctx.ja.filter((m) => !m.inExample);
  const examples = ctx.ja.filter((m) => m.inExample && typeof m.amount === 'number');
  const plainHoles = holes.filter((h) => !h.inExample);
  const exampleHoles = holes.filter((h) => h.inExample);

  const choices: ({ def: KeywordDef; amount: number | '(amount)' | null; via: string } | null)[] = [];
  for (const hole of holes) {
    let def: KeywordDef | undefined;
    let amount: number | '(amount)' | null = null;
    let via = '';
    if (hole.inExample && examples.length === exampleHoles.length && examples.length > 0) {
      const m = examples[exampleHoles.indexOf(hole)]!;
      def = m.def;
      amount = m.amount;
      via = 'Japanese example';
    } else if (!hole.inExample && plain.length === plainHoles.length && plain.length > 0) {
      const m = plain[plainHoles.indexOf(hole)]!;
      def = m.def;
      amount = m.amount;
      via = 'Japanese counterpart, in order';
    } else if (distinct.length === 1) {
      def = distinct[0]!;
      via = 'Japanese counterpart';
    } else if (ctx.section) {
      def = ctx.section;
      via = 'keyword section';
    } else if (ctx.lookup) {
      const left = text.slice(Math.max(0, hole.at - 40), hole.at).split(' ').slice(-3).join(' ');
      def = ctx.lookup(left);
      via = 'same words in a restored rule';
    }
    choices.push(def ? { def, amount, via } : null);
  }
  let out = text;
  const repairs: Repair[] = [];
  let unresolved = 0;
  // Splice from the end so earlier indexes stay valid.
  for (let i = holes.length - 1; i >= 0; i--) {
    const c = choices[i];
    if (!c) {
      unresolved++;
      continue;
    }
    const name = render(c.def, c.amount);
    out = splice(out, holes[i]!, name);
    repairs.unshift({ kind: 'keyword-restored', detail: `restored ${name}`, via: c.via });
  }
  return { text: out, repairs, unresolved };
}

/** Finds the keyword a restored text prints right after some words ("may activate" -> Blocker). */
export function keywordLookup(texts: () => Iterable<string>): (leftWords: string) => KeywordDef | undefined {
  return (left) => {
    const re = new RegExp(`${left.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} <([A-Za-z -]+?)(?: \\d+| \\(amount\\))?>`);
    for (const t of texts()) {
      const m = re.exec(t);
      if (m) return keywordByName(m[1]!);
    }
    return undefined;
  };
}
