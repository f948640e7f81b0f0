/**
 * A tool worker (worker_threads): loads its own Knowledge from dist/data and runs the tools whose
 * cost depends on their input, one call at a time, for the pool in pool.ts. A call that runs past
 * its deadline is not stopped here: the pool terminates the whole thread and starts another.
 */
import { parentPort } from 'node:worker_threads';
import { knowledge } from '../knowledge.js';
import { ToolError, type ToolDefinition } from './tool.js';
import { searchRules } from './tools/search-rules.js';
import { searchGlossary } from './tools/search-glossary.js';
import { searchCards } from './tools/cards.js';
import { engineTools } from './tools/engine.js';
import { POOLED_TOOLS, type PoolReply, type PoolRequest } from './pool-protocol.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tools = new Map<string, ToolDefinition<any, any>>([searchRules, searchGlossary, searchCards, ...engineTools].filter((t) => POOLED_TOOLS.has(t.name)).map((t) => [t.name, t]));

const port = parentPort;
if (!port) throw new Error('pool-worker runs as a worker thread of the tool pool');
const kb = knowledge();

port.on('message', (m: PoolRequest) => {
  const started = performance.now();
  let reply: PoolReply;
  try {
    const tool = tools.get(m.tool);
    if (!tool) throw new Error(`tool ${m.tool} does not run in the pool`);
    // The main thread validated the arguments against the same schema before sending them.
    const answer = tool.handler(m.args, kb);
    reply = { id: m.id, ms: performance.now() - started, ok: true, structured: answer.structured, text: answer.text };
  } catch (e) {
    const ms = performance.now() - started;
    reply =
      e instanceof ToolError
        ? { id: m.id, ms, ok: false, toolError: { message: e.message, suggestions: e.suggestions } }
        : { id: m.id, ms, ok: false, failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(reply);
});
// Every index is loaded before the first call, so a call's deadline measures its own work, never the
// loading (seconds on a busy machine). Until this worker is ready the main thread answers searches.
kb.warm();
void kb.cardLookup;
port.postMessage({ ready: true, tools: [...tools.keys()] });
