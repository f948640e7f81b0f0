/**
 * Which restriction list is in force, and reading one from a file. The lists the project ships live
 * in corpus/restrictions/ (an installed package carries them in dist/data/restrictions.json); the
 * one in force is the newest whose effective date has come. An operator replaces it without a
 * rebuild by naming a file in RESTRICTIONS_FILE: read and checked at start, and refused with the
 * field that is wrong (the server does not start on a bad list).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CardRecord } from '../corpus/types.js';
import { corpusDir, dataDir } from '../corpus/load.js';
import { describeIssues, restrictionListSchema, type PairGroup, type RestrictionList } from './schema.js';

/** The list cannot be used: the message says which file and what is wrong. */
export class RestrictionsError extends Error {}

export interface ActiveList {
  list: RestrictionList;
  /** Where it came from: "bundled" or the operator's file path. */
  origin: string;
}

export function restrictionsDir(): string {
  return path.join(corpusDir(), 'restrictions');
}

/** Parses and checks one list's JSON text; `where` names it in errors. */
export function parseRestrictionList(text: string, where: string): RestrictionList {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new RestrictionsError(`restriction list ${where} is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = restrictionListSchema.safeParse(json);
  if (!parsed.success) throw new RestrictionsError(`restriction list ${where} is not a valid list: ${describeIssues(parsed.error)}`);
  if (parsed.data.announced > parsed.data.effective) throw new RestrictionsError(`restriction list ${where}: announced ${parsed.data.announced} is after effective ${parsed.data.effective}`);
  return parsed.data;
}

/** The shipped lists: corpus/restrictions/*.json in a checkout, dist/data/restrictions.json in a package. */
export function bundledLists(): RestrictionList[] {
  const dir = restrictionsDir();
  if (fs.existsSync(dir)) {
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => parseRestrictionList(fs.readFileSync(path.join(dir, f), 'utf8'), `corpus/restrictions/${f}`));
  }
  const built = path.join(dataDir(), 'restrictions.json');
  if (!fs.existsSync(built)) return [];
  const texts = JSON.parse(fs.readFileSync(built, 'utf8')) as unknown[];
  return texts.map((t, i) => parseRestrictionList(JSON.stringify(t), `dist/data/restrictions.json[${i}]`));
}

/** The newest list already in effect on `today` (YYYY-MM-DD), or null when none is. */
export function listInForce(lists: RestrictionList[], today: string): RestrictionList | null {
  return lists.filter((l) => l.effective <= today).sort((a, b) => (a.effective < b.effective ? 1 : a.effective > b.effective ? -1 : 0))[0] ?? null;
}

/** Base Unit/Pilot/Command/Base cards that fit a pair group's description. */
export function cardsFitting(group: PairGroup, cards: readonly CardRecord[]): string[] {
  const d = group.description;
  if (!d) return [];
  return cards
    .filter(
      (c) =>
        c.base_id === null &&
        !c.token &&
        (d.type === undefined || c.type === d.type) &&
        (d.level === undefined || c.level === d.level) &&
        (d.cost === undefined || c.cost === d.cost) &&
        (d.ap === undefined || c.ap === d.ap) &&
        (d.hp === undefined || c.hp === d.hp) &&
        (!d.no_text || !c.text.trim()),
    )
    .map((c) => c.id);
}

/**
 * What is wrong with a list against a catalog: card numbers the catalog does not have, and (strict,
 * for the lists the project ships) pair-group cards that do not fit the group's description or
 * catalog cards that fit it and are missing.
 */
export function catalogProblems(list: RestrictionList, cards: readonly CardRecord[], strict: boolean): string[] {
  const numbers = new Set(cards.filter((c) => c.base_id === null).map((c) => c.id.toUpperCase()));
  const named = [
    ...list.banned.map((b) => b.card),
    ...list.limited.map((l) => l.card),
    ...list.banned_pairs.flatMap((p) => p.cards),
    ...list.pair_groups.flatMap((g) => [...g.cards, ...g.exceptions.flatMap((x) => [...x.cards, ...(x.copies ?? []).map((c) => c.card)])]),
  ];
  const problems = [...new Set(named.filter((n) => !numbers.has(n.toUpperCase())))].map((n) => `${n} is not a card number of the catalog`);
  if (strict) {
    for (const g of list.pair_groups) {
      if (!g.description) continue;
      const fit = new Set(cardsFitting(g, cards));
      const listed = new Set(g.cards.map((c) => c.toUpperCase()));
      const extra = [...listed].filter((c) => !fit.has(c));
      const missing = [...fit].filter((c) => !listed.has(c));
      if (extra.length) problems.push(`pair group "${g.name}" lists ${extra.join(', ')}, which do not fit its description`);
      if (missing.length) problems.push(`pair group "${g.name}" misses ${missing.join(', ')}, which fit its description (later cards join on release: add them)`);
    }
  }
  return problems;
}

/**
 * The group as the catalog has it: the cards listed plus catalog cards that fit its description,
 * since the announcement makes later cards of that description join on release.
 */
function withNewCards(list: RestrictionList, cards: readonly CardRecord[]): RestrictionList {
  return {
    ...list,
    pair_groups: list.pair_groups.map((g) => ({ ...g, cards: [...new Set([...g.cards.map((c) => c.toUpperCase()), ...cardsFitting(g, cards)])] })),
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The list in force for this process: RESTRICTIONS_FILE when set (checked against the catalog:
 * a card number it does not know is refused), else the newest shipped list in effect. null: none.
 */
export function loadActiveList(env: NodeJS.ProcessEnv, cards: () => readonly CardRecord[]): ActiveList | null {
  const file = env.RESTRICTIONS_FILE?.trim();
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new RestrictionsError(`RESTRICTIONS_FILE "${file}" cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const list = parseRestrictionList(text, `"${file}" (RESTRICTIONS_FILE)`);
    const problems = catalogProblems(list, cards(), false);
    if (problems.length) throw new RestrictionsError(`restriction list "${file}" (RESTRICTIONS_FILE) names cards the catalog does not have: ${problems.slice(0, 8).join('; ')}`);
    return { list: withNewCards(list, cards()), origin: file };
  }
  const list = listInForce(bundledLists(), today());
  return list ? { list: withNewCards(list, cards()), origin: 'bundled' } : null;
}

const active = new WeakMap<object, ActiveList | null>();

/** The list in force, read once per catalog owner (the process's Knowledge). */
export function activeList(owner: object, cards: () => readonly CardRecord[]): ActiveList | null {
  if (!active.has(owner)) active.set(owner, loadActiveList(process.env, cards));
  return active.get(owner)!;
}
