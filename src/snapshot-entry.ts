/**
 * Entry of the V8 startup snapshot that `npm run build` writes to dist/snapshot.blob. The server's
 * code is loaded and the corpus and the English rules index are read while the snapshot is made,
 * so a spawned server starts from a ready heap instead of compiling modules and parsing JSON:
 *
 *   node --snapshot-blob dist/snapshot.blob -- --stdio     (MCP over stdio)
 *   node --snapshot-blob dist/snapshot.blob                (HTTP, as npm start)
 *
 * The blob only runs on the Node.js binary that built it (npm run build makes a new one).
 */
import v8 from 'node:v8';
import { knowledge } from './knowledge.js';
import { verifyIntegrity } from './corpus/load.js';
import { main } from './main.js';

// The process's Knowledge, kept in the snapshot with what the first question needs: one English
// search made here loads the English index and everything its ranking reads (term statistics, the
// family model, keyword senses, card phrases). The catalog, the Japanese index and the rest load on
// first use, as they would without the snapshot (a bigger heap would take longer to deserialize).
// The heap is made from checked files only: a start from it checks the blob, not them again (verifySnapshot).
verifyIntegrity();
knowledge().rules.searchRules({ query: 'can my unit attack the turn it is deployed', language: 'en', limit: 1 });

// Started from a snapshot, argv is [node, ...args]: no script path.
v8.startupSnapshot.setDeserializeMainFunction(() => {
  (globalThis as { __gundamRulesSnapshot?: boolean }).__gundamRulesSnapshot = true;
  return main(process.argv.slice(1));
});
