/**
 * Turns parsed drafts into finished records: resolves cross-references and links parents. Shared by
 * every document of the corpus. Children and heading paths are not stored (parseDocument derives
 * them on load), so they are left empty here.
 */
import type { Alignment, Language, Repair, RuleRecord } from '../../src/corpus/types.js';
import { isRestored } from '../../src/corpus/format.js';
import { findReferences, referenceResolver } from './cross-refs.js';

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
  /** Derives a parent id from a record id; defaults to none. */
  parentOf?: (id: string) => string | null;
  /** Finds references in a text; defaults to the Comprehensive Rules patterns. */
  references?: (text: string) => { cited: string; title: string | null }[];
}

export function finishRecords(drafts: Draft[], o: FinishOptions): RuleRecord[] {
  const byId = new Map<string, RuleRecord>();
  const parentOf = o.parentOf ?? (() => null);
  const find = o.references ?? findReferences;
  const resolve = referenceResolver(drafts.map((d) => ({ id: d.id, title: d.heading })), o.versionLabel);
  const records: RuleRecord[] = drafts.map((d) => {
    if (byId.has(d.id)) throw new Error(`${o.document}: duplicate record id ${d.id}`);
    const repairs = d.repairs ?? [];
    const rec: RuleRecord = {
      id: d.id,
      document: o.document,
      language: o.language,
      version: o.version,
      heading: d.heading,
      path: [],
      parent: d.parent !== undefined ? d.parent : parentOf(d.id),
      children: [],
      text: d.text,
      cites: resolve(find(d.text), d.id),
      repairs,
      restored: isRestored(repairs),
      counterpart: d.counterpart ?? null,
      ...(d.alignment ? { alignment: d.alignment } : {}),
    };
    byId.set(rec.id, rec);
    return rec;
  });
  // A record whose parent has no record of its own hangs from the nearest ancestor that has one.
  for (const r of records) while (r.parent && !byId.has(r.parent)) r.parent = parentOf(r.parent);
  return records;
}
