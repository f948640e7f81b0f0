/**
 * How a tool is declared and registered: zod input and output schemas, a plain handler that returns
 * structured data plus readable text, and errors that say what was wrong and what is accepted.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Knowledge } from '../knowledge.js';
import { log } from '../log.js';
import type { ToolPool } from './pool.js';
import { IN_PROCESS_WHILE_STARTING, POOLED_TOOLS } from './pool-protocol.js';
import { addWork, workOwner } from './work.js';

/** A failure the caller can fix: unknown id, bad combination of arguments. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly suggestions: string[] = [],
  ) {
    super(message);
  }
}

export interface ToolAnswer<O> {
  structured: O;
  text: string;
}

export interface ToolDefinition<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  handler: (args: z.infer<I>, kb: Knowledge) => ToolAnswer<z.infer<O>>;
  /** Appended to an input validation error: the format reminder a client may need to fix its call. */
  inputHelp?: () => string;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return def;
}

/**
 * An error result carries text only: clients validate any structuredContent against the tool's
 * output schema, which describes success.
 */
export function errorResult(message: string, suggestions: string[] = []): CallToolResult {
  const text = suggestions.length ? `${message}\nDid you mean: ${suggestions.join(', ')}?` : message;
  return { isError: true, content: [{ type: 'text', text }] };
}

export function registerTool<I extends z.ZodObject, O extends z.ZodObject>(server: McpServer, kb: Knowledge, def: ToolDefinition<I, O>, pool: ToolPool | null = null): void {
  const inProcess = (args: z.infer<I>): CallToolResult => {
    const started = performance.now();
    try {
      const answer = def.handler(args, kb);
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured as Record<string, unknown> };
    } catch (e) {
      if (e instanceof ToolError) return errorResult(e.message, e.suggestions);
      // Anything else is our bug: log it, and answer without leaking internals.
      log('tool_failure', { tool: def.name, error: e instanceof Error ? e.stack ?? e.message : String(e) });
      return errorResult(`${def.name} failed on this input; the failure was logged.`);
    } finally {
      addWork(performance.now() - started);
    }
  };
  const inPool = pool !== null && POOLED_TOOLS.has(def.name);
  server.registerTool(
    def.name,
    {
      title: def.title,
      description: def.description,
      inputSchema: def.input,
      outputSchema: def.output,
      // destructiveHint and idempotentHint mean something only when readOnlyHint is false, and the
      // title is the tool's own: every byte here is read by every assistant before it answers.
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    // The SDK has validated the arguments against def.input before this runs.
    (inPool
      ? // A tool whose cost depends on its input runs in a worker (pool.ts), under a deadline.
        async (args: z.infer<I>, extra: { signal?: AbortSignal }): Promise<CallToolResult> => {
          // While no worker is ready (start-up, a replacement starting) a search, bounded by the
          // term cap, is answered here rather than wait; the engine's tools always wait.
          if (pool.readyWorkers === 0 && IN_PROCESS_WHILE_STARTING.has(def.name)) return inProcess(args);
          const outcome = await pool.run(def.name, args, workOwner(), extra?.signal);
          addWork(outcome.ms);
          if (outcome.kind === 'answer') return { content: [{ type: 'text', text: outcome.text }], structuredContent: outcome.structured as Record<string, unknown> };
          if (outcome.kind === 'tool_error') return errorResult(outcome.message, outcome.suggestions);
          return errorResult(outcome.message);
        }
      : inProcess) as never,
  );
}
