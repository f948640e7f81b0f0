/**
 * Turns parsed drafts into finished records: resolves cross-references, links parents and children,
 * and computes heading paths. Shared by every document of the corpus.
 */
import type { Alignment, CrossReference, Language, Repair, RuleRecord } from '../../src/corpus/types.js';
import { findReferences, resolveReferences } from './cross-refs.js';

export interface Draft {
  id: string;
  heading: string | null;
  text: string;
  repairs?: Repair[];
  /** Parent id; when undefined it is derived from the id with `parentOf`. */
  parent?: string | null;
  counterpart?: { document: string; id: string } | null;
  alignment?: Alignment;
}

export interface FinishOptions {
  document: string;
  language: Language;
  version: string;
  /** How the document names itself in a discrepancy note ("Comprehensive Rules EN Ver. 1.7.0"). */
  versionLabel: string;
  parentOf: (id: string) => string | null;
  /** Finds references in a text; defaults to the Comprehensive Rules patterns. */
  references?: (text: string) => { cited: string; title: string | null }[];
}

export function finishRecords(drafts: Draft[], o: FinishOptions): RuleRecord[] {
  const byId = new Map<string, RuleRecord>();
  const titled = drafts.map((d) => ({ id: d.id, title: d.heading }));
  const find = o.references ?? findReferences;
  const records: RuleRecord[] = drafts.map((d) => {
    if (byId.has(d.id)) throw new Error(`${o.document}: duplicate record id ${d.id}`);
    const repairs = d.repairs ?? [];
    const cites: CrossReference[] = resolveReferences(find(d.text), titled, d.id, o.versionLabel);
    const rec: RuleRecord = {
      id: d.id,
      document: o.document,
      language: o.language,
      version: o.version,
      heading: d.heading,
      path: [],
      parent: d.parent !== undefined ? d.parent : o.parentOf(d.id),
      children: [],
      text: d.text,
      cites,
      repairs,
      restored: repairs.some((r) => r.kind === 'keyword-restored' || r.kind === 'heading-restored'),
      counterpart: d.counterpart ?? null,
      ...(d.alignment ? { alignment: d.alignment } : {}),
    };
    byId.set(rec.id, rec);
    return rec;
  });
  for (const r of records) {
    // A record whose parent has no record of its own hangs from the nearest ancestor that has one.
    while (r.parent && !byId.has(r.parent)) r.parent = o.parentOf(r.parent);
    if (r.parent) byId.get(r.parent)!.children.push(r.id);
  }
  for (const r of records) {
    const path: string[] = [];
    let p = r.parent ? byId.get(r.parent) : undefined;
    while (p) {
      path.unshift(p.heading ? `${p.id}. ${p.heading}` : p.id);
      p = p.parent ? byId.get(p.parent) : undefined;
    }
    r.path = path;
  }
  return records;
}
