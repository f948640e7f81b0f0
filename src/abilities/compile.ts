/**
 * Card text → ability IR (build time). Each ability is read by the ordered pattern tables in
 * patterns/; an ability any clause of which no pattern reads is kept whole as `unsupported` with
 * the unread clause, never partly compiled. Every compiled ability is rendered back (render.ts)
 * and must equal its source once normalised (normalize.ts), or it is unsupported too.
 */
import type { CardKeyword } from '../corpus/types.js';
import type { Ability, CardAbilities, CompiledAbility, Condition, Selector, UnsupportedAbility, UnsupportedReason } from './ir.js';
import { normalizeText } from './normalize.js';
import { parseConstants } from './patterns/constant.js';
import { type Header, parseHeader } from './patterns/header.js';
import { KEYWORD_SRC, parseKeyword } from './patterns/keyword.js';
import { parseDevelopment, parseEffect } from './patterns/sequence.js';
import { parseTriggerPhrase } from './patterns/trigger.js';
import { Unread, Used } from './patterns/unread.js';
import { paraphrase } from './paraphrase.js';
import { renderAbility } from './render.js';
import { splitAbilities } from './split.js';
import { twoPlayer } from './two-player.js';

export interface CompileOptions {
  /** The card's catalog keywords: an amount the source lost makes the abilities naming it 'source-lost'. */
  keywords?: CardKeyword[];
}

/** Text the engine cannot take as two-player rules. */
const MULTIPLAYER = /\b(?:(?<!\bthere are \d+ or (?:more|less|fewer) )enemy players|each enemy player|an enemy player|another player|belonging to another player|All enemy players)\b/i;
/**
 * Holes where the seed stripped a keyword name: "enemy Unit with that is", "gains during". A final
 * "has." is a hole unless it closes "for each 4 AP this Unit has." (GD03-033, printed so officially).
 */
const NAME_LOST = /\b(?:with|gains?|gets?|has|have)(?= (?:[.,)]|that\b|during\b|and\b|or\b))|\bwith(?= is\b)|\b(?:with|gains?)\.$|(?<!\bfor each \d+ (?:AP|HP) this Unit )\bhas\.$/;

function unsupported(text: string, unread: string, reason: UnsupportedReason, detail: string): UnsupportedAbility {
  // `unread` is always a piece of the ability's own text (case as printed).
  let clause = unread;
  if (!text.includes(clause)) {
    const at = text.toLowerCase().indexOf(clause.toLowerCase());
    clause = at >= 0 ? text.slice(at, at + clause.length) : text;
  }
  return { kind: 'unsupported', text, unread: clause, reason, detail };
}

function compileOne(text: string, opts: CompileOptions): CompiledAbility[] {
  const used = new Used();
  const h = parseHeader(text, used);
  const base = { text, requires: h.requires, oncePerTurn: h.oncePerTurn, patterns: used.ids };
  if (h.pilotName !== undefined) return [{ ...base, kind: 'pilot', pilotName: h.pilotName }];
  // A bare keyword line: "<Blocker>", "【Activate･Main】<Support 2>".
  if (new RegExp(`^(?:${KEYWORD_SRC}\\s*)+$`).test(h.body) && !h.trigger && !h.windows && !h.cost?.resources && !h.cost?.restSelf) {
    used.add('keyword.bare');
    return [...h.body.matchAll(new RegExp(KEYWORD_SRC, 'g'))].map((m) => ({ ...base, kind: 'keyword' as const, keyword: parseKeyword(m[0]), ...(h.activate ? { activate: h.activate } : {}) }));
  }
  if (!h.body) throw new Unread(text);
  // "Reduce it by N" only means the pending damage inside a "when … receives damage" trigger.
  const reduces = (abilities: CompiledAbility[]) => {
    for (const a of abilities) {
      if ('effect' in a && a.effect.some((e) => e.step.do === 'reduce-damage') && !(a.kind === 'triggered' && (a.trigger === 'receives-damage' || a.trigger === 'friendly-receives-damage'))) throw new Unread(a.text);
    }
    return abilities;
  };
  return bound(reduces(compileBody(text, h, base, used)));
}

const triggered = (a: CompiledAbility, ...ts: string[]) => a.kind === 'triggered' && ts.includes(a.trigger);
// A delayed "When it deals battle damage to an enemy Unit … during this turn, destroy that enemy Unit" names its own.
const withoutDelayedDeals = (_k: string, v: unknown) => (v && typeof v === 'object' && (v as { do?: string }).do === 'delayed-trigger' && (v as { trigger?: string }).trigger === 'deals-battle-damage' ? undefined : v);

/**
 * Words that name the card or Unit of the event that triggered the ability, so they mean nothing
 * elsewhere: each IR marker (as it appears in the ability's JSON) and the abilities it may stand in.
 */
const BOUND_WORDS: { markers: string[]; allowed: (a: CompiledAbility) => boolean; json?: (a: CompiledAbility) => string }[] = [
  // "that enemy Unit": the Unit this Unit (or your Unit) dealt battle damage to.
  { markers: ['"damaged-enemy"'], allowed: (a) => triggered(a, 'deals-battle-damage', 'friendly-deals-battle-damage'), json: (a) => JSON.stringify(a, withoutDelayedDeals) },
  // "the cost paid": the payment that triggered a "when you pay ① or more" ability.
  { markers: ['"of":"paid"'], allowed: (a) => triggered(a, 'pays-for-unit-effect') },
  // "the attacking Unit": the Unit whose attack triggered "When another Unit attacks an enemy Unit".
  { markers: ['"the attacking Unit"'], allowed: (a) => triggered(a, 'friendly-attacks') && a.kind === 'triggered' && !!a.attacksUnit },
  // "that card" (pair-trigger-command): the Command that triggered a "when you play and activate" ability.
  { markers: ['"pair-trigger-command"'], allowed: (a) => triggered(a, 'activates-command') },
  // "that Unit": the Unit that dealt the damage in "When this Base receives … damage from an enemy Unit …".
  { markers: ['"words":"that Unit"'], allowed: (a) => triggered(a, 'receives-damage') && a.kind === 'triggered' && !!a.dealtBy },
  // "add it from your trash to your hand" / "If this Unit is destroyed by …": only in its 【Destroyed】.
  { markers: ['"self-trash-to-hand"', '"self-destroyed-by"'], allowed: (a) => triggered(a, 'destroyed') },
];

/** Each ability is read once as JSON; one that uses such words outside their trigger is unread. */
function bound(abilities: CompiledAbility[]): CompiledAbility[] {
  for (const a of abilities) {
    const json = JSON.stringify(a);
    for (const b of BOUND_WORDS) {
      if (!b.markers.some((m) => json.includes(m)) || b.allowed(a)) continue;
      const own = b.json ? b.json(a) : json;
      if (b.markers.some((m) => own.includes(m))) throw new Unread(a.text);
    }
  }
  return abilities;
}

function compileBody(text: string, h: Header, base: { text: string; requires: Condition[]; oncePerTurn: boolean; patterns: string[] }, used: Used): CompiledAbility[] {
  if (h.trigger && h.development !== undefined) return [{ ...base, kind: 'triggered', trigger: h.trigger, development: h.development, effect: parseDevelopment(h.body, h.development, used) }];
  if (h.trigger) return [{ ...base, kind: 'triggered', trigger: h.trigger, effect: parseEffect(h.body, used) }];
  if (h.windows) return [{ ...base, kind: 'command', windows: h.windows, effect: parseEffect(h.body, used) }];
  if (h.activate) return [{ ...base, kind: 'activated', window: h.activate, cost: h.cost ?? {}, effect: parseEffect(h.body, used) }];
  const trig = parseTriggerPhrase(h.body, used);
  if (trig) {
    const { trigger: _t, requires: _r, rest: _rest, ...fields } = trig;
    // "When a friendly (Clan) Unit links, it gains …": "it" is the Unit that linked.
    // "When a friendly (Clan) Unit links, it gains …": the Unit that linked; "… deals battle damage to
    // an enemy Unit, you may return the enemy Unit …": the Unit dealt the damage.
    // "At the end of the turn when this Unit is paired with a Pilot, set it as active": this Unit.
    const itIs: Selector | undefined =
      trig.trigger === 'friendly-links'
        ? { type: 'trigger-unit' }
        : trig.trigger === 'friendly-deals-battle-damage'
          ? { type: 'damaged-enemy' }
          : // "When this Unit destroys an enemy shield area card …, set it as active": "it" is this Unit, the trigger's subject.
            trig.requires.some((r) => r.type === 'paired-this-turn') || trig.trigger === 'destroys-shield-area-card'
            ? { type: 'self', it: true }
            : undefined;
    const effect = parseEffect(trig.rest, used, itIs, trig.trigger === 'friendly-attacks');
    // "that friendly Unit" names the Unit the trigger watched (it destroyed the enemy Unit).
    if (JSON.stringify(effect).includes('"that friendly Unit"') && trig.trigger !== 'friendly-destroys-enemy-with-battle-damage') throw new Unread(trig.rest);
    return [
      {
        ...base,
        requires: [...h.requires, ...trig.requires],
        kind: 'triggered',
        trigger: trig.trigger,
        // The trigger's own fields (watched Units, damage kind, …): only those the phrase set.
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== false)),
        effect,
      },
    ];
  }
  const constant = parseConstants(h.body, used);
  if (constant) return [{ ...base, requires: [...h.requires, ...constant.requires], kind: 'constant', effects: constant.effects }];
  throw new Unread(h.body);
}

function compileAbility(text: string, opts: CompileOptions): Ability[] {
  // 12-2-6 two-player readings of multiplayer wording; the ability keeps its printed text.
  const read = twoPlayer(text);
  const multi = MULTIPLAYER.exec(read);
  if (multi) return [unsupported(text, multi[0], 'multiplayer', 'multiplayer text: the engine plays two-player games')];
  if (read !== text) {
    const out = compileAbility(read, opts).map((a) => (a.kind === 'unsupported' ? a : ({ ...a, text, patterns: [...a.patterns, 'rule.two-player'] } as Ability)));
    if (out.some((a) => a.kind === 'unsupported')) return out.map((a) => (a.kind === 'unsupported' ? unsupported(text, a.unread, a.reason, a.detail) : a));
    return out;
  }
  // Wording that says the same as a form the patterns read; the ability keeps its printed text.
  const same = paraphrase(text);
  if (same.ids.length) {
    // A paraphrase may make two abilities of one ("【Deploy】/【Attack】…"): each keeps its own part.
    const parts = splitAbilities(same.text);
    const out = parts.flatMap((t) => compileAbility(t, opts));
    const bad = out.find((a): a is UnsupportedAbility => a.kind === 'unsupported');
    if (bad) return [unsupported(text, bad.unread, bad.reason, bad.detail)];
    return out.map((a) => ({ ...a, text: parts.length > 1 ? a.text : text, patterns: [...(a as CompiledAbility).patterns, ...same.ids] }) as Ability);
  }
  const lost = NAME_LOST.exec(text);
  if (lost) return [unsupported(text, text.slice(Math.max(0, lost.index - 20), lost.index + lost[0].length + 6).trim(), 'source-lost', 'the source lost a keyword name here')];
  try {
    const abilities = compileOne(text, opts);
    const differs = roundTripDifference(text, abilities);
    if (differs) return [unsupported(text, text, 'no-pattern', `round trip differs: ${differs}`)];
    return abilities;
  } catch (e) {
    if (e instanceof Unread) return [unsupported(text, e.clause, e.reason, e.detail)];
    return [unsupported(text, text, 'no-pattern', `compiler error: ${(e as Error).message}`)];
  }
}

/** Null when the abilities, rendered and normalised, say exactly what the source text says. */
export function roundTripDifference(text: string, abilities: Ability[]): string | null {
  const want = normalizeText(text);
  const got = normalizeText(abilities.map(renderAbility).join(' '));
  return want === got ? null : firstDifference(want, got);
}

function firstDifference(want: string, got: string): string {
  let i = 0;
  while (i < want.length && want[i] === got[i]) i++;
  const from = Math.max(0, i - 20);
  return `source "…${want.slice(from, i + 30)}…" vs rendered "…${got.slice(from, i + 30)}…"`;
}

/** Compiles a card's whole text. Pure; never throws. */
export function compileCardText(text: string, opts: CompileOptions = {}): CardAbilities {
  if (typeof text !== 'string' || text.trim() === '') return { abilities: [], effects: 'none' };
  let abilities: Ability[];
  try {
    abilities = splitAbilities(text).flatMap((a) => compileAbility(a, opts));
  } catch (e) {
    abilities = [unsupported(text, text, 'no-pattern', `compiler error: ${(e as Error).message}`)];
  }
  return { abilities, effects: abilities.some((a) => a.kind === 'unsupported') ? 'partial' : 'full' };
}
