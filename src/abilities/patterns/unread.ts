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
