/**
 * Turns a catalog record or a scenario's inline card description into a CardFace. Explicit
 * scenario fields override catalog values ("card fills stats, keywords and text; explicit fields
 * override").
 */
import type { Ability } from '../abilities/ir.js';
import { compileCardText } from '../abilities/compile.js';
import type { CardRecord, CardType } from '../corpus/types.js';
import { isKeywordName, parseKeywordSpec } from './keywords.js';
import { nameKey } from '../corpus/card-keys.js';
import type { CardLookup } from './lookup.js';
import type { CardFace, KeywordInstance } from './state.js';

/** The fields a scenario may give for any card (unit, pilot, base, deployed card, shield card). */
export interface FaceFields {
  card?: string | undefined;
  name?: string | undefined;
  type?: CardType | undefined;
  level?: number | undefined;
  cost?: number | undefined;
  ap?: number | undefined;
  hp?: number | undefined;
  traits?: string[] | undefined;
  keywords?: string[] | undefined;
  text?: string | undefined;
  link?: string | { names?: string[] | undefined; traits?: string[] | undefined } | null | undefined;
  color?: string | undefined;
  token?: boolean | undefined;
}

export const ACCEPTED_CARDS =
  'a catalog card number (GD01-013; alternate printings such as ST01-014-p4 or ST01-014_p4), a card name ("Amuro Ray"; a loose one such as "amuro" when it means one card), or an inline description such as {"name":"X","type":"unit","level":3,"cost":2,"ap":3,"hp":3}';

/** At most this many cards are listed in a message about an ambiguous or unknown name. */
const LISTED = 8;

function listCards(cs: CardRecord[]): string {
  const shown = cs.slice(0, LISTED).map((c) => `${c.id} ${c.name}`);
  return shown.join(', ') + (cs.length > LISTED ? `, … ${cs.length - LISTED} more` : '');
}

/**
 * A card reference to one catalog record: a card number, an exact name, or a loose name that means
 * one card name (through the lookup's optional byLooseName). A loose name that fits several names
 * is refused with the best matches, rather than guessed: the scenario would be about a card the
 * caller did not pick.
 */
function findRecord(ref: string, cards: CardLookup): { rec: CardRecord; name: string } | string {
  const direct = cards.byId(ref) ?? cards.byName(ref);
  if (direct) return { rec: direct, name: ref };
  const loose = cards.byLooseName?.(ref);
  if (!loose) return `unknown card "${ref}"; accepted: ${ACCEPTED_CARDS}`;
  const names = [...new Set(loose.matches.map((c) => nameKey(c.name)))];
  const [first] = loose.matches;
  if (first && names.length === 1) {
    // One name (possibly on several card numbers): the exact-name preference below picks among them.
    const rec = cards.byName(first.name) ?? first;
    return { rec, name: rec.name };
  }
  if (first) {
    return `card "${ref}" is not an exact card name and fits ${names.length} names; give a card number or an exact name. Best matches: ${listCards(loose.matches)}`;
  }
  const near = loose.near.length > 0 ? `; closest: ${listCards(loose.near)}` : '';
  return `unknown card "${ref}"${near}; accepted: ${ACCEPTED_CARDS}`;
}

function keywordsOf(c: CardRecord): KeywordInstance[] {
  const out: KeywordInstance[] = [];
  for (const k of c.keywords) {
    if (k.scope !== 'innate' || !isKeywordName(k.name)) continue;
    out.push({ name: k.name, amount: k.amount });
  }
  return out;
}

/** 3-4-6-1 a Command's 【Pilot】 effect names the Pilot in brackets: 【Pilot】[Lucrezia Noin]. */
export function pilotNameOf(type: CardType, name: string, text: string): string | null {
  if (type === 'pilot') return name;
  if (type !== 'command') return null;
  const m = /【Pilot】\s*\[([^\]]+)\]/.exec(text);
  return m?.[1]?.trim() ?? null;
}

/** The catalog's compiled abilities (corpus build); text given inline is compiled here the same way. */
function abilitiesOf(c: CardRecord): Ability[] {
  const stored = (c as CardRecord & { abilities?: Ability[] }).abilities;
  return stored ?? compileCardText(c.text, { keywords: c.keywords }).abilities;
}

const recordFaces = new WeakMap<CardRecord, CardFace>();

/** The face of a catalog card: built once per record and shared, as faces are never changed. */
export function faceFromRecord(c: CardRecord): CardFace {
  let face = recordFaces.get(c);
  if (!face) {
    face = buildFace(c);
    recordFaces.set(c, face);
  }
  return face;
}

function buildFace(c: CardRecord): CardFace {
  return {
    cardId: c.id,
    name: c.name,
    type: c.type,
    token: c.token,
    color: c.token ? null : c.color, // 5-17-2-3 tokens have no color
    level: c.token ? 0 : (c.level ?? 0), // 5-17-2-4 a token's Lv and cost are zero
    cost: c.token ? 0 : (c.cost ?? 0),
    ap: c.ap ?? 0,
    hp: c.hp ?? 0,
    traits: [...c.traits],
    text: c.text,
    link: c.link ? { names: [...c.link.names], traits: [...c.link.traits] } : null,
    // Conditional keywords come from the compiled constant abilities, checked as the game goes (10-1-5-3).
    keywords: keywordsOf(c),
    pilotName: pilotNameOf(c.type, c.name, c.text),
    abilities: abilitiesOf(c),
  };
}

/** "[Amuro Ray] / (White Base Team) Trait" -> names and traits. */
function parseLink(link: FaceFields['link']): CardFace['link'] {
  if (link === undefined || link === null) return null;
  if (typeof link === 'string') {
    const names = [...link.matchAll(/\[([^\]]+)\]/g)].map((m) => (m[1] ?? '').trim());
    const traits = [...link.matchAll(/\(([^)]+)\)/g)].map((m) => (m[1] ?? '').trim());
    if (names.length === 0 && traits.length === 0 && link.trim() !== '') names.push(link.trim());
    return { names, traits };
  }
  return { names: [...(link.names ?? [])], traits: [...(link.traits ?? [])] };
}

export interface ResolvedFace {
  face: CardFace;
  /** Remarks worth logging (an ambiguous name, an amount the catalog lost). */
  notes: string[];
}

/**
 * Resolves a card reference plus overrides. `fallbackType` is used when neither the catalog nor the
 * scenario says what the card is. Returns an error message instead of throwing.
 */
const OVERRIDES = ['type', 'name', 'text', 'token', 'color', 'level', 'cost', 'ap', 'hp', 'traits', 'link', 'keywords'] as const satisfies readonly (keyof FaceFields)[];

export function resolveFace(fields: FaceFields, cards: CardLookup, fallbackType: CardType, fallbackName: string): ResolvedFace | string {
  const notes: string[] = [];
  let base: CardFace | null = null;
  if (fields.card !== undefined) {
    const found = findRecord(fields.card, cards);
    if (typeof found === 'string') return found;
    const { rec, name } = found;
    base = faceFromRecord(rec);
    if (name !== fields.card) notes.push(`"${fields.card}" is not an exact card name; read as ${rec.name}`);
    const same = cards.byId(fields.card) ? [] : (cards.allByName?.(name) ?? []);
    if (same.length > 1) {
      notes.push(`"${name}" names ${same.length} cards (${same.map((c) => c.id).join(', ')}); used ${rec.id}. Give a card number to pick another.`);
    }
    const lost = rec.keywords.filter((k) => k.amount_lost && k.scope !== 'mentions' && k.scope !== 'grants');
    if (lost.length > 0 && fields.keywords === undefined) {
      notes.push(`${rec.id}: the catalog lost the amount of <${lost.map((k) => k.name).join('>, <')}>; where that amount matters the outcome is left undetermined, unless the scenario gives "keywords".`);
    }
  }
  // A catalog card with nothing overridden is the catalog's own face, shared.
  if (base && OVERRIDES.every((f) => fields[f] === undefined)) return { face: base, notes };
  let keywords = base?.keywords ?? [];
  let abilities = fields.text !== undefined || base === null ? compileCardText(fields.text ?? '').abilities : base.abilities;
  if (fields.keywords !== undefined) {
    // Explicit keywords replace the catalog's entirely, conditional ones included.
    keywords = [];
    abilities = abilities.filter((a) => !(a.kind === 'constant' && a.effects.every((e) => e.type === 'keyword' && e.target.type === 'self')));
    for (const spec of fields.keywords) {
      const k = parseKeywordSpec(spec);
      if (typeof k === 'string') return k;
      keywords.push(k);
    }
  }
  const type = fields.type ?? base?.type ?? fallbackType;
  const name = fields.name ?? base?.name ?? fallbackName;
  const text = fields.text ?? base?.text ?? '';
  const token = fields.token ?? base?.token ?? false;
  return {
    face: {
      cardId: base?.cardId ?? null,
      name,
      type,
      token,
      color: fields.color ?? base?.color ?? null,
      level: fields.level ?? base?.level ?? 0,
      cost: fields.cost ?? base?.cost ?? 0,
      ap: fields.ap ?? base?.ap ?? 0,
      hp: fields.hp ?? base?.hp ?? 0,
      traits: fields.traits ? [...fields.traits] : (base?.traits ?? []),
      text,
      link: fields.link !== undefined ? parseLink(fields.link) : (base?.link ?? null),
      keywords,
      pilotName: fields.name !== undefined || base === null ? pilotNameOf(type, name, text) : base.pilotName,
      abilities,
    },
    notes,
  };
}
