/**
 * Build step (run by scripts/build.mjs after tsc): writes the corpus snapshot and the serialized
 * search indexes the server loads at start, so a cold start parses JSON instead of nine Markdown
 * documents' YAML and instead of tokenizing the corpus again.
 */
import { createHash } from 'node:crypto';
import { loadCorpusFromMarkdown, snapshotPath, writeSnapshot } from './corpus/load.js';
import { Knowledge } from './knowledge.js';
import { saveData, saveIndex } from './search/persist.js';
import { computeTermStats } from './search/term-stats.js';
import { computeFamilies } from './search/family.js';
import { bundledLists } from './restrictions/load.js';
import { dataDir } from './corpus/load.js';
import fs from 'node:fs';
import path from 'node:path';

const data = loadCorpusFromMarkdown();
data.fingerprint = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
writeSnapshot(data);
const kb = new Knowledge(data);
saveIndex('rules-en', kb.rules.index('en'), data.fingerprint);
saveIndex('rules-ja', kb.rules.index('ja'), data.fingerprint);
saveIndex('cards', kb.cards.index, data.fingerprint);
saveIndex('card-names', kb.cards.nameIndex, data.fingerprint);
saveIndex('glossary', kb.glossary.index, data.fingerprint);
saveIndex('glossary-ja', kb.glossary.indexJa, data.fingerprint);
saveData('terms-en', computeTermStats(data.records, 'en'), data.fingerprint);
saveData('terms-ja', computeTermStats(data.records, 'ja'), data.fingerprint);
saveData('families', computeFamilies(kb.store), data.fingerprint);
saveData('variants-en', kb.rules.computeVariants('en'), data.fingerprint);
saveData('variants-ja', kb.rules.computeVariants('ja'), data.fingerprint);
saveData('senses', kb.rules.computeSenses(), data.fingerprint);
saveData('card-phrases', kb.rules.computeCardPhrases(), data.fingerprint);
// The restriction lists, for an installed package (which carries no corpus/).
fs.writeFileSync(path.join(dataDir(), 'restrictions.json'), JSON.stringify(bundledLists()));
// integrity.json (the hash of these and every other runtime file) is written by scripts/build.mjs once the bundle exists.
process.stderr.write(`wrote ${snapshotPath()} and indexes (${data.records.length} records, ${data.cards.length} cards, fingerprint ${data.fingerprint})\n`);
