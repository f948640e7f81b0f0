/** Helpers for hyphenated rule numbers (`8-5-2-3-1`) and dotted section numbers (`2.4.1`). */

function ruleParts(id: string): number[] {
  return id.split(/[-.]/).map(Number);
}

/** Orders rule numbers numerically, component by component; a parent sorts before its children. */
export function compareRuleIds(a: string, b: string): number {
  const x = ruleParts(a);
  const y = ruleParts(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! - y[i]!;
  }
  return x.length - y.length;
}

export function parentRuleId(id: string, sep = '-'): string | null {
  const i = id.lastIndexOf(sep);
  return i < 0 ? null : id.slice(0, i);
}
