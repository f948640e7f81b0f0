/**
 * Multiplayer wording read as a two-player game (12-2-6: "enemy" or "opponent" is any and all of
 * the other players, so with two players it is the opponent): "choose 1 Unit belonging to each
 * enemy player" is "choose 1 enemy Unit", "an enemy player has" is "your opponent has". The
 * compiler reads the rewritten text; the round trip folds the source the same way (normalize.ts),
 * and the ability keeps its printed text. Wording that needs more than two players stays unread.
 */
const RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  // "All enemy players each choose 1 of their active Units. Rest them.": the opponent chooses 1 of theirs.
  [/\b(A|a)ll enemy players each choose 1 of their ([^.]+?)\. (Rest|Destroy) them\b/g, (_m: string, a: string, np: string, verb: string) => `${a === 'A' ? 'Y' : 'y'}our opponent chooses 1 of their ${np}. ${verb} it`],
  // "1 Unit with 4 or less HP belonging to each enemy player" / "1 rested Unit belonging to another player" /
  // "1 Unit belonging to an enemy player with the most Units" (the one enemy player has the most).
  [/\b(\d+) ((?:rested |active )?)Units?((?: with (?:[^.]|\.(?=\d))*?| that is (?:[^.]|\.(?=\d))*?)?) belonging to (?:each enemy player|another player|an enemy player with the most Units)\b/gi, '$1 $2enemy Unit$3'],
  [/\bReturn them to their owners' hands\b(?=\.)/g, "Return it to its owner's hand"],
  [/\ban enemy player has\b/gi, 'your opponent has'],
  // "Choose 1 enemy player with 4 or more cards in their hand. They discard 1.": the opponent, if they have.
  [/\bChoose 1 enemy player with (\d+ or (?:more|less|fewer) cards in their hand)\. They discard (\d+)\b/g, 'If your opponent has $1, your opponent discards $2'],
  // "If this Unit is destroyed with battle damage, you and the player who destroyed this Unit draw 1.":
  // battle damage comes from the Unit it battled, the opponent's (8-5-3), so both players draw.
  [/\b(If this Unit is destroyed with battle damage), you and the player who destroyed this Unit draw (\d+)\b/g, '$1, all players draw $2'],
  // "Choose 1 enemy player. Destroy the first 2 cards in that player's shield area.": the opponent's.
  [/\bChoose 1 enemy player\. Destroy the first (\d+) cards in that player's shield area\b/g, "Destroy the first $1 cards in your opponent's shield area"],
  // "Choose 1 enemy player. They may draw 1. If they draw with this effect, draw 1.": the opponent may.
  [/\bChoose 1 enemy player\. They may draw (\d+)\. If they draw with this effect, /g, 'Your opponent may draw $1. If they draw with this effect, '],
  // "When this Unit destroys an enemy shield area card …, that enemy player may discard 1.": the opponent, whose card it was.
  [/\bthat enemy player may (draw|discard) (\d+)\b/g, 'your opponent may $1 $2'],
  // "It can't choose the same enemy player or enemy team as its attack target during this turn": with two
  // players there is one enemy player and no team (12-2-6), so it can't attack that player again this turn.
  [/\b(It|They) can't choose the same enemy player or enemy team as (its|their) attack target during this turn\b/g, "$1 can't choose the enemy player as $2 attack target during this turn"],
  // "Draw a number of cards equal to the number of enemy players": there is one.
  [/\bDraw a number of cards equal to the number of enemy players\b/g, 'Draw 1'],
  // "Draw 1. Then, discard the same number of cards you drew with this effect." = "… Then, discard 1."
  [/\bDraw (\d+)\. Then, discard the same number of cards you drew with this effect\b/g, 'Draw $1. Then, discard $1'],
];

export function twoPlayer(text: string): string {
  let s = text;
  for (const [re, to] of RULES) s = s.replace(re, to as string);
  return s;
}
