/**
 * Multiplayer wording read as a two-player game (12-2-6: "enemy" or "opponent" is any and all of
 * the other players, so with two players it is the opponent): "choose 1 Unit belonging to each
 * enemy player" is "choose 1 enemy Unit", "an enemy player has" is "your opponent has". The
 * compiler reads the rewritten text; the round trip folds the source the same way (normalize.ts),
 * and the ability keeps its printed text. Wording that needs more than two players stays unread.
 */
const RULES: [RegExp, string][] = [
  // "1 Unit with 4 or less HP belonging to each enemy player" / "1 rested Unit belonging to another player".
  [/\b(\d+) ((?:rested |active )?)Units?((?: with (?:[^.]|\.(?=\d))*?| that is (?:[^.]|\.(?=\d))*?)?) belonging to (?:each enemy player|another player)\b/gi, '$1 $2enemy Unit$3'],
  [/\bReturn them to their owners' hands\b(?=\.)/g, "Return it to its owner's hand"],
  [/\ban enemy player has\b/gi, 'your opponent has'],
];

export function twoPlayer(text: string): string {
  let s = text;
  for (const [re, to] of RULES) s = s.replace(re, to);
  return s;
}
