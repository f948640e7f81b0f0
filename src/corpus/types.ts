/** Record types shared by the corpus build (tools/) and the runtime loader (src/). */
import type { Ability, EffectsCoverage } from '../abilities/ir.js';

/**
 * Questions and situations each rule decides, in players' words, by document id and rule id. Written
 * by the project from the rules' text (corpus/asks, not the publisher's): search matches a question
 * that describes a situation to the rule that decides it even when they share no words.
 */
export type RuleAsks = Record<string, Record<string, string[]>>;

export type GameId = 'gundam' | 'gundam-war';
export type Language = 'en' | 'ja';
export type Authority = 'official' | 'unofficial';
export type DocumentKind =
  | 'comprehensive-rules'
  | 'glossary'
  | 'tournament'
  | 'errata'
  | 'rulebook';

export interface DocumentMeta {
  id: string;
  title: string;
  game: GameId;
  kind: DocumentKind;
  language: Language;
  version: string;
  /** ISO date (YYYY-MM-DD) the document says it was updated or takes effect. */
  date: string | null;
  authority: Authority;
  /** The raw source file under corpus/sources the document was built from. */
  source: string;
  publisher_url?: string;
  notes?: string[];
}

/** A cross-reference found in a rule's text, e.g. "(See 12-2-5. 【Burst】)". */
export interface CrossReference {
  /** The number as printed. */
  cited: string;
  /** The title as printed (keyword names restored), if any. */
  title: string | null;
  /** The rule the reference points at in this document, or null when nothing matches. */
  target: string | null;
  /**
   * Set when the printed number and the printed title name different rules. When the number is
   * one behind the rule meant (an unrenumbered insertion), the build rewrote it in the text
   * (repair `reference-renumbered`); `cited` keeps the number as printed.
   */
  discrepancy?: string;
}

/** A repair made by the corpus build, recorded on the record it changed. */
export interface Repair {
  kind: 'keyword-restored' | 'heading-restored' | 'number-joined' | 'text-normalized' | 'reference-renumbered' | 'split-into-items';
  detail: string;
  /** Where the restored value came from (section order, Japanese counterpart, reminder text...). */
  via?: string;
}

export type Alignment =
  /** The Japanese paragraph's number was inferred by order against the English section. */
  | 'inferred'
  /** The Japanese section heading carries the number itself. */
  | 'numbered'
  /** The counts differ; the paragraph was matched to the English rule by content (lower confidence). */
  | 'matched'
  /** The paragraph could not be lined up with the English section (the Japanese prints a rule the English lacks). */
  | 'unaligned';

/**
 * How a Comprehensive Rules record differs from the other language's (corpus/notes/cr-differences.json,
 * tools/corpus/differences.ts). `no-counterpart`: the other language has no such rule; `differs`:
 * the counterpart says something else or more. `summary`: the project's English account of what
 * the one language says that the other does not.
 */
export interface RuleDifference {
  kind: 'no-counterpart' | 'differs';
  summary: string;
  /** What flagged it (counts that disagree), for the reader who checks. */
  signals: string[];
}

export interface RuleRecord {
  /** The printed number: `8-5-3-2` in the rules, `2.4.1` in the tournament manual. */
  id: string;
  document: string;
  language: Language;
  version: string;
  /** Heading text when the rule is a heading ("Damage Step"), otherwise null. */
  heading: string | null;
  /** Headings of the ancestors from the chapter down, e.g. ["8. Attacking and Battles", "8-5. Damage Step"]. */
  path: string[];
  parent: string | null;
  children: string[];
  text: string;
  cites: CrossReference[];
  repairs: Repair[];
  /** True when a keyword name lost by the source was restored in this record. */
  restored: boolean;
  /**
   * Linked rule in the other language's document. `confidence`: 'checked' when what both print
   * alike (cited numbers, digits, keyword names, 【】 timings, terms, length) agrees, 'uncertain'
   * with the `reason` otherwise (tools/corpus/link-check.ts).
   */
  counterpart: { document: string; id: string; confidence?: 'checked' | 'uncertain'; reason?: string } | null;
  /** Set when the build corrected this record's link: what was wrong. */
  counterpart_note?: string;
  alignment?: Alignment;
  /** Set on Comprehensive Rules records that have no counterpart or whose counterpart differs. */
  difference?: RuleDifference;
}

export type CardType = 'unit' | 'pilot' | 'command' | 'base' | 'resource';
export type FieldSource = 'seed' | 'official' | 'seed+official';

export interface CardKeyword {
  name: string;
  /** The amount (Repair 2 -> 2); null when the keyword has no amount or the source lost it. */
  amount: number | null;
  /**
   * innate: the card has it; conditional: it has it under a condition (【During Pair】, "While...");
   * grants: it gives it to other cards; mentions: the text only refers to it ("enemy Unit with <Blocker>").
   */
  scope: 'innate' | 'conditional' | 'grants' | 'mentions';
  source: 'official' | 'seed' | 'seed-reminder';
  /** For conditional keywords the engine can check: only while a Pilot is paired, or while linked. */
  when?: 'paired' | 'linked';
  /** Set when the source lost the amount of a keyword that takes one. */
  amount_lost?: boolean;
}

export interface LinkCondition {
  text: string;
  /** Pilot names (or parts of names) in brackets: [Amuro Ray]. */
  names: string[];
  /** Traits in parentheses: (Earth Federation) Trait. */
  traits: string[];
}

/** A card field's value as one source gives it (differences between sources). */
export type FieldValue = string | number | boolean | string[] | null;

export interface CardRecord {
  id: string;
  /** The card number of the base printing when this is an alternate printing, otherwise null. */
  base_id: string | null;
  name: string;
  type: CardType;
  token: boolean;
  /** The product the printing appeared in, as the seed catalog names it (GD01, BETA, ST05...). */
  set: string;
  color: string | null;
  level: number | null;
  cost: number | null;
  ap: number | null;
  hp: number | null;
  traits: string[];
  text: string;
  keywords: CardKeyword[];
  link: LinkCondition | null;
  zones: string[];
  rarity: string | null;
  /** Every printing of this card number, base first, including official printings the seed lacks. */
  printings: CardPrinting[];
  /** Which source each field came from. */
  sources: Record<string, FieldSource>;
  /** Fields where the seed and the official data disagreed; the official value is kept. */
  differences: { field: string; seed: FieldValue; official: FieldValue }[];
  /** What the sources lost and could not be recovered (e.g. "keyword-name-lost"). */
  flags: string[];
  /** The card's text compiled into the ability IR (src/abilities/compile.ts), one per ability. */
  abilities: Ability[];
  /** "full": every ability compiles; "partial": some are unsupported; "none": no text. */
  effects: EffectsCoverage;
}

export interface CardPrinting {
  id: string;
  /** Product code as the seed names it, or the official product for official-only printings. */
  set: string | null;
  rarity: string | null;
  source: FieldSource;
}

export interface CardSet {
  code: string;
  name: string | null;
  printings: number;
}
