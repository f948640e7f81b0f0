/**
 * Card catalog access for the engine. The engine never reads files: the caller hands it a
 * CardLookup built once (createCardLookup) from the loaded catalog.
 */
import type { CardRecord } from '../corpus/types.js';
import { cardIdIndex, missingStats, nameKey, normalizeCardId } from '../corpus/card-keys.js';

export { normalizeCardId };

export interface CardLookup {
  /** By card number; alternate printings (ST01-014-p4), `_p` forms (ST01-014_p4) and any case accepted. */
  byId(id: string): CardRecord | undefined;
  /** By exact card name, case-insensitive; the first base printing when several card numbers share it. */
  byName(name: string): CardRecord | undefined;
  /** Optional: every card number carrying that exact name, so the engine can say a name is ambiguous. */
  allByName?(name: string): CardRecord[];
  /**
   * Optional: a name that is not exact ("zaku", "unicorn gundam destroy mode"), read the way the
   * caller's own card search reads it (the MCP server passes get_card's resolver), so a scenario
   * accepts the names a client already looked up. The engine stays pure: it only calls this.
   */
  byLooseName?(name: string): LooseNameResult;
}

export interface LooseNameResult {
  /** The cards the name may mean, best first, one per card number; empty when none matches. */
  matches: CardRecord[];
  /** When nothing matches: the closest cards, to suggest. */
  near: CardRecord[];
}

/**
 * Builds the maps once. Name preference when a name is shared: a non-token base printing first,
 * then the one with complete stats, then catalog order, so "Amuro Ray" resolves the same way on
 * every call (and to a card the engine can play).
 */
export function createCardLookup(cards: readonly CardRecord[]): CardLookup {
  const ids = cardIdIndex(cards);
  const names = new Map<string, CardRecord[]>();
  for (const c of cards) {
    if (c.base_id !== null) continue; // alternate printings share the base card's name and number (2-1-1)
    const key = nameKey(c.name);
    const list = names.get(key);
    if (list) list.push(c);
    else names.set(key, [c]);
  }
  for (const list of names.values()) {
    list.sort((a, b) => Number(a.token) - Number(b.token) || missingStats(a) - missingStats(b)); // stable: catalog order otherwise
  }
  return {
    byId: (id) => ids.get(normalizeCardId(id)),
    byName: (name) => names.get(nameKey(name))?.[0],
    allByName: (name) => names.get(nameKey(name)) ?? [],
  };
}
