/**
 * The restriction list as the tools use it: the one in force for this process (src/restrictions/load.ts),
 * read once, and a card's standing on it for get_card.
 */
import type { Knowledge } from '../knowledge.js';
import type { CardRecord } from '../corpus/types.js';
import { activeList, type ActiveList } from '../restrictions/load.js';
import { cardRestrictions } from '../restrictions/check.js';
import { listLabel, type CardRestriction } from '../restrictions/schema.js';

export function activeRestrictions(kb: Knowledge): ActiveList | null {
  return activeList(kb, () => kb.store.cards);
}

/** A card's standing on the list in force: its restrictions (empty: none) and the list's label. */
export function cardStanding(kb: Knowledge, card: CardRecord): { list: string | null; restrictions: CardRestriction[] } {
  const active = activeRestrictions(kb);
  if (!active) return { list: null, restrictions: [] };
  return { list: listLabel(active.list), restrictions: cardRestrictions(active.list, card.base_id ?? card.id) };
}
