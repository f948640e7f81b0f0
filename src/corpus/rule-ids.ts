/**
 * How a rule id typed by a person or returned by any tool finds its record: one resolver for
 * get_rule and read_rules_document, so every id a tool returns is accepted by both. Accepts the
 * record's own id ("8-5-2", "2.4.1", "section-8", "link-unit") and the ways people write them
 * ("Rule 8.5.2", "CR 8-5-2.", "８－５－２", "Section 8", "Section 8: Event Progression", "8" in the
 * Floor Rules, "rule-13-1-4" from older glossary ids).
 */
import type { DocumentMeta, RuleRecord } from './types.js';
import type { CorpusStore } from './store.js';

function clean(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/[‐-―−]/g, '-').replace(/[.\s]+$/, '');
}

/** The ids to try for `raw` in `doc`, most literal first. */
export function ruleIdCandidates(raw: string, doc: DocumentMeta | undefined): string[] {
  const t = clean(raw);
  const out = [t, t.toLowerCase()];
  // "Section 8", "section-8", "Section 8: Event Progression", "§8".
  const section = /^(?:section|sec\.?|§)[\s-]*(\d+(?:[.-]\d+)*)(?:\s*[:.-].*)?$/i.exec(t);
  let id = section ? section[1]! : t.replace(/^(?:rule|cr|tr|trm)(?:[\s-]+|(?=\d))/i, '');
  if (doc?.kind === 'tournament' && /^\d+(?:-\d+)+$/.test(id)) id = id.replace(/-/g, '.');
  if ((doc?.kind === 'comprehensive-rules' || doc?.kind === 'rulebook') && /^\d+(?:\.\d+)+$/.test(id)) id = id.replace(/\./g, '-');
  out.push(id);
  // Sectioned documents (the Floor Rules) number their records section-N.
  if (/^\d+$/.test(id)) out.push(`section-${id}`);
  return [...new Set(out)];
}

/** The record `raw` names in `doc`, if any. */
export function resolveRule(store: CorpusStore, doc: DocumentMeta, raw: string): RuleRecord | undefined {
  for (const id of ruleIdCandidates(raw, doc)) {
    const r = store.rule(doc.id, id);
    if (r) return r;
  }
  return undefined;
}

/**
 * The record `raw` names in the first of `docs` that has it. The first document is the default one
 * (the Comprehensive Rules unless the id is dotted): it answers any way of writing the id
 * ("section-9" is its chapter 9, not the Floor Rules' section 9, which needs its document). Among
 * the others an exact id wins over a rewritten one ("link-unit" is the glossary's).
 */
export function resolveRuleIn(store: CorpusStore, docs: DocumentMeta[], raw: string): RuleRecord | undefined {
  const [first, ...rest] = docs;
  const own = first ? resolveRule(store, first, raw) : undefined;
  if (own) return own;
  const exact = clean(raw);
  for (const d of rest) {
    const r = store.rule(d.id, exact);
    if (r) return r;
  }
  for (const d of rest) {
    const r = resolveRule(store, d, raw);
    if (r) return r;
  }
  return undefined;
}

/** Other documents among `docs` with a record of exactly this id, for a note beside the default's answer. */
export function alsoExactIn(store: CorpusStore, docs: DocumentMeta[], raw: string, found: RuleRecord): DocumentMeta[] {
  const exact = clean(raw);
  return docs.filter((d) => d.id !== found.document && store.rule(d.id, exact) !== undefined);
}
