/**
 * Parses the Japanese Comprehensive Rules. Chapters (`08アタックとバトル`) and sections
 * (`8-5. ダメージステップ`) are numbered; the paragraphs under a section are not. Example lines
 * (`例：`) belong to the paragraph before them, as "Ex:" does in the English rules.
 */

export interface JaParagraph {
  text: string;
  /** A short line without sentence punctuation: a sub-heading such as `アクティブステップ`. */
  isHeading: boolean;
}

export interface JaSection {
  id: string;
  /** Section title, or null when the numbered line is itself a rule text (`8-1. メインフェイズの…`). */
  title: string | null;
  /** Text printed on the numbered line when it is a rule rather than a title. */
  text: string | null;
  paragraphs: JaParagraph[];
}

export interface JaChapter {
  id: string;
  title: string;
  sections: JaSection[];
}

export interface JaRules {
  version: string;
  chapters: JaChapter[];
  /** The change history (更新履歴) as printed. */
  changes: string;
}

const CHAPTER = /^(\d{2})(\D.*)$/;
const SECTION = /^(\d{1,2}-\d{1,2})\.\s*(.*)$/;

function isHeadingLine(line: string): boolean {
  return !/[。．]/.test(line) && line.length <= 40 && !line.startsWith('例');
}

export function parseJapaneseRules(source: string): JaRules {
  const lines = source.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  const version = /Ver\.?\s*([\d.]+\d)/.exec(lines.slice(0, 3).join(' '))?.[1] ?? 'unknown';
  const chapters: JaChapter[] = [];
  let section: JaSection | null = null;
  let changesFrom = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '更新履歴') {
      changesFrom = i;
      break;
    }
    const ch = CHAPTER.exec(line);
    if (ch && chapters.length + 1 === Number(ch[1])) {
      chapters.push({ id: String(Number(ch[1])), title: ch[2]!.trim(), sections: [] });
      section = null;
      continue;
    }
    const chapter = chapters[chapters.length - 1];
    if (!chapter) continue; // document title lines before chapter 1
    const sec = SECTION.exec(line);
    if (sec && sec[1]!.split('-')[0] === chapter.id) {
      const body = sec[2]!.trim();
      const isTitle = isHeadingLine(body);
      section = { id: sec[1]!, title: isTitle ? body : null, text: isTitle ? null : body, paragraphs: [] };
      chapter.sections.push(section);
      continue;
    }
    if (!section) continue;
    const last = section.paragraphs[section.paragraphs.length - 1];
    if (line.startsWith('例') && last) {
      last.text += ' ' + line;
      continue;
    }
    section.paragraphs.push({ text: line, isHeading: isHeadingLine(line) });
  }
  return { version, chapters, changes: lines.slice(changesFrom).join('\n') };
}
