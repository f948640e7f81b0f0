/**
 * The EN↔JA difference table: computed by the corpus build from both Comprehensive Rules and the
 * project's notes (corpus/notes/cr-differences.json), carried on the records, and shown by
 * get_rule, search_rules and read_rules_document on both sides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown, type CorpusData } from '../../src/corpus/load.js';
import type { RuleRecord } from '../../src/corpus/types.js';
import { markDifferences, type DifferenceNotes } from '../../tools/corpus/differences.js';
import { Knowledge } from '../../src/knowledge.js';
import { searchRules } from '../../src/mcp/tools/search-rules.js';
import { readRulesDocument } from '../../src/mcp/tools/read-document.js';
import type { ToolDefinition } from '../../src/mcp/tool.js';
import type { z } from 'zod';

const root = path.join(import.meta.dirname, '..', '..');
let corpus: CorpusData;
let kb: Knowledge;
beforeAll(() => {
  corpus = loadCorpusFromMarkdown();
  kb = new Knowledge(corpus);
});
const inDoc = (doc: string) => corpus.records.filter((r) => r.document === doc);
const call = <I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>, args: Record<string, unknown>): z.infer<O> => tool.handler(tool.input.parse(args), kb).structured;

describe('the difference table between the English and Japanese Comprehensive Rules', () => {
  it('has 11 Japanese-only records, 9 English-only rules and 3 counterparts that differ', () => {
    const en = inDoc('gundam-cr-en');
    const ja = inDoc('gundam-cr-ja');
    const only = (rs: RuleRecord[]) => rs.filter((r) => r.difference?.kind === 'no-counterpart').map((r) => r.id);
    expect(only(ja)).toEqual(['3-4-6-4', '5-22', '5-22-p1', '5-22-p2', '5-22-p3', '5-22-p4', '5-22-p5', '5-22-p6', '12-2-p1', '12-3-14-1', '13-1-5-p1']);
    expect(only(en)).toEqual(['3-4-5', '3-4-6-4', '3-4-7', '5-5-1', '6-2-1-1', '6-2-1-4-1', '6-2-1-7', '7-5-3-1', '8-6-2']);
    const differs = en.filter((r) => r.difference?.kind === 'differs');
    expect(differs.map((r) => r.id)).toEqual(['3-3-4', '12-3-5', '12-3-14']);
    // Both sides of a differing pair carry it.
    for (const e of differs) expect(ja.find((j) => j.id === e.counterpart!.id)!.difference).toEqual(e.difference);
    // Every summary is English prose of the project's, not a copy of either text.
    for (const r of [...en, ...ja]) if (r.difference) expect(r.difference.summary, r.id).toMatch(/^[\x20-\x7e【】《》･\u3000-\u30ff\u4e00-\u9fff]+$/);
  });

  it('is listed in docs/corpus.md with its counts', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'corpus.md'), 'utf8');
    expect(doc).toMatch(/11 Japanese-only records, 9 English-only rules and 3 counterparts whose content differs/);
    for (const id of ['5-22', '12-2-p1', '6-2-1-4-1', '8-6-2', '12-3-5', '3-3-4']) expect(doc).toContain(`\`${id}\``);
  });

  it('is refused by the build when a flagged record has no note, or a note flags nothing', () => {
    const notes = JSON.parse(fs.readFileSync(path.join(root, 'corpus', 'notes', 'cr-differences.json'), 'utf8')) as DifferenceNotes;
    const fresh = () => [structuredClone(inDoc('gundam-cr-en')), structuredClone(inDoc('gundam-cr-ja'))] as const;
    const { 'ja:5-22-p4': _, ...missing } = notes;
    expect(() => markDifferences(...fresh(), missing)).toThrow(/ja:5-22-p4/);
    expect(() => markDifferences(...fresh(), { ...notes, 'en:8-5-1': { summary: 'x' } })).toThrow(/nothing the build flags: en:8-5-1/);
    expect(() => markDifferences(...fresh(), { ...notes, 'pair:12-3-5': { summary: 'a', same: 'b' } })).toThrow(/pair:12-3-5/);
    expect(markDifferences(...fresh(), notes)).toEqual({ jaOnly: 11, enOnly: 9, differs: 3, same: 9 });
  });

  it('is flagged by search_rules and read_rules_document on both sides', () => {
    const hit = call(searchRules, { query: '12-3-5', limit: 1 }).results[0]!;
    expect(hit).toMatchObject({ id: '12-3-5', difference: { kind: 'differs', other_document: 'gundam-cr-ja' } });
    const jaHit = call(searchRules, { query: '12-3-5', language: 'ja', limit: 1 }).results[0]!;
    expect(jaHit).toMatchObject({ id: '12-3-5', document: 'gundam-cr-ja', difference: { kind: 'differs', other_document: 'gundam-cr-en' } });
    const text = searchRules.handler(searchRules.input.parse({ query: '12-3-5', limit: 1 }), kb).text;
    expect(text).toMatch(/\[Differs from the Japanese 12-3-5: The Japanese adds the team-battle redraw/);
    const section = call(readRulesDocument, { document: 'gundam-cr-ja', section: '5-22' });
    expect(section.records.map((r) => r.difference?.kind)).toEqual(Array(7).fill('no-counterpart'));
    const page = readRulesDocument.handler(readRulesDocument.input.parse({ document: 'gundam-cr-en', section: '8-6' }), kb).text;
    expect(page).toMatch(/8-6-2\. .*\n\[English only: the Japanese rules have no counterpart\. Only the English says that once the effects/);
    expect(call(readRulesDocument, { document: 'gundam-cr-en', section: '8-5' }).records.every((r) => r.difference === undefined)).toBe(true);
  });
});
