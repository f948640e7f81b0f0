/**
 * The command line's commands: each one calls an MCP tool in process (callTool) and prints the
 * tool's text, or its structured answer with --json. Errors go to stderr; the exit code says what
 * happened (see EXIT in main.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import tty from 'node:tty';
import { knowledge } from '../knowledge.js';
import { callTool, inputErrorText, SERVER_VERSION } from '../mcp/server.js';
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

/** The largest input file read: a scenario or a deck list is a few KB; more is a mistake or an attack. */
export const MAX_INPUT_BYTES = 1024 * 1024;

/** What kind of file a stat describes, for the message that refuses it. */
function kindOf(st: fs.Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Reads at most MAX_INPUT_BYTES + 1 bytes from fd (one more tells a file that is too large). */
function readBounded(fd: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.alloc(Math.min(64 * 1024, MAX_INPUT_BYTES + 1 - total));
    let n: number;
    try {
      n = fs.readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      // A pipe with nothing yet (stdin opened non-blocking by the shell): wait for it briefly.
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(buf.subarray(0, n));
    total += n;
    if (total > MAX_INPUT_BYTES) break;
  }
  return Buffer.concat(chunks, total);
}

/**
 * An input file as text: a regular file or standard input, at most 1 MiB, UTF-8 without NUL bytes.
 * A FIFO or a device is refused before it is opened for reading (/dev/zero would never end, a
 * FIFO would block), and nothing of a file that is refused is echoed.
 */
export function readInput(file: string): string {
  const name = file === '-' ? 'standard input' : `"${file}"`;
  const limit = `the limit is ${MAX_INPUT_BYTES / 1024 / 1024} MiB`;
  let bytes: Buffer;
  if (file === '-') {
    try {
      const st = fs.fstatSync(0);
      // A terminal is someone typing; any other device (< /dev/zero) is refused like a device path.
      if ((st.isCharacterDevice() || st.isBlockDevice()) && !tty.isatty(0)) throw new InputError(`standard input is a device; give a regular file, a pipe or - with a file redirected`);
      bytes = readBounded(0);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read standard input: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  } else {
    let fd: number;
    try {
      const st = fs.statSync(file);
      if (!st.isFile()) throw new InputError(`${name} is ${kindOf(st)}; give a regular file, or - to read standard input`);
      if (st.size > MAX_INPUT_BYTES) throw new InputError(`${name} is ${st.size} bytes; ${limit}`);
      // Non-blocking, so a file swapped for a FIFO after the stat cannot hang the open.
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read ${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) throw new InputError(`${name} is ${kindOf(st)}; give a regular file, or - to read standard input`);
      bytes = readBounded(fd);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read ${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    } finally {
      fs.closeSync(fd);
    }
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new InputError(`${name} is larger than 1 MiB; ${limit}`);
  if (bytes.includes(0)) throw new InputError(`${name} is not a text file (it contains NUL bytes)`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(`${name} is not UTF-8 text`);
  }
}

/** JSON.parse, with an error that says where the text stops being JSON but never quotes it. */
function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message)?.[1];
    let where = '';
    if (pos !== undefined) {
      const before = text.slice(0, Number(pos)).split('\n');
      where = ` (at line ${before.length}, column ${before.at(-1)!.length + 1})`;
    } else if (/end of (JSON )?input/i.test((e as Error).message)) where = ' (it ends too early)';
    throw new InputError(`${file === '-' ? 'standard input' : `"${file}"`} is not valid JSON${where}`);
  }
}

function readJson(file: string): unknown {
  return parseJson(readInput(file), file);
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
      const args = trimmed.startsWith('{') ? (parseJson(trimmed, p.args[1]!) as Record<string, unknown>) : { list: input };
      return { tool: 'check_deck', args, source: 'file', negative: (s) => !s.legal };
    }
    case 'simulate':
      return { tool: 'simulate_ruling', args: readJson(p.args[0]!) as Record<string, unknown>, source: 'file', negative: (s) => !s.legal || (Array.isArray(s.undetermined) && s.undetermined.length > 0) };
    default:
      throw new Error(`no command ${p.command}`);
  }
}

/** What a failed command prints: the message on stderr and, with --json, the same as JSON on stdout. */
function fail(p: Parsed, code: number, message: string, extra: Record<string, unknown> = {}): number {
  process.stderr.write(`gundam-rules ${p.command}: ${message}\n`);
  if (p.flags.json) process.stdout.write(`${JSON.stringify({ error: message, exit_code: code, ...extra }, null, 2)}\n`);
  return code;
}

export async function runCommand(p: Parsed): Promise<number> {
  let step: ReturnType<typeof plan>;
  try {
    // The restriction list in force (an operator's RESTRICTIONS_FILE included) is checked before any answer.
    if (p.command === 'deck' || p.command === 'card') activeRestrictions(knowledge());
    step = plan(p);
  } catch (e) {
    if (e instanceof InputError) return fail(p, EXIT.input, e.message);
    if (e instanceof ToolError || e instanceof RestrictionsError) return fail(p, EXIT.usage, e.message);
    return fail(p, EXIT.internal, `internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const answer = callTool(step.tool, step.args, knowledge());
    process.stdout.write(p.flags.json ? `${JSON.stringify(answer.structured, null, 2)}\n` : `${answer.text}\n`);
    return step.negative(answer.structured) ? EXIT.negative : EXIT.ok;
  } catch (e) {
    if (e instanceof ToolError) {
      return fail(p, EXIT.negative, e.message + (e.suggestions.length ? `\nDid you mean: ${e.suggestions.join(', ')}?` : ''), e.suggestions.length ? { suggestions: e.suggestions } : {});
    }
    const issues = (e as { issues?: { path?: PropertyKey[]; message?: string }[] })?.issues;
    // The MCP path's own words for a bad input: the same message either way.
    if (Array.isArray(issues)) return fail(p, step.source === 'file' ? EXIT.input : EXIT.usage, inputErrorText(step.tool, issues));
    return fail(p, EXIT.internal, `internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
