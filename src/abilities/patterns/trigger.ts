/**
 * Triggered abilities printed without a timing tag: "At the end of your turn, …", "When this Unit
 * destroys an enemy Unit with battle damage, …" (optionally after "During your turn,").
 */
import type { CompiledAbility, Condition, Filter, Trigger } from '../ir.js';
import { parseCondition, parseConditions } from './condition.js';
import { article, parseNoun, renderNoun } from './noun.js';
import { Unread, type Used } from './unread.js';

const TRIGGER_PHRASES: { id: string; re: RegExp; trigger: Trigger }[] = [
  { id: 'trigger.end-of-turn', re: /^At the end of your turn, /, trigger: 'end-of-turn' },
  { id: 'trigger.start-of-turn', re: /^At the start of your turn, /, trigger: 'start-of-turn' },
  { id: 'trigger.places-ex-resource', re: /^When you place an EX Resource, /, trigger: 'places-ex-resource' },
  { id: 'trigger.rested-by-effect', re: /^[Ww]hen this Unit is rested by an effect, /, trigger: 'rested-by-effect' },
  { id: 'trigger.set-active-by-effect', re: /^[Ww]hen this rested Unit is set as active by an effect, /, trigger: 'set-active-by-effect' },
  { id: 'trigger.destroys-with-battle-damage', re: /^[Ww]hen this Unit destroys an enemy Unit with battle damage, /, trigger: 'destroys-enemy-with-battle-damage' },
  { id: 'trigger.recovers-hp', re: /^[Ww]hen this Unit recovers HP, /, trigger: 'recovers-hp' },
  { id: 'trigger.draws-with-effect', re: /^[Ww]hen you draw with an effect, /, trigger: 'draws-with-effect' },
  { id: 'trigger.ap-reduced-by-enemy', re: /^[Ww]hen this Unit's AP is reduced by an enemy effect, /, trigger: 'ap-reduced-by-enemy' },
];

/** "When this Unit destroys an enemy Unit paired with a (Newtype) Pilot with battle damage, " (the destroyed Unit's noun). */
const DESTROYS_UNIT = /^[Ww]hen this Unit destroys an? (.+?) with battle damage, /;

export function renderDestroysUnit(f: Filter): string {
  const np = renderNoun(f);
  return `When this Unit destroys ${article(np)} with battle damage, `;
}

/**
 * "When one of your (Zeon) Units destroys an enemy Unit with battle damage, " / "When a friendly
 * green (G Generation) Unit destroys …" (the watched Units' noun; `aFriendly`: the second wording).
 */
const FRIENDLY_DESTROYS_UNIT = /^[Ww]hen (?:one of (your .+?)|an? (friendly .+?)) destroys an enemy Unit with battle damage, /;

export function renderFriendlyDestroysUnit(f: Filter | undefined, aFriendly?: boolean): string {
  if (aFriendly && f) return `When ${article(renderNoun(f))} destroys an enemy Unit with battle damage, `;
  return `When one of your ${f ? renderNoun(f, { side: false, plural: true }) : 'Units'} destroys an enemy Unit with battle damage, `;
}


/** "When you pair a (Cyber-Newtype) Pilot with one of your blue Units, " / "… with this Unit or one of your white Units, ". */
const PAIRS_PILOT = /^[Ww]hen you pair (an? .+?) with (this Unit or )?one of (your .+?), /;

export function renderPairsPilot(pilot: Filter | undefined, watched: Filter | undefined, orSelf: boolean | undefined): string {
  const p = pilot ? renderNoun(pilot) : 'Pilot';
  return `When you pair ${article(p)} with ${orSelf ? 'this Unit or ' : ''}one of your ${watched ? renderNoun(watched, { side: false, plural: true }) : 'Units'}, `;
}

/** "When this Unit receives enemy effect damage, " / "… receives damage from an enemy, ". */
const RECEIVES = /^[Ww]hen this Unit receives (enemy )?(?:(battle|effect) )?damage( from an enemy)?, /;

/** "When one of your other (Academy) Units receives damage from an enemy, " (the watched Units' noun). */
const FRIENDLY_RECEIVES = /^[Ww]hen one of (your .+?) receives (enemy )?(?:(battle|effect) )?damage( from an enemy)?, /;

export function renderFriendlyReceives(f: Filter | undefined, d: DamageQualifier | undefined): string {
  const np = f ? renderNoun(f, { side: false, plural: true }) : 'Units';
  return `When one of your ${np} receives ${d?.enemy ? 'enemy ' : ''}${d?.kind ? `${d.kind} ` : ''}damage, `;
}

/**
 * "When this Unit destroys an enemy shield area card with battle damage, " / "When one of your
 * (Titans) Units destroys … with damage, " / "When damage from one of your Units paired with a
 * (Cyber-Newtype) Pilot destroys an enemy shield area card, " (any damage, as "with damage").
 */
const DESTROYS_SHIELD_AREA_CARD = /^[Ww]hen (this Unit|one of (your .+?)) destroys an enemy shield area card with (battle )?damage, |^[Ww]hen damage from one of (your .+?) destroys an enemy shield area card, /;

export function renderDestroysShieldAreaCard(watched: Filter | undefined, d: DamageQualifier | undefined, damageFrom: boolean | undefined): string {
  const who = watched ? `one of your ${renderNoun(watched, { side: false, plural: true })}` : 'this Unit';
  if (damageFrom) return `When damage from ${who} destroys an enemy shield area card, `;
  return `When ${who} destroys an enemy shield area card with ${d?.kind === 'battle' ? 'battle ' : ''}damage, `;
}

/** "When this Unit deals battle damage to an enemy Unit that is Lv.5 or lower, " (the damaged Unit's noun). */
const DEALS_BATTLE_DAMAGE = /^[Ww]hen this Unit deals battle damage to an? (.+?), /;

export function renderDealsBattleDamage(f: Filter | undefined): string {
  const np = f ? renderNoun(f) : 'enemy Unit';
  return `When this Unit deals battle damage to ${article(np)}, `;
}

/** "When you use this Unit's <Support> to increase a (ZAFT) Unit's AP, " (the supported Unit's noun). */
const USES_SUPPORT = /^[Ww]hen you use this Unit's <Support> to increase an? (.+?)'s AP, /;

export function renderUsesSupport(f: Filter | undefined): string {
  const np = f ? renderNoun(f, { side: false }) : 'Unit';
  return `When you use this Unit's <Support> to increase ${article(np)}'s AP, `;
}

export function renderFriendlyDeployed(f: Filter | undefined, another?: boolean, orSelf?: boolean): string {
  if (another && f) {
    const { other: _o, ...noun } = f;
    return `When another ${renderNoun(noun)} is deployed, `;
  }
  return `When ${orSelf ? 'this Unit or ' : ''}one of your ${f ? renderNoun(f, { side: false, plural: true }) : 'Units'} is deployed, `;
}

export function renderFriendlyLinks(f: Filter | undefined): string {
  const np = f ? renderNoun(f) : 'friendly Unit';
  return `When ${article(np)} links, `;
}

export type DamageQualifier = { kind?: 'battle' | 'effect'; enemy?: boolean };

export function renderReceives(d: DamageQualifier | undefined, dealtBy?: Filter): string {
  if (dealtBy) return `When this Base receives ${d?.kind ? `${d.kind} ` : ''}damage from ${article(renderNoun(dealtBy))}, `;
  return `When this Unit receives ${d?.enemy ? 'enemy ' : ''}${d?.kind ? `${d.kind} ` : ''}damage, `;
}

/** "When this Base receives battle damage from an enemy Unit with 3 or less AP, " (GD04-126). */
const BASE_RECEIVES = /^[Ww]hen this Base receives (battle|effect) damage from an (enemy Unit.*?), /;

export const TRIGGER_TEXT: Record<string, string> = {
  'ap-reduced-by-enemy': "When this Unit's AP is reduced by an enemy effect, ",
  'end-of-turn': 'At the end of your turn, ',
  'start-of-turn': 'At the start of your turn, ',
  'destroys-enemy-with-battle-damage': 'When this Unit destroys an enemy Unit with battle damage, ',
  'places-ex-resource': 'When you place an EX Resource, ',
  'rested-by-effect': 'When this Unit is rested by an effect, ',
  'set-active-by-effect': 'When this rested Unit is set as active by an effect, ',
  'recovers-hp': 'When this Unit recovers HP, ',
  'draws-with-effect': 'When you draw with an effect, ',
};

/** "When you pay ① or more for one of your Unit's effects, " and its printed variants. */
const PAYS = /^[Ww]hen you pay ① or more (?:(cost for one of your Units' effects)|for one of your Unit's effects|(for a friendly Unit's effect)), /;

export function renderPays(w: 'cost-units' | 'friendly' | undefined): string {
  if (w === 'cost-units') return "When you pay ① or more cost for one of your Units' effects, ";
  if (w === 'friendly') return "When you pay ① or more for a friendly Unit's effect, ";
  return "When you pay ① or more for one of your Unit's effects, ";
}

/** "When you activate a Command's 【Main】/【Action】 effect, " / "… a (Special Move) Command's 【Main】/【Action】, ". */
const ACTIVATES_COMMAND = /^[Ww]hen you activate an? (.*?)Command's 【Main】\/【Action】( effect)?, |^[Ww]hen you play and activate an? (.*?)Command card using an EX Resource, /;

export function renderActivatesCommand(f: Filter | undefined, effectWord: boolean | undefined, usingEx?: boolean): string {
  const np = f?.traits ? `${f.traits.map((t) => `(${t})`).join('/')} Command` : 'Command';
  if (usingEx) return `When you play and activate ${article(`${np} card`)} using an EX Resource, `;
  return `When you activate ${article(np)}'s 【Main】/【Action】${effectWord ? ' effect' : ''}, `;
}

/** "When one of your Units is rested by one of your opponent's effects, " (the watched Units' noun). */
const FRIENDLY_RESTED = /^[Ww]hen one of (your .+?) is rested by one of your opponent's effects, /;

export function renderFriendlyRested(f: Filter | undefined): string {
  return `When one of your ${f ? renderNoun(f, { side: false, plural: true }) : 'Units'} is rested by one of your opponent's effects, `;
}

/** "When one of your Units is destroyed by an effect, " (a destroy effect; 5-10-1). */
const FRIENDLY_DESTROYED = /^[Ww]hen one of (your .+?) is destroyed by an effect, /;

export function renderFriendlyDestroyed(f: Filter | undefined): string {
  return `When one of your ${f ? renderNoun(f, { side: false, plural: true }) : 'Units'} is destroyed by an effect, `;
}

/** "When this Unit is blocked by an enemy Unit that is Lv.4 or lower, " (the blocker's noun). */
const BLOCKED = /^[Ww]hen this Unit is blocked by an? (.+?), /;

export function renderBlocked(f: Filter | undefined): string {
  return `When this Unit is blocked by ${article(f ? renderNoun(f) : 'enemy Unit')}, `;
}

/** "When one of your other Units with <Repair> attacks, " (the watched Units' noun). */
const FRIENDLY_ATTACKS = /^[Ww]hen one of (your .+?) attacks, /;

/** "when your (Triple Ship Alliance) Unit deals battle damage to an enemy Unit, " (the watched Unit's noun, the enemy Unit's). */
const FRIENDLY_DEALS = /^[Ww]hen your (.+? Unit) deals battle damage to an (enemy Unit.*?), /;

export function renderFriendlyDeals(watched: Filter | undefined, dealtTo: Filter | undefined): string {
  return `When your ${watched ? renderNoun(watched, { side: false }) : 'Unit'} deals battle damage to ${article(dealtTo ? renderNoun(dealtTo) : 'enemy Unit')}, `;
}

/** "When another Unit attacks an enemy Unit, " (see the IR's `attacksUnit`). */
const ANOTHER_ATTACKS_UNIT = /^[Ww]hen another Unit attacks an enemy Unit, /;

export function renderFriendlyAttacks(f: Filter | undefined, attacksUnit?: boolean): string {
  if (attacksUnit) return 'When another Unit attacks an enemy Unit, ';
  return `When one of your ${f ? renderNoun(f, { side: false, plural: true }) : 'Units'} attacks, `;
}

type Triggered = Extract<CompiledAbility, { kind: 'triggered' }>;

/** A trigger phrase read: the trigger, its conditions, the effect text after it, and the ability's trigger fields it sets. */
export type TriggerPhrase = { trigger: Trigger; requires: Condition[]; rest: string } & Partial<
  Pick<Triggered, 'damage' | 'supported' | 'watched' | 'dealtTo' | 'dealtBy' | 'destroyedUnit' | 'damageFrom' | 'pilot' | 'orSelf' | 'aFriendly' | 'by' | 'command' | 'effectWord' | 'payWords' | 'blocker' | 'another' | 'attacksUnit' | 'anyCard' | 'anyTurn' | 'usingEx'>
>;

/**
 * "When one of your … Units attacks / is destroyed by an effect / is rested by one of your opponent's
 * effects, ": a trigger on friendly Units it names (`watched`); the pattern id is "trigger." + the trigger.
 */
const WATCHED_FRIENDLY: { re: RegExp; trigger: 'friendly-attacks' | 'friendly-destroyed-by-effect' | 'friendly-rested-by-effect'; by?: 'opponent' }[] = [
  { re: FRIENDLY_ATTACKS, trigger: 'friendly-attacks' },
  { re: FRIENDLY_DESTROYED, trigger: 'friendly-destroyed-by-effect' },
  { re: FRIENDLY_RESTED, trigger: 'friendly-rested-by-effect', by: 'opponent' },
];

/** "of your other Units with <Repair>" → the friendly Units it names, or null when it names anything else. */
function friendlyUnits(phrase: string): Filter | null {
  const n = nounOrNull(`of ${phrase}`);
  if (!n) return null;
  return n.card || !n.plural || n.filter.side !== 'friendly' || n.filter.type !== 'unit' ? null : n.filter;
}

/** "When an enemy Link Unit is destroyed with damage while this Unit is attacking, " (the destroyed Unit's noun). */
const DESTROYED_WHILE_ATTACKING = /^[Ww]hen an? (.+?) is destroyed with damage while this Unit is attacking, /;

export function renderDestroyedWhileAttacking(f: Filter | undefined): string {
  return `When ${article(f ? renderNoun(f) : 'enemy Unit')} is destroyed with damage while this Unit is attacking, `;
}

/** The trigger phrase at the start of a body, and the effect text after it. */
export function parseTriggerPhrase(
  body: string,
  used: Used,
): TriggerPhrase | null {
  let s = body;
  const requires: Condition[] = [];
  const turn = /^During (your|your opponent's) turn, (?=when )/.exec(s);
  if (turn) {
    requires.push({ type: 'turn', whose: turn[1] === 'your' ? 'yours' : 'opponents' });
    s = s.slice(turn[0].length);
  }
  // "If you have a (CB) Pilot in play, when this Unit receives damage …": a condition of the whole
  // ability (checked when it would trigger, like 【During Pair】).
  const cond = /^If (.+?), (?=when )/.exec(s);
  if (cond) {
    try {
      requires.push(...parseConditions(cond[1]!, used));
    } catch (e) {
      if (e instanceof Unread) return null;
      throw e;
    }
    used.add('trigger.if-condition');
    s = s.slice(cond[0].length);
  }
  const anotherAttacks = ANOTHER_ATTACKS_UNIT.exec(s);
  if (anotherAttacks) {
    // An enemy Unit is the opponent's (12-2-6); only its opponent's Units attack it (8-2-1): another friendly Unit.
    used.add('trigger.another-attacks-unit');
    return { trigger: 'friendly-attacks', requires, rest: restAfter(s, anotherAttacks[0]), watched: { side: 'friendly', type: 'unit', other: true }, attacksUnit: true };
  }
  const friendlyDeals = FRIENDLY_DEALS.exec(s);
  if (friendlyDeals) {
    const n = nounOrNull(`your ${friendlyDeals[1]!}`);
    if (!n) return null;
    const dealtTo = oneEnemyUnit(friendlyDeals[2]!);
    if (!dealtTo || n.card || n.plural || n.filter.side !== 'friendly' || n.filter.type !== 'unit') return null;
    used.add('trigger.friendly-deals-battle-damage');
    return { trigger: 'friendly-deals-battle-damage', requires, rest: restAfter(s, friendlyDeals[0]), watched: n.filter, dealtTo };
  }
  const anyCard = /^[Ww]hen this Unit destroys an enemy card with battle damage, /.exec(s);
  if (anyCard) {
    // "an enemy card": an enemy Unit, or a Base or Shield of the enemy shield area (4-6-1).
    used.add('trigger.destroys-card-with-battle-damage');
    return { trigger: 'destroys-enemy-with-battle-damage', requires, rest: restAfter(s, anyCard[0]), anyCard: true };
  }
  // "At the end of the turn when this Unit is paired with a Pilot, " (GD03-069): the end of the turn it was paired in.
  if (/^At the end of the turn when this Unit is paired with a Pilot, /.test(s)) {
    used.add('trigger.end-of-turn-paired');
    return { trigger: 'end-of-turn', requires: [...requires, { type: 'paired-this-turn' }], rest: restAfter(s, 'At the end of the turn when this Unit is paired with a Pilot, '), anyTurn: true };
  }
  // "At the end of a turn where you have paid ① or more for …, ": either player's turn, under what happened in it.
  const where = /^At the end of a turn where (.+?), /.exec(s);
  if (where) {
    let c: Condition;
    try {
      c = parseCondition(where[1]!, used);
    } catch (e) {
      if (e instanceof Unread) return null;
      throw e;
    }
    if (c.type !== 'this-turn' || !c.where) return null;
    used.add('trigger.end-of-a-turn-where');
    return { trigger: 'end-of-turn', requires: [...requires, c], rest: restAfter(s, where[0]), anyTurn: true };
  }
  for (const w of WATCHED_FRIENDLY) {
    const m = w.re.exec(s);
    if (!m) continue;
    const watched = friendlyUnits(m[1]!);
    if (!watched) return null;
    used.add(`trigger.${w.trigger}`);
    return { trigger: w.trigger, requires, rest: restAfter(s, m[0]), watched, ...(w.by ? { by: w.by } : {}) };
  }
  const dwa = DESTROYED_WHILE_ATTACKING.exec(s);
  if (dwa) {
    const destroyedUnit = oneEnemyUnit(dwa[1]!);
    if (!destroyedUnit) return null;
    used.add('trigger.enemy-destroyed-while-attacking');
    return { trigger: 'enemy-destroyed-while-attacking', requires, rest: restAfter(s, dwa[0]), destroyedUnit };
  }
  const blocked = BLOCKED.exec(s);
  if (blocked) {
    const blocker = oneEnemyUnit(blocked[1]!);
    if (!blocker) return null;
    used.add('trigger.blocked');
    return { trigger: 'blocked', requires, rest: restAfter(s, blocked[0]), blocker };
  }
  const pays = PAYS.exec(s);
  if (pays) {
    used.add('trigger.pays-for-unit-effect');
    const payWords = pays[1] ? ('cost-units' as const) : pays[2] ? ('friendly' as const) : undefined;
    return { trigger: 'pays-for-unit-effect', requires, rest: restAfter(s, pays[0]), ...(payWords ? { payWords } : {}) };
  }
  const cmd = ACTIVATES_COMMAND.exec(s);
  if (cmd) {
    let command: Filter | undefined;
    const traits = cmd[1] ?? cmd[3];
    if (traits) {
      const n = nounOrNull(`${traits}Command card`);
      if (!n) return null;
      // Only the Command's traits ("a (Special Move) Command's"), which the render prints back.
      if (n.plural || n.filter.side !== 'any' || n.filter.type !== 'command' || Object.keys(n.filter).some((k) => k !== 'side' && k !== 'type' && k !== 'traits')) return null;
      command = n.filter;
    }
    used.add(cmd[3] !== undefined ? 'trigger.plays-command-using-ex' : 'trigger.activates-command');
    return { trigger: 'activates-command', requires, rest: restAfter(s, cmd[0]), ...(command ? { command } : {}), ...(cmd[2] ? { effectWord: true as const } : {}), ...(cmd[3] !== undefined ? { usingEx: true as const } : {}) };
  }
  const baseRec = BASE_RECEIVES.exec(s);
  if (baseRec) {
    const dealtBy = oneEnemyUnit(baseRec[2]!);
    if (!dealtBy) return null;
    used.add('trigger.base-receives-damage-from');
    return { trigger: 'receives-damage', requires, rest: restAfter(s, baseRec[0]), damage: { kind: baseRec[1] as 'battle' | 'effect', enemy: true }, dealtBy };
  }
  const rec = RECEIVES.exec(s);
  if (rec) {
    if (rec[1] && rec[3]) return null;
    used.add('trigger.receives-damage');
    const damage: DamageQualifier = { ...(rec[2] ? { kind: rec[2] as 'battle' | 'effect' } : {}), ...(rec[1] || rec[3] ? { enemy: true } : {}) };
    const rest = s.slice(rec[0].length);
    return { trigger: 'receives-damage', requires, rest: rest.charAt(0).toUpperCase() + rest.slice(1), ...(Object.keys(damage).length ? { damage } : {}) };
  }
  const fr = FRIENDLY_RECEIVES.exec(s);
  if (fr) {
    // Units in play, by what they are ("your other (Academy) Units", "your (League Militaire) Unit tokens").
    const n = parseNoun(`of ${fr[1]!}`);
    if (n.card || !n.plural || n.filter.side !== 'friendly' || n.filter.type !== 'unit' || (fr[2] && fr[4])) return null;
    used.add('trigger.friendly-receives-damage');
    const damage: DamageQualifier = { ...(fr[3] ? { kind: fr[3] as 'battle' | 'effect' } : {}), ...(fr[2] || fr[4] ? { enemy: true } : {}) };
    const rest = s.slice(fr[0].length);
    return { trigger: 'friendly-receives-damage', requires, rest: rest.charAt(0).toUpperCase() + rest.slice(1), watched: n.filter, ...(Object.keys(damage).length ? { damage } : {}) };
  }
  const fd = FRIENDLY_DESTROYS_UNIT.exec(s);
  if (fd) {
    const n = nounOrNull(fd[1] ? `of ${fd[1]}` : fd[2]!);
    if (!n) return null;
    if (n.card || n.plural !== !!fd[1] || n.filter.side !== 'friendly' || n.filter.type !== 'unit') return null;
    used.add('trigger.friendly-destroys-with-battle-damage');
    return { trigger: 'friendly-destroys-enemy-with-battle-damage', requires, rest: restAfter(s, fd[0]), watched: n.filter, ...(fd[2] ? { aFriendly: true as const } : {}) };
  }
  const shield = DESTROYS_SHIELD_AREA_CARD.exec(s);
  if (shield) {
    let watched: Filter | undefined;
    const friendly = shield[2] ?? shield[4];
    if (friendly) {
      // Units in play, by what they are ("your (Titans) Units").
      const n = nounOrNull(`of ${friendly}`);
      if (!n) return null;
      if (n.card || !n.plural || n.filter.side !== 'friendly' || n.filter.type !== 'unit') return null;
      watched = n.filter;
    }
    used.add(watched ? 'trigger.friendly-destroys-shield-area-card' : 'trigger.destroys-shield-area-card');
    const rest = s.slice(shield[0].length);
    return {
      trigger: watched ? 'friendly-destroys-shield-area-card' : 'destroys-shield-area-card',
      requires,
      rest: rest.charAt(0).toUpperCase() + rest.slice(1),
      ...(shield[3] ? { damage: { kind: 'battle' as const } } : {}),
      ...(watched ? { watched } : {}),
      ...(shield[4] ? { damageFrom: true } : {}),
    };
  }
  const destroys = DESTROYS_UNIT.exec(s);
  if (destroys && !/^an enemy Unit$/.test(destroys[1]!)) {
    // "an enemy Unit paired with a (Newtype) Pilot": the plain form is in TRIGGER_PHRASES.
    const destroyedUnit = oneEnemyUnit(destroys[1]!);
    if (!destroyedUnit) return null;
    used.add('trigger.destroys-with-battle-damage');
    return { trigger: 'destroys-enemy-with-battle-damage', requires, rest: restAfter(s, destroys[0]), destroyedUnit };
  }
  const deals = DEALS_BATTLE_DAMAGE.exec(s);
  if (deals) {
    const dealtTo = oneEnemyUnit(deals[1]!);
    if (!dealtTo) return null;
    used.add('trigger.deals-battle-damage');
    return { trigger: 'deals-battle-damage', requires, rest: restAfter(s, deals[0]), dealtTo };
  }
  const pair = PAIRS_PILOT.exec(s);
  if (pair) {
    let pilot;
    let units;
    try {
      pilot = parseNoun(pair[1]!.replace(/^an? /, ''));
      units = parseNoun(`of ${pair[3]!}`);
    } catch (e) {
      if (e instanceof Unread) return null;
      throw e;
    }
    if (pilot.card || pilot.plural || pilot.filter.type !== 'pilot' || pilot.filter.side !== 'any' || units.card || !units.plural || units.filter.type !== 'unit' || units.filter.side !== 'friendly') return null;
    used.add('trigger.pairs-pilot');
    const { side: _, ...rest } = pilot.filter;
    const pf = Object.keys(rest).length > 1 ? pilot.filter : undefined;
    return { trigger: 'pairs-pilot', requires, rest: restAfter(s, pair[0]), watched: units.filter, ...(pf ? { pilot: pf } : {}), ...(pair[2] ? { orSelf: true as const } : {}) };
  }
  const another = /^[Ww]hen another (friendly .+?) is deployed, /.exec(s);
  if (another) {
    // "When another friendly (G Generation) Unit that is Lv.3 is deployed, ": any other friendly Unit matching it.
    const n = nounOrNull(`other ${another[1]!}`);
    if (!n) return null;
    if (n.card || n.plural || n.filter.type !== 'unit' || n.filter.side !== 'friendly') return null;
    used.add('trigger.another-deployed');
    return { trigger: 'friendly-deployed', requires, rest: restAfter(s, another[0]), watched: n.filter, another: true };
  }
  // "When this Unit or one of your (Neo Zeon) Units is deployed, " (GD04-033): this Unit counts too.
  const dep = /^[Ww]hen (?:this Unit or )?one of (your .+?) is deployed, /.exec(s);
  const links = dep ? null : /^[Ww]hen (an? friendly .+?) links, /.exec(s);
  if (dep || links) {
    const n = nounOrNull(dep ? `of ${dep[1]!}` : links![1]!.replace(/^an? /, ''));
    if (!n) return null;
    if (n.card || n.plural !== !!dep || n.filter.type !== 'unit' || n.filter.side !== 'friendly') return null;
    used.add(dep ? 'trigger.friendly-deployed' : 'trigger.friendly-links');
    const orSelf = dep !== null && /^[Ww]hen this Unit or /.test(dep[0]);
    return { trigger: dep ? 'friendly-deployed' : 'friendly-links', requires, rest: restAfter(s, (dep ?? links)![0]), watched: n.filter, ...(orSelf ? { orSelf: true as const } : {}) };
  }
  const sup = USES_SUPPORT.exec(s);
  if (sup) {
    // <Support> only ever targets another friendly Unit (13-1-3-1): the noun says which.
    const n = parseNoun(sup[1]!);
    if (n.card || n.plural || n.filter.side !== 'any' || n.filter.type !== 'unit' || n.filter.other) return null;
    used.add('trigger.uses-support');
    const rest = s.slice(sup[0].length);
    return { trigger: 'uses-support', requires, rest: rest.charAt(0).toUpperCase() + rest.slice(1), supported: { ...n.filter, side: 'friendly' } };
  }
  for (const p of TRIGGER_PHRASES) {
    const m = p.re.exec(s);
    if (!m) continue;
    used.add(p.id);
    const rest = s.slice(m[0].length);
    return { trigger: p.trigger, requires, rest: rest.charAt(0).toUpperCase() + rest.slice(1) };
  }
  return null;
}

/** The filter of "an enemy Unit …" (one enemy Unit in play), or null when the noun is anything else. */
/** The noun read, or null when the patterns cannot read it (the trigger phrase is then not this one). */
function nounOrNull(np: string): ReturnType<typeof parseNoun> | null {
  try {
    return parseNoun(np);
  } catch (e) {
    if (e instanceof Unread) return null;
    throw e;
  }
}

function oneEnemyUnit(noun: string): Filter | null {
  const n = nounOrNull(noun);
  if (!n) return null;
  return n.card || n.plural || n.filter.side !== 'enemy' || n.filter.type !== 'unit' ? null : n.filter;
}

/** What follows a trigger phrase, as a sentence of its own. */
function restAfter(s: string, phrase: string): string {
  const rest = s.slice(phrase.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
