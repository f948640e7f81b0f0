/**
 * Parses the English Comprehensive Rules (flattened onto one line in the bundle) into numbered
 * rules. A number only starts a rule when it is printed as `N-N. ` outside a reference and comes
 * after the previous rule in numbering order; anything else (`(See 12-2-5. 【Burst】)`, `in 6-1.`)
 * stays in the text as a cross-reference.
 */
import { compareRuleIds, parentRuleId } from './rule-numbers.js';
import { squash } from './bundle.js';

export interface RawRule {
  id: string;
  /** Markdown heading level the source printed (2 chapter, 3 section, 4 sub-section), 0 for a plain rule. */
  level: number;
  /** Heading text as printed (may be empty where the source lost a keyword name). */
  heading: string | null;
  text: string;
  repairs: { kind: 'number-joined'; detail: string }[];
}

const MARKER = /(?:(#{2,4}) )?(?<![\w\-(])(\d{1,2}(?:-\d{1,2}){0,5})\.(?= |$)/g;

export function parseEnglishRules(rulesPart: string): RawRule[] {
  const text = squash(rulesPart);
  const accepted: { id: string; level: number; start: number; bodyStart: number }[] = [];
  const known = new Set<string>();
  let m: RegExpExecArray | null;
  MARKER.lastIndex = 0;
  while ((m = MARKER.exec(text))) {
    const hashes = m[1];
    const id = m[2]!;
    const before = text.slice(Math.max(0, m.index - 5), m.index);
    if (/(?:^|[^A-Za-z])(?:See|see|in) $/.test(before)) continue;
    const isChapter = !id.includes('-');
    if (isChapter && !hashes) continue;
    const prev = accepted[accepted.length - 1];
    if (prev && compareRuleIds(id, prev.id) <= 0) continue;
    const parent = parentRuleId(id);
    if (parent !== null && !known.has(parent)) continue;
    accepted.push({ id, level: hashes ? hashes.length : 0, start: m.index, bodyStart: m.index + m[0].length });
    known.add(id);
  }
  const rules: RawRule[] = [];
  for (let i = 0; i < accepted.length; i++) {
    const a = accepted[i]!;
    const end = i + 1 < accepted.length ? accepted[i + 1]!.start : text.length;
    let body = text.slice(a.bodyStart, end).trim();
    const repairs: RawRule['repairs'] = [];
    // The PDF extraction broke some numbers across a line: "6-2- 1-6-1", "9-1- 7".
    body = body.replace(/(\d+(?:-\d+)*)- (\d+(?:-\d+)*)/g, (_all, x: string, y: string) => {
      repairs.push({ kind: 'number-joined', detail: `"${x}- ${y}" read as ${x}-${y}` });
      return `${x}-${y}`;
    });
    // Stray spaces inside keyword brackets: "【 Burst 】", "【 Activate ･ Action 】".
    body = body.replace(/【\s*([^】]*?)\s*】/g, (_all, inner: string) => `【${inner.replace(/\s*･\s*/g, '･')}】`);
    if (a.level > 0) {
      rules.push({ id: a.id, level: a.level, heading: body, text: '', repairs });
    } else {
      rules.push({ id: a.id, level: 0, heading: null, text: body, repairs });
    }
  }
  return rules;
}
