/**
 * Rule documents and cards as MCP resources: gundam://documents/{document}, gundam://rules/{document}/{id}
 * and gundam://cards/{id}. Only corpus records are ever read: the URI names a record, never a path.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { Knowledge } from '../knowledge.js';
import { readEngineDoc } from '../corpus/load.js';

export const SCENARIO_FORMAT_URI = 'gundam://docs/scenario-format';

/** The sections of docs/engine.md a client needs to write a simulate_ruling scenario and read its answer. */
const SCENARIO_SECTIONS = /^## (Scenario format|Card abilities|Answer format|Worked example \d+\b.*)$/;

let scenarioFormat: string | undefined;
/**
 * simulate_ruling's long explanations: its schema's descriptions are one line each (an assistant
 * reads every tool's schema before it answers anything), and point here. Read from docs/engine.md,
 * so the document and the resource are one text.
 */
export function scenarioFormatText(): string {
  if (scenarioFormat !== undefined) return scenarioFormat;
  const doc = readEngineDoc();
  const sections = doc.split(/\n(?=## )/).filter((s) => SCENARIO_SECTIONS.test(s.split('\n')[0]!));
  if (!sections.length) throw new Error('docs/engine.md has no "## Scenario format" section');
  scenarioFormat = `# simulate_ruling: scenario format, answer format, worked examples\n\n${sections.map((s) => s.trimEnd()).join('\n\n')}\n`;
  return scenarioFormat;
}

function one(v: string | string[] | undefined): string {
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

export function registerResources(server: McpServer, kb: Knowledge): void {
  server.registerResource(
    'scenario-format',
    SCENARIO_FORMAT_URI,
    { title: 'simulate_ruling scenario format', description: 'How to write a simulate_ruling scenario, what the answer holds, and worked examples', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: scenarioFormatText() }] }),
  );

  server.registerResource(
    'rules-document',
    new ResourceTemplate('gundam://documents/{document}', {
      list: () => ({
        resources: kb.store.documents.map((d) => ({
          uri: `gundam://documents/${d.id}`,
          name: d.id,
          title: d.title,
          description: `${d.kind}, ${d.language}, version ${d.version}, ${d.authority}`,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'Rules document', description: 'A whole rules document as Markdown', mimeType: 'text/markdown' },
    (uri, vars) => {
      const id = decodeURIComponent(one(vars.document));
      const d = kb.store.document(id);
      if (!d) throw new McpError(ErrorCode.InvalidParams, kb.store.unknownDocument(id));
      const body = kb.store
        .recordsOf(d.id)
        .map((r) => (r.heading ? `${'#'.repeat(Math.min(r.path.length + 2, 6))} ${/^\d/.test(r.id) ? `${r.id}. ` : ''}${r.heading}${r.text ? `\n\n${r.text}` : ''}` : `**${r.id}.** ${r.text}`))
        .join('\n\n');
      const header = `# ${d.title}\n\n${d.authority === 'unofficial' ? '> UNOFFICIAL: not from the publisher; contradicts the official rules.\n\n' : ''}`;
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: header + body }] };
    },
  );

  server.registerResource(
    'rule',
    new ResourceTemplate('gundam://rules/{document}/{id}', { list: undefined }),
    { title: 'Rule', description: 'One rule record as JSON (gundam://rules/gundam-cr-en/8-5-2-3-1)', mimeType: 'application/json' },
    (uri, vars) => {
      const document = decodeURIComponent(one(vars.document));
      const id = decodeURIComponent(one(vars.id));
      const r = kb.store.rule(document, id);
      if (!r) throw new McpError(ErrorCode.InvalidParams, `no rule "${id}" in document "${document}"`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(r) }] };
    },
  );

  server.registerResource(
    'card',
    new ResourceTemplate('gundam://cards/{id}', { list: undefined }),
    { title: 'Card', description: 'One card record as JSON (gundam://cards/GD01-013)', mimeType: 'application/json' },
    (uri, vars) => {
      const id = decodeURIComponent(one(vars.id));
      const c = kb.store.cardById(id);
      if (!c) throw new McpError(ErrorCode.InvalidParams, `no card "${id}"`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(c) }] };
    },
  );
}
