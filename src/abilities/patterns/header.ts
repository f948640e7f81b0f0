/**
 * The 【tags】 that open an ability (timing, 【Once per Turn】, 【During Pair･(Trait) Pilot】 …) and
 * the cost before the full-width colon of an 【Activate】 ability.
 */
import type { Condition, Cost, Filter, Trigger } from '../ir.js';
import { parseNoun, renderNoun } from './noun.js';
import { Unread, type Used } from './unread.js';

export interface Header {
  trigger?: Trigger;
  windows?: ('main' | 'action')[];
  activate?: 'main' | 'action';
  pilotName?: string;
  requires: Condition[];
  oncePerTurn: boolean;
  /** 【Deploy･Development 2】 (13-1-8-1). */
  development?: number;
  cost?: Cost;
  /** The text after the tags (and after the cost). */
  body: string;
}

const TRIGGERS: Record<string, Trigger> = {
  Deploy: 'deploy',
  Attack: 'attack',
  Destroyed: 'destroyed',
  'When Linked': 'when-linked',
  Burst: 'burst',
};

/** "(Cyber-Newtype)/(Newtype) Pilot", "Purple Pilot", "Lv.4 or Higher Pilot" → a Pilot filter. */
export function pilotQualifier(q: string): Filter {
  let m: RegExpExecArray | null;
  if ((m = /^((?:\([^()]+\))(?:\/\([^()]+\))*) Pilot$/.exec(q))) return { side: 'friendly', type: 'pilot', traits: [...m[1]!.matchAll(/\(([^()]+)\)/g)].map((t) => t[1]!) };
  if ((m = /^(Red|Blue|Green|White|Purple) Pilot$/.exec(q))) return { side: 'friendly', type: 'pilot', colors: [m[1]!.toLowerCase()] };
  if ((m = /^Lv\.(\d+) or (Higher|Lower) Pilot$/.exec(q))) return { side: 'friendly', type: 'pilot', level: { op: m[2] === 'Higher' ? '>=' : '<=', value: Number(m[1]) } };
  throw new Unread(q);
}

export function renderPilotQualifier(f: Filter): string {
  if (f.traits) return `${f.traits.map((t) => `(${t})`).join('/')} Pilot`;
  if (f.colors) return `${f.colors[0]![0]!.toUpperCase()}${f.colors[0]!.slice(1)} Pilot`;
  if (f.level) return `Lv.${f.level.value} or ${f.level.op === '>=' ? 'Higher' : 'Lower'} Pilot`;
  return 'Pilot';
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩';

function parseCost(text: string, used: Used): Cost {
  const cost: Cost = {};
  for (const part of text.split(/[、,]\s*/)) {
    const p = part.trim();
    let m: RegExpExecArray | null;
    if (p.length === 1 && CIRCLED.includes(p)) cost.resources = (cost.resources ?? 0) + CIRCLED.indexOf(p) + 1;
    else if (/^Rest this (?:Unit|Base)$/.test(p)) cost.restSelf = true;
    else if (/^[Rr]eturn this Unit to the bottom of its owner's deck$/.test(p)) {
      // "②, return this Unit to the bottom of its owner's deck：…" (the Unit leaves play as the cost).
      (cost.steps ??= []).push({ do: 'return-to-deck-bottom', target: { type: 'self' } });
      used.add('cost.return-self-to-deck');
    } else if ((m = /^[Rr]est (\d+) ((?:of your|friendly) .+)$/.exec(p))) {
      // "Rest 3 of your (CB) Units", "rest 1 friendly (CB) Unit": active ones (a rested Unit cannot be rested, 1-3-2-1).
      const n = parseNoun(m[2]!);
      if (n.card || n.filter.type !== 'unit' || n.filter.side !== 'friendly' || n.filter.rested !== undefined || n.plural !== (m[2]!.startsWith('of your') || Number(m[1]) > 1)) throw new Unread(p);
      const count = Number(m[1]);
      (cost.steps ??= []).push({ do: 'rest', target: { type: 'choose', min: count, max: count, filter: { ...n.filter, rested: false }, zone: 'battle' } });
      used.add('cost.rest-units');
    } else if ((m = /^[Dd]iscard (\d+) (.+ cards?)$/.exec(p))) {
      // "Discard 1 (Zeon)/(Neo Zeon) Unit card：" (a card of the hand matching it, 10-1-7-2).
      const n = parseNoun(m[2]!);
      if (!n.card || n.filter.side !== 'any' || n.plural !== Number(m[1]) > 1) throw new Unread(p);
      (cost.steps ??= []).push({ do: 'discard', who: 'you', count: Number(m[1]), filter: n.filter });
      used.add('cost.discard');
    } else if ((m = /^[Ee]xile (\d+) (.+?) (?:from your trash(?: from the game)?|in your trash from the game)$/.exec(p))) {
      // "Exile 1 Command card from your trash", "Exile 3 blue cards from your trash", "Exile 2 Command cards in your trash from the game".
      const n = parseNoun(m[2]!);
      if (!n.card || n.filter.side !== 'any' || n.plural !== Number(m[1]) > 1) throw new Unread(p);
      (cost.steps ??= []).push({ do: 'exile-from-trash', count: Number(m[1]), filter: n.filter });
      used.add('cost.exile-from-trash');
    } else throw new Unread(p);
  }
  used.add('header.cost');
  return cost;
}

export function renderCost(c: Cost, self: 'Unit' | 'Base'): string {
  const parts: string[] = [];
  if (c.resources) parts.push(CIRCLED[c.resources - 1] ?? `(${c.resources})`);
  if (c.restSelf) parts.push(`Rest this ${self}`);
  for (const s of c.steps ?? []) {
    if (s.do === 'exile-from-trash') parts.push(`Exile ${s.count} ${renderNoun(s.filter, { card: true, plural: s.count > 1 })} from your trash`);
    else if (s.do === 'discard' && s.filter) parts.push(`Discard ${s.count} ${renderNoun(s.filter, { card: true, plural: s.count > 1 })}`);
    else if (s.do === 'return-to-deck-bottom' && s.target.type === 'self') parts.push("return this Unit to the bottom of its owner's deck");
    else if (s.do === 'rest' && s.target.type === 'choose') parts.push(`Rest ${s.target.max} ${renderNoun({ ...s.target.filter, rested: undefined }, { plural: s.target.max > 1 })}`);
    else parts.push(`(${s.do})`);
  }
  return parts.join('、');
}

export function parseHeader(text: string, used: Used): Header {
  const h: Header = { requires: [], oncePerTurn: false, body: '' };
  let s = text.trim();
  for (;;) {
    const m = /^【([^】]*)】/.exec(s);
    if (!m) break;
    const tag = m[1]!.replace(/・/g, '･');
    s = s.slice(m[0].length);
    let q: RegExpExecArray | null;
    const dev = /^(Deploy|When Linked|When Paired)･Development (\d+)$/.exec(tag);
    if (dev && !h.trigger) {
      h.trigger = dev[1] === 'When Paired' ? 'when-paired' : TRIGGERS[dev[1]!];
      h.development = Number(dev[2]);
      used.add('tag.development');
      continue;
    }
    if (TRIGGERS[tag] && !h.trigger) h.trigger = TRIGGERS[tag];
    else if ((q = /^When Paired(?:･(.+))?$/.exec(tag)) && !h.trigger) {
      h.trigger = 'when-paired';
      if (q[1]) h.requires.push({ type: 'paired', pilot: pilotQualifier(q[1]) });
    } else if ((q = /^During Pair(?:･(.+))?$/.exec(tag))) h.requires.push(q[1] ? { type: 'paired', pilot: pilotQualifier(q[1]) } : { type: 'paired' });
    else if (tag === 'During Link') h.requires.push({ type: 'linked' });
    else if (tag === 'Once per Turn') h.oncePerTurn = true;
    else if ((tag === 'Main' || tag === 'Action') && !h.windows) {
      h.windows = [tag === 'Main' ? 'main' : 'action'];
      const both = /^\/【Action】/.exec(s);
      if (tag === 'Main' && both) {
        h.windows.push('action');
        s = s.slice(both[0].length);
      }
    } else if ((q = /^Activate･(Main|Action)$/.exec(tag)) && !h.activate) h.activate = q[1] === 'Main' ? 'main' : 'action';
    else if (tag === 'Pilot' && !h.pilotName) {
      const name = /^\[([^\]]+)\]$/.exec(s.trim());
      if (!name) throw new Unread(text.trim());
      h.pilotName = name[1]!;
      s = '';
    } else throw new Unread(m[0]);
    used.add(`tag.${tag.replace(/･.*/, '').toLowerCase().replace(/ /g, '-')}`);
  }
  const kinds = [h.trigger, h.windows, h.activate, h.pilotName].filter((x) => x !== undefined).length;
  if (kinds > 1) throw new Unread(text.trim());
  if (h.activate) {
    // The cost ends at the full-width colon (a few cards print a half-width one).
    let colon = s.indexOf('：');
    if (colon < 0) colon = s.search(/: (?=[A-Z])/);
    if (colon >= 0) {
      h.cost = parseCost(s.slice(0, colon), used);
      s = s.slice(colon + 1);
    } else h.cost = {};
  }
  h.body = s.trim();
  return h;
}
