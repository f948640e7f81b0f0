/**
 * The keyword effects of the Gundam Card Game (Comprehensive Rules 13-1), with what identifies each
 * one when a source has lost its name: its Japanese name, its reminder text on cards, and the
 * words the rules and glossary use to describe it. Game knowledge, written once, used by the corpus
 * build (to restore stripped names) and at run time (search synonyms, engine keyword parsing).
 */

export interface KeywordDef {
  /** English name as printed between angle brackets: <Repair 1>. */
  name: string;
  /** Japanese name as printed between 《》. */
  ja: string;
  /** Whether the keyword takes an amount (<Breach 3>). */
  amount: boolean;
  /** The rule that defines it in Comprehensive Rules EN 1.7.0. */
  rule: string;
  /** Reminder text printed on cards after the keyword (its parenthesised explanation). */
  reminder: RegExp;
  /** Phrases the rules and glossary use when they describe the keyword without naming it. */
  describes: RegExp;
  /** Words players use for it, for search. */
  aliases: string[];
}

export const KEYWORDS: readonly KeywordDef[] = [
  {
    name: 'Repair',
    ja: 'リペア',
    amount: true,
    rule: '13-1-1',
    reminder: /this Unit recovers the specified number of HP/i,
    describes: /recovers? \(amount\) HP|heals? damage at end of turn|end of your turn, this Unit recovers/i,
    aliases: ['heal', 'regenerate', 'recover'],
  },
  {
    name: 'Breach',
    ja: '突破',
    amount: true,
    rule: '13-1-2',
    reminder: /destroys an enemy Unit(?: with battle damage)?, deal the specified amount of damage to (?:the first card|a card) in that opponent's shield area/i,
    describes: /destroys an enemy Unit with battle damage|first card in the enemy shield area after destroying/i,
    aliases: ['trample', 'pierce', 'overflow'],
  },
  {
    name: 'Support',
    ja: '援護',
    amount: true,
    rule: '13-1-3',
    reminder: /Rest this Unit\. 1 other friendly Unit gets AP\+/i,
    describes: /activates when you rest the Unit|buffs allied Units|other friendly unit\. It gets AP\+/i,
    aliases: ['assist', 'buff'],
  },
  {
    name: 'Blocker',
    ja: 'ブロッカー',
    amount: false,
    rule: '13-1-4',
    reminder: /Rest this Unit to change the attack target to it/i,
    describes: /change the attack target to (?:the Unit|it)|declare a block/i,
    aliases: ['block', 'blocking', 'intercept', 'redirect'],
  },
  {
    name: 'First Strike',
    ja: '先制攻撃',
    amount: false,
    rule: '13-1-5',
    reminder: /While this Unit is attacking, it deals damage before the enemy Unit/i,
    describes: /deals? (?:battle )?damage before the enemy|damage first/i,
    aliases: ['first-strike', 'strike first', 'preemptive'],
  },
  {
    name: 'High-Maneuver',
    ja: '高機動',
    amount: false,
    rule: '13-1-6',
    reminder: /This Unit can't be blocked/i,
    describes: /enemy Units cannot activate|can't be blocked|cannot be blocked/i,
    aliases: ['high maneuver', 'unblockable', 'evasion'],
  },
  {
    name: 'Suppression',
    ja: '制圧',
    amount: false,
    rule: '13-1-7',
    reminder: /Damage to Shields by an attack is dealt to the first 2 cards simultaneously/i,
    describes: /first two Shields simultaneously|first 2 cards simultaneously/i,
    aliases: ['two shields', 'double shield'],
  },
  {
    name: 'Development',
    ja: '開発',
    amount: true,
    rule: '13-1-8',
    reminder: /exile the specified number of \(G Generation\) cards/i,
    describes: /nested in timing keywords|contained within a keyword for a timed effect/i,
    aliases: ['g generation exile'],
  },
];

const byName = new Map(KEYWORDS.map((k) => [k.name.toLowerCase(), k]));
const byJa = new Map(KEYWORDS.map((k) => [k.ja, k]));

/** The keyword named `name` (case-insensitive, "high maneuver" and "first-strike" accepted). */
export function keywordByName(name: string): KeywordDef | undefined {
  const n = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return byName.get(n) ?? byName.get(n.replace(/ /g, '-')) ?? byName.get(n.replace(/-/g, ' '));
}

/** The keyword whose Japanese name is `ja` (the spelling variant リぺア included). */
export function keywordByJa(ja: string): KeywordDef | undefined {
  return byJa.get(ja.replace(/ぺ/g, 'ペ').replace(/[：:\s]*\d+$/, '').trim());
}

/** The keyword whose reminder text appears in `text`, if exactly one does. */
export function keywordByReminder(text: string): KeywordDef | undefined {
  const hits = KEYWORDS.filter((k) => k.reminder.test(text));
  return hits.length === 1 ? hits[0] : undefined;
}

/** The keyword that `description` describes, if exactly one matches. */
export function keywordByDescription(description: string): KeywordDef | undefined {
  const hits = KEYWORDS.filter((k) => k.describes.test(description));
  return hits.length === 1 ? hits[0] : undefined;
}

/** Parses "Breach 3", "<Repair 1>", "first strike" into a keyword and amount. */
export function parseKeyword(spec: string): { def: KeywordDef; amount: number | null } | undefined {
  const m = /^<?\s*([A-Za-z][A-Za-z\- ]*?)\s*(\d+)?\s*>?$/.exec(spec.trim());
  if (!m) return undefined;
  const def = keywordByName(m[1]!);
  if (!def) return undefined;
  return { def, amount: m[2] !== undefined ? Number(m[2]) : null };
}
