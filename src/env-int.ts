/**
 * A whole-number setting from the environment: the fallback when unset, else an integer within
 * [min, max] written in decimal digits (surrounding spaces allowed). Anything else is an error that
 * names the setting, the range and the value given, so a typo fails at start, not later.
 */
export function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}
