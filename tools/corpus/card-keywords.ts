/**
 * Keywords in card text: which ones a card names, with their amounts and whether the card has them
 * itself, has them under a condition, gives them to others, or only refers to them. For seed text
 * that lost its names, the reminder text in parentheses names the keyword; the amount is lost.
 */
import { keywordByName, keywordByReminder } from '../../src/corpus/keywords.js';
import type { CardKeyword } from '../../src/corpus/types.js';

const KEYWORD_TOKEN = /<([A-Za-z][A-Za-z -]*?)(?: (\d+))?>/g;

/** The sentence (within its line) around an index. */
function sentenceAround(line: string, at: number): string {
  const start = Math.max(line.lastIndexOf('. ', at) + 1, 0);
  const endDot = line.indexOf('.', at);
  return line.slice(start, endDot < 0 ? line.length : endDot + 1).trim();
}

function scopeOf(line: string, at: number): CardKeyword['scope'] {
  const prefix = line.slice(0, at).trim();
  // Printed first on its line, possibly after timing brackets: the card has it.
  if (prefix === '' || /^(?:【[^】]*】)+$/.test(prefix)) return 'innate';
  const sentence = sentenceAround(line, at);
  const head = line.slice(0, at);
  // "gets <Blocker>", "gets AP+1 and <Blocker>": the verb, then perhaps stat changes, then the keyword.
  const verbBefore = /\b(?:gains?|get|gets|have)(?:\s+(?:AP|HP)\s*[+-]\s*\d+\s*(?:,|and)?)*\s*$/i;
  if (verbBefore.test(head.replace(/<[^>]*>\s*(?:and|or|,)?\s*$/, '').trimEnd()) || /\bgains?\b/i.test(sentence)) {
    // "This Unit gains", "it gains" about the card itself under 【During Pair】/"While this Unit..."
    const selfSubject = /\bthis (?:Unit|card) (?:gains?|gets?)\b/i.test(sentence) ||
      (/^(?:【During (?:Pair|Link)[^】]*】|While this Unit|During your turn, while this Unit|While you|During your turn|If this Unit)/i.test(sentence) && /\bit gains?\b/i.test(sentence)) ||
      /^【During (?:Pair|Link)[^】]*】/.test(prefix);
    return selfSubject ? 'conditional' : 'grants';
  }
  return 'mentions';
}

/** Keywords printed as <Name N> in a text, in order (a keyword named twice in one scope once). */
export function keywordsInText(text: string, source: CardKeyword['source']): CardKeyword[] {
  const out: CardKeyword[] = [];
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(KEYWORD_TOKEN)) {
      const def = keywordByName(m[1]!);
      if (!def) continue;
      const amount = m[2] !== undefined ? Number(m[2]) : null;
      const scope = scopeOf(line, m.index!);
      if (out.some((k) => k.name === def.name && k.scope === scope && k.amount === amount)) continue;
      // 【During Pair】/【During Link】 conditions are ones the engine can check; others stay text.
      const when = scope === 'conditional' ? (/^【During Link】/.test(line) ? 'linked' : /^【During Pair】/.test(line) ? 'paired' : undefined) : undefined;
      out.push({
        name: def.name,
        amount,
        scope,
        source,
        ...(when ? { when } : {}),
        // "gains the same number of <Repair> as the number of …": the count is its amount, nothing was lost.
        ...(def.amount && amount === null && scope !== 'mentions' && !/^ as the number of\b/.test(line.slice(m.index! + m[0].length)) ? { amount_lost: true } : {}),
      });
    }
  }
  return out;
}

/**
 * Both the seed and the publisher's data print one keyword in square brackets, "[Suppression]
 * (Damage to Shields …)" (GD02-053 Gundam X), where every other card prints a keyword effect as
 * <Suppression> (13-1-7): a bracketed keyword name at the start of a line, before its own reminder
 * text, is that keyword. Any other bracketed name (a card name, "[Gundam]") is left alone.
 */
export function bracketedKeyword(line: string): string {
  return line.replace(/^((?:【[^】]*】)*)\[([A-Za-z][A-Za-z -]*?)\](?= \()/, (m, tags: string, name: string) => {
    const def = keywordByName(name);
    return def && keywordByReminder(line.slice(m.length).trim()) === def ? `${tags}<${def.name}>` : m;
  });
}

export interface SeedRestoration {
  text: string;
  keywords: CardKeyword[];
  flags: string[];
}

/** Places in seed text where a keyword name was stripped, as card text words them. */
const CARD_HOLES: RegExp[] = [
  /(?<=\b(?:gains?|gets?|get|with|without|has|have|activate|loses?))(?= [.,)]| (?:during|and|or|that|while|until|if|when|as)\b)/g,
  /(?<=\b(?:or|and))(?= [.,])/g,
  // "gains the same number of <Repair> as ...": a keyword whose amount the text counts.
  /(?<=\bnumber of)(?= as\b)/g,
  // "While a friendly (G Generation) Unit with is in play" (EB01-049, EB01-043): a property's keyword.
  /(?<=\bwith)(?= is\b)/g,
];

/**
 * Restores seed-only card text: a reminder "(...)" that names a keyword whose name is not printed
 * right before it gets the name back, at the hole its sentence shows or at the start of its line.
 * Amounts cannot be recovered: the keyword is recorded with `amount: null` and a flag.
 */
export function restoreSeedText(text: string): SeedRestoration {
  const flags: string[] = [];
  const lines = text.split('\n');
  const out: string[] = [];
  for (const rawLine of lines) {
    let line = bracketedKeyword(rawLine);
    // Each reminder, left to right; indexes shift as names are inserted, so search again each time.
    let from = 0;
    for (;;) {
      const open = line.indexOf('(', from);
      if (open < 0) break;
      const close = line.indexOf(')', open);
      const reminder = line.slice(open, close < 0 ? line.length : close + 1);
      from = open + 1;
      const def = keywordByReminder(reminder);
      if (!def) continue;
      const before = line.slice(0, open).trimEnd();
      if (new RegExp(`<${def.name}(?: \\d+)?>$`).test(before)) continue;
      const insert = `<${def.name}>`;
      // The hole nearest before the reminder, in the same or the previous sentence.
      let hole = -1;
      for (const re of CARD_HOLES) {
        for (const m of before.matchAll(re)) if (m.index! > hole) hole = m.index!;
      }
      const lengthBefore = line.length;
      if (hole >= 0 && !/<[^>]*>$/.test(before.slice(0, hole))) {
        const tail = line.slice(hole);
        line = `${line.slice(0, hole)} ${insert}${/^ [.,)]/.test(tail) ? tail.slice(1) : tail}`;
      } else if (before === '' || /^(?:【[^】]*】)+$/.test(before)) {
        line = `${before}${insert} ${line.slice(open)}`;
      } else {
        flags.push(`keyword-position-lost: reminder of <${def.name}> with no place for the name in "${line.slice(0, 80)}"`);
        continue;
      }
      // Past this reminder, which moved by the inserted name (an earlier "(" may sit between the hole and it).
      from = open + (line.length - lengthBefore) + 1;
    }
    out.push(line);
  }
  const restored = out.join('\n');
  const keywords = keywordsInText(restored, 'seed').map((k) => {
    const wasPrinted = new RegExp(`<${k.name}${k.amount !== null ? ` ${k.amount}` : ''}>`).test(text);
    return wasPrinted ? k : { ...k, source: 'seed-reminder' as const };
  });
  for (const k of keywords) if (k.amount_lost) flags.push(`keyword-amount-lost: <${k.name}>`);
  // Holes left without a reminder to name them.
  for (const line of out) {
    for (const re of CARD_HOLES) {
      for (const m of line.matchAll(re)) {
        flags.push(`keyword-name-lost: "${line.slice(Math.max(0, m.index! - 30), m.index! + 12).trim()}"`);
      }
    }
  }
  return { text: restored, keywords, flags };
}
