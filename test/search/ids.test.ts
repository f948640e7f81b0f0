/**
 * Every rule id a tool returns is accepted by get_rule and read_rules_document, and names the same
 * record: ids from search_rules over a sweep of questions, search_glossary (entries, their rules and
 * counterparts), read_rules_document over every document, and get_rule's own children, citations
 * and counterparts. Tool handlers run in-process, arguments parsed by the tools' own schemas.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { Knowledge } from '../../src/knowledge.js';
import { getRule } from '../../src/mcp/tools/get-rule.js';
import { readRulesDocument } from '../../src/mcp/tools/read-document.js';
import { searchRules } from '../../src/mcp/tools/search-rules.js';
import { searchGlossary } from '../../src/mcp/tools/search-glossary.js';
import { ToolError, type ToolDefinition } from '../../src/mcp/tool.js';
import { readQuestions } from './gold.js';
import type { z } from 'zod';

let kb: Knowledge;
beforeAll(() => {
  kb = new Knowledge(loadCorpusFromMarkdown());
});

function call<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>, args: Record<string, unknown>): z.infer<O> {
  return tool.handler(tool.input.parse(args), kb).structured;
}

const fixtures = ['search-questions.jsonl', 'search-heldout.jsonl', 'search-heldout-2.jsonl'].flatMap((f) => readQuestions(path.join(import.meta.dirname, '..', 'fixtures', f)));
const SWEEP = [
  ...fixtures.map((q) => q.q),
  'section 8', 'Section 8: Event Progression', 'penalties', 'slow play', 'concede', 'token', 'EX Base', 'blocker', 'burst',
  'link unit', '7.4', '7-4', 'judge', 'time limit', 'errata', 'ブロッカー', 'トークン', '投了', 'ダメージステップ',
];

/** (document, id) pairs that must resolve; each checked once. */
function accepted(document: string, id: string, where: string): void {
  let rule;
  try {
    rule = call(getRule, { id, document }).rule;
  } catch (e) {
    throw new Error(`get_rule refuses ${document} ${id} (from ${where}): ${e instanceof ToolError ? e.message : String(e)}`);
  }
  expect(rule.id, where).toBe(id);
  expect(rule.document, where).toBe(document);
  let section;
  try {
    section = call(readRulesDocument, { document, section: id, limit: 1 });
  } catch (e) {
    throw new Error(`read_rules_document refuses ${document} ${id} (from ${where}): ${e instanceof ToolError ? e.message : String(e)}`);
  }
  expect(section.records[0]?.id, where).toBe(id);
}

describe('every id a tool returns is accepted by get_rule and read_rules_document', () => {
  it('ids from search_rules, search_glossary, read_rules_document and get_rule itself', () => {
    const seen = new Set<string>();
    const check = (document: string, id: string, where: string) => {
      const k = `${document}\u0000${id}`;
      if (seen.has(k)) return;
      seen.add(k);
      accepted(document, id, where);
      // What get_rule returns about a rule is itself a set of ids.
      const r = call(getRule, { id, document }).rule;
      for (const c of r.children) check(document, c.id, `children of ${id}`);
      for (const c of r.cites) if (c.target) check(document, c.target, `citation in ${id}`);
      if (r.counterpart) check(r.counterpart.document, r.counterpart.id, `counterpart of ${id}`);
    };
    for (const query of SWEEP) {
      for (const game of ['gundam', 'gundam-war'] as const) {
        for (const r of call(searchRules, { query, game, include_unofficial: true, limit: 10 }).results) check(r.document, r.id, `search_rules "${query}"`);
      }
      for (const e of call(searchGlossary, { query, limit: 10 }).results) {
        check(e.document, e.id, `search_glossary "${query}"`);
        for (const id of e.rules) check(e.rules_document, id, `rules of glossary ${e.id}`);
        if (e.counterpart) check(e.counterpart.document, e.counterpart.id, `counterpart of glossary ${e.id}`);
      }
    }
    for (const d of kb.store.documents) {
      for (let offset: number | null = 0; offset !== null; ) {
        const page: { records: { id: string }[]; next_offset: number | null } = call(readRulesDocument, { document: d.id, offset, limit: 200 });
        for (const r of page.records) check(d.id, r.id, `read_rules_document ${d.id}`);
        offset = page.next_offset;
      }
    }
    expect(seen.size).toBe(kb.store.records.length);
  });

  it('accepts the ways people write a Floor Rules section, and a tournament id without its document', () => {
    for (const id of ['section-8', 'Section 8', 'section 8', 'Section 8: Event Progression', '8']) {
      expect(call(getRule, { id, document: 'gundam-floor-rules-en' }).rule.id, id).toBe('section-8');
      expect(call(readRulesDocument, { document: 'gundam-floor-rules-en', section: id, limit: 1 }).records[0]!.id, id).toBe('section-8');
    }
    // Without a document, a section id is the default document's (the Comprehensive Rules chapter),
    // with a note naming the Floor Rules' record of that id.
    const nine = call(getRule, { id: 'section-9' }).rule;
    expect(nine).toMatchObject({ document: 'gundam-cr-en', id: '9', heading: 'Action Steps' });
    expect(nine.note).toMatch(/gundam-floor-rules-en/);
    expect(call(getRule, { id: 'section-9', document: 'gundam-floor-rules-en' }).rule.document).toBe('gundam-floor-rules-en');
    expect(call(getRule, { id: 'link-unit' }).rule.document).toBe('gundam-glossary-en');
    expect(call(getRule, { id: 'rule-13-1-4' }).rule.id).toBe('13-1-4');
  });

  it('says that a dotted number is a tournament section and Comprehensive Rules numbers use dashes', () => {
    const r = call(getRule, { id: '7.4' }).rule;
    expect(r.document).toBe('gundam-tournament-rules-en');
    expect(r.note).toMatch(/7-4/);
    expect(call(getRule, { id: '7-4' }).rule.note).toBeUndefined();
  });

  it('suggests the document\'s own top-level ids for an id it does not have', () => {
    try {
      call(getRule, { id: 'section-99', document: 'gundam-floor-rules-en' });
      expect.unreachable();
    } catch (e) {
      expect((e as ToolError).suggestions).toContain('section-8');
    }
  });
});
