/**
 * Log events that mean something broke inside the server. No vitest here: the reliability tests and
 * tools/load.ts both judge a server's log by this one list.
 */
export const TROUBLE_EVENTS = ['tool_failure', 'request_failure', 'unhandled_rejection', 'uncaught_exception', 'http_error', 'response_timeout', 'start_failed'];

export function isTrouble(line: string): boolean {
  return TROUBLE_EVENTS.some((t) => line.includes(`"event":"${t}"`));
}

/** The log lines (shortened) of trouble events. */
export function serverTrouble(logs: string): string[] {
  return logs
    .split('\n')
    .filter(isTrouble)
    .map((l) => l.slice(0, 500));
}
