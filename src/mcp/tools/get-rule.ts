/** get_rule: one rule with its heading path, children, the rules it cites, and its counterpart. */
import { z } from 'zod';
import { defineTool, ToolError } from '../tool.js';
import { crossReferenceSchema, ruleSummarySchema, strictObject } from '../schemas.js';
import type { Knowledge } from '../../knowledge.js';
import type { DocumentMeta, RuleRecord } from '../../corpus/types.js';

/** "Rule 8.5.2", "CR 8-5-2.", "８－５－２" -> "8-5-2"; tournament sections keep their dots. */
export function normalizeRuleId(raw: string, doc: DocumentMeta | undefined): string {
  let id = raw.normalize('NFKC').trim().replace(/^(?:rule|cr|section|§)\s*/i, '').replace(/[.\s]+$/, '').replace(/[‐-―−]/g, '-');
  if (doc?.kind === 'tournament' && /^\d+(?:-\d+)+$/.test(id)) id = id.replace(/-/g, '.');
  if (doc?.kind === 'comprehensive-rules' && /^\d+(?:\.\d+)+$/.test(id)) id = id.replace(/\./g, '-');
  if (doc?.id === 'gundam-floor-rules-en' && /^\d+$/.test(id)) id = `section-${id}`;
  return id;
}

function candidateDocuments(kb: Knowledge, id: string, language: 'en' | 'ja', document?: string): DocumentMeta[] {
  if (document) {
    const d = kb.store.document(document);
    if (!d) throw new ToolError(kb.store.unknownDocument(document));
    return [d];
  }
  const official = kb.store.documents.filter((d) => d.game === 'gundam' && d.authority === 'official' && d.language === language);
  const cr = kb.store.comprehensiveRules(language);
  // Dotted numbers are tournament sections; everything else is tried in the Comprehensive Rules first.
  const order = /^\d+\.\d+/.test(id.trim()) ? official.filter((d) => d.kind === 'tournament') : [cr];
  return [...order, ...official.filter((d) => !order.includes(d))];
}

function suggest(kb: Knowledge, doc: DocumentMeta, id: string): string[] {
  const ids = kb.store.recordsOf(doc.id).map((r) => r.id);
  const parts = id.split(/[-.]/);
  for (let n = parts.length - 1; n >= 1; n--) {
    const prefix = parts.slice(0, n).join(doc.kind === 'tournament' ? '.' : '-');
    const near = ids.filter((x) => x === prefix || x.startsWith(prefix + (doc.kind === 'tournament' ? '.' : '-')));
    if (near.length) return near.slice(0, 8);
  }
  return ids.filter((x) => /^\d/.test(x) && !x.includes('-') && !x.includes('.')).slice(0, 13);
}

const linkedRule = z.object({ document: z.string(), id: z.string(), heading: z.string().nullable(), text: z.string() });

export const getRule = defineTool({
  name: 'get_rule',
  title: 'Get a rule',
  description:
    'Returns one rule by its printed number (e.g. "8-5-2-3-1", "13-1-5"; tournament manual "2.4.1"; floor rules "section-8") with its exact text, heading path, parent, children, ' +
    'the rules it cites (resolved, with any discrepancy between printed number and title), the rules that cite it, and its counterpart in the other language.',
  input: strictObject({
    id: z.string().trim().min(1, 'id must not be empty').max(40, 'id is limited to 40 characters').describe('The rule number as printed, e.g. "8-5-3-2" or "2.4.1"'),
    language: z.enum(['en', 'ja']).optional().describe('Which Comprehensive Rules to read when no document is given (default en)'),
    document: z.string().max(64).optional().describe('Document id (see list_rules_documents); default: the official Comprehensive Rules'),
  }),
  output: z.object({
    rule: z.object({
      id: z.string(),
      document: z.string(),
      document_title: z.string(),
      authority: z.string(),
      language: z.enum(['en', 'ja']),
      version: z.string(),
      heading: z.string().nullable(),
      path: z.array(z.string()),
      parent: z.string().nullable(),
      text: z.string(),
      children: z.array(ruleSummarySchema),
      cites: z.array(crossReferenceSchema.extend({ target_heading: z.string().nullable().optional() })),
      cited_by: z.array(z.string()),
      counterpart: linkedRule.nullable(),
      alignment: z.string().optional(),
      restored: z.boolean(),
      repairs: z.array(z.object({ kind: z.string(), detail: z.string(), via: z.string().optional() })),
    }),
  }),
  handler: (args, kb) => {
    const docs = candidateDocuments(kb, args.id, args.language ?? 'en', args.document);
    let found: RuleRecord | undefined;
    for (const d of docs) {
      found = kb.store.rule(d.id, normalizeRuleId(args.id, d));
      if (found) break;
    }
    if (!found) {
      const doc = docs[0]!;
      throw new ToolError(
        `no rule "${args.id}" in ${doc.title} (${doc.id}); rule numbers look like "8-5-2-3" (Comprehensive Rules) or "2.4.1" (tournament manual)`,
        suggest(kb, doc, normalizeRuleId(args.id, doc)),
      );
    }
    const r = found;
    const doc = kb.store.document(r.document)!;
    const summary = (id: string) => {
      const c = kb.store.rule(r.document, id);
      return { id, heading: c?.heading ?? null, text: c?.text ?? '' };
    };
    const counterpart = r.counterpart ? kb.store.rule(r.counterpart.document, r.counterpart.id) : undefined;
    const rule = {
      id: r.id,
      document: r.document,
      document_title: doc.title,
      authority: doc.authority,
      language: r.language,
      version: r.version,
      heading: r.heading,
      path: r.path,
      parent: r.parent,
      text: r.text,
      children: r.children.map(summary),
      cites: r.cites.map((c) => ({ ...c, target_heading: c.target ? kb.store.rule(r.document, c.target)?.heading ?? null : null })),
      cited_by: kb.store.citedBy(r.document, r.id),
      counterpart: counterpart ? { document: counterpart.document, id: counterpart.id, heading: counterpart.heading, text: counterpart.text } : null,
      ...(r.alignment ? { alignment: r.alignment } : {}),
      restored: r.restored,
      repairs: r.repairs,
    };
    const lines = [`${r.id}${r.heading ? ` ${r.heading}` : ''} — ${doc.title}${doc.authority === 'unofficial' ? ' [UNOFFICIAL]' : ''}`];
    if (r.path.length) lines.push(`Under: ${r.path.join(' > ')}`);
    if (r.text) lines.push(r.text);
    for (const c of rule.children) lines.push(`  ${c.id}${c.heading ? ` ${c.heading}` : ''}${c.text ? `: ${c.text}` : ''}`);
    for (const c of rule.cites) {
      lines.push(`Cites ${c.cited}${c.title ? ` ${c.title}` : ''} -> ${c.target ?? 'no such rule'}${c.discrepancy ? ` (note: ${c.discrepancy})` : ''}`);
    }
    if (rule.cited_by.length) lines.push(`Cited by: ${rule.cited_by.join(', ')}`);
    if (rule.counterpart) lines.push(`Counterpart (${rule.counterpart.document} ${rule.counterpart.id}): ${rule.counterpart.heading ?? rule.counterpart.text}`);
    if (r.restored) lines.push(`Note: ${r.repairs.map((x) => x.detail).join('; ')} (the source lost these names; restored by the corpus build).`);
    return { structured: { rule }, text: lines.join('\n') };
  },
});
