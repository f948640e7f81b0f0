/**
 * /openapi.json: the OpenAPI 3.1 document of the JSON API, made by zod-openapi from the same zod
 * schemas the tools validate with and answer by (src/mcp/tools), through the endpoint table
 * (endpoints.ts). Built once, on first request: the conversion takes tens of milliseconds.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { SERVER_VERSION } from '../../mcp/server.js';
import { API_PREFIX, ENDPOINTS, queryFields, toolOf, type Endpoint } from './endpoints.js';
import { apiErrorSchema } from './errors.js';

/** A field as the path or a required query parameter takes it: present, whatever the tool allows. */
function required(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodOptional)) return schema;
  const inner = schema.unwrap() as z.ZodType;
  // The description sits on the optional wrapper; the parameter keeps it.
  return schema.description ? inner.describe(schema.description) : inner;
}

const rateHeaders = z.object({
  RateLimit: z.string().describe('limit=N, remaining=N, reset=S: the client\'s budget, shared with /mcp and the rules page'),
  'RateLimit-Policy': z.string().describe('e.g. "60;w=60"'),
});

const errorContent = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

function responses(e: Endpoint): ZodOpenApiResponsesObject {
  const tool = toolOf(e);
  return {
    '200': { description: `The ${tool.name} tool's structured content`, headers: rateHeaders, content: { 'application/json': { schema: tool.output } } },
    '400': errorContent(e.lookup ? 'Invalid input: each field refused and what it accepts' : 'Invalid input (each field refused and what it accepts), or a request the tool cannot answer, with suggestions'),
    ...(e.lookup ? { '404': errorContent('Nothing by that id or name; suggestions list close ones') } : {}),
    '401': errorContent('An API key that is not listed (with API_KEYS set)'),
    '403': errorContent('Host or Origin not allowed'),
    ...(e.method === 'post'
      ? { '413': errorContent('The body is larger than the server accepts (MAX_BODY_BYTES)'), '415': errorContent('Content-Type is not application/json') }
      : {}),
    '429': {
      ...errorContent('Over the per-client budget, shared with /mcp'),
      headers: rateHeaders.extend({ 'Retry-After': z.string().regex(/^\d+$/).describe('Seconds until the budget allows this client again') }),
    },
    '500': errorContent('A failure of the server, logged'),
  };
}

function operation(e: Endpoint): ZodOpenApiOperationObject {
  const tool = toolOf(e);
  const input = tool.input.shape as Record<string, z.ZodType>;
  const query = Object.fromEntries(queryFields(e).map(([k, s]) => [k, e.require?.includes(k) ? required(s) : s]));
  const path = Object.fromEntries((e.pathFields ?? []).map((k) => [k, required(input[k]!)]));
  const readOnly =
    e.method === 'post'
      ? 'Read-only (MCP readOnlyHint): POST only because the input is a JSON document; nothing is stored or changed.'
      : 'Read-only (MCP readOnlyHint): changes nothing.';
  return {
    operationId: e.operationId,
    summary: e.summary,
    description: `${tool.description}\n\n${readOnly} The answer is the MCP tool ${tool.name}'s structured content.`,
    tags: [e.tag],
    'x-mcp-tool': tool.name,
    'x-read-only': true,
    'x-mcp-annotations': { readOnlyHint: true, openWorldHint: false },
    ...(Object.keys(query).length || Object.keys(path).length
      ? { requestParams: { ...(Object.keys(query).length ? { query: z.object(query) } : {}), ...(Object.keys(path).length ? { path: z.object(path) } : {}) } }
      : {}),
    ...(e.method === 'post' ? { requestBody: { required: true, content: { 'application/json': { schema: tool.input } } } } : {}),
    responses: responses(e),
  };
}

function build(): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of ENDPOINTS) {
    const at = `${API_PREFIX}${e.path}`;
    paths[at] = { ...paths[at], [e.method]: operation(e) };
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'openApiDocument',
      summary: 'This document',
      tags: ['meta'],
      'x-read-only': true,
      responses: { '200': { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
    },
  };
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Gundam Card Game rules API',
        version: SERVER_VERSION,
        description:
          'Cited Comprehensive Rules (EN and JA), glossary, tournament documents, the card catalog and the embedded rules engine as JSON over HTTP. ' +
          'Every endpoint is one of the MCP server\'s tools (x-mcp-tool) and answers with that tool\'s structured content; the limits, the per-client budget and the errors are the same. ' +
          'Every endpoint is read-only (x-read-only): nothing a request sends is stored.',
      },
      tags: [
        { name: 'rules', description: 'Rules documents, rules and the glossary' },
        { name: 'cards', description: 'The card catalog' },
        { name: 'engine', description: 'The rules engine: deck checks and simulations (read-only)' },
        { name: 'catalog', description: 'What the server knows' },
        { name: 'meta', description: 'The API itself' },
      ],
      paths,
    },
    { allowEmptySchema: { unknown: true } },
  ) as unknown as Record<string, unknown>;
}

let cached: Record<string, unknown> | undefined;

export function openApiDocument(): Record<string, unknown> {
  return (cached ??= build());
}
