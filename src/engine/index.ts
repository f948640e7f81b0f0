/**
 * Public API of the rules engine, as the MCP layer uses it: the tool schemas, the two pure entry
 * points, and the catalog lookup they take.
 */
export {
  simulateRulingInputSchema,
  simulateRulingOutputSchema,
  checkDeckInputSchema,
  checkDeckOutputSchema,
  strictObject,
  type SimulateRulingInput,
  type SimulateRulingOutput,
  type CheckDeckInput,
  type CheckDeckOutput,
  type Action,
} from './schema.js';
export { simulateRuling, applyAction } from './simulate.js';
export { checkDeck } from './deck.js';
export { createCardLookup, normalizeCardId, type CardLookup, type LooseNameResult } from './lookup.js';
export { setupGame, DEFAULTS } from './setup.js';
export type { Game, GameEvent, PlayerId, Violation } from './state.js';
