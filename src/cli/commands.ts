/**
 * The command line's commands: each one calls an MCP tool in process (callTool) and prints the
 * tool's text, or its structured answer with --json. Errors go to stderr; the exit code says what
 * happened (see EXIT in main.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { knowledge } from '../knowledge.js';
import { callTool, SERVER_VERSION } from '../mcp/server.js';
import { ToolError } from '../mcp/tool.js';
import { packageRoot } from '../corpus/load.js';
import { activeRestrictions } from '../mcp/restrictions.js';
import { RestrictionsError } from '../restrictions/load.js';
import { EXIT, type Parsed } from '../main.js';

export function packageVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return SERVER_VERSION;
  }
}

class InputError extends Error {}

function readInput(file: string): string {
  try {
    return file === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${file === '-' ? 'standard input' : `"${file}"`}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function readJson(file: string): unknown {
  const text = readInput(file);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`"${file}" is not valid JSON: ${(e as Error).message}`);
  }
}

function zodMessage(e: unknown): string | null {
  const issues = (e as { issues?: { path?: PropertyKey[]; message?: string }[] })?.issues;
  if (!Array.isArray(issues)) return null;
  return issues.slice(0, 5).map((i) => `${(i.path ?? []).map(String).join('.') || 'input'}: ${i.message ?? 'invalid'}`).join('; ');
}

const lang = (f: Parsed['flags']): 'en' | 'ja' | undefined => {
  const l = f.lang;
  if (l === undefined) return undefined;
  if (l !== 'en' && l !== 'ja') throw new ToolError(`--lang must be en or ja, got "${String(l)}"`);
  return l;
};

function int(f: Parsed['flags'], name: string): number | undefined {
  const v = f[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new ToolError(`--${name} must be a whole number, got "${String(v)}"`);
  return n;
}

/** What each command asks of which tool, and whether its answer is a "no" (exit 1). */
function plan(p: Parsed): { tool: string; args: Record<string, unknown>; source: 'flags' | 'file'; negative: (s: any) => boolean } {
  const text = p.args.join(' ');
  const f = p.flags;
  const opt = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  switch (p.command) {
    case 'rule':
      return { tool: 'get_rule', args: opt({ id: text, language: lang(f), document: f.document }), source: 'flags', negative: () => false };
    case 'search':
      return { tool: 'search_rules', args: opt({ query: text, language: lang(f), document: f.document, limit: int(f, 'limit') ?? 5 }), source: 'flags', negative: (s) => !s.results.length };
    case 'glossary':
      return { tool: 'search_glossary', args: opt({ query: text, language: lang(f), limit: int(f, 'limit') ?? 3 }), source: 'flags', negative: (s) => !s.results.length };
    case 'card':
      return { tool: 'get_card', args: /^[A-Za-z]{1,4}\d{0,3}-\d+\S*$/.test(text.trim()) ? { id: text.trim() } : { name: text }, source: 'flags', negative: () => false };
    case 'deck': {
      if (p.args[0] !== 'check') throw new ToolError(`deck has one subcommand: "deck check <file|->", got "deck ${p.args[0]}"`);
      const input = readInput(p.args[1]!);
      const trimmed = input.trim();
      // JSON is check_deck's own input; anything else is a deck list as written, read by check_deck.
      const args = trimmed.startsWith('{') ? (readJsonText(trimmed, p.args[1]!) as Record<string, unknown>) : { list: input };
      return { tool: 'check_deck', args, source: 'file', negative: (s) => !s.legal };
    }
    case 'simulate':
      return { tool: 'simulate_ruling', args: readJson(p.args[0]!) as Record<string, unknown>, source: 'file', negative: (s) => !s.legal || (Array.isArray(s.undetermined) && s.undetermined.length > 0) };
    default:
      throw new Error(`no command ${p.command}`);
  }
}

function readJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`"${file}" is not valid JSON: ${(e as Error).message}`);
  }
}

export async function runCommand(p: Parsed): Promise<number> {
  const err = (m: string) => process.stderr.write(`gundam-rules ${p.command}: ${m}\n`);
  let step: ReturnType<typeof plan>;
  try {
    // The restriction list in force (an operator's RESTRICTIONS_FILE included) is checked before any answer.
    if (p.command === 'deck' || p.command === 'card') activeRestrictions(knowledge());
    step = plan(p);
  } catch (e) {
    if (e instanceof InputError) return err(e.message), EXIT.input;
    if (e instanceof ToolError || e instanceof RestrictionsError) return err(e.message), EXIT.usage;
    throw e;
  }
  try {
    const answer = callTool(step.tool, step.args, knowledge());
    process.stdout.write(p.flags.json ? `${JSON.stringify(answer.structured, null, 2)}\n` : `${answer.text}\n`);
    return step.negative(answer.structured) ? EXIT.negative : EXIT.ok;
  } catch (e) {
    if (e instanceof ToolError) {
      err(e.message + (e.suggestions.length ? `\nDid you mean: ${e.suggestions.join(', ')}?` : ''));
      if (p.flags.json) process.stdout.write(`${JSON.stringify({ error: e.message, suggestions: e.suggestions }, null, 2)}\n`);
      return EXIT.negative;
    }
    const z = zodMessage(e);
    if (z) return err(z), step.source === 'file' ? EXIT.input : EXIT.usage;
    err(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.internal;
  }
}
