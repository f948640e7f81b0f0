/**
 * The JSON API's endpoints: each one is an MCP tool (src/mcp/tools) at an HTTP address. The tool's
 * zod input schema is what the request is checked with and what the OpenAPI document publishes;
 * its output schema is the answer's. This table only says where each tool lives and which of its
 * fields come from the path, so routes, document and tools cannot drift apart.
 */
import type { z } from 'zod';
import { TOOLS } from '../../mcp/server.js';
import type { ToolDefinition } from '../../mcp/tool.js';

export const API_PREFIX = '/api/v1';

export interface Endpoint {
  method: 'get' | 'post';
  /** OpenAPI path template under API_PREFIX, e.g. "/rules/{document}/{id}". */
  path: string;
  operationId: string;
  tool: string;
  tag: 'rules' | 'cards' | 'engine' | 'catalog';
  summary: string;
  /** Input fields the path carries (required there); the other fields are query parameters (GET) or the body (POST). */
  pathFields?: string[];
  /** Input fields this endpoint does not take (get_card by id takes no name). */
  omit?: string[];
  /** Query fields this endpoint requires although the tool has them optional. */
  require?: string[];
  /**
   * The path names one thing (a rule, a card, a document): the tool's "no such ..." answer is 404.
   * Elsewhere a tool's refusal is a 400 (the request asked for something that cannot be answered).
   */
  lookup?: boolean;
}

export const ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/games', operationId: 'listGames', tool: 'list_games', tag: 'catalog', summary: 'The games and their documents' },
  { method: 'get', path: '/documents', operationId: 'listDocuments', tool: 'list_rules_documents', tag: 'rules', summary: 'Rules documents' },
  { method: 'get', path: '/documents/{document}', operationId: 'readDocument', tool: 'read_rules_document', tag: 'rules', summary: 'A rules document in order, a page at a time, or one section', pathFields: ['document'], lookup: true },
  { method: 'get', path: '/rules', operationId: 'searchRules', tool: 'search_rules', tag: 'rules', summary: 'Search the rules' },
  { method: 'get', path: '/rules/{id}', operationId: 'getRule', tool: 'get_rule', tag: 'rules', summary: 'One rule of the Comprehensive Rules (or any official document) by number', pathFields: ['id'], omit: ['document'], lookup: true },
  { method: 'get', path: '/rules/{document}/{id}', operationId: 'getDocumentRule', tool: 'get_rule', tag: 'rules', summary: 'One rule of a given document by number', pathFields: ['document', 'id'], lookup: true },
  { method: 'get', path: '/glossary', operationId: 'searchGlossary', tool: 'search_glossary', tag: 'rules', summary: 'Glossary terms and keywords' },
  { method: 'get', path: '/cards', operationId: 'searchCards', tool: 'search_cards', tag: 'cards', summary: 'Search cards by words and filters' },
  { method: 'get', path: '/cards/named', operationId: 'getCardByName', tool: 'get_card', tag: 'cards', summary: 'One card by name (exact or loose, as get_card reads names)', omit: ['id'], require: ['name'], lookup: true },
  { method: 'get', path: '/cards/{id}', operationId: 'getCard', tool: 'get_card', tag: 'cards', summary: 'One card by card number or printing id', pathFields: ['id'], omit: ['name'], lookup: true },
  { method: 'get', path: '/sets', operationId: 'listSets', tool: 'list_card_sets', tag: 'cards', summary: 'Card sets' },
  { method: 'post', path: '/deck/check', operationId: 'checkDeck', tool: 'check_deck', tag: 'engine', summary: 'Check a deck list against the construction rules' },
  { method: 'post', path: '/simulate', operationId: 'simulate', tool: 'simulate_ruling', tag: 'engine', summary: 'Play a board state and actions out under the rules' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any>;

export function toolOf(e: Endpoint): AnyTool {
  const tool = TOOLS.find((t) => t.name === e.tool);
  if (!tool) throw new Error(`endpoint ${e.path}: no tool "${e.tool}"`);
  return tool;
}

/** The tool's input fields this endpoint reads from the query string (GET only), with their schemas. */
export function queryFields(e: Endpoint): [string, z.ZodType][] {
  if (e.method !== 'get') return [];
  const shape = toolOf(e).input.shape as Record<string, z.ZodType>;
  return Object.entries(shape).filter(([k]) => !e.pathFields?.includes(k) && !e.omit?.includes(k));
}

/** The template as Hono writes it: "/rules/{document}/{id}" -> "/api/v1/rules/:document/:id". */
export function honoPath(e: Endpoint): string {
  return API_PREFIX + e.path.replace(/\{(\w+)\}/g, ':$1');
}
