/**
 * Builds corpus/ from the raw sources in corpus/sources. Deterministic: the same sources give the
 * same bytes. `--check` builds in memory and exits 1 when the committed corpus differs (stale).
 *
 *   npm run corpus            write corpus/
 *   npm run corpus -- --check compare only
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus/generate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const { files, report } = generateCorpus(path.join(root, 'corpus', 'sources'));
const stale: string[] = [];
for (const [rel, content] of files) {
  const target = path.join(root, 'corpus', rel);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  stale.push(rel);
  if (!check) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
}
if (check) {
  if (stale.length) {
    console.error(`corpus is stale against its sources: ${stale.join(', ')}\nrun: npm run corpus`);
    process.exit(1);
  }
  console.log('corpus is up to date');
} else {
  console.log(report);
  console.log(stale.length ? `wrote ${stale.join(', ')}` : 'corpus already up to date');
}
