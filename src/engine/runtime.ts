/**
 * The catalog an effect may need while it resolves (a card revealed from the deck, a card named by
 * a choice). simulateRuling sets it for the duration of one synchronous run; the game state itself
 * stays plain data that structuredClone can copy.
 */
import type { CardLookup } from './lookup.js';

let current: CardLookup | null = null;

export function withCards<T>(cards: CardLookup, run: () => T): T {
  const before = current;
  current = cards;
  try {
    return run();
  } finally {
    current = before;
  }
}

export function currentCards(): CardLookup | null {
  return current;
}
