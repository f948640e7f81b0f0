/**
 * What a JSON-RPC request is charged before it runs: one point, and for the tools whose work grows
 * with their input (the rules engine, the searches) more by input size. After it ran, the HTTP front
 * settles with the work measured (app.ts): the difference is charged or given back. The estimate
 * only needs the right order: a client sending large scenarios pays up front, before the pool runs
 * them, instead of only after.
 */

/** Argument bytes one more point pays for, per tool; tools not listed cost their one point. */
const BYTES_PER_POINT: Record<string, number> = {
  simulate_ruling: 1024,
  check_deck: 4096,
  search_rules: 250,
  search_glossary: 250,
  search_cards: 250,
};

/** The most one request is charged before it runs (its settlement may charge more). */
export const MAX_ESTIMATE = 20;

/** The points one JSON-RPC message is charged before it runs: 0 for notifications and responses. */
export function estimateCost(message: unknown): number {
  const m = message as { id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (typeof m?.method !== 'string' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return 0;
  if (m.method !== 'tools/call' || typeof m.params?.name !== 'string') return 1;
  const per = Object.hasOwn(BYTES_PER_POINT, m.params.name) ? BYTES_PER_POINT[m.params.name] : undefined;
  if (!per || m.params.arguments === undefined) return 1;
  const bytes = JSON.stringify(m.params.arguments)?.length ?? 0;
  return Math.min(MAX_ESTIMATE, 1 + Math.floor(bytes / per));
}
