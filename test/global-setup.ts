// Server tests spawn the built server (dist/), exactly as a client would: build it first when it is
// stale (SKIP_BUILD=1 skips even that, for a run against a dist/ built elsewhere).
import { ensureBuilt } from '../scripts/ensure-built.mjs';

export default function setup(): void {
  if (process.env.SKIP_BUILD) return;
  ensureBuilt();
}
