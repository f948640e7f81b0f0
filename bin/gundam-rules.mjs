#!/usr/bin/env node
// `gundam-rules`: the command line (rule, search, glossary, card, deck check, simulate, serve).
// The same program as gundam-rules-mcp; with no command it prints its help instead of serving.
globalThis.__gundamRulesBin = 'gundam-rules';
await import('./start.mjs');
