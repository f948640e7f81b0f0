import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../src/corpus/load.js';
import { Knowledge } from '../src/knowledge.js';
import { DOC_FILES, docPath, updatedDoc } from '../tools/readme-tools.js';

describe('generated documentation', () => {
  const kb = new Knowledge(loadCorpusFromMarkdown());
  for (const file of Object.keys(DOC_FILES)) {
    it(`${file} shows the answers the server gives today (npm run docs)`, () => {
      const text = fs.readFileSync(docPath(file), 'utf8');
      expect(text, `${file} is stale: run npm run docs`).toBe(updatedDoc(file, text, kb));
    });
  }

  it('the README links to every document in docs/', () => {
    const readme = fs.readFileSync(docPath('README.md'), 'utf8');
    for (const f of fs.readdirSync(docPath('docs')).filter((x) => x.endsWith('.md'))) expect(readme, f).toContain(`(docs/${f})`);
  });
});
