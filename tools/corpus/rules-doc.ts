/**
 * Builds the rule records of both Comprehensive Rules documents: parses them, links the Japanese
 * paragraphs to the English rules, restores the English keyword names, resolves cross-references
 * and links parents.
 */
import type { Repair, RuleRecord } from '../../src/corpus/types.js';
import { finishRecords, type Draft as BaseDraft } from './records.js';
import { KEYWORDS, keywordByJa } from '../../src/corpus/keywords.js';
import { parseEnglishRules, type RawRule } from './rules-en.js';
import { parseJapaneseRules } from './rules-ja.js';
import { alignSection } from './align.js';
import { checkLinks } from './link-check.js';
import { jaMentions, keywordLookup, restoreKeywords, type JaMention } from './restore-keywords.js';
import { parentRuleId } from './rule-numbers.js';
import { renumberReferences } from './renumber.js';
import { markDifferences, type DifferenceNotes, type DifferenceTable } from './differences.js';

export const CR_EN = 'gundam-cr-en';
export const CR_JA = 'gundam-cr-ja';

interface Draft extends Omit<BaseDraft, 'counterpart'> {
  repairs: Repair[];
  counterpart: string | null;
}

/** A short line that names its children rather than stating a rule ("EX Base", "Active Step"). */
function titleLike(r: RawRule, hasChildren: boolean): boolean {
  return r.level === 0 && hasChildren && r.text.length <= 40 && !/[.:]$/.test(r.text);
}

export interface RulesBuild {
  en: RuleRecord[];
  ja: RuleRecord[];
  enVersion: string;
  jaVersion: string;
  /** The Japanese change history (更新履歴) as printed. */
  jaChanges: string;
  /** Holes in the English text that no clue could name (should be zero). */
  unresolvedHoles: { id: string; count: number }[];
  /** EN↔JA links checked, uncertain and corrected (link-check.ts). */
  links: { checked: number; uncertain: number; corrected: number };
  /** Cross-references whose printed number was one behind and was corrected (renumber.ts). */
  renumbered: number;
  /** The EN↔JA difference table's counts (differences.ts). */
  differences: DifferenceTable;
}

export function buildRules(enRulesPart: string, jaSource: string, enVersion: string, differenceNotes: DifferenceNotes): RulesBuild {
  const enRaw = parseEnglishRules(enRulesPart);
  const ja = parseJapaneseRules(jaSource);
  const enIds = new Set(enRaw.map((r) => r.id));
  const hasChildren = new Set(enRaw.map((r) => parentRuleId(r.id)).filter((p): p is string => p !== null));

  // --- Japanese records, numbered against the English sections.
  const jaDrafts: Draft[] = [];
  const enToJa = new Map<string, string>();
  const jaTextOf = new Map<string, string>();
  for (const chapter of ja.chapters) {
    jaDrafts.push({ id: chapter.id, heading: chapter.title, text: '', repairs: [], counterpart: enIds.has(chapter.id) ? chapter.id : null, alignment: 'numbered' });
    for (const section of chapter.sections) {
      const sectionCounterpart = enIds.has(section.id) ? section.id : null;
      jaDrafts.push({
        id: section.id,
        heading: section.title,
        text: section.text ?? '',
        repairs: [],
        counterpart: sectionCounterpart,
        alignment: 'numbered',
        parent: chapter.id,
      });
      const enDesc = enRaw.filter((r) => r.id.startsWith(section.id + '-'));
      const { map, byOrder } = alignSection(
        enDesc.map((r) => ({ heading: r.level > 0 || titleLike(r, hasChildren.has(r.id)), text: r.heading ?? r.text })),
        section.paragraphs.map((p) => ({ heading: p.isHeading, text: p.text })),
      );
      // An unaligned paragraph stays beside the paragraph before it (13-1-5-p1 follows 13-1-5-3).
      const unalignedCount = new Map<string, number>();
      let prevParent = section.id;
      section.paragraphs.forEach((p, j) => {
        const k = map[j]!;
        const en = k >= 0 ? enDesc[k]! : null;
        let id: string;
        if (en) {
          id = en.id;
          prevParent = parentRuleId(en.id) ?? section.id;
        } else {
          const n = (unalignedCount.get(prevParent) ?? 0) + 1;
          unalignedCount.set(prevParent, n);
          id = `${prevParent}-p${n}`;
        }
        jaDrafts.push({
          id,
          heading: p.isHeading ? p.text : null,
          text: p.isHeading ? '' : p.text,
          repairs: [],
          counterpart: en ? en.id : null,
          alignment: en ? (byOrder ? 'inferred' : 'matched') : 'unaligned',
          parent: en ? undefined : prevParent,
        });
      });
    }
  }
  for (const d of jaDrafts) {
    if (d.counterpart) enToJa.set(d.counterpart, d.id);
    jaTextOf.set(d.id, d.heading && !d.text ? d.heading : d.text);
  }

  // --- English records with restored keyword names.
  const sectionKeyword = (id: string) => KEYWORDS.find((k) => id === k.rule || id.startsWith(k.rule + '-'));
  const enDrafts: Draft[] = enRaw.map((r) => {
    const repairs: Repair[] = [...r.repairs];
    let heading = r.level > 0 ? r.heading : titleLike(r, hasChildren.has(r.id)) ? r.text : null;
    if (r.level > 0 && heading === '') {
      // 13-1-N lost its name: the Japanese heading and the order of the keyword section agree on it.
      const jaHeading = jaTextOf.get(enToJa.get(r.id) ?? '') ?? '';
      const fromJa = keywordByJa(/《([^》]+)》/.exec(jaHeading)?.[1] ?? '');
      const fromOrder = KEYWORDS.find((k) => k.rule === r.id);
      const def = fromJa ?? fromOrder;
      if (def) {
        heading = `<${def.name}>`;
        const via = fromJa && fromOrder && fromJa === fromOrder ? `section order and Japanese heading 《${def.ja}》` : fromJa ? `Japanese heading 《${def.ja}》` : 'section order';
        repairs.push({ kind: 'heading-restored', detail: `heading restored as ${heading}`, via });
      }
    }
    return { id: r.id, heading, text: r.text, repairs, counterpart: enToJa.get(r.id) ?? null };
  });

  const unresolvedHoles: RulesBuild['unresolvedHoles'] = [];
  const jaMentionsOf = (id: string): JaMention[] => {
    const jaId = enToJa.get(id);
    return jaId ? jaMentions(jaTextOf.get(jaId) ?? '') : [];
  };
  // First pass: Japanese counterpart and keyword section.
  const pending: Draft[] = [];
  for (const d of enDrafts) {
    if (!d.text) continue;
    const result = restoreKeywords(d.text, { ja: jaMentionsOf(d.id), section: sectionKeyword(d.id) });
    if (result.unresolved > 0) pending.push(d);
    else {
      d.text = result.text;
      d.repairs.push(...result.repairs);
    }
  }
  // Second pass: the words before a hole, as a restored rule prints them ("may activate <Blocker>").
  const lookup = keywordLookup(() => enDrafts.map((d) => d.text));
  for (const d of pending) {
    const result = restoreKeywords(d.text, { ja: jaMentionsOf(d.id), section: sectionKeyword(d.id), lookup });
    d.text = result.text;
    d.repairs.push(...result.repairs);
    if (result.unresolved > 0) unresolvedHoles.push({ id: d.id, count: result.unresolved });
  }

  const en = finishRecords(
    enDrafts.map((d) => ({ ...d, counterpart: d.counterpart ? { document: CR_JA, id: d.counterpart } : null })),
    { document: CR_EN, language: 'en', version: enVersion, versionLabel: `Comprehensive Rules EN Ver. ${enVersion}`, parentOf: parentRuleId },
  );
  const jaRecords = finishRecords(
    jaDrafts.map((d) => ({ ...d, counterpart: d.counterpart ? { document: CR_EN, id: d.counterpart } : null })),
    { document: CR_JA, language: 'ja', version: ja.version, versionLabel: `総合ルール Ver.${ja.version}`, parentOf: parentRuleId },
  );
  resolveFromCounterparts(en, jaRecords);
  const renumbered = renumberReferences(en) + renumberReferences(jaRecords);
  const linkCheck = checkLinks(en, jaRecords);
  const differences = markDifferences(en, jaRecords, differenceNotes);
  return { en, ja: jaRecords, enVersion, jaVersion: ja.version, jaChanges: ja.changes, unresolvedHoles, links: linkCheck, renumbered, differences };
}

/**
 * An English reference to a number that does not exist and carries no title ("(see 9-1-7)") is
 * resolved by what the Japanese counterpart cites in its place, when that is one English rule.
 */
function resolveFromCounterparts(en: RuleRecord[], ja: RuleRecord[]): void {
  const enIds = new Set(en.map((r) => r.id));
  const jaById = new Map(ja.map((r) => [r.id, r]));
  for (const r of en) {
    for (const c of r.cites) {
      if (c.target !== null || !r.counterpart) continue;
      const jaCites = jaById.get(r.counterpart.id)?.cites ?? [];
      const taken = new Set(r.cites.map((x) => x.target));
      const options = jaCites.map((x) => x.cited).filter((id) => enIds.has(id) && !taken.has(id));
      if (options.length === 1) {
        c.target = options[0]!;
        c.discrepancy = `printed as ${c.cited}, which does not exist; the Japanese counterpart cites ${options[0]} here`;
      }
    }
  }
}
