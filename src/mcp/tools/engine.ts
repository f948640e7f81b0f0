/** simulate_ruling and check_deck: wired once the rules engine lands (src/engine). */
import type { ToolDefinition } from '../tool.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const engineTools: ToolDefinition<any, any>[] = [];
