/**
 * The glossary: `## Section - Term: definition - Term: definition ...` on one line. Terms whose
 * keyword name was stripped ("- : Keyword effect that buffs allied Units.") are named from what
 * the definition describes; holes inside definitions are filled from the restored rules.
 */
import { keywordByDescription, keywordByName, type KeywordDef } from '../../src/corpus/keywords.js';
import type { Repair } from '../../src/corpus/types.js';
import { squash } from './bundle.js';
import type { Draft } from './records.js';
import { restoreKeywords } from './restore-keywords.js';

export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[<>【】]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface GlossaryBuild {
  drafts: Draft[];
  preface: string;
}

/**
 * @param lookup finds the keyword that follows some words in the restored rules
 *   ("may activate" -> Blocker), used for holes inside definitions.
 */
export function parseGlossary(part: string, lookup: (left: string) => KeywordDef | undefined): GlossaryBuild {
  const text = squash(part);
  const sections = text.split(/ ?## /);
  const preface = sections.shift()!.trim();
  const drafts: Draft[] = [];
  for (const section of sections) {
    const firstItem = section.indexOf(' - ');
    const title = (firstItem < 0 ? section : section.slice(0, firstItem)).trim();
    const sectionId = slug(title);
    drafts.push({ id: sectionId, heading: title, text: '', parent: null });
    if (firstItem < 0) continue;
    const items = section.slice(firstItem + 3).split(/ - (?=[^:]{0,40}: )/);
    for (const item of items) {
      const colon = item.indexOf(': ');
      let term = item.slice(0, colon).trim();
      const definition = item.slice(colon + 2).trim();
      const repairs: Repair[] = [];
      if (term === '') {
        const def = keywordByDescription(definition);
        if (!def) throw new Error(`glossary: cannot name the keyword described as "${definition}"`);
        term = `<${def.name}>`;
        repairs.push({ kind: 'keyword-restored', detail: `term restored as ${term}`, via: 'what the definition describes' });
      }
      const restored = restoreKeywords(definition, { ja: [], lookup });
      if (restored.unresolved > 0) throw new Error(`glossary: unresolved keyword in "${definition}"`);
      repairs.push(...restored.repairs);
      const kw = keywordByName(/^<(.*)>$/.exec(term)?.[1] ?? term);
      let id = kw ? slug(kw.name) : slug(term);
      // "Burst" is defined under Combat and again under Keywords.
      if (drafts.some((d) => d.id === id)) id = `${sectionId}-${id}`;
      drafts.push({ id, heading: term, text: restored.text, parent: sectionId, repairs });
    }
  }
  return { drafts, preface };
}
