/** What the tool pool (pool.ts) and its workers (pool-worker.ts) say to each other, and which tools go there. */

/**
 * The tools whose cost depends on their input: the rules engine and the searches. The rest
 * (get_rule, get_card, list_*, read_rules_document) are lookups and stay on the main thread.
 */
export const POOLED_TOOLS: ReadonlySet<string> = new Set(['simulate_ruling', 'check_deck', 'search_rules', 'search_glossary', 'search_cards']);

/**
 * Pooled tools whose cost the query-term cap bounds (search/query-cap.ts): while no worker is ready
 * (the first moments after start, which a startup snapshot makes short, or a replacement starting)
 * they are answered on the main thread instead of waiting for one.
 */
export const IN_PROCESS_WHILE_STARTING: ReadonlySet<string> = new Set(['search_rules', 'search_glossary', 'search_cards']);

export interface PoolRequest {
  id: number;
  tool: string;
  args: unknown;
}

/** One call's outcome; `ms` is the handler's own time in the worker. */
export type PoolReply =
  | { id: number; ms: number; ok: true; structured: unknown; text: string }
  | { id: number; ms: number; ok: false; toolError: { message: string; suggestions: string[] } }
  | { id: number; ms: number; ok: false; failure: string };

/** The worker's first message: its Knowledge is loaded and it takes calls. */
export interface PoolReady {
  ready: true;
  tools: string[];
}
