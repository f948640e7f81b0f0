/**
 * The MCP server: tools, resources and the ruling prompt over one shared Knowledge. One instance
 * per connection (stdio) or per HTTP session; the knowledge behind it is built once per process.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Knowledge } from '../knowledge.js';
import { registerTool, type ToolAnswer, type ToolDefinition } from './tool.js';
import type { ToolPool } from './pool.js';
import { log } from '../log.js';
import { registerResources } from './resources.js';
import { toolJsonSchema, type JsonSchema } from './json-schema.js';
import { listCardSets, listGames, listRulesDocuments } from './tools/catalog.js';
import { searchRules } from './tools/search-rules.js';
import { getRule } from './tools/get-rule.js';
import { readRulesDocument } from './tools/read-document.js';
import { searchGlossary } from './tools/search-glossary.js';
import { getCard, searchCards } from './tools/cards.js';
import { engineTools } from './tools/engine.js';

export const SERVER_NAME = 'gundam-rules';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Rules assistant for the Gundam Card Game (Bandai, 2025-). Answer rulings from the official Comprehensive Rules and cite rule numbers. ' +
  'Use search_rules to find rules, get_rule to read one exactly, get_card for card text, simulate_ruling to play a board state out step by step with rule numbers, ' +
  'and check_deck for deck construction. Gundam War is a different, older game; the "v1.0.0" document is unofficial and never answers an official question.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const TOOLS: ToolDefinition<any, any>[] = [
  listGames,
  listRulesDocuments,
  searchRules,
  getRule,
  readRulesDocument,
  searchGlossary,
  searchCards,
  getCard,
  listCardSets,
  ...engineTools,
];

/**
 * A tool's answer without the protocol around it: the arguments checked by its input schema, then
 * its handler. For in-process callers (the benchmark, the README's generated examples).
 */
export function callTool(name: string, args: unknown, kb: Knowledge): ToolAnswer<unknown> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`unknown tool "${name}"; tools: ${TOOLS.map((t) => t.name).join(', ')}`);
  return tool.handler(tool.input.parse(args), kb);
}

/**
 * What the MCP path answers when arguments fail a tool's input schema, without the JSON-RPC code:
 * the SDK's wording (one line per issue, "message at path") and the tool's format reminder, so the
 * command line can say exactly the same.
 */
export function inputErrorText(name: string, issues: readonly { path?: readonly PropertyKey[]; message?: string }[]): string {
  const at = (p: readonly PropertyKey[]) => p.reduce<string>((acc, seg, i) => (i === 0 ? String(seg) : typeof seg === 'number' ? `${acc}[${seg}]` : `${acc}.${String(seg)}`), '');
  const detail = issues.map((i) => (i.path?.length ? `${i.message} at ${at(i.path)}` : i.message)).join('\n');
  const help = TOOLS.find((t) => t.name === name)?.inputHelp;
  return `Input validation error: Invalid arguments for tool ${name}: ${detail}${help ? `\n${help()}` : ''}`;
}

type RawHandler = (request: { params?: { name?: unknown } }, extra: unknown) => Promise<unknown>;

/** The SDK server's request handlers by method: the SDK offers no public way to wrap one. */
function requestHandlers(server: McpServer): Map<string, RawHandler> {
  return (server.server as unknown as { _requestHandlers: Map<string, RawHandler> })._requestHandlers;
}

/**
 * The SDK answers a call to an unknown tool with an isError result; the MCP spec asks for a
 * JSON-RPC error (-32602) naming the tool. Wrap its tools/call handler to do that.
 */
function rejectUnknownTools(server: McpServer, known: Set<string>): void {
  const handlers = requestHandlers(server);
  const original = handlers.get('tools/call');
  if (!original) throw new Error('tools/call handler missing');
  handlers.set('tools/call', async (request, extra) => {
    const name = request.params?.name;
    if (typeof name !== 'string' || !known.has(name)) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${typeof name === 'string' ? name.slice(0, 64) : String(name)}. Available tools: ${[...known].join(', ')}`);
    }
    return original(request, extra);
  });
}

/**
 * The SDK answers arguments that fail a tool's input schema with an isError result naming the
 * field; a tool with `inputHelp` adds its format reminder to that text, for clients that only call
 * tools and cannot read the resources the descriptions point to.
 */
function explainInputErrors(server: McpServer): void {
  const handlers = requestHandlers(server);
  const original = handlers.get('tools/call')!;
  handlers.set('tools/call', async (request, extra) => {
    const result = (await original(request, extra)) as { isError?: boolean; content?: { type: string; text?: string }[] };
    const help = TOOLS.find((t) => t.name === request.params?.name)?.inputHelp;
    const first = result?.content?.[0];
    if (help && result.isError && first?.type === 'text' && first.text?.includes('Input validation error')) {
      return { ...result, content: [{ ...first, text: `${first.text}\n${help()}` }, ...result.content!.slice(1)] };
    }
    return result;
  });
}

/**
 * Errors leave the server as clear JSON-RPC errors, never as internals: a request that fails the
 * SDK's schema (e.g. tools/call with `arguments: null`) is -32602 naming the field, a malformed
 * percent-encoding in a resource URI is -32602, and anything else unexpected is logged and answered
 * with a generic -32603.
 */
function publicErrors(server: McpServer): void {
  const handlers = requestHandlers(server);
  for (const [method, original] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await original(request, extra);
      } catch (e) {
        if (e instanceof McpError) throw e;
        const issues = (e as { issues?: { path?: PropertyKey[]; message?: string }[] })?.issues;
        if (Array.isArray(issues)) {
          const detail = issues.slice(0, 5).map((i) => `${(i.path ?? []).map(String).join('.') || '(request)'}: ${i.message ?? 'invalid'}`).join('; ');
          throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${detail}`);
        }
        if (e instanceof URIError) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: malformed percent-encoding in the URI`);
        if (e instanceof TypeError && (e as { code?: unknown }).code === 'ERR_INVALID_URL') throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: not a valid URI (expected gundam://...)`);
        log('request_failure', { method, error: e instanceof Error ? e.stack ?? e.message : String(e) });
        throw new McpError(ErrorCode.InternalError, `Internal error in ${method}; the failure was logged`);
      }
    });
  }
}

/**
 * The tools' JSON Schemas as clients get them: compact (shared shapes in $defs) and portable (see
 * json-schema.ts), instead of the SDK's own conversion, which writes every reused shape out again
 * and nullable fields as type arrays.
 */
export function toolSchemas(tool: ToolDefinition<z.ZodObject, z.ZodObject>): { inputSchema: JsonSchema; outputSchema: JsonSchema } {
  return { inputSchema: toolJsonSchema(tool.input, 'input', tool.name), outputSchema: toolJsonSchema(tool.output, 'output', tool.name) };
}

/**
 * The tool list never changes while a server runs, but converting every zod schema to JSON Schema
 * takes milliseconds: compute it once per process.
 */
let toolListCache: unknown;
function publishToolList(server: McpServer): void {
  const handlers = requestHandlers(server);
  const original = handlers.get('tools/list');
  if (!original) throw new Error('tools/list handler missing');
  handlers.set('tools/list', async (request, extra) => {
    // Only the first page is cached; this server has no pagination (no cursor).
    if ((request.params as { cursor?: unknown } | undefined)?.cursor !== undefined) return original(request, extra);
    toolListCache ??= await original(request, extra).then((list) => {
      const { tools, ...rest } = list as { tools: { name: string; execution?: { taskSupport?: string } }[] };
      return {
        ...rest,
        tools: tools.map(({ execution, ...t }) => ({
          ...t,
          // The SDK writes taskSupport "forbidden" into every tool; absent means exactly that (MCP
          // spec, ToolExecution), and it would be 40 bytes more per tool in every assistant's context.
          ...(execution && !(Object.keys(execution).length === 1 && execution.taskSupport === 'forbidden') ? { execution } : {}),
          ...toolSchemas(TOOLS.find((d) => d.name === t.name)!),
        })),
      };
    });
    return toolListCache;
  });
}

export interface ServerOptions {
  /** Worker threads for the tools whose cost depends on their input (pool.ts); null runs every tool in-process. */
  pool?: ToolPool | null;
}

export function createServer(kb: Knowledge, options: ServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Gundam Card Game rules assistant', version: SERVER_VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of TOOLS) registerTool(server, kb, tool, options.pool ?? null);
  explainInputErrors(server);
  rejectUnknownTools(server, new Set(TOOLS.map((t) => t.name)));
  publishToolList(server);
  registerResources(server, kb);
  server.registerPrompt(
    'answer_ruling',
    {
      title: 'Answer a ruling question',
      description: 'Asks the model to answer a Gundam Card Game rules question with the exact rules and their numbers.',
      argsSchema: { question: z.string().max(2000).describe('The rules question, as a player or judge would ask it') },
    },
    ({ question }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Answer this Gundam Card Game rules question:\n\n${question}\n\n` +
              'Work from the official Comprehensive Rules, not memory: search with search_rules, read the exact rules with get_rule, look up any card with get_card, ' +
              'and when the answer depends on a board state, play it out with simulate_ruling. ' +
              'Give the ruling first in one or two sentences, then the reasoning step by step, citing every rule by its number (e.g. "8-5-3-2-3"). ' +
              'Quote rule text exactly where it decides the question. If the rules do not settle it, say so. Ignore Gundam War and the unofficial "v1.0.0" document.',
          },
        },
      ],
    }),
  );
  publicErrors(server);
  return server;
}
