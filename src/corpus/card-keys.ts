/**
 * The keys cards are looked up by, shared by the store, the card search, the engine and the corpus
 * build, so an id or a name resolves the same way everywhere.
 */
import type { CardRecord } from './types.js';

/** "st01-014_p4 " -> "ST01-014-P4": the key both the catalog and queries are folded to. */
export function normalizeCardId(id: string): string {
  return id.trim().toUpperCase().replace(/_P(\d+)$/, '-P$1');
}

/** A name folded for comparison: NFKC (full-width forms), lower case, single spaces. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Every printing id of the catalog, folded by normalizeCardId, to its card record. Printings known
 * only from the official data (ST06-009-p1) resolve to their base card (2-1-1: same card number).
 */
export function cardIdIndex(cards: readonly CardRecord[]): Map<string, CardRecord> {
  const ids = new Map<string, CardRecord>();
  for (const c of cards) ids.set(normalizeCardId(c.id), c);
  for (const c of cards) {
    for (const p of c.printings ?? []) {
      const key = normalizeCardId(p.id);
      if (!ids.has(key)) ids.set(key, ids.get(normalizeCardId(c.base_id ?? c.id)) ?? c);
    }
  }
  return ids;
}

/** How many of the numbers a card of its type should print are missing (the seed catalog lost some). */
export function missingStats(c: CardRecord): number {
  const wanted: (keyof CardRecord)[] = c.type === 'unit' || c.type === 'pilot' ? ['level', 'cost', 'ap', 'hp'] : c.type === 'resource' ? [] : ['level', 'cost'];
  return wanted.filter((k) => c[k] === null).length;
}

/**
 * Among cards sharing a name, the one a person most likely means, the same everywhere (get_card,
 * scenarios): a real card over a token, then one with complete stats, then the base printing,
 * then catalog order.
 */
export function preferredCard(cards: readonly CardRecord[]): CardRecord | undefined {
  return [...cards].sort((a, b) => Number(a.token) - Number(b.token) || missingStats(a) - missingStats(b) || Number(a.base_id !== null) - Number(b.base_id !== null))[0];
}
