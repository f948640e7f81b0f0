/**
 * "When playing this card from your hand, you may destroy 1 of your Link Units with "Unicorn Mode"
 * in its card name that is Lv.5. If you do, play this card as if it has 0 Lv. and cost." (and "you
 * may discard 1 (G Generation) Unit card"). The player decides while playing the card (10-1-3): a
 * `{"use": true}` choice, with the Unit as "targets" or the hand card as "cards", or `{"use": false}`.
 * Done, the card is played with the Lv. and cost its text gives (2-9-1, 2-10-1); not done, with its
 * printed ones (5-20-1: the "If you do" part needs the part before it).
 */
import type { CompiledAbility, Constant, PlayAsPayment } from '../abilities/ir.js';
import { renderNoun } from '../abilities/patterns/noun.js';
import { chooseCards, chooseTargets, ChoiceProblem, decideUse, skipDecision } from './choices.js';
import { newCtx } from './context.js';
import { allHold, cardMatches, unitMatches } from './filters.js';
import { emit } from './log.js';
import { destroyUnit } from './management.js';
import { inputProblem } from './problems.js';
import { discardable, faceOf } from './resolve.js';
import type { CardFace, Game, PlayerId } from './state.js';

/** What the player did for the card's play-as, decided before its Lv. is checked. */
export interface PlayPaying {
  do: PlayAsPayment['do'];
  /** Unit ids destroyed, or hand card ids discarded. */
  ids: string[];
  /** The ability's text, for the log. */
  text: string;
  level: number;
  cost: number;
}

type PlayAs = Extract<Constant, { type: 'play-as' }> & { pay: PlayAsPayment };

/** The card's own play-as with a payment whose conditions hold, if it has one. */
function payingAbility(game: Game, face: CardFace, player: PlayerId): { ability: CompiledAbility; playAs: PlayAs } | null {
  for (const [index, a] of face.abilities.entries()) {
    if (a.kind !== 'constant') continue;
    const playAs = a.effects.find((c): c is PlayAs => c.type === 'play-as' && c.pay !== undefined);
    if (!playAs) continue;
    const ctx = newCtx({ controller: player, face, cardId: face.cardId ?? face.name, label: face.name, ability: a, index });
    if (allHold(game, ctx, a.requires)) return { ability: a, playAs };
  }
  return null;
}

/** The hand cards the payment may discard: those a discard may take (resolve.ts), less the played card among the unlisted ones. */
function payable(game: Game, player: PlayerId, face: CardFace, pay: PlayAsPayment): { legal: string[]; unknown: number } {
  const { legal, unknown } = discardable(game, player, pay.filter);
  // The played card is one of the hand's cards: a listed one, or else one of the unlisted ones.
  const playedListed = game.players[player].handCards.some((id) => id === face.cardId || (face.cardId === null && game.faces[id] === face));
  return { legal, unknown: Math.max(0, unknown - (playedListed ? 0 : 1)) };
}

/**
 * Asks whether the player pays for the play-as (10-1-3), and with what. `paying` is null when the
 * card has no such text, nothing can pay it (no decision to make), or the player declines; `unpaid`
 * then says why, for the log and for a violation of the printed Lv. or cost.
 */
export function decidePaying(game: Game, face: CardFace, player: PlayerId): { paying: PlayPaying | null; unpaid?: string } {
  const found = payingAbility(game, face, player);
  if (!found) return { paying: null };
  const { ability, playAs } = found;
  const pay = playAs.pay;
  const rules = ['10-1-3', '2-9-1', '2-10-1'];
  const what = pay.do === 'destroy' ? `${pay.count} of player ${player}'s ${renderNoun(pay.filter, { side: false, plural: true })}` : `${pay.count} ${renderNoun(pay.filter, { card: true })}`;
  const prompt = `${face.name}: "${ability.text}" (player ${player} may ${pay.do} ${what})`;
  const printed = `so ${face.name} is played with its printed Lv.${face.level} and cost ${face.cost}`;
  const result = (ids: string[]) => ({ paying: { do: pay.do, ids, text: ability.text, level: playAs.level ?? face.level, cost: playAs.cost } });
  const unpaid = (why: string, rules: string[]) => {
    emit(game, `${why}, ${printed}`, rules);
    return { paying: null, unpaid: `${why}, ${printed}` };
  };
  if (pay.do === 'destroy') {
    const legal = game.players[player].units.filter((u) => unitMatches(u, pay.filter, player, null)).map((u) => u.id);
    if (legal.length < pay.count) {
      skipDecision(game, prompt);
      return unpaid(`${prompt}: player ${player} has no such Unit in play to destroy`, ['5-20-1', ...rules]);
    }
    const d = decideUse(game, prompt, rules);
    if (!d.use) return unpaid(`Player ${player} chooses not to destroy one (${face.name})`, ['5-20-1', ...rules]);
    return result(chooseTargets(game, { prompt: `${prompt}: which Unit`, min: pay.count, max: pay.count, legal, rules }, d.entry));
  }
  const { legal, unknown } = payable(game, player, face, pay);
  if (unknown === 0 && legal.length < pay.count) {
    skipDecision(game, prompt);
    return unpaid(`${prompt}: player ${player} has no such card in the hand to discard (known hand: ${game.players[player].handCards.join(', ') || 'none'})`, ['5-20-1', ...rules]);
  }
  const d = decideUse(game, prompt, rules);
  if (!d.use) return unpaid(`Player ${player} chooses not to discard one (${face.name})`, ['5-20-1', ...rules]);
  const named = chooseCards(game, `${prompt}: which card`, pay.count, unknown > 0 ? null : legal, ['5-11-1', ...rules], d.entry, pay.count);
  for (const id of named) {
    const f = faceOf(game, id);
    if (!f || !cardMatches(f, pay.filter) || (game.players[player].handCards.includes(id) ? !legal.includes(id) : unknown <= 0)) {
      throw new ChoiceProblem(inputProblem(`${prompt}: ${id} is not a ${renderNoun(pay.filter, { card: true })} in player ${player}'s hand; legal: ${legal.join(', ') || (unknown > 0 ? 'the card number of such a card in the unlisted hand' : 'none')}`, ['5-11-1']));
    }
  }
  return result(named);
}

/** Destroys or discards what the player chose, as the card is played (before its Lv. check). */
export function performPaying(game: Game, player: PlayerId, face: CardFace, paying: PlayPaying): void {
  const s = `for ${face.name}'s "${paying.text}"`;
  const st = game.players[player];
  if (paying.do === 'destroy') {
    for (const id of paying.ids) {
      const unit = st.units.find((u) => u.id === id);
      if (unit) destroyUnit(game, unit, `player ${player} destroys it ${s}`, ['10-1-3'], { kind: 'effect', by: player, source: face });
    }
    return;
  }
  for (const id of paying.ids) {
    const at = st.handCards.indexOf(id);
    if (at >= 0) st.handCards.splice(at, 1);
    st.trash.push(id);
    st.hand -= 1;
  }
  emit(game, `Player ${player} discards ${paying.ids.join(', ')} ${s} (hand ${st.hand})`, ['5-11-1', '10-1-3']);
}
