import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown, type CorpusData } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { ownText } from '../../src/search/specific.js';
import { SearchService } from '../../src/search/service.js';
import { readAsks } from '../../tools/corpus/asks.js';
import type { RuleRecord } from '../../src/corpus/types.js';

let corpus: CorpusData;
beforeAll(() => {
  corpus = loadCorpusFromMarkdown();
});

// The documents whose rules carry paraphrases: both Comprehensive Rules and both tournament documents.
const COVERED = ['gundam-cr-en', 'gundam-cr-ja', 'gundam-tournament-rules-en', 'gundam-floor-rules-en'];

describe('rule paraphrases (corpus/asks)', () => {
  it.each(COVERED)('%s: every rule with text of its own has at least two paraphrases (change history aside)', (doc) => {
    const asks = corpus.asks?.[doc] ?? {};
    const rules = corpus.records.filter((r) => r.document === doc && !r.id.startsWith('history') && ownText(r));
    expect(rules.length).toBeGreaterThan(10);
    // A section the build split into items (7.4.2 into its infractions) was paraphrased as a whole,
    // one paraphrase per situation, and they moved to the items they describe: the section and its
    // items are checked together, at least one paraphrase per item.
    const split = corpus.records.filter((r) => r.document === doc && r.repairs.some((x) => x.kind === 'split-into-items'));
    const inSplit = new Set(split.flatMap((p) => [p.id, ...p.children]));
    for (const p of split) {
      const total = [p.id, ...p.children].reduce((n, id) => n + (asks[id]?.length ?? 0), 0);
      expect(total, p.id).toBeGreaterThanOrEqual(p.children.length);
    }
    const thin = rules.filter((r) => !inSplit.has(r.id) && (asks[r.id]?.length ?? 0) < 2).map((r) => r.id);
    expect(thin).toEqual([]);
  });

  it('name only rules of their document, and are not the rule text itself', () => {
    for (const [doc, byId] of Object.entries(corpus.asks ?? {})) {
      for (const [id, list] of Object.entries(byId)) {
        const rule = corpus.records.find((r) => r.document === doc && r.id === id);
        expect(rule, `${doc} ${id}`).toBeDefined();
        for (const a of list) expect(a.length).toBeGreaterThan(3);
        if (ownText(rule!).length > 40) expect(list).not.toContain(ownText(rule!));
      }
    }
  });

  it('let search find a rule from words its text never uses', () => {
    const search = new SearchService(new CorpusStore(corpus));
    // Neither the rules nor the players'-word list has "sickness": only 3-2-4's paraphrases do.
    expect(corpus.records.some((r) => /sickness/i.test(r.text))).toBe(false);
    const { results } = search.searchRules({ query: 'does my guy have summoning sickness', limit: 3 });
    expect(results.map((r) => r.id)).toContain('3-2-4');
    // "bathroom" is in no document: the Floor Rules' section on players (leaving the table) has it as a paraphrase.
    const bathroom = search.searchRules({ query: 'I really need the bathroom in the middle of my match', limit: 5 });
    expect(bathroom.results.map((r) => `${r.document} ${r.id}`)).toContain('gundam-floor-rules-en section-2');
  });
});

describe('the corpus build checks paraphrase files', () => {
  const docs = [{ id: 'doc-a', records: [{ id: '1-1' }, { id: '1-2' }] as RuleRecord[] }];
  const write = (name: string, text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asks-'));
    fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };

  it('normalizes a valid file into document order', () => {
    const dir = write('doc-a.jsonl', '{"id":"1-2","asks":["  two  words "]}\n{"id":"1-1","asks":["one"]}\n');
    const [a] = readAsks(dir, docs);
    expect(a).toMatchObject({ document: 'doc-a', file: 'asks/doc-a.jsonl', records: 2 });
    expect(a!.content).toBe('{"id":"1-1","asks":["one"]}\n{"id":"1-2","asks":["two words"]}\n');
  });

  it.each([
    ['an unknown document', 'doc-b.jsonl', '{"id":"1-1","asks":["x"]}', /no document "doc-b"/],
    ['an id the document does not have', 'doc-a.jsonl', '{"id":"9-9","asks":["x"]}', /"9-9" is not a record of doc-a/],
    ['a rule listed twice', 'doc-a.jsonl', '{"id":"1-1","asks":["x"]}\n{"id":"1-1","asks":["y"]}', /1-1 is listed twice/],
    ['an empty paraphrase', 'doc-a.jsonl', '{"id":"1-1","asks":[" "]}', /one-line texts/],
    ['asks that are not a list', 'doc-a.jsonl', '{"id":"1-1","asks":"x"}', /one-line texts/],
  ])('refuses %s, naming the file and line', (_what, name, text, message) => {
    expect(() => readAsks(write(name, text), docs)).toThrow(message);
  });
});
