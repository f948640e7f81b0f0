/** get_rule: one rule with its heading path, children, the rules it cites, and its counterpart. */
import { z } from 'zod';
import { defineTool, ToolError } from '../tool.js';
import { crossReferenceSchema, ruleSummarySchema, strictObject } from '../schemas.js';
import type { Knowledge } from '../../knowledge.js';
import type { DocumentMeta, RuleRecord } from '../../corpus/types.js';
import { alsoExactIn, resolveRuleIn, ruleIdCandidates } from '../../corpus/rule-ids.js';
import { differenceLine, differenceOf, differenceSchema } from '../differences.js';

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

function suggest(kb: Knowledge, doc: DocumentMeta, raw: string): string[] {
  const records = kb.store.recordsOf(doc.id);
  const ids = records.map((r) => r.id);
  const id = ruleIdCandidates(raw, doc).at(-1)!;
  const parts = id.split(/[-.]/);
  for (let n = parts.length - 1; n >= 1; n--) {
    const prefix = parts.slice(0, n).join(doc.kind === 'tournament' ? '.' : '-');
    const near = ids.filter((x) => x === prefix || x.startsWith(prefix + (doc.kind === 'tournament' ? '.' : '-')));
    if (near.length) return near.slice(0, 8);
  }
  // Nothing near: the document's top-level ids as the document spells them.
  return records.filter((r) => r.parent === null).map((r) => r.id).slice(0, 16);
}

/**
 * A dotted number read in the tournament manual that is also a Comprehensive Rules number with
 * dashes ("7.4" vs "7-4"): say so, rather than silently answer from the other document.
 */
function dottedNote(kb: Knowledge, raw: string, found: RuleRecord, language: 'en' | 'ja', document: string | undefined): string | undefined {
  if (document || !/^\s*\d+(?:\.\d+)+\s*$/.test(raw) || kb.store.document(found.document)?.kind !== 'tournament') return undefined;
  const cr = kb.store.comprehensiveRules(language);
  const dashed = raw.trim().replace(/\./g, '-');
  const r = kb.store.rule(cr.id, dashed);
  if (!r) return undefined;
  return `"${raw.trim()}" is read as ${kb.store.document(found.document)!.title} section ${found.id} (dotted numbers are tournament sections); Comprehensive Rules numbers use dashes: ${dashed}${r.heading ? ` ${r.heading}` : ''}.`;
}

const linkedRule = z.object({ document: z.string(), id: z.string(), heading: z.string().nullable(), text: z.string() });

export const getRule = defineTool({
  name: 'get_rule',
  title: 'Get a rule',
  description:
    'One rule by number ("8-5-2-3-1", "2.4.1", "section-8") or any id a tool returned: exact text, parent, children, citations both ways, the other language\'s.',
  input: strictObject({
    id: z.string().trim().min(1, 'id must not be empty').max(40, 'id is limited to 40 characters').describe('As printed, e.g. "8-5-3-2"'),
    language: z.enum(['en', 'ja']).optional().describe('Default en'),
    document: z.string().max(64).optional().describe('Default: Comprehensive Rules'),
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
      note: z.string().optional().describe('The id could mean a rule in another document, or only the other language has it'),
      difference: differenceSchema.optional(),
      restored: z.boolean(),
      repairs: z.array(z.object({ kind: z.string(), detail: z.string(), via: z.string().optional() })),
    }),
  }),
  handler: (args, kb) => {
    const docs = candidateDocuments(kb, args.id, args.language ?? 'en', args.document);
    let found = resolveRuleIn(kb.store, docs, args.id);
    let otherLanguage: string | undefined;
    if (!found && !args.document) {
      // The Japanese rules have paragraphs the English lacks ("5-22-p4"): an id
      // only the other language has is that rule, said so, rather than "no rule".
      const other = args.language === 'ja' ? 'en' : 'ja';
      const there = resolveRuleIn(kb.store, candidateDocuments(kb, args.id, other), args.id);
      if (there) {
        // Asked in one language for a rule only the other has: say that this language has none,
        // and give the other's text with the project's summary of what it adds.
        const asked = kb.store.comprehensiveRules(args.language ?? 'en');
        const title = kb.store.document(there.document)!.title;
        found = there;
        const summary = there.difference?.summary;
        otherLanguage = `${asked.title} (${asked.id}) has no rule "${args.id}"; it is only in ${title} (${there.document}), given here${summary ? `. ${summary}` : ''}`;
      }
    }
    if (!found) {
      const doc = docs[0]!;
      throw new ToolError(
        `no rule "${args.id}" in ${doc.title} (${doc.id}); rule numbers look like "8-5-2-3" (Comprehensive Rules) or "2.4.1" (tournament manual)`,
        suggest(kb, doc, args.id),
      );
    }
    const r = found;
    const doc = kb.store.document(r.document)!;
    const elsewhere = args.document ? [] : alsoExactIn(kb.store, docs, args.id, r);
    const note =
      otherLanguage ??
      dottedNote(kb, args.id, r, args.language ?? 'en', args.document) ??
      (elsewhere.length ? `"${args.id.trim()}" is read in ${doc.title}; ${elsewhere.map((d) => `${d.title} also has a record "${args.id.trim()}" (pass document "${d.id}")`).join('; ')}.` : undefined);
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
      ...(note ? { note } : {}),
      ...(r.difference ? { difference: differenceOf(r)! } : {}),
      restored: r.restored,
      repairs: r.repairs,
    };
    const lines = [`${r.id}${r.heading ? ` ${r.heading}` : ''} — ${doc.title}${doc.authority === 'unofficial' ? ' [UNOFFICIAL]' : ''}`];
    if (note) lines.push(`Note: ${note}`);
    if (r.path.length) lines.push(`Under: ${r.path.join(' > ')}`);
    if (r.text) lines.push(r.text);
    const differs = differenceLine(r);
    if (differs && !otherLanguage) lines.push(differs);
    for (const c of rule.children) lines.push(`  ${c.id}${c.heading ? ` ${c.heading}` : ''}${c.text ? `: ${c.text}` : ''}`);
    for (const c of rule.cites) {
      lines.push(`Cites ${c.cited}${c.title ? ` ${c.title}` : ''} -> ${c.target ?? 'no such rule'}${c.discrepancy ? ` (note: ${c.discrepancy})` : ''}`);
    }
    if (rule.cited_by.length) lines.push(`Cited by: ${rule.cited_by.join(', ')}`);
    if (rule.counterpart) lines.push(`Counterpart (${rule.counterpart.document} ${rule.counterpart.id}): ${rule.counterpart.heading ?? rule.counterpart.text}`);
    if (r.restored) lines.push(`Note: ${r.repairs.filter((x) => x.kind !== 'reference-renumbered').map((x) => x.detail).join('; ')} (the source lost these names; restored by the corpus build).`);
    const renumbered = r.repairs.filter((x) => x.kind === 'reference-renumbered');
    if (renumbered.length) lines.push(`Note: ${renumbered.map((x) => x.detail).join('; ')} (the source kept a number from before a chapter or section was inserted; corrected by the corpus build).`);
    return { structured: { rule }, text: lines.join('\n') };
  },
});
