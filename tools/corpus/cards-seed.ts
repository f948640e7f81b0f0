/**
 * Parses the seed card catalog: `Name [ID] | type | set S, color, lv N, cost N, AP N, HP N, traits | text`,
 * several cards to a line and text wrapping onto following lines. A card's text ends where the
 * next card's name begins; the name is known for cards the official data covers, and otherwise
 * found by where the text's last sentence ends.
 */

export interface SeedCard {
  id: string;
  name: string;
  type: string;
  set: string;
  color: string | null;
  level: number;
  cost: number;
  ap: number | null;
  hp: number | null;
  traits: string[];
  /** Card text with its line breaks; '' when the seed prints "-" or nothing. */
  text: string;
}

const CARD = /\[([A-Z][A-Z0-9]*-[A-Za-z0-9]+(?:-p\d+)?)\] \| (unit|pilot|command|base|resource) \| /g;
const STATS = /^set (\S+?), (?:(blue|green|red|white|purple), )?lv (\d+), cost (\d+)(?:, AP (-?\d+))?(?:, HP (-?\d+))?(?:, ([^|]*?))?$/;

/**
 * Splits "text + next name" into the two. `known` is the next card's official name when there is one.
 * Without it, the name starts after the last sentence end (". ", ") ", "] ", a lone "- ", "】 ", a line break)
 * whose remainder reads as a name: it starts with a capital, a digit or a quote, not "(" or "&",
 * and the break is not an initial such as "Setsuna F. Seiei".
 */
function splitTextAndName(rest: string, known: string | undefined): { text: string; name: string } {
  const flat = rest.replace(/\s+$/, '');
  if (known) {
    const k = known.replace(/\s+/g, ' ');
    const collapsed = flat.replace(/[ \t]+/g, ' ');
    if (collapsed.toLowerCase().endsWith(k.toLowerCase())) {
      // Walk back over the original string matching the name's characters ignoring spacing.
      let i = flat.length;
      let j = k.length;
      while (j > 0 && i > 0) {
        const c = flat[i - 1]!;
        if (/\s/.test(c) && k[j - 1] === ' ') {
          while (i > 0 && /\s/.test(flat[i - 1]!)) i--;
          j--;
          continue;
        }
        if (c.toLowerCase() !== k[j - 1]!.toLowerCase()) break;
        i--;
        j--;
      }
      if (j === 0) return { text: flat.slice(0, i), name: flat.slice(i).trim() };
    }
  }
  const candidates: number[] = [];
  for (const m of flat.matchAll(/(?:[.)\]】」!?]|(?<!\S)-|\n)[ \t]*(?=\S)/g)) candidates.push(m.index! + m[0].length);
  candidates.unshift(0);
  // Try the latest break first, falling back to earlier ones.
  for (let c = candidates.length - 1; c >= 0; c--) {
    const at = candidates[c]!;
    const name = flat.slice(at).trim();
    if (!name || name.includes('\n')) continue;
    // Names start with a capital, a digit or a quote; the seed also calls some Resources "resource".
    if (!/^[A-Z0-9"“'ÜΞ∀ν]|^resource$/.test(name)) continue;
    const before = flat.slice(Math.max(0, at - 4), at);
    if (/(?:^|[\s.])[A-Z]\. ?$/.test(before)) continue; // an initial: "Setsuna F. Seiei", "M.A.V. Tactics"
    return { text: flat.slice(0, at), name };
  }
  return { text: '', name: flat.trim() };
}

/** Card text line by line: runs of spaces collapsed, lines trimmed, empty lines dropped. */
export function cleanLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

function cleanText(text: string): string {
  const t = cleanLines(text);
  return t === '-' ? '' : t;
}

export function parseSeedCatalog(cardsPart: string, officialName: (id: string) => string | undefined): SeedCard[] {
  const matches = [...cardsPart.matchAll(CARD)];
  const header = cardsPart.slice(0, matches[0]!.index!);
  const firstName = header.replace(/^[\s\S]*rules text\s*/, '').trim();
  const cards: SeedCard[] = [];
  let name = firstName;
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    const id = m[1]!;
    const type = m[2]!;
    const segStart = m.index! + m[0].length;
    const segEnd = i + 1 < matches.length ? matches[i + 1]!.index! : cardsPart.length;
    const seg = cardsPart.slice(segStart, segEnd);
    const nextId = i + 1 < matches.length ? matches[i + 1]![1]! : undefined;
    const nextKnown = nextId ? officialName(nextId) : undefined;
    let statsText: string;
    let rest: string;
    const bar = seg.indexOf(' | ');
    if (bar >= 0) {
      statsText = seg.slice(0, bar);
      rest = seg.slice(bar + 3);
    } else {
      // No text at all: the stats run straight into the next card's name ("HP 3 EX Base [EXBP-002]").
      const s = /^(set [^\n]*?, lv \d+, cost \d+(?:, AP -?\d+)?(?:, HP -?\d+)?(?:, [a-z0-9 /()'-]+)?)(?= [A-Z]|\s*$)/.exec(seg.trim());
      if (!s) throw new Error(`seed catalog: cannot read the stats of ${id}: "${seg.slice(0, 80)}"`);
      statsText = s[1]!;
      rest = '- ' + seg.trim().slice(s[1]!.length);
    }
    const st = STATS.exec(statsText.replace(/\s+/g, ' ').trim());
    if (!st) throw new Error(`seed catalog: unreadable stats for ${id}: "${statsText}"`);
    let text = '';
    let nextName = '';
    if (nextId) {
      const split = splitTextAndName(rest, nextKnown);
      text = split.text;
      nextName = split.name;
    } else {
      text = rest;
    }
    const traitsRaw = (st[7] ?? '').trim();
    cards.push({
      id,
      name: name.replace(/\s+/g, ' ').trim(),
      type,
      set: st[1]!,
      color: st[2] ?? null,
      level: Number(st[3]),
      cost: Number(st[4]),
      ap: st[5] !== undefined ? Number(st[5]) : null,
      hp: st[6] !== undefined ? Number(st[6]) : null,
      traits: traitsRaw && traitsRaw !== '-' ? traitsRaw.split('/').map((t) => t.trim()).filter(Boolean) : [],
      text: cleanText(text),
    });
    name = nextName;
  }
  return cards;
}
