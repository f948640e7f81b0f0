/**
 * Card text → ability texts: one per line, split again where a sentence ends and a new 【tag】
 * starts, and a bare keyword split off the text that follows it on the same line. Reminder text
 * (a parenthesised sentence, 2-11-4) is removed; parentheses that are not sentences stay: traits
 * "(Zeon)", token specs "[Char's Zaku Ⅱ]((Zeon)･AP3･HP1)".
 */

/** The text without reminder text: a balanced "( … )" whose content ends a sentence. */
export function stripReminders(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === '(') {
      const close = matching(line, i);
      if (close > 0) {
        const inner = line.slice(i + 1, close).trim();
        if (/[.!]$/.test(inner) && /\s/.test(inner)) {
          out = out.trimEnd();
          i = close + 1;
          continue;
        }
      }
    }
    out += ch;
    i++;
  }
  return out.replace(/\s{2,}/g, ' ').trim();
}

function matching(s: string, open: number): number {
  let depth = 0;
  for (let j = open; j < s.length; j++) {
    if (s[j] === '(') depth++;
    else if (s[j] === ')' && --depth === 0) return j;
  }
  return -1;
}

const KEYWORD = /<[A-Za-z][A-Za-z -]*?(?: \d+)?>/.source;
/** A line that starts with bare keywords (after any tags) and goes on with other text. */
const LEADING_KEYWORDS = new RegExp(`^((?:【[^】]*】)*(?:${KEYWORD}\\s*)+)(?=\\S)(?!${KEYWORD})`);

/** The ability texts of a card, in printed order, reminder text removed. */
export function splitAbilities(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = stripReminders(raw);
    if (!line) continue;
    // A sentence ending before a new 【tag】 ends the ability; so does the one-sentence 【Burst】 of a
    // Pilot ("【Burst】Add this card to your hand. While this Unit is (Zeon), …" in the seed's lines),
    // unless the next sentence replaces what it did ("… you may deploy it as a Unit instead."): that
    // sentence belongs to the 【Burst】, and split off it would be dropped when the 【Burst】 resolves.
    // A Base's 【Deploy】 goes on only with "Then," (every Base in the catalog that continues it says
    // so); a sentence after "Add 1 of your Shields to your hand." without it is the Base's constant
    // effect, which the seed printed on the same line (GD05-123, GD05-124, EB01-088).
    // A last sentence "This Unit gains …" with no duration after a triggered effect is a constant of
    // the card (10-1-5), not a step of that effect: an effect's grant always says how long it lasts
    // ("during this turn", 7-6-6-1). The seed printed both on one line (GD05-006: "… deploy 1
    // [Pluma](…) Unit token. This Unit gains the same number of <Repair> as …").
    // "At the end of your turn, …" only ever opens a triggered ability (10-1-6): a sentence before it
    // is another ability the seed printed on the same line (GD05-051).
    for (const part of line.split(/(?<=[.。])\s+(?=At the end of your turn, )|(?<=[.。])\s*(?=【)|(?<=[.。])\s+(?=This Unit gains (?:(?!\bduring\b)[^.。])+[.。]?$)|(?<=^【Burst】(?:Add this card to your hand|Deploy this card)\.)\s+(?![^.。【]*\binstead\b)|(?<=【Deploy】Add 1 of your Shields to your hand\.)\s+(?!Then\b|【)/)) {
      let rest = part.trim();
      const lead = LEADING_KEYWORDS.exec(rest);
      if (lead && !/^[.,]/.test(rest.slice(lead[1]!.length))) {
        out.push(lead[1]!.trim());
        rest = rest.slice(lead[1]!.length).trim();
      }
      if (rest) out.push(rest);
    }
  }
  return out;
}
