import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../src/corpus/load.js';
import { Knowledge } from '../src/knowledge.js';
import { updatedReadme } from '../tools/readme-tools.js';

describe('README', () => {
  it('shows each tool and the engine examples with the answers the server gives today (npm run docs)', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const kb = new Knowledge(loadCorpusFromMarkdown());
    expect(readme, 'README.md is stale: run npm run docs').toBe(updatedReadme(readme, kb));
  });
});
