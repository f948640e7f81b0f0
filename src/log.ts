/**
 * Structured logs: one JSON line per event on stderr (never stdout: in stdio mode stdout carries
 * the MCP protocol). LOG_LEVEL=silent turns them off.
 *
 * Lines written in the same turn of the event loop go out in one write: under load that is one
 * system call per burst instead of one per request. They are flushed before the process exits.
 */
export type LogFields = Record<string, unknown>;

const silent = () => process.env.LOG_LEVEL === 'silent';

let pending = '';
let scheduled = false;

export function flushLogs(): void {
  scheduled = false;
  if (!pending) return;
  const out = pending;
  pending = '';
  process.stderr.write(out);
}

process.on('exit', flushLogs);

export function log(event: string, fields: LogFields = {}): void {
  if (silent()) return;
  pending += `${JSON.stringify({ t: new Date().toISOString(), event, ...fields })}\n`;
  // A burst of lines (a flood) is bounded: write at once past 64 KB rather than wait.
  if (pending.length > 65_536) flushLogs();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flushLogs);
  }
}

/**
 * A stray rejection or exception (a bug, or a dependency failing asynchronously) is logged and the
 * server goes on answering: one bad request must not take the service down for everyone.
 */
export function keepRunningOnStrayErrors(): void {
  process.on('unhandledRejection', (reason) => {
    log('unhandled_rejection', { error: reason instanceof Error ? reason.message : String(reason) });
  });
  process.on('uncaughtException', (err) => {
    log('uncaught_exception', { error: err.message });
  });
}
