/** dist/ is missing, incomplete or older than one of its inputs (src/, corpus/, the build script and config). */
export function isStale(): boolean;
/** Builds when stale; returns whether it built, throws an Error with exitCode when the build fails. */
export function ensureBuilt(): boolean;
/** ensureBuilt for a command: a failed build prints its message and exits with its code. */
export function ensureBuiltOrExit(): void;
