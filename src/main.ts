/**
 * The command line of both bins. `gundam-rules-mcp` with no command serves (streamable HTTP, or MCP
 * over stdio with --stdio), as it always has; `gundam-rules` with no command prints its help.
 *
 *   gundam-rules rule 8-5-3 [--lang ja]     gundam-rules search "…"      gundam-rules glossary …
 *   gundam-rules card "zaku"                gundam-rules deck check deck.txt
 *   gundam-rules simulate scenario.json     gundam-rules serve [--stdio]
 *
 * Every command prints readable text, or its tool's structured answer with --json. An unknown
 * command or flag is an error naming the closest valid one (exit 2): a typo never starts a server.
 * Exit codes: 0 answered (deck legal, simulation legal), 1 no answer (not found, nothing matches,
 * deck or simulation illegal), 2 usage, 3 bad input file, 70 internal error.
 */
export const EXIT = { ok: 0, negative: 1, usage: 2, input: 3, internal: 70 } as const;

export class UsageError extends Error {
  readonly exitCode: number = EXIT.usage;
}

interface FlagSpec {
  /** Takes a value (`--lang ja` or `--lang=ja`). */
  value?: string;
  help: string;
}

interface CommandSpec {
  usage: string;
  summary: string;
  flags: Record<string, FlagSpec>;
  /** How many positional words it takes: min, max (Infinity: joined into one text). */
  args: [number, number];
  /** The environment variables it reads, beyond LOG_LEVEL (every command). */
  env?: Record<string, string>;
}

const JSON_FLAG: FlagSpec = { help: 'print the structured answer as JSON (for scripts)' };
const LANG: FlagSpec = { value: 'en|ja', help: 'language of the rules (default en; Japanese text is detected)' };

/** What `serve` reads from the environment (src/http/config.ts and the stdio transport); limits and their ranges: docs/security.md. */
const SERVE_ENV: Record<string, string> = {
  PORT: 'HTTP port (default 8180; 0 picks a free one)',
  HOST: 'HTTP address (default 127.0.0.1)',
  ALLOWED_HOSTS: 'Host names accepted beyond loopback, comma-separated',
  ALLOWED_ORIGINS: 'browser Origins accepted (also CORS_ORIGINS)',
  CORS_ORIGINS: 'Origins sent CORS headers, comma-separated',
  WEB: 'on|off: the rules page (default on)',
  MCP_STATELESS: '1: no sessions, any worker answers any request',
  WORKERS: 'processes (default 1; with MCP_STATELESS=1, one per core)',
  REDIS_URL: 'share rate-limit budgets between processes and replicas',
  REDIS_TIMEOUT_MS: 'Redis answer deadline (default 200)',
  RATE_LIMIT_PREFIX: 'Redis key prefix (default gundam-rules)',
  TRUST_PROXY_HEADER: 'header naming the client address behind a proxy, e.g. x-forwarded-for',
  API_KEYS: 'comma-separated keys, each with its own budget',
  RATE_LIMIT_PER_MINUTE: 'requests a minute per client (default 60)',
  RATE_LIMIT_BURST: 'burst above that (default none)',
  COST_UNIT_MS: 'CPU time that costs one request (default 50)',
  MAX_BODY_BYTES: 'largest request body (default 262144)',
  MAX_JSON_DEPTH: 'deepest JSON nesting (default 64)',
  MAX_BATCH: 'largest JSON-RPC batch (default 20)',
  MAX_SESSIONS: 'sessions kept (default 1000)',
  MAX_SESSIONS_PER_CLIENT: 'sessions per client (default 50)',
  SESSION_IDLE_SECONDS: 'idle session lifetime (default 1800)',
  MAX_CONNECTIONS: 'open connections (default 1024)',
  MAX_CONNECTIONS_PER_ADDRESS: 'open connections per address (default 32)',
  HEADERS_TIMEOUT_MS: 'deadline for request headers (default 10000)',
  REQUEST_TIMEOUT_MS: 'deadline for a whole request (default 30000)',
  RESPONSE_TIMEOUT_MS: 'deadline for an answer (default 30000)',
  KEEP_ALIVE_TIMEOUT_MS: 'idle keep-alive (default 5000)',
  SHUTDOWN_GRACE_MS: 'SIGTERM drain time (default 10000)',
  MAX_MESSAGE_BYTES: '--stdio: longest message line (default 4194304)',
  LOG_HASH_SALT: 'salt of the hashed client addresses in the log',
  WEB_RATE_LIMIT_PER_MINUTE: 'the rules page\'s own budget a minute per client (default 600)',
  WEB_PASS_SECRET: 'signs venue pass cookies (/join?key=…), at least 32 characters',
  WEB_PASS_DAYS: 'venue pass lifetime in days (default 3)',
  RESTRICTIONS_FILE: 'a banned/restricted list file replacing the shipped one',
  BUSY_HEADERS_TIMEOUT_MS: 'header deadline while the connection pool is half full (default 1000)',
  BUSY_REQUEST_TIMEOUT_MS: 'body deadline while the connection pool is half full (default 5000)',
  FREE_REQUESTS_PER_MINUTE: 'budget of notifications, unknown sessions and /offline.json (default 120)',
  SESSION_COST: 'points an initialize costs (default 1)',
  SESSION_IDLE_UNDER_PRESSURE_SECONDS: 'idle session lifetime while the table is half full (default 120)',
  TOOL_WORKERS: 'worker threads for the costly tools (default 1; 0 runs them in-process)',
  TOOL_DEADLINE_MS: 'deadline of one costly tool call (default 4000)',
  TOOL_HEAP_MB: 'heap limit of a tool worker (default 96)',
  TOOL_QUEUE_MAX: 'costly calls waiting for a worker (default 64)',
  ENGINE_MAX_EVENTS: 'events one simulation may log (default 3000)',
  ENGINE_MAX_RESOLUTIONS: 'ability resolutions one simulation may run (default 1000)',
};

const RESTRICTIONS_ENV: Record<string, string> = { RESTRICTIONS_FILE: 'a banned/restricted list file replacing the shipped one' };
const ENGINE_ENV: Record<string, string> = { ENGINE_MAX_EVENTS: SERVE_ENV.ENGINE_MAX_EVENTS!, ENGINE_MAX_RESOLUTIONS: SERVE_ENV.ENGINE_MAX_RESOLUTIONS! };

export const COMMANDS: Record<string, CommandSpec> = {
  rule: { usage: 'rule <number> [--lang ja] [--document ID]', summary: 'one rule with its text, children, references and counterpart', flags: { lang: LANG, document: { value: 'ID', help: 'document id, e.g. gundam-tournament-rules-en' }, json: JSON_FLAG }, args: [1, 1] },
  search: { usage: 'search <words…> [--lang ja] [--limit N]', summary: 'search the rules and tournament documents', flags: { lang: LANG, limit: { value: 'N', help: 'results, 1-50 (default 5)' }, document: { value: 'ID', help: 'search only this document' }, json: JSON_FLAG }, args: [1, Infinity] },
  glossary: { usage: 'glossary <term…> [--lang ja] [--limit N]', summary: 'look a term or keyword up in the glossary', flags: { lang: LANG, limit: { value: 'N', help: 'results, 1-30 (default 3)' }, json: JSON_FLAG }, args: [1, Infinity] },
  card: { usage: 'card <name or id…>', summary: 'a card: stats, text, keywords, what the engine runs, printings', flags: { json: JSON_FLAG }, args: [1, Infinity], env: RESTRICTIONS_ENV },
  deck: { usage: 'deck check <file|->', summary: 'check a deck list (card numbers or names) against the construction rules and the banned/restricted list', flags: { json: JSON_FLAG }, args: [2, 2], env: RESTRICTIONS_ENV },
  simulate: { usage: 'simulate <scenario.json|->', summary: 'play a scenario out step by step with the rules behind each step', flags: { json: JSON_FLAG }, args: [1, 1], env: ENGINE_ENV },
  serve: { usage: 'serve [--stdio] [--port N] [--host H]', summary: 'run the MCP server (streamable HTTP and the rules page; --stdio for assistants)', flags: { stdio: { help: 'MCP over stdin/stdout' }, port: { value: 'N', help: 'HTTP port (default 8180, or PORT)' }, host: { value: 'H', help: 'HTTP address (default 127.0.0.1, or HOST)' } }, args: [0, 0], env: SERVE_ENV },
  help: { usage: 'help [command]', summary: 'this help, or one command\'s', flags: {}, args: [0, 1] },
};

const GLOBAL_FLAGS: Record<string, FlagSpec> = { help: { help: 'show help' }, version: { help: 'print the version' } };

/** Edit distance, for "did you mean". */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length]![b.length]!;
}

export function closest(word: string, options: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const o of options) {
    const d = o.startsWith(word) || word.startsWith(o) ? Math.min(1, distance(word, o)) : distance(word, o);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

export interface Parsed {
  command: string;
  args: string[];
  flags: Record<string, string | true>;
}

/** Reads argv for one command; throws UsageError for an unknown command or flag, a missing value or argument. */
export function parseArgs(argv: readonly string[], defaultCommand: 'serve' | 'help'): Parsed {
  let command: string | undefined;
  const args: string[] = [];
  const flags: Record<string, string | true> = {};
  const pending: string[] = [];
  let i = 0;
  let onlyArgs = false;
  // The command is the first word that is not a flag.
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!onlyArgs && a === '--') {
      onlyArgs = true;
      continue;
    }
    if (!onlyArgs && a.startsWith('-') && a !== '-') {
      pending.push(a);
      const name = flagName(a);
      const spec = command ? COMMANDS[command]?.flags[name] : undefined;
      if (spec?.value && !a.includes('=')) pending.push(argv[++i] ?? '');
      continue;
    }
    if (command === undefined) {
      command = a;
      if (!COMMANDS[a]) {
        const near = closest(a, Object.keys(COMMANDS));
        throw new UsageError(`unknown command "${a}"${near ? `; did you mean "${near}"?` : ''} (commands: ${Object.keys(COMMANDS).join(', ')})`);
      }
    } else args.push(a);
  }
  const explicit = command !== undefined;
  command ??= defaultCommand;
  const spec = COMMANDS[command]!;
  const valid = { ...spec.flags, ...GLOBAL_FLAGS };
  for (let k = 0; k < pending.length; k++) {
    const a = pending[k]!;
    if (a === '-h') {
      flags.help = true;
      continue;
    }
    if (a === '-v' || a === '-V') {
      flags.version = true;
      continue;
    }
    const name = flagName(a);
    const f = a.startsWith('--') ? valid[name] : undefined;
    if (!f) {
      const near = closest(name, Object.keys(valid));
      // A flag of another command ("--stdi" with no command): name the command it belongs to.
      const elsewhere = near || explicit ? undefined : Object.entries(COMMANDS).map(([c, s]) => [c, closest(name, Object.keys(s.flags))] as const).find(([, f]) => f);
      const hint = near ? `; did you mean "--${near}"?` : elsewhere ? `; did you mean "${elsewhere[0]} --${elsewhere[1]}"?` : '';
      throw new UsageError(`unknown flag "${a}" for ${command}${hint} (flags: ${Object.keys(valid).map((n) => `--${n}`).join(', ')})`);
    }
    if (f.value) {
      const eq = a.indexOf('=');
      const v = eq >= 0 ? a.slice(eq + 1) : pending[++k];
      if (v === undefined || v === '' || (eq < 0 && v.startsWith('--'))) throw new UsageError(`--${name} needs a value (${f.value})`);
      flags[name] = v;
    } else {
      if (a.includes('=')) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    }
  }
  if (!flags.help && !flags.version) {
    const [min, max] = spec.args;
    if (args.length < min) throw new UsageError(`${command} needs ${min === 1 ? 'an argument' : `${min} arguments`}: ${spec.usage}`);
    if (args.length > max) throw new UsageError(`${command} takes ${max === 0 ? 'no arguments' : `at most ${max}`}, got "${args.join(' ')}": ${spec.usage}${max === 1 && command !== 'help' ? ' (quote words with spaces)' : ''}`);
  }
  return { command, args, flags };
}

function flagName(a: string): string {
  return a.replace(/^--?/, '').split('=')[0]!;
}

export function helpText(bin: string, command?: string): string {
  if (command && COMMANDS[command]) {
    const s = COMMANDS[command]!;
    const flags = Object.entries({ ...s.flags, ...GLOBAL_FLAGS }).map(([n, f]) => `  --${n}${f.value ? ` ${f.value}` : ''}`.padEnd(24) + f.help);
    const env = Object.entries({ ...s.env, LOG_LEVEL: 'silent: no JSON log lines on stderr' }).map(([n, h]) => `  ${n} `.padEnd(30) + h);
    return [`${bin} ${s.usage}`, '', s.summary, '', 'Flags:', ...flags, '', 'Environment:', ...env, ''].join('\n');
  }
  const lines = Object.values(COMMANDS).map((s) => `  ${s.usage.padEnd(44)} ${s.summary}`);
  return [
    `${bin}: Gundam Card Game rules, glossary, cards and rules engine, offline.`,
    '',
    'Usage:',
    ...lines,
    '',
    `With no command, ${bin === 'gundam-rules-mcp' ? 'it serves (as "serve")' : 'it prints this help'}. Every command takes --json (structured answer) and --help.`,
    `Environment: every command reads LOG_LEVEL (silent: no log lines on stderr); serve reads ${Object.keys(SERVE_ENV).length} more (${Object.keys(SERVE_ENV).slice(0, 4).join(', ')}, …): "${bin} serve --help" lists them.`,
    '',
    'Examples:',
    `  ${bin} rule 8-5-3-2`,
    `  ${bin} rule 8-5-3 --lang ja`,
    `  ${bin} search "can a unit attack the turn it is deployed"`,
    `  ${bin} card zaku --json`,
    `  ${bin} deck check deck.txt`,
    `  ${bin} serve --stdio`,
    '',
    'Exit codes: 0 answered (deck or simulation legal), 1 no answer (not found, nothing matches, deck or simulation illegal), 2 usage error, 3 bad input file, 70 internal error.',
    '',
  ].join('\n');
}

export async function main(argv: readonly string[], bin: 'gundam-rules-mcp' | 'gundam-rules' = 'gundam-rules-mcp'): Promise<void> {
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv, bin === 'gundam-rules-mcp' ? 'serve' : 'help');
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${bin}: ${e.message}\nRun "${bin} --help" for usage.\n`);
      // A script that asked for JSON gets its error as JSON too.
      if (argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: e.message, exit_code: EXIT.usage }, null, 2)}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    throw e;
  }
  const { command, flags } = parsed;
  if (flags.version) {
    const { packageVersion } = await import('./cli/commands.js');
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  if (flags.help || command === 'help') {
    process.stdout.write(helpText(bin, command === 'help' ? parsed.args[0] : flags.help && command !== 'help' && argv.some((a) => a === command) ? command : undefined));
    return;
  }
  if (command === 'serve') {
    // Before either transport serves anything: a damaged corpus or build is refused, loudly.
    const { IntegrityError, verifyIntegrity, verifySnapshot } = await import('./corpus/load.js');
    try {
      verifyIntegrity();
      // Started from the V8 startup snapshot (src/snapshot-entry.ts): the blob is checked too.
      if ((globalThis as { __gundamRulesSnapshot?: boolean }).__gundamRulesSnapshot) {
        const i = process.execArgv.findIndex((a) => a === '--snapshot-blob' || a.startsWith('--snapshot-blob='));
        const blob = i < 0 ? undefined : process.execArgv[i]!.includes('=') ? process.execArgv[i]!.split('=').slice(1).join('=') : process.execArgv[i + 1];
        if (blob) verifySnapshot(blob);
      }
    } catch (e) {
      const { flushLogs, log } = await import('./log.js');
      const error = e instanceof Error ? e.message : String(e);
      log('start_failed', { error, integrity: e instanceof IntegrityError });
      flushLogs();
      process.stderr.write(`gundam-rules-mcp: not starting: ${error}\n`);
      process.exit(1);
    }
    // An operator's restriction list is read and checked now: a bad one refuses to start, naming what is wrong.
    if (process.env.RESTRICTIONS_FILE?.trim()) {
      const [{ activeRestrictions }, { knowledge }] = await Promise.all([import('./mcp/restrictions.js'), import('./knowledge.js')]);
      try {
        activeRestrictions(knowledge());
      } catch (e) {
        const { flushLogs, log } = await import('./log.js');
        const error = e instanceof Error ? e.message : String(e);
        log('start_failed', { error, restrictions: true });
        flushLogs();
        process.stderr.write(`gundam-rules-mcp: not starting: ${error}\n`);
        process.exit(1);
      }
    }
    if (typeof flags.port === 'string') process.env.PORT = flags.port;
    if (typeof flags.host === 'string') process.env.HOST = flags.host;
    if (flags.stdio) {
      const { runStdio } = await import('./stdio.js');
      await runStdio();
    } else {
      const { runHttp } = await import('./http/serve.js');
      await runHttp();
    }
    return;
  }
  const { runCommand } = await import('./cli/commands.js');
  process.exitCode = await runCommand(parsed);
}
