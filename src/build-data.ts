/**
 * Build step (run by scripts/build.mjs after tsc): writes the corpus snapshot the server loads at
 * start, so a cold start parses one JSON file instead of nine Markdown documents' YAML.
 */
import { loadCorpusFromMarkdown, snapshotPath, writeSnapshot } from './corpus/load.js';

const data = loadCorpusFromMarkdown();
writeSnapshot(data);
process.stderr.write(`wrote ${snapshotPath()} (${data.records.length} records, ${data.cards.length} cards)\n`);
