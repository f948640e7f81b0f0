/**
 * Structured logs: one JSON line per event on stderr (never stdout: in stdio mode stdout carries
 * the MCP protocol). LOG_LEVEL=silent turns them off.
 */
export type LogFields = Record<string, unknown>;

const silent = () => process.env.LOG_LEVEL === 'silent';

export function log(event: string, fields: LogFields = {}): void {
  if (silent()) return;
  process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), event, ...fields })}\n`);
}
