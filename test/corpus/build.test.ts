import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../tools/corpus/generate.js';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('corpus build', () => {
  it('is not stale: rebuilding from corpus/sources gives the committed files byte for byte', () => {
    const { files } = generateCorpus(path.join(root, 'corpus', 'sources'));
    expect(files.size).toBeGreaterThanOrEqual(12);
    for (const [rel, content] of files) {
      const committed = fs.readFileSync(path.join(root, 'corpus', rel), 'utf8');
      expect(committed, `${rel} is stale: run npm run corpus`).toBe(content);
    }
  });

  it('is deterministic', () => {
    const a = generateCorpus(path.join(root, 'corpus', 'sources'));
    const b = generateCorpus(path.join(root, 'corpus', 'sources'));
    expect([...a.files.entries()]).toEqual([...b.files.entries()]);
  });
});
