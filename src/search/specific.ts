/**
 * The most specific rule first. A section ("13-1-5 <First Strike>", "7-3 Draw Phase") scores well
 * on almost any question about its topic because its heading names it; the sub-rule that decides the
 * question sits below it. When a rule's descendant in the candidates scores close to it, the
 * descendant goes first and the rule follows, marked as the parent of the match with the children
 * that matched, so the reader sees the governing rule and its context together.
 */
import type { RuleRecord } from '../corpus/types.js';

/**
 * A rule's own text: none for a heading, nor for a heading whose text only repeats it (the source
 * prints "5-17-3-1. EX Base" and then "EX Base" again as its body). Such a record is a section
 * like any other heading, not a rule that says "EX Base" and nothing else.
 */
export function ownText(r: RuleRecord): string {
  return r.heading !== null && r.text.trim() === r.heading.trim() ? '' : r.text;
}

export interface Ranked {
  i: number;
  score: number;
  /** Set on a rule that follows the more specific rule(s) it contains: their record positions. */
  matchedChildren?: number[];
}

/** The share of its score a rule keeps after handing its place to a descendant. */
const PARENT_KEEP = 0.6;
/**
 * How close (as a share of the parent's score) a descendant must come to go first. A heading with
 * no text of its own ("13-1-2 <Breach>") says nothing a ruling can cite: it scores on its name and
 * on all its children's words at once, so it gives way to any descendant among the candidates. A
 * rule with its own text keeps its place unless a descendant comes close.
 */
const GIVE_WAY = { heading: 0, text: 0.75 };

/**
 * `asksMore(rule)`: whether the question has some word (one the rules use) that the rule's own
 * heading does not name. A heading gives way only then: when the question asks no more than the
 * heading's name ("first strike"), the section is the answer, not whichever short sub-rule
 * repeats the name most.
 */
export function mostSpecificFirst(
  hits: { i: number; score: number }[],
  records: RuleRecord[],
  byKey: (document: string, id: string) => number | undefined,
  asksMore: (rule: number) => boolean = () => true,
): Ranked[] {
  const score = new Map(hits.map((h) => [h.i, h.score]));
  /** Candidate descendants of each candidate, through the parent links. */
  const descendants = new Map<number, number[]>();
  for (const h of hits) {
    const r = records[h.i]!;
    for (let p = r.parent; p !== null; ) {
      const k = byKey(r.document, p);
      if (k === undefined) break;
      if (score.has(k)) descendants.set(k, [...(descendants.get(k) ?? []), h.i]);
      p = records[k]!.parent;
    }
  }
  // Top-down: a rule whose descendant comes close hands its place to the best such descendant and
  // keeps a share of its score, so it still follows the match but no longer crowds out other rules.
  const adj = new Map(score);
  for (const h of [...hits].sort((a, b) => b.score - a.score)) {
    const r = records[h.i]!;
    const need = (ownText(r) ? GIVE_WAY.text : GIVE_WAY.heading) * h.score;
    const best = (descendants.get(h.i) ?? [])
      .filter((d) => score.get(d)! >= need && (ownText(r) || asksMore(h.i)))
      .sort((a, b) => score.get(b)! - score.get(a)!)[0];
    if (best === undefined) continue;
    adj.set(best, Math.max(adj.get(best)!, adj.get(h.i)! * 1.0001));
    adj.set(h.i, adj.get(h.i)! * PARENT_KEEP);
  }
  return hits
    .map((h) => {
      const matched = descendants.get(h.i) ?? [];
      return { i: h.i, score: adj.get(h.i)!, ...(matched.length ? { matchedChildren: matched.slice(0, 5) } : {}) };
    })
    .sort((a, b) => b.score - a.score);
}

/** How deep in the ranking a sub-rule pulls its rule up behind it, and for how many sub-rules. */
const FOLLOW_DEPTH = 4;
const FOLLOW_MAX = 2;

/**
 * A rule follows its sub-rule. In the Comprehensive Rules a numbered sub-rule qualifies the rule
 * above it ("6-1-1-2-1" is the exception to "6-1-1-2. one or two colors"; "8-5-3-2-2" the detail of
 * "8-5-3-2. battle damage"): a sub-rule that ranks near the top names the topic, and the rule it
 * qualifies is often the answer to a general question. So when a sub-rule ranks in the first
 * FOLLOW_DEPTH results and its direct parent, a rule with text of its own, is among the candidates,
 * the parent is listed right after it (for the first FOLLOW_MAX such sub-rules). Headings without
 * text are not pulled up (the sub-rules are their content), nor are records `eligible` refuses
 * (the tournament documents, whose numbered sections introduce rather than qualify).
 */
export function parentFollows(hits: Ranked[], records: RuleRecord[], byKey: (document: string, id: string) => number | undefined, eligible: (i: number) => boolean = () => true): Ranked[] {
  const pos = new Map(hits.map((h, k) => [h.i, k]));
  const out: Ranked[] = [];
  const placed = new Set<number>();
  let moved = 0;
  for (const h of hits) {
    if (placed.has(h.i)) continue;
    out.push(h);
    placed.add(h.i);
    if (out.length > FOLLOW_DEPTH || moved >= FOLLOW_MAX) continue;
    const r = records[h.i]!;
    if (r.parent === null || !eligible(h.i)) continue;
    const p = byKey(r.document, r.parent);
    if (p === undefined || placed.has(p) || !pos.has(p) || !ownText(records[p]!)) continue;
    const parent = hits[pos.get(p)!]!;
    // Explicit fields, not a spread-then-override literal (Node 20 promotes what those point to).
    out.push({ i: parent.i, score: h.score * 0.9999, matchedChildren: parent.matchedChildren });
    placed.add(p);
    moved++;
  }
  return out;
}

/** How many results a heading already represented by its sub-rule gives its place up in. */
const HEADING_DEFER = 5;

/**
 * A heading without text of its own, listed after one of its sub-rules, says nothing the sub-rule's
 * place does not (the sub-rule's result carries the path; the heading's carries `matched_children`):
 * it moves to just after the first HEADING_DEFER results, so those hold that many rules that can be
 * cited rather than a rule and its table-of-contents entry.
 */
export function headingsAfterSubRules(hits: Ranked[], records: RuleRecord[], byKey: (document: string, id: string) => number | undefined): Ranked[] {
  const listed = new Set<number>();
  const kept: Ranked[] = [];
  const deferred: Ranked[] = [];
  for (const h of hits) {
    const r = records[h.i]!;
    const represented = !ownText(r) && r.children.length > 0 && kept.length < HEADING_DEFER && [...listed].some((k) => isAncestor(h.i, k, records, byKey));
    (represented ? deferred : kept).push(h);
    listed.add(h.i);
  }
  if (deferred.length === 0) return hits;
  return [...kept.slice(0, HEADING_DEFER), ...deferred, ...kept.slice(HEADING_DEFER)];
}

function isAncestor(a: number, k: number, records: RuleRecord[], byKey: (document: string, id: string) => number | undefined): boolean {
  const doc = records[k]!.document;
  if (records[a]!.document !== doc) return false;
  for (let p = records[k]!.parent; p !== null; ) {
    const i = byKey(doc, p);
    if (i === undefined) return false;
    if (i === a) return true;
    p = records[i]!.parent;
  }
  return false;
}
