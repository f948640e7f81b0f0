/**
 * The normal form the round trip compares: wording that the IR does not record on purpose is
 * folded away (case, punctuation and spacing, full-width forms, number agreement, a/an, the order
 * of adjectives before a noun, "friendly" = "your", "while" = "if", "this Base/card" = "this
 * Unit"). Everything else must match word for word.
 */
const ADJECTIVES = ['damaged', 'rested', 'active', 'enemy', 'other', 'your'];
const ADJ_RUN = new RegExp(`\\b(?:(?:${ADJECTIVES.join('|')}) )+`, 'g');

const RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  [/[.,:：。]/g, ' '],
  [/\s*([【】])\s*/g, '$1'],
  [/\bof your\b/g, 'your'],
  [/\bfriendly\b/g, 'your'],
  [/\ban\b/g, 'a'],
  [/\bare\b/g, 'is'],
  [/\bowners' hands\b/g, "owner's hand"],
  // Number agreement.
  [/\b(unit|card|base|shield|resource|token|hand|owner)s\b/g, '$1'],
  [/\b(them|they)\b/g, 'it'],
  [/\btheir\b/g, 'its'],
  [/\b(get|gain|recover)\b/g, '$1s'],
  [/\bfewer\b/g, 'less'],
  [ADJ_RUN, (run) => `${run.trim().split(' ').sort((a, b) => ADJECTIVES.indexOf(a) - ADJECTIVES.indexOf(b)).join(' ')} `],
  [/\bthere is (a|another|no|only \d+|\d+ or (?:more|less)) (.+?) in play\b/g, '$1 $2 is in play'],
  // "a friendly X is in play" = "you have a X in play".
  [/\b(a|another|no|only \d+|\d+ or (?:more|less)) ((?:(?:damaged|rested|active|other) )*)your (.+?) is in play\b/g, 'you have $1 $2$3 in play'],
  [/\bthis (?:base|card)\b/g, 'this unit'],
  [/\bwhile\b/g, 'if'],
  [/\bduring (your|your opponent's) turn\b(?! when)/g, 'if it is $1 turn'],
  [/\byou is attacking\b/g, 'this unit is attacking'],
  [/\bthis is a (.+?) unit\b/g, 'this unit is $1'],
];

export function normalizeText(text: string): string {
  let s = text.normalize('NFKC').toLowerCase().replace(/[\u30fb\uff65･・]/g, '･');
  for (const [re, to] of RULES) s = s.replace(re, to as string);
  return s.replace(/\s+/g, ' ').trim();
}
