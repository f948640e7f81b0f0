/** The compiler's one failure: a clause no pattern reads (thrown inside, caught per ability). */
import type { UnsupportedReason } from '../ir.js';

export class Unread extends Error {
  constructor(
    readonly clause: string,
    readonly reason: UnsupportedReason = 'no-pattern',
    readonly detail: string = 'no sentence pattern reads this clause',
  ) {
    super(detail);
  }
}

/** Pattern ids that read an ability, collected while compiling it. */
export class Used {
  readonly ids: string[] = [];
  add(id: string): void {
    if (!this.ids.includes(id)) this.ids.push(id);
  }
}

/** "AP+2" / "AP+1 and HP+1" read into a change of each; a stat named twice is not read. */
export function statsChange(a: string, av: string, b: string | undefined, bv: string | undefined): { ap: number; hp: number } {
  const out = { ap: 0, hp: 0 };
  out[a === 'AP' ? 'ap' : 'hp'] = Number(av);
  if (b) {
    if (b === a) throw new Unread(`${b}${bv}`);
    out[b === 'AP' ? 'ap' : 'hp'] = Number(bv);
  }
  return out;
}
