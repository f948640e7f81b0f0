/**
 * Printed wording that says the same as a form the patterns read, rewritten before compiling (as
 * two-player.ts does): "During this turn, this Unit gets AP+1 and, if it is a Link Unit, it gains
 * <High-Maneuver>." is "This Unit gets AP+1 during this turn. If this Unit is a Link Unit, it gains
 * <High-Maneuver> during this turn." (the "if" governs only the second part, 10-2-1). The round
 * trip folds the source the same way (normalize.ts), and the ability keeps its printed text.
 */
const RULES: { id: string; re: RegExp; to: string | ((...m: string[]) => string) }[] = [
  {
    id: 'rule.and-if',
    re: /\bDuring this (turn|battle), this Unit gets ((?:AP|HP)[+-]\d+(?: and (?:AP|HP)[+-]\d+)?) and, if it is ([^,.]+), it (gains <[^>]+>|gets (?:AP|HP)[+-]\d+)\./g,
    to: 'This Unit gets $2 during this $1. If this Unit is $3, it $4 during this $1.',
  },
  // "【Deploy】/【Attack】X" is two abilities with the same effect: "【Deploy】X 【Attack】X".
  { id: 'rule.two-timings', re: /^【(Deploy|Attack|When Paired|When Linked|Destroyed)】\/【(Deploy|Attack|When Paired|When Linked|Destroyed)】(.+)$/g, to: '【$1】$3 【$2】$3' },
  // "You may choose 1 (X-Rounder) card from your trash and add it to your hand." = "… from your trash. Add it to your hand."
  { id: 'rule.choose-and-add', re: /\b(choose \d+ [^.]+? from your trash) and (add (?:it|them) to your hand)\./gi, to: (_m: string, a: string, b: string) => `${a}. ${b.charAt(0).toUpperCase()}${b.slice(1)}.` },
  // "During this turn, all Units paired with a Pilot get AP+2." = "All … get AP+2 during this turn."
  { id: 'rule.leading-duration', re: /\bDuring this (turn|battle), all ([^.,]+?) get ((?:AP|HP)[+-]\d+(?: and (?:AP|HP)[+-]\d+)?)\./g, to: 'All $2 get $3 during this $1.' },
  // "When this Unit is rested by an effect, set it as active.": "it" is this Unit, the sentence's subject.
  { id: 'rule.it-this-unit', re: /\b(When this Unit is rested by an effect), set it as active\./g, to: '$1, set this Unit as active.' },
  // "When this Unit is blocked by …, it can't receive battle damage during this battle.": "it" is this Unit.
  { id: 'rule.blocked-it', re: /\b(When this Unit is blocked by [^,]+), it (can't|gets|gains)\b/g, to: '$1, this Unit $2' },
  // "Deploy 1 rested [A](…) Unit token and 1 rested [B](…) Unit token." = two deploy sentences.
  {
    id: 'rule.two-tokens',
    re: /\b(Deploy) (\d+ (?:rested )?\[[^\]]+\]\((?:\([^()]+\))(?:\/\([^()]+\))*[^()]*\) Unit tokens?) and (\d+ (?:rested )?\[[^\]]+\]\((?:\([^()]+\))(?:\/\([^()]+\))*[^()]*\) Unit tokens?)\./g,
    to: '$1 $2. Deploy $3.',
  },
  // "friendly (Orb) Units can't receive 2 or less enemy effect damage": every such Unit, "all" (GD05-123).
  { id: 'rule.plural-all', re: /(^|, )(friendly|enemy) ((?:\([^()]+\)(?:\/\([^()]+\))* )?Units can't receive \d+ or less )/g, to: '$1all $2 $3' },
  // "If 1 to 4 enemy Units are in play, … If 5 or more are in play, …" (GD03-117): the range is both
  // bounds, and the second "if" counts the same Units.
  {
    id: 'rule.count-range',
    re: /\bIf (\d+) to (\d+) ((?:enemy |friendly )?Unit)s are in play, ([^.]+)\. If (\d+ or more) are in play, /g,
    to: (_m: string, lo: string, hi: string, noun: string, first: string, more: string) =>
      `If ${lo === '1' ? `a ${noun} is` : `${lo} or more ${noun}s are`} in play and ${hi} or less ${noun}s are in play, ${first}. If ${more} ${noun}s are in play, `,
  },
  // A misprint in one card's text (ST09-004): "While a friendly Base in play, …".
  { id: 'rule.missing-is', re: /\bWhile a friendly Base in play, /g, to: 'While a friendly Base is in play, ' },
  {
    // "All your (Cyclops Team) Units may choose X as their attack target during this turn."
    id: 'rule.all-may-choose',
    re: /\bAll your (.+?) Units may choose (an? .+?) as their attack target during this turn\./g,
    to: 'During this turn, all your $1 Units may choose $2 as their attack target.',
  },
];

/** The text with every paraphrase applied, and the ids of the rules that changed it. */
export function paraphrase(text: string): { text: string; ids: string[] } {
  let s = text;
  const ids: string[] = [];
  for (const r of RULES) {
    const next = s.replace(r.re, r.to as string);
    if (next !== s) ids.push(r.id);
    s = next;
  }
  return { text: s, ids };
}
