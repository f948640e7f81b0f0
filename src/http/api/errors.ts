/** The JSON API's error body, and how a failed tool call becomes one. */
import { z } from 'zod';
import { ToolError } from '../../mcp/tool.js';
import { dotPath } from '../../engine/schema.js';
import { log } from '../../log.js';
import type { AnyTool } from './endpoints.js';

export const apiErrorSchema = z
  .object({
    error: z.string().describe('What was wrong and what is accepted'),
    issues: z.array(z.object({ field: z.string().describe('e.g. "limit", "players.A.units[0].ap"'), message: z.string() })).optional().describe('Input validation: one entry per field refused'),
    suggestions: z.array(z.string()).optional().describe('Did you mean: ids or names close to the one asked for'),
    help: z.string().optional().describe('The input format, for the engine endpoints'),
  })
  .meta({ id: 'Error', description: 'Every non-2xx answer of the API' });

export type ApiError = z.infer<typeof apiErrorSchema>;

export interface Failure {
  status: 400 | 404 | 500;
  body: ApiError;
}

const MAX_ISSUES = 10;

/** Fields refused before the tool ran (a query parameter the endpoint does not take, a required one missing). */
export function invalid(issues: { field: string; message: string }[], tool?: AnyTool): Failure {
  const shown = issues.slice(0, MAX_ISSUES);
  const help = tool?.inputHelp?.();
  return {
    status: 400,
    body: {
      error: `Invalid input: ${shown.map((i) => `${i.field}: ${i.message}`).join('; ')}${issues.length > shown.length ? `; and ${issues.length - shown.length} more` : ''}`,
      issues: shown,
      ...(help ? { help } : {}),
    },
  };
}

/**
 * What a tool's failure is over HTTP: its input schema's refusal is 400 naming each field (and
 * the format, for tools that have a reminder, as the MCP path appends it); its own refusal
 * (ToolError: unknown id, bad combination) is 404 where the path names the missing thing and 400
 * elsewhere, with its suggestions; anything else is our bug, logged and answered 500 without internals.
 */
export function failure(e: unknown, tool: AnyTool, lookup: boolean): Failure {
  if (e instanceof z.ZodError) return invalid(e.issues.map((i) => ({ field: dotPath(i.path) || '(input)', message: i.message })), tool);
  if (e instanceof ToolError) {
    return { status: lookup ? 404 : 400, body: { error: e.message, ...(e.suggestions.length ? { suggestions: e.suggestions } : {}) } };
  }
  log('tool_failure', { tool: tool.name, via: 'api', error: e instanceof Error ? e.stack ?? e.message : String(e) });
  return { status: 500, body: { error: `${tool.name} failed on this input; the failure was logged.` } };
}
