/**
 * A query string as a tool's arguments. Query values are text; the tool's schema says which fields
 * are numbers or booleans, and only those are converted, only when the text is one ("20", "true").
 * Anything else is passed on as it came, so the tool's own schema refuses it with its own message
 * (e.g. `limit: expected number, received string`), the same one an MCP client gets.
 */
import type { z } from 'zod';

/** A field's type under optional/nullable/default wrappers: "number", "boolean", "string", "enum", ... */
function baseType(schema: z.ZodType): string {
  let s = schema as unknown as { def: { type: string; innerType?: unknown } };
  while (s.def.innerType && (s.def.type === 'optional' || s.def.type === 'nullable' || s.def.type === 'default')) {
    s = s.def.innerType as typeof s;
  }
  return s.def.type;
}

/** JSON-style numbers only: " 5", "0x10", "1e3" and "" stay text (and are refused by the schema). */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

export function coerceValue(schema: z.ZodType, raw: string): unknown {
  const type = baseType(schema);
  if (type === 'number' && NUMBER.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

export interface QueryProblem {
  field: string;
  message: string;
}

/**
 * The arguments a query string gives: each known parameter once (a repeated one is refused, not
 * silently reduced to one of its values), an unknown one refused with the list of accepted ones.
 */
export function queryArgs(fields: [string, z.ZodType][], query: Record<string, string[]>): { args: Record<string, unknown>; problems: QueryProblem[] } {
  const known = new Map(fields);
  const accepted = fields.map(([k]) => k).join(', ') || 'none';
  const args: Record<string, unknown> = {};
  const problems: QueryProblem[] = [];
  for (const [name, values] of Object.entries(query)) {
    const schema = known.get(name);
    if (!schema) problems.push({ field: name.slice(0, 40), message: `unknown query parameter; accepted: ${accepted}` });
    else if (values.length !== 1) problems.push({ field: name, message: `given ${values.length} times; give it once` });
    else args[name] = coerceValue(schema, values[0]!);
  }
  return { args, problems };
}
