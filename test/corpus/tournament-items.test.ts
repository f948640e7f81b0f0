/**
 * The Tournament Rules Manual item by item: each infraction of 7.4.1–7.4.3 and each match structure
 * of 3.5 is a record of its own, tables are Markdown tables, the paraphrases moved with their
 * infraction, and tournament questions land on the item that decides them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown, type CorpusData } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { searchRules } from '../../src/mcp/tools/search-rules.js';

const MANUAL = 'gundam-tournament-rules-en';
let corpus: CorpusData;
let kb: Knowledge;
beforeAll(() => {
  corpus = loadCorpusFromMarkdown();
  kb = new Knowledge(corpus);
});
const rule = (id: string) => {
  const r = corpus.records.find((x) => x.document === MANUAL && x.id === id);
  if (!r) throw new Error(`no ${id}`);
  return r;
};

describe('the Tournament Rules Manual item by item', () => {
  it('makes each infraction of 7.4.1-7.4.3 a record with its definition, penalty, resolution and examples', () => {
    const items = corpus.records.filter((r) => r.document === MANUAL && /^7\.4\.[123]\.\d+$/.test(r.id));
    expect(items.map((r) => r.id)).toHaveLength(4 + 11 + 7);
    for (const r of items) {
      expect(r.text.length, r.id).toBeLessThanOrEqual(1500);
      expect(r.text, r.id).toMatch(/^An infraction\b/);
      expect(r.text, r.id).toMatch(/\nPenalty: .+\nResolution: /);
      expect(r.parent, r.id).toBe(r.id.split('.').slice(0, 3).join('.'));
    }
    const deck = rule('7.4.2.5');
    expect(deck.heading).toBe('Deck Error: Incorrect number of cards in Deck / Deck List');
    expect(deck.text).toContain('\nPenalty: Game Loss\n');
    expect(deck.text).toContain('\n• A player’s deck and deck list contains only 49 cards.');
    expect(rule('7.4.1.4').text).toContain('• A player accidentally drew 3 cards instead of 2.');
    // The section keeps only its introduction and says where its items went.
    expect(rule('7.4.2').text).toMatch(/^These are errors which occur/);
    expect(rule('7.4.2').text).not.toMatch(/Penalty:/);
    expect(rule('7.4.2').repairs).toContainEqual(expect.objectContaining({ kind: 'split-into-items', detail: expect.stringContaining('7.4.2.1 to 7.4.2.11') }));
  });

  it('makes each match structure a record holding a Markdown table, and keeps the rounds table as one', () => {
    expect(['3.5.1', '3.5.2', '3.5.3', '3.5.4'].map((id) => rule(id).heading)).toEqual([
      'Online Standard Match Structure', 'Standard (Qualifying) Match Structure', 'Top Cut Finals Match Structure', 'Championship Top 2 Match Structure',
    ]);
    expect(rule('3.5.2').text).toContain('| Match Time | 30 minutes |');
    expect(rule('3.5.2').text).toContain('| Extra Time | 5 minutes (for extra turns, etc.) |');
    expect(rule('3.5.4').text).toContain('| Match Time | No time limit |');
    expect(rule('3.6').text).toContain('| 33–64 | 6 | Top 8 |');
    expect(rule('3.6').text).toMatch(/\n\| --- \| --- \| --- \|\n/);
  });

  it('moved each infraction\'s paraphrases to its record', () => {
    const asks = corpus.asks![MANUAL]!;
    expect(asks['7.4.2.5']!.join(' ')).toMatch(/49 cards/);
    expect(asks['7.4.1.4']!.join(' ')).toMatch(/drew 3 cards instead of 2/);
    expect(asks['3.5.2']!.join(' ')).toMatch(/Swiss round/);
    expect(asks['7.4.2']!.join(' ')).not.toMatch(/49 cards/);
  });

  it('lands tournament questions on the item that decides them, in the first three results', () => {
    const cases: [string, string][] = [
      ['What is the penalty if my deck has the wrong number of cards?', '7.4.2.5'],
      ['How long is a round in the qualifying rounds?', '3.5.2'],
      ['I accidentally drew an extra card at a tournament, what\'s the penalty?', '7.4.1.4'],
    ];
    for (const [query, id] of cases) {
      const top = searchRules.handler(searchRules.input.parse({ query }), kb).structured.results.slice(0, 3);
      const hit = top.find((r) => r.document === MANUAL && r.id === id);
      expect(hit, `${query}: ${top.map((r) => r.id).join(', ')}`).toBeDefined();
      expect(kb.store.rule(MANUAL, id)!.text.length).toBeLessThanOrEqual(1500);
    }
  });
});

describe('the Floor Rules / Tournament Manual note', () => {
  it('appears whenever both documents are among the results', () => {
    for (const query of ['I accidentally drew an extra card at a tournament, what\'s the penalty?', 'can I use card sleeves with art on them', 'what happens if I am late to my match', 'how long is a round']) {
      const { results, note } = searchRules.handler(searchRules.input.parse({ query }), kb).structured;
      const both = results.some((r) => r.document === 'gundam-floor-rules-en') && results.some((r) => r.document === MANUAL);
      expect(note !== undefined, query).toBe(both);
      if (note) {
        expect(results.some((r) => r.document === 'gundam-floor-rules-en' && r.id === note.floor), query).toBe(true);
        expect(results.some((r) => r.document === MANUAL && r.id === note.manual), query).toBe(true);
      }
    }
  });
});

describe('answers sized for an assistant', () => {
  const SWEEP = [
    'What is the penalty if my deck has the wrong number of cards?', 'How long is a round in the qualifying rounds?',
    'I accidentally drew an extra card at a tournament, what\'s the penalty?', 'how long is a round', 'what sleeves can I use at a tournament',
    'my opponent is taking forever', 'how does blocker work', 'what happens in the damage step', 'can I concede', 'ブロッカーは何回使えますか',
  ];
  it('keeps each whole answer within 8 KB of text and 16 KB in all, with the matching part of long records', () => {
    for (const query of SWEEP) {
      const out = searchRules.handler(searchRules.input.parse({ query }), kb);
      const textBytes = Buffer.byteLength(out.text);
      expect(textBytes, query).toBeLessThanOrEqual(8 * 1024);
      expect(textBytes + Buffer.byteLength(JSON.stringify(out.structured)), query).toBeLessThanOrEqual(16 * 1024);
      for (const r of out.structured.results) {
        const full = kb.store.rule(r.document, r.id)!.text;
        expect(r.full_length, r.id).toBe(full.length);
        if (r.excerpt) {
          expect(r.text.length, r.id).toBeLessThan(full.length);
          // The part is the record's own words (cut at whole lines or sentences).
          for (const piece of r.text.replace(/…/g, '\n').split('\n').map((x) => x.trim()).filter((x) => x.length > 20)) expect(full, r.id).toContain(piece);
        } else expect(r.text, r.id).toBe(full);
      }
    }
    // The deck-error penalty is in the part shown.
    const deck = searchRules.handler(searchRules.input.parse({ query: SWEEP[0]! }), kb).structured.results.find((r) => r.id === '7.4.2.5')!;
    expect(deck.text).toContain('Penalty: Game Loss');
  });

  it('repeats no record\'s text: a parent carries its own words only, and a child listed under it that is a result itself is not repeated', () => {
    for (const query of SWEEP) {
      const { results } = searchRules.handler(searchRules.input.parse({ query }), kb).structured;
      const ids = new Set(results.map((r) => `${r.document}/${r.id}`));
      for (const a of results) {
        for (const b of results) if (a !== b && a.text.length > 40 && b.text.length > 40) expect(b.text.includes(a.text), `${query}: ${b.id} repeats ${a.id}`).toBe(false);
        for (const c of a.matched_children) if (ids.has(`${a.document}/${c.id}`)) expect(c.text, `${query}: ${a.id} repeats ${c.id}`).toBe('');
      }
    }
  });
});
