/**
 * The counts that scale an amount ("for each of your rested (CB) Units", "equal to the number of
 * friendly Unit tokens in play"), read from the game as the effect applies. Pure reads.
 */
import type { Count } from '../abilities/ir.js';
import type { AbilityCtx } from './context.js';
import { baseMatches, cardMatches, knownFace, trashMatching, unitsMatching } from './filters.js';
import { faceFromRecord } from './cards.js';
import { currentCards } from './runtime.js';
import { findUnit, PLAYERS, type Game } from './state.js';
import { unitAp } from './stats.js';

export function countOf(game: Game, ctx: AbilityCtx, c: Count): number {
  switch (c.of) {
    case 'in-play': {
      let n = unitsMatching(game, c.filter, ctx.controller, ctx.unit).length;
      if (c.filter.type === 'unit-or-base') for (const p of PLAYERS) if (game.players[p].base && baseMatches(game.players[p].base!, c.filter, ctx.controller)) n++;
      return n;
    }
    case 'in-trash':
      if (c.unique) {
        // "with unique names": one per card name among the matching cards (2-2-1); unnamed cards match nothing.
        const names = new Set<string>();
        for (const id of game.players[ctx.controller].trash) {
          const rec = knownFace(game, id) === null ? currentCards()?.byId(id) : undefined;
          const face = knownFace(game, id) ?? (rec ? faceFromRecord(rec) : null);
          if (face && cardMatches(face, c.filter)) names.add(face.name.toLowerCase());
        }
        return names.size;
      }
      return trashMatching(game, ctx.controller, c.filter);
    case 'self-ap':
      // 1-3-6 a whole number: "for each 4 AP" with 7 AP is once.
      return ctx.unit ? Math.floor(unitAp(ctx.unit) / c.per) : 0;
    case 'previous':
      // "Units rested with this effect": the ones the earlier step picked that are rested now.
      return ctx.picked.filter((id) => findUnit(game, id)?.rested === true).length;
    case 'placed':
      // "cards placed with this effect": what this effect's "Place the top N cards …" put into the trash.
      return (ctx.placed ?? []).filter((id) => {
        const rec = knownFace(game, id) === null ? currentCards()?.byId(id) : undefined;
        const face = knownFace(game, id) ?? (rec ? faceFromRecord(rec) : null);
        return face !== null && cardMatches(face, c.filter);
      }).length;
    case 'paid':
      // "the cost paid": the payment that triggered the ability (2-10-1).
      return ctx.paid ?? 0;
    case 'self-damage':
      // "the amount of damage it has received": the damage on this Unit now (5-5-1).
      return ctx.unit?.damage ?? 0;
  }
}

/** "2 for each of 3" in the log's words. */
export function countWords(c: Count, n: number): string {
  switch (c.of) {
    case 'in-play':
      return `${n} matching Unit${n === 1 ? '' : 's'} in play`;
    case 'in-trash':
      return `${n} matching card${n === 1 ? '' : 's'}${c.unique ? ' with unique names' : ''} in the trash`;
    case 'self-ap':
      return `${n} time${n === 1 ? '' : 's'} ${c.per} AP`;
    case 'previous':
      return `${n} Unit${n === 1 ? '' : 's'} rested with this effect`;
    case 'placed':
      return `${n} matching card${n === 1 ? '' : 's'} placed with this effect (a card the scenario did not name is not counted)`;
    case 'paid':
      return `${n} Resource${n === 1 ? '' : 's'} paid`;
    case 'self-damage':
      return `${n} damage on it`;
  }
}
