/**
 * A small HTML template tag: every interpolated value is escaped unless it is already Html (built
 * by this tag or by raw() for markup this module writes itself). Arrays are joined; null,
 * undefined and false render nothing. Synchronous, so a page renders in one pass.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup this module wrote itself; never pass text from a request or the corpus. */
export function raw(s: string): Html {
  return new Html(s);
}

export type Child = Html | string | number | boolean | null | undefined | readonly Child[];

function render(v: Child): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Child[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}
