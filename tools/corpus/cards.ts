/**
 * Builds the card catalog: every printing of the seed catalog, repaired and enriched with the
 * publisher's card data where it exists (text, keywords and amounts, link condition, zone, rarity),
 * each field recording its source, differences noted, and the official printings the seed lacks
 * listed as printings of their base card.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CardKeyword, CardPrinting, CardRecord, CardSet, CardType, FieldSource, FieldValue, LinkCondition } from '../../src/corpus/types.js';
import { cleanLines, parseSeedCatalog, type SeedCard } from './cards-seed.js';
import { nameKey } from '../../src/corpus/card-keys.js';
import { bracketedKeyword, keywordsInText, restoreSeedText } from './card-keywords.js';
import { compileCardText } from '../../src/abilities/compile.js';
import type { CardAbilities } from '../../src/abilities/ir.js';

import { normalizeTraitCase } from './traits.js';

export interface OfficialCard {
  id: string;
  code: string;
  name: string;
  rarity: string | null;
  cardType: string;
  level: string | null;
  cost: number | null;
  color: string | null;
  ap: number | null;
  hp: number | null;
  effect: string | null;
  zone: string | null;
  trait: string | null;
  link: string | null;
  set: { id: string; name: string } | null;
}

/** Official printing ids use `_p1`; the seed uses `-p1`. */
export function printingId(id: string): string {
  return id.replace(/_p(\d+)$/, '-p$1');
}

function baseOf(id: string): string {
  return id.replace(/-p\d+$/, '');
}

export function loadOfficial(dir: string): { cards: Map<string, OfficialCard>; setNames: Map<string, string> } {
  const cards = new Map<string, OfficialCard>();
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'manifest.json').sort();
  for (const f of files) {
    for (const c of JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OfficialCard[]) cards.set(printingId(c.id), c);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { sets: { id: string; name: string }[] };
  const setNames = new Map(manifest.sets.map((s) => [s.id.toUpperCase(), s.name]));
  return { cards, setNames };
}

const dash = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '-' || v.trim() === '' ? null : v.trim());

function officialText(effect: string | null): string {
  const t = dash(effect);
  return t ? cleanLines(t).split('\n').map(bracketedKeyword).join('\n') : '';
}

function officialType(t: string): { type: CardType; token: boolean } {
  const u = t.toUpperCase();
  const token = u.includes('TOKEN') || u.startsWith('EX ');
  const type = (u.includes('UNIT') ? 'unit' : u.includes('PILOT') ? 'pilot' : u.includes('COMMAND') ? 'command' : u.includes('BASE') ? 'base' : 'resource') as CardType;
  return { type, token };
}

export function parseLink(link: string | null): LinkCondition | null {
  const text = dash(link);
  if (!text) return null;
  return {
    text,
    names: [...text.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!.trim()),
    traits: [...text.matchAll(/\(([^)]+)\)/g)].map((m) => m[1]!.trim()),
  };
}

function officialTraits(trait: string | null): string[] {
  const t = dash(trait);
  return t ? [...t.matchAll(/\(([^)]+)\)/g)].map((m) => m[1]!.trim()) : [];
}

const isSeedToken = (s: SeedCard) => /^(T|EXB|EXBP|EXR|EXRP)-/.test(s.id);

export interface CatalogBuild {
  cards: CardRecord[];
  sets: CardSet[];
  stats: { seed: number; withOfficial: number; officialOnlyPrintings: number; differences: number; restoredKeywords: number; flagged: number };
}

export function buildCatalog(cardsPart: string, officialDir: string): CatalogBuild {
  const { cards: official, setNames } = loadOfficial(officialDir);
  const seed = parseSeedCatalog(cardsPart, (id) => official.get(id)?.name);
  const seedIds = new Set(seed.map((s) => s.id));

  // Printings per card number: the seed's, then the official ones the seed lacks.
  const printings = new Map<string, CardPrinting[]>();
  const addPrinting = (base: string, p: CardPrinting) => {
    const list = printings.get(base) ?? [];
    list.push(p);
    printings.set(base, list);
  };
  for (const s of seed) {
    const o = official.get(s.id);
    addPrinting(baseOf(s.id), { id: s.id, set: s.set, rarity: o ? dash(o.rarity) : null, source: o ? 'seed+official' : 'seed' });
  }
  let officialOnlyPrintings = 0;
  for (const [id, o] of [...official.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (seedIds.has(id)) continue;
    officialOnlyPrintings++;
    addPrinting(baseOf(id), { id, set: o.set ? o.set.id.toUpperCase() : null, rarity: dash(o.rarity), source: 'official' });
  }
  for (const list of printings.values()) list.sort((a, b) => (a.id.length - b.id.length) || a.id.localeCompare(b.id, 'en', { numeric: true }));

  let differences = 0;
  let restoredKeywords = 0;
  let flagged = 0;
  const cards: CardRecord[] = seed.map((s) => {
    const o = official.get(s.id);
    const card = o ? merge(s, o) : seedOnly(s);
    card.printings = printings.get(baseOf(s.id)) ?? [];
    differences += card.differences.length;
    restoredKeywords += card.keywords.filter((k) => k.source === 'seed-reminder').length;
    if (card.flags.length) flagged++;
    return card;
  });

  // One spelling per trait (GD05 prints them in lower case), before anything reads them.
  normalizeTraitCase(cards);

  // Abilities compiled once per card number (alternate printings print the same text).
  const compiled = new Map<string, CardAbilities>();
  for (const card of cards) {
    const key = `${baseOf(card.id)}\n${card.text}`;
    let c = compiled.get(key);
    if (!c) compiled.set(key, (c = compileCardText(card.text, { keywords: card.keywords })));
    card.abilities = c.abilities;
    card.effects = c.effects;
  }

  const setCounts = new Map<string, number>();
  for (const c of cards) setCounts.set(c.set, (setCounts.get(c.set) ?? 0) + 1);
  const sets: CardSet[] = [...setCounts.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([code, n]) => ({ code, name: setNames.get(code) ?? null, printings: n }));
  return {
    cards,
    sets,
    stats: { seed: seed.length, withOfficial: seed.filter((s) => official.has(s.id)).length, officialOnlyPrintings, differences, restoredKeywords, flagged },
  };
}

function baseRecord(s: SeedCard): CardRecord {
  return {
    id: s.id,
    base_id: baseOf(s.id) === s.id ? null : baseOf(s.id),
    name: s.name === 'resource' ? 'Resource' : s.name,
    type: s.type as CardType,
    token: isSeedToken(s),
    set: s.set,
    color: s.color,
    level: s.level,
    cost: s.cost,
    ap: s.ap,
    hp: s.hp,
    traits: s.traits,
    text: s.text,
    keywords: [],
    link: null,
    zones: [],
    rarity: null,
    printings: [],
    sources: {},
    differences: [],
    flags: [],
    abilities: [],
    effects: 'none',
  };
}

function seedOnly(s: SeedCard): CardRecord {
  const card = baseRecord(s);
  const restored = restoreSeedText(s.text);
  card.text = restored.text;
  card.keywords = restored.keywords;
  card.flags = restored.flags;
  if (s.name === 'resource') card.flags.push('name-capitalized: the seed prints "resource"');
  const fields = ['name', 'type', 'set', 'color', 'level', 'cost', 'ap', 'hp', 'traits', 'text', 'keywords'];
  for (const f of fields) card.sources[f] = 'seed';
  if (s.type === 'pilot') card.flags.push('pilot-modifiers-lost: the seed catalog has no AP/HP for Pilots');
  return card;
}

function merge(s: SeedCard, o: OfficialCard): CardRecord {
  const card = baseRecord(s);
  const { type, token } = officialType(o.cardType);
  const level = dash(o.level) === null ? null : Number(o.level);
  const color = dash(o.color)?.toLowerCase() ?? null;
  const text = officialText(o.effect);
  const traits = officialTraits(o.trait);
  const seedText = restoreSeedText(s.text);
  const values: Record<string, [unknown, unknown]> = {
    name: [s.name, o.name],
    type: [s.type, type],
    color: [s.color, color],
    level: [s.level, level],
    cost: [s.cost, o.cost],
    ap: [s.ap, o.ap],
    hp: [s.hp, o.hp],
    traits: [s.traits, traits],
  };
  const same = (f: string, a: unknown, b: unknown): boolean => {
    if (f === 'name') return nameKey(String(a)) === nameKey(String(b));
    if (f === 'traits') return JSON.stringify((a as string[]).map((x) => x.toLowerCase())) === JSON.stringify((b as string[]).map((x) => x.toLowerCase()));
    return a === b;
  };
  // The official data prints no AP where a Unit's AP is 0 (and lost both stats of one token): a
  // Unit always has AP and HP, so the seed's value stands there and the gap is flagged.
  const required = type === 'unit' ? ['ap', 'hp'] : type === 'base' ? ['hp'] : [];
  for (const f of required) {
    const [sv, ov] = values[f]!;
    if (ov === null && typeof sv === 'number') {
      values[f] = [sv, sv];
      card.flags.push(`official-${f}-missing: the official data prints no ${f.toUpperCase()}; the seed's ${sv} is kept`);
    }
  }
  for (const [f, [sv, ov]] of Object.entries(values)) {
    let source: FieldSource = 'official';
    if (card.flags.some((x) => x.startsWith(`official-${f}-missing`))) source = 'seed';
    else if (same(f, sv, ov)) source = 'seed+official';
    else if (sv !== null && !(Array.isArray(sv) && sv.length === 0)) card.differences.push({ field: f, seed: sv as FieldValue, official: ov as FieldValue });
    card.sources[f] = source;
  }
  card.name = o.name;
  card.type = type;
  card.token = token;
  card.color = color;
  card.level = level;
  card.cost = o.cost;
  card.ap = values.ap![1] as number | null;
  card.hp = values.hp![1] as number | null;
  card.traits = traits;
  card.text = text;
  card.sources.text = text.replace(/<[^>]*>\s*/g, '').replace(/\s+/g, ' ') === s.text.replace(/<[^>]*>\s*/g, '').replace(/\s+/g, ' ') ? 'seed+official' : 'official';
  card.keywords = keywordsInText(text, 'official');
  card.sources.keywords = 'official';
  // What the seed still printed of the keywords, for the record: lost amounts are expected, not differences.
  const seedKeys = seedText.keywords.filter((k) => !k.amount_lost).map((k) => `${k.name}${k.amount ?? ''}`);
  const offKeys = card.keywords.map((k) => `${k.name}${k.amount ?? ''}`);
  const extra = seedKeys.filter((k) => !offKeys.includes(k));
  if (extra.length) card.differences.push({ field: 'keywords', seed: extra, official: offKeys });
  card.link = parseLink(o.link);
  if (card.link) card.sources.link = 'official';
  card.zones = dash(o.zone)?.split(/\s+/) ?? [];
  if (card.zones.length) card.sources.zones = 'official';
  card.rarity = dash(o.rarity);
  if (card.rarity) card.sources.rarity = 'official';
  card.sources.set = 'seed';
  return card;
}

export type { CardKeyword };
