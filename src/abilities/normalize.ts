/**
 * The normal form the round trip compares: wording that the IR does not record on purpose is
 * folded away (case, punctuation and spacing, full-width forms, number agreement, a/an, the order
 * of adjectives before a noun, "friendly" = "your", "while" = "if", "this Base/card" = "this
 * Unit"). Everything else must match word for word.
 */
import { paraphrase } from './paraphrase.js';
import { twoPlayer } from './two-player.js';

const ADJECTIVES = ['damaged', 'rested', 'active', 'enemy', 'other', 'your'];
const ADJ_RUN = new RegExp(`\\b(?:(?:${ADJECTIVES.join('|')}) )+`, 'g');

const RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  // "If/While this Unit is damaged, it gains …": "it" is this Unit (within the sentence).
  [/\b((?:if|while) this (?:unit )?(?:is|has) (?:[^,.]|\.(?=\d))*?), it (gets|gains|recovers|may choose|may recover)\b/g, '$1, this unit $2'],
  // "… may choose X as its attack target during this turn" = "During this turn, … may choose X as its attack target".
  [/\b(it|they|this unit) may choose ((?:lv\.|[^,.])+?) as (its|their) attack target during this turn\b/g, 'during this turn, $1 may choose $2 as $3 attack target'],
  // A stray space after an apostrophe in the seed: "won' t", "opponent' s".
  [/(\w)' (t|s)\b/g, "$1'$2"],
  // Exiling from the trash is always "from the game": "Exile 2 Command cards from/in your trash from the game".
  [/\b(?:from|in) your trash from the game\b/g, 'from your trash'],
  // "for each of your (Orb) Units in play" = "for each of your (Orb) Units".
  [/\b(for each of your [^,.]*?) in play\b/g, '$1'],
  // "deal damage equal to the number of X to Y" = "deal damage to Y equal to the number of X".
  [/\bdeal damage equal to (the number of .+?) to (it|them|all (?:[^.]|\.(?=\d))+)/g, 'deal damage to $2 equal to $1'],
  // "whose Lv. is equal to or lower than the Unit rested with this ability" = "… than that Unit".
  [/\bthe unit rested with this (?:ability|effect)\b/g, 'that unit'],
  // "Choose 1 enemy Unit …. Deal … to that enemy Unit." names the Unit just chosen: "it".
  [/\b(choose \d+ enemy unit[^.]*\. deal [^.]*?) to that enemy unit\b/g, '$1 to it'],
  // A token spec printed with a separator before its closing parenthesis: "((Quiet Zero)･AP2･HP2･)".
  [/･\)/g, ')'],
  [/[.,:：。、]/g, ' '],
  // "This Unit can't attack while …" = "While …, this Unit can't attack".
  [/^((?:【[^】]*】)*)(this unit can't attack) while (.+?)\s*$/, '$1while $3 $2'],
  // "Units/Bases" = "Units or Bases".
  [/\b(units?)\/(bases?)\b/g, '$1 or $2'],
  [/\s*([【】])\s*/g, '$1'],
  // "one of your friendly (Tekkadan) Units" says "friendly" twice.
  [/\bof your friendly\b/g, 'of your'],
  [/\bof your\b/g, 'your'],
  [/\bthat has no paired pilot\b/g, 'with no paired pilot'],
  [/\bthat has no pilot paired with it\b/g, 'with no paired pilot'],
  [/\bfriendly\b/g, 'your'],
  [/\ban\b/g, 'a'],
  [/\bare\b/g, 'is'],
  [/\bowners' hands\b/g, "owner's hand"],
  // Number agreement.
  [/\b(unit|card|base|shield|resource|token|hand|owner|name)s\b/g, '$1'],
  [/\b(them|they)\b/g, 'it'],
  [/\btheir\b/g, 'its'],
  // "gets <First Strike>" = "gains <First Strike>".
  [/\bgets? </g, 'gains <'],
  [/\b(get|gain|recover)\b/g, '$1s'],
  [/\bfewer\b/g, 'less'],
  [ADJ_RUN, (run) => `${run.trim().split(' ').sort((a, b) => ADJECTIVES.indexOf(a) - ADJECTIVES.indexOf(b)).join(' ')} `],
  [/\bthere is (a|another|no|only \d+|\d+ or (?:more|less)) (.+?) in play\b/g, '$1 $2 is in play'],
  // "a friendly X is in play" = "you have a X in play".
  [/\b(a|another|no|only \d+|\d+ or (?:more|less)) ((?:(?:damaged|rested|active|other) )*)your (.+?) is in play\b/g, 'you have $1 $2$3 in play'],
  [/\bthis (?:base|card)\b/g, 'this unit'],
  [/\bwhile\b/g, 'if'],
  // A constant's trailing "during your turn" means the same as a leading one.
  [/^((?:【[^】]*】)*)(.+? (?:gets? [a-z]{2}[+-]\d+(?: and [a-z]{2}[+-]\d+)?|gains? <[^>]+>)) during (your|your opponent's) turn\s*$/, '$1during $3 turn $2'],
  [/\bduring (your|your opponent's) turn\b(?! when)/g, 'if it is $1 turn'],
  // "During your turn, if X, …" = "If it is your turn and X, …".
  [/\bif it is (your|your opponent's) turn\s+if\s/g, 'if it is $1 turn and '],
  [/\byou is attacking\b/g, 'this unit is attacking'],
  [/\bthis is a (.+?) unit\b/g, 'this unit is $1'],
  // Pilot text says "this" for the Unit: "this gets AP+1", "while this is damaged".
  [/\bthis (gets|gains|is damaged|is rested|is active)\b/g, 'this unit $1'],
  // "it is attacking" after "this Unit has … and" is this Unit.
  [/\band it is attacking\b/g, 'and this unit is attacking'],
  // "receives effect damage from an enemy" = "receives enemy effect damage".
  [/\breceives (battle |effect )?damage from a enemy\b/g, 'receives enemy $1damage'],
  // "there are 3 or less enemy Shields" = "your opponent has 3 or less Shields".
  [/\bthere is (\d+ or (?:more|less)) enemy shield\b/g, 'your opponent has $1 shield'],
];

export function normalizeText(text: string): string {
  let s = paraphrase(twoPlayer(text)).text.normalize('NFKC').toLowerCase().replace(/[\u30fb\uff65･・]/g, '･');
  for (const [re, to] of RULES) s = s.replace(re, to as string);
  return s.replace(/\s+/g, ' ').trim();
}
