/**
 * IR → canonical English, in the catalog's wording. The compiler renders every ability it reads
 * and compares the result with the source (normalize.ts): a clause the IR dropped shows up as a
 * difference.
 */
import type { Ability, CompiledAbility, Condition, Constant, Count, EffectStep, Selector, Step } from './ir.js';
import { renderCondition } from './patterns/condition.js';
import { renderCannotBe } from './patterns/constant.js';
import { renderCount } from './patterns/count.js';
import { renderGuard, renderImmunity } from './patterns/guard.js';
import { renderCost, renderPilotQualifier } from './patterns/header.js';
import { renderInsteadBody } from './patterns/instead.js';
import { renderKeyword } from './patterns/keyword.js';
import { article, renderNoun } from './patterns/noun.js';
import { TOKEN_CONSTANTS } from './patterns/steps.js';
import { renderActivatesCommand, renderBlocked, renderDestroyedWhileAttacking, renderFriendlyAttacks, renderFriendlyDeals, renderFriendlyDestroyed, renderFriendlyRested, renderPays } from './patterns/trigger.js';
import { renderDealsBattleDamage, renderDestroysShieldAreaCard, renderDestroysUnit, renderFriendlyDestroysUnit, renderFriendlyDeployed, renderFriendlyLinks, renderFriendlyReceives, renderPairsPilot, renderReceives, renderUsesSupport, TRIGGER_TEXT } from './patterns/trigger.js';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

function plural(t: Selector | undefined): boolean {
  return !!t && ((t.type === 'choose' && t.max > 1) || t.type === 'all');
}

/** The object form: "it", "them", "this Unit", "all enemy Units that are Lv.4 or lower". */
function object(t: Selector, prev: Selector | undefined): string {
  switch (t.type) {
    case 'previous':
      if (t.words) return t.words;
      return plural(prev) ? 'them' : 'it';
    case 'self':
      return t.it ? 'it' : 'this Unit';
    case 'paired-pilot':
      if (t.filter) return `${article(renderNoun(t.filter))} paired with this Unit`;
      return t.card ? 'the card paired with this Unit' : "this Unit's paired Pilot";
    case 'battle-opponent':
      return 'the enemy Unit battling this Unit';
    case 'damaged-enemy':
      return t.words ?? 'that enemy Unit';
    case 'trigger-unit':
      return t.words ?? 'it';
    case 'all':
      return `all ${renderNoun(t.filter, { plural: true })}`;
    case 'choose':
      return plural(t) ? 'them' : 'it';
  }
}

function subject(t: Selector, prev: Selector | undefined): string {
  return cap(object(t, prev).replace(/^them$/, 'they'));
}

function stats(ap: number, hp: number): string {
  return [ap ? `AP${signed(ap)}` : '', hp ? `HP${signed(hp)}` : ''].filter(Boolean).join(' and ');
}

function verb(word: string, t: Selector, prev: Selector | undefined): string {
  return plural(t.type === 'previous' ? prev : t) ? word : `${word}s`;
}

/** One step as a sentence acting on its target (a chosen target reads "it"/"them"). */
export function renderStep(s: Step, prev?: Selector): string {
  if ((s.do === 'damage' || s.do === 'modify') && s.forEach) return renderScaledStep(s, s.forEach, prev);
  return renderPlainStep(s, prev);
}

/** A step scaled by a count, in the wording it was printed with (IR: CountWording). */
function renderScaledStep(s: Extract<Step, { do: 'damage' | 'modify' }>, count: Count, prev: Selector | undefined): string {
  if (s.countWording === 'amount-equal-to' && s.do === 'damage') return `Deal an amount of damage equal to the number of ${renderCount(count, 'number-of')} to ${object(s.target, prev)}`;
  if (s.do === 'modify' && s.countWording === 'equal-to' && count.of === 'paid') return `Increase this Unit's AP during this ${s.duration} by an amount equal to the cost paid`;
  if (s.countWording === 'equal-to') {
    const n = renderCount(count, 'number-of');
    if (s.do === 'damage') return `Deal damage to ${object(s.target, prev)} equal to the number of ${n}`;
    return `During this ${s.duration}, reduce ${plural(s.target.type === 'previous' ? prev : s.target) ? 'their' : 'its'} AP by an amount equal to the number of ${n}`;
  }
  const plain = renderPlainStep(s, prev);
  const each = renderCount(count, 'for-each');
  return s.countWording === 'leading' ? `For each ${each}, ${lower(plain)}` : `${plain} for each ${each}`;
}

function renderPlainStep(s: Step, prev?: Selector): string {
  const during = (d: string) => `during this ${d}`;
  switch (s.do) {
    case 'damage':
      return `Deal ${s.amount} damage to ${object(s.target, prev)}`;
    case 'destroy':
      return `Destroy ${object(s.target, prev)}`;
    case 'rest':
      return `Rest ${object(s.target, prev)}`;
    case 'set-active':
      return `Set ${object(s.target, prev)} as active`;
    case 'recover':
      return `${subject(s.target, prev)} ${verb('recover', s.target, prev)} ${s.amount} HP`;
    case 'modify':
      return `${subject(s.target, prev)} ${verb('get', s.target, prev)} ${stats(s.ap, s.hp)} ${during(s.duration)}`;
    case 'grant':
      return `${subject(s.target, prev)} ${verb('gain', s.target, prev)} ${renderKeyword(s.keyword)} ${during(s.duration)}`;
    case 'allow-attack-active':
      return `During this turn, ${lower(subject(s.target, prev))} may choose ${article(renderNoun(s.filter))} as its attack target`;
    case 'forbid-attack':
      return `${subject(s.target, prev)} can't attack ${during(s.duration)}`;
    case 'draw-attacks':
      return 'During this turn, all enemy Units must choose that Unit as their attack target when attacking';
    case 'forbid-attack-player':
      return `${subject(s.target, prev)} can't choose the enemy player as its attack target ${during(s.duration)}`;
    case 'return-to-hand':
      return `Return ${object(s.target, prev)} to ${s.yours ? 'your hand' : "its owner's hand"}`;
    case 'return-to-deck-bottom':
      return `Return ${object(s.target, prev)} to the bottom of its owner's deck`;
    case 'draw':
      if (s.who === 'opponent') return `Your opponent draws ${s.count}`;
      return s.who === 'each' ? `All players draw ${s.count}` : `Draw ${s.count}`;
    case 'discard':
      if (s.who === 'opponent' && !s.filter) return `Your opponent discards ${s.count}`;
      return `Discard ${s.count}${s.filter ? ` ${renderNoun(s.filter, { card: true, plural: s.count > 1 })}` : ''}`;
    case 'shield-to-hand':
      return `Add ${s.count} of your Shields to your hand`;
    case 'self-to-hand':
      return 'Add this card to your hand';
    case 'deploy-self':
      if (s.asUnit) return `Deploy it as an (AP${s.asUnit.ap}･HP${s.asUnit.hp}) Unit`;
      return 'Deploy this card';
    case 'activate-main':
      return "Activate this card's 【Main】";
    case 'activate-action':
      return "Activate this card's 【Action】";
    case 'activate-discarded-main':
      return 'Activate its 【Main】';
    case 'activate-paired-main':
      return 'Activate 【Main】 on the card paired with this Unit';
    case 'deploy-token': {
      const t = s.token;
      const own = (t.constants ?? []).map((c) => Object.entries(TOKEN_CONSTANTS).find(([, v]) => same(v, c))?.[0] ?? `(${c.type})`);
      const spec = [t.traits.map((x) => `(${x})`).join('/'), `AP${t.ap}`, `HP${t.hp}`, ...t.keywords.map(renderKeyword), ...own].join('･');
      return `Deploy ${s.count} ${s.rested ? 'rested ' : ''}[${t.name}](${spec}) Unit token${s.count > 1 ? 's' : ''}`;
    }
    case 'resource-active':
      if (s.who === 'each') return `All players each choose ${s.count} of their ${s.rested ? 'rested ' : ''}Resources. Set them as active`;
      return `Choose ${s.count} of your ${s.rested ? 'rested ' : ''}Resources. Set ${s.count > 1 ? 'them' : 'it'} as active`;
    case 'pair-self-from-trash':
      return `After activating this card's 【Main】, you may pair this card from your trash with one of your ${renderNoun(s.filter, { side: false, plural: true })}`;
    case 'allow-deploy-turn-attack':
      return `${subject(s.target, prev)} may attack on the turn ${plural(s.target.type === 'previous' ? prev : s.target) ? 'they are' : 'it is'} deployed`;
    case 'pair-from-hand':
      return `Pair 1 ${renderNoun(s.filter, { card: true })} from your hand with this Unit`;
    case 'pay':
      return `Pay ${'①②③④⑤'[s.amount - 1] ?? `(${s.amount})`}`;
    case 'destroy-shield-area':
      return `Destroy the first ${s.count} cards in your opponent's shield area`;
    case 'damage-shield-area':
      return `Deal ${s.amount} damage to the first card in your opponent's shield area`;
    case 'return-to-deck-top':
      return `Return ${object(s.target, prev)} to the top of its owner's deck`;
    case 'deploy-ex-base':
      return 'Deploy 1 EX Base';
    case 'place-resource':
      if (s.who === 'each') return `All players place ${s.count} ${s.ex ? 'EX' : 'rested'} Resource${s.count > 1 ? 's' : ''}`;
      return `Place ${s.count} ${s.ex ? 'EX' : 'rested'} Resource${s.count > 1 ? 's' : ''}`;
    case 'look-top':
      if (s.who === 'each') {
        return `All players each look at the top card of their deck. If it is ${article(renderNoun(s.take.filter, { card: true }))}, they may reveal it and add it to their hand. They return any remaining card to the top or bottom of their deck`;
      }
      if (s.printed === 'or-trash') return 'Look at the top card of your deck. Return it to the top of your deck or place it into your trash';
      if (s.take.to === 'top' && s.printed === 'reveal') {
        return `Look at the top ${s.count} cards of your deck. You may reveal ${s.take.max} ${renderNoun(s.take.filter, { card: true })} among them and return it to the top of your deck. Return the remaining cards randomly to the bottom of your deck`;
      }
      if (s.take.to === 'top') {
        const left = s.count - s.take.max;
        const head = `Look at the top ${s.count} cards of your deck and return ${s.take.max} to the top`;
        if (s.printed === 'and-bottom') return `${head} and ${left} to the bottom`;
        const cards = `card${left > 1 ? 's' : ''}`;
        return s.rest === 'trash' ? `${head}. Place the remaining ${cards} into your trash` : `${head}. Return the remaining ${cards} to the bottom of your deck`;
      }
      if (s.count === 1 && s.take.max === 0 && s.rest === 'top-or-bottom') return 'Look at the top card of your deck. Return it to the top or bottom of your deck';
      if (s.count === 1 && s.take.to === 'hand' && s.rest === 'bottom') {
        return `Look at the top card of your deck. If it is ${article(renderNoun(s.take.filter, { card: true }))}, you may reveal it and add it to your hand. Return any remaining card to the bottom of your deck`;
      }
      return (
        `Look at the top ${s.count === 1 ? 'card' : `${s.count} cards`} of your deck. ` +
        (s.take.to === 'deploy'
          ? `You may deploy ${s.take.max} ${renderNoun(s.take.filter, { card: true })} among them. `
          : `You may reveal ${s.take.max} ${renderNoun(s.take.filter, { card: true })} among them and add it to your hand. `) +
        `Return the remaining cards randomly to the ${s.rest === 'bottom' ? 'bottom' : s.rest === 'trash' ? 'trash' : 'top or bottom'} of your deck`
      );
    case 'trash-to-hand':
      return `Choose ${s.max} ${renderNoun(s.filter, { card: true, plural: s.max > 1 })} from your trash. Add ${s.max > 1 ? 'them' : 'it'} to your hand`;
    case 'exile-self':
      return 'Exile this card in your trash from the game';
    case 'self-trash-to-hand':
      return 'Add it from your trash to your hand';
    case 'hand-to-deck-bottom':
      return `Reveal ${s.count} ${renderNoun(s.filter, { card: true, plural: s.count > 1 })} from your hand. Return ${s.count > 1 ? 'them' : 'it'} to the bottom of your deck`;
    case 'pair-from-trash':
      return `Choose 1 ${renderNoun(s.filter, { card: true })} from your trash. Pair it with this Unit`;
    case 'pair-trigger-command':
      return `Pair that card from your trash with one of your ${renderNoun(s.filter, { side: false, plural: true })}`;
    case 'copy-keywords':
      return `Choose 1 ${renderNoun(s.filter, { card: true })} from your trash. During this ${s.duration}, this Unit gets AP+${s.ap} and all ${s.keywords.map((k) => renderKeyword({ name: k, amount: null })).join('/')} on that Unit card`;
    case 'placed-to-hand':
      return `Add ${s.max} ${renderNoun(s.filter, { card: true, plural: s.max > 1 })} you placed from your deck with this effect to your hand`;
    case 'mill':
      return `Place the top ${s.count === 1 ? 'card' : `${s.count} cards`} of your deck into your trash`;
    case 'reduce-damage':
      return `Reduce it by ${s.amount}`;
    case 'trash-to-deck':
      return `Choose ${s.count} ${renderNoun(s.filter, { card: true, plural: s.count > 1 })} from your trash. Return ${s.count > 1 ? 'them to their' : 'it to its'} owner's deck and shuffle it`;
    case 'exile-two-from-trash':
      return `Choose 1 ${renderNoun(s.filters[0], { card: true })} and 1 ${renderNoun(s.filters[1], { card: true })} from your trash. Exile them from the game`;
    case 'exile-from-trash':
      return `Choose ${s.count} ${renderNoun(s.filter, { card: true, plural: s.count > 1 })} from your trash. Exile ${s.count > 1 ? 'them' : 'it'} from the game`;
    case 'prevent-damage':
      return `${subject(s.target, prev)} ${renderGuard(s)} ${during(s.duration)}`;
    case 'immune':
      if (s.target.type === 'all') return `During this ${s.duration}, ${renderNoun(s.target.filter, { plural: true })}${renderImmunity(s.what, true)}`;
      return `${subject(s.target, prev)}${renderImmunity(s.what, plural(s.target.type === 'previous' ? prev : s.target))} ${during(s.duration)}`;
    case 'protect-shield-area':
      return `During this ${s.duration}, ${s.who === 'you' ? 'your' : s.who === 'opponent' ? "your opponent's" : "each player's"} shield area cards ${renderGuard(s)}`;
    case 'reduce-damage-timed': {
      const who = object(s.target, prev);
      const receives = verb('receive', s.target, prev);
      const kind = s.damage?.kind ? `${s.damage.kind} ` : '';
      if (s.next) return `During this ${s.duration}, reduce the next damage ${who} ${receives} by ${s.amount}`;
      if (s.asTrigger) return `During this ${s.duration}, when ${who} ${receives} ${s.damage?.enemy ? 'enemy ' : ''}${kind}damage, reduce it by ${s.amount}`;
      return `During this ${s.duration}, reduce ${kind}damage ${who} ${receives} by ${s.amount}`;
    }
    case 'redirect-damage': {
      const kind = s.kind ? `${s.kind} ` : '';
      return s.toTarget
        ? `During this ${s.duration}, ${kind}damage this Unit would receive is dealt to that Unit instead`
        : `During this ${s.duration}, ${kind}damage ${object(s.target, prev)} would receive is dealt to this Unit instead`;
    }
    case 'delayed-trigger': {
      const inner = lower(renderEffect(s.effect).replace(/\.$/, ''));
      if (s.trigger === 'deals-battle-damage') return `When ${plural(prev) ? 'they deal' : 'it deals'} battle damage to ${article(renderNoun(s.dealtTo ?? { side: 'enemy', type: 'unit' }))} during this turn, ${inner}`;
      if (s.printed === 'trailing') return `When ${plural(prev) ? 'they destroy' : 'it destroys'} an enemy Unit with battle damage during this turn, ${inner}`;
      if (s.printed === 'during-trailing') return `During this turn, when ${plural(prev) ? 'they destroy' : 'it destroys'} an enemy ${s.anyCard ? 'card' : 'Unit'} with battle damage, ${inner}`;
      const f = s.target.type === 'all' ? s.target.filter : { side: 'friendly' as const, type: 'unit' as const };
      const who = s.aFriendly ? article(renderNoun(f)) : `one of your ${renderNoun(f, { side: false, plural: true })}`;
      return `During this turn, ${s.printed === 'if' ? 'if' : 'when'} ${who} destroys an enemy Unit with battle damage, ${inner}`;
    }
    case 'grant-ability':
      return `${subject(s.target, prev)} ${verb('gain', s.target, prev)} the following effect during this ${s.duration}: ■${renderAbility(s.ability).replace(/\.$/, '')}`;
    case 'damage-step-battle':
      return `Begin a battle between this Unit and ${object(s.target, prev)} and only perform the damage step`;
    case 'change-attack-target':
      return s.possessive ? `Change a battling enemy Unit's attack target to ${object(s.target, prev)}` : `Change the attack target of the battling enemy Unit to ${object(s.target, prev)}`;
    case 'stay-rested':
      return `${subject(s.target, prev)} won't be set as active during the start phase of your opponent's next turn`;
    case 'deploy-from':
      // As printed: "Deploy 1 (Maganac Corps) Unit card from your hand." / "Choose 1 Unit card that is
      // Lv.5 or lower from your trash. Pay its cost to deploy it." / "… from your trash. Deploy it."
      if (s.zone === 'hand') return `Deploy ${s.max} ${renderNoun(s.filter, { card: true, plural: s.max > 1 })} from your hand${s.payCost ? '. Pay its cost to deploy it' : ''}`;
      return `Choose ${s.max} ${renderNoun(s.filter, { card: true, plural: s.max > 1 })} from your trash. ${s.payCost ? 'Pay its cost to deploy it' : 'Deploy it'}`;
  }
}

function chooseText(t: Extract<Selector, { type: 'choose' }>): string {
  const n = t.min === t.max ? `${t.min}` : `${t.min} to ${t.max}`;
  // "with the highest Lv" ends its sentence, whose period is the abbreviation's too.
  const most = t.extreme ? ` with the ${t.extreme.end} ${t.extreme.stat === 'level' ? 'Lv' : t.extreme.stat.toUpperCase()}` : '';
  if (t.chooser === 'opponent') return `your opponent chooses ${n} of their ${renderNoun(t.filter, { side: false, plural: true })}${most}`;
  return `choose ${n} ${renderNoun(t.filter, { plural: t.max > 1 })}${most}`;
}

function conditionsText(when: Condition[]): string {
  return when.map(renderCondition).join(' and ');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function renderEffect(effect: EffectStep[]): string {
  let chosen: Selector | undefined;
  let chosenWhen: Condition[] | undefined;
  const out: string[] = [];
  for (let i = 0; i < effect.length; i++) {
    const e = effect[i]!;
    const target = 'target' in e.step ? e.step.target : undefined;
    const next = effect[i + 1];
    const nextTarget = next && 'target' in next.step ? next.step.target : undefined;
    if (e.and && target?.type === 'previous' && out.length) {
      // "It recovers 2 HP and gets AP+2 during this turn."
      out[out.length - 1] = `${out[out.length - 1]!.replace(/\.$/, '')} and ${renderStep(e.step, chosen).replace(/^(?:It|They) /, '')}.`;
      continue;
    }
    if (next?.orElse && !e.orElse) {
      // "Deploy A if …, deploy B if …, or deploy C if …".
      let j = i + 1;
      while (effect[j]?.orElse) j++;
      const parts = effect.slice(i, j).map((a) => `${renderStep(a.step, chosen)} if ${conditionsText(a.when ?? [])}`);
      const body = `${parts.slice(0, -1).map((p, k) => (k ? lower(p) : p)).join(', ')}, or ${lower(parts[parts.length - 1]!)}`;
      out.push(`${e.then ? `Then, ${lower(body)}` : body}.`);
      i = j - 1;
      continue;
    }
    const before = effect[i - 1];
    if (e.and && target?.type === 'self' && e.step.do === 'damage' && before?.step.do === 'damage' && before.step.amount === e.step.amount && out.length) {
      // "Deal 2 damage to it and this Unit."
      out[out.length - 1] = `${out[out.length - 1]!.replace(/\.$/, '')} and this Unit.`;
      continue;
    }
    // "Set this Unit as active. It can't attack during this turn." (the condition is the sentence's before it)
    const selfIt = target?.type === 'self' && !e.then && !e.ifDone && !e.optional && !!before && 'target' in before.step && before.step.target.type === 'self' && same(e.when, before.when);
    let lead = '';
    if (e.then) lead += 'Then, ';
    const theirs = before?.step.do === 'discard' ? 'discard' : 'draw';
    if (e.ifDone) lead += e.theyDo ? `If they ${theirs} with this effect, ` : 'If you do, ';
    if (e.ifNotDone) lead += `If they don't ${theirs} with this effect, `;
    const inherited = (target?.type === 'previous' && e.when && same(e.when, chosenWhen)) || selfIt;
    // "When this effect destroys an enemy Unit, draw 1.": printed with "When".
    if (e.when && !inherited) lead += e.when.length === 1 && e.when[0]!.type === 'effect-destroyed' ? `When ${conditionsText(e.when)}, ` : `If ${conditionsText(e.when)}, `;
    if (e.optional && !e.maySubject && !e.opponentMay) lead += 'You may ';
    let body: string;
    if (target?.type === 'choose' && next?.and && nextTarget?.type === 'choose') {
      // "Choose 1 of your Units and 1 enemy Unit. Deal 1 damage to them."
      const both: Selector = { type: 'all', filter: target.filter, zone: target.zone };
      body = `${chooseText(target)} and ${chooseText(nextTarget).replace(/^choose /, '')}. ${renderStep({ ...e.step, target: { type: 'previous' } } as Step, both)}`;
      chosen = nextTarget;
      chosenWhen = e.when;
      i++;
    } else if (target?.type === 'choose') {
      body = `${chooseText(target)}. ${renderStep(e.step, target)}`;
      chosen = target;
      chosenWhen = e.when;
    } else if (selfIt) {
      body = renderStep({ ...e.step, target: { type: 'previous' } } as Step, { type: 'self' });
    } else body = renderStep(e.step, chosen);
    if (e.optional && e.maySubject) body = body.replace(/^(.+?) (recover|get|gain)s /, '$1 may $2 ');
    if (e.optional && e.opponentMay) body = body.replace(/^Your opponent (draw|discard)s /, 'Your opponent may $1 ');
    out.push(`${lead ? lead + lower(body) : body}.`);
    if (e.instead) out.push(`If ${conditionsText(e.instead.when)}, ${e.instead.optional ? 'you may ' : ''}${renderInsteadBody(e.step, e.instead)} instead.`);
  }
  return out.join(' ');
}

function renderConstant(c: Constant, subjectIt: boolean): string {
  if (c.type === 'protect-shields') return `Friendly Shields ${renderGuard(c)}`;
  const subj = c.target.type === 'self' && subjectIt ? 'it' : subject(c.target, undefined);
  const v = (w: string) => (c.target.type === 'all' ? w : `${w}s`);
  switch (c.type) {
    case 'stats':
      if (c.countWording === 'equal-to' && c.forEach?.of === 'self-damage') return `Increase this Unit's AP by an amount equal to ${renderCount(c.forEach, 'number-of')}`;
      if (c.countWording === 'equal-to' && c.forEach) return `Increase this Unit's AP by an amount equal to the number of ${renderCount(c.forEach, 'number-of')}`;
      return `${subj} ${v('get')} ${stats(c.ap, c.hp)}${c.forEach ? ` for each ${renderCount(c.forEach, 'for-each')}` : ''}`;
    case 'keyword':
      if (c.forEach && c.countWording === 'same-number' && c.forEach.of === 'in-play') {
        return `${subj} ${v('gain')} the same number of ${renderKeyword(c.keyword)} as the number of ${renderNoun(c.forEach.filter, { side: false, plural: true })} you have in play`;
      }
      return `${subj} ${v('gain')} ${renderKeyword(c.keyword)}`;
    case 'attack-active':
      return `${subj} may choose ${article(renderNoun(c.filter))} as its attack target`;
    case 'cannot-attack':
      return `${subj} can't attack`;
    case 'rest-instead': {
      const self = c.target.type === 'self' && /this Base/.test(subj) ? 'Base' : 'Unit';
      if (!c.would) return `When you rest your Base with one of your Units' effects, you may rest this ${self} instead`;
      return `When you would rest ${article(renderNoun(c.replaces))} with ${article(renderNoun(c.source))}'s effect, you may rest this ${self} instead`;
    }
    case 'deploys-rested':
      return `${subj} are deployed rested`;
    case 'deploy-turn-attack':
      return `On the turn this Unit is deployed, it may choose ${article(renderNoun(c.filter))} as its attack target and attack it`;
    case 'cannot-be':
      return `${subj} can't be ${renderCannotBe(c.what)}`;
    case 'cannot-attack-player':
      return `${subj} can't choose the enemy player as its attack target`;
    case 'prevent-damage':
      return `${subj} ${renderGuard(c)}`;
    case 'cost': {
      if (c.countWording === 'equal-to' && c.forEach) return `Reduce the cost of this card in your ${c.zone} by an amount equal to the number of ${renderCount(c.forEach, 'number-of')}`;
      const level = c.level !== undefined ? `Lv. ${signed(c.level)} and ` : '';
      return `${subjectIt ? 'it' : 'This card'} in your ${c.zone} gets ${level}cost ${signed(c.amount)}${c.forEach ? ` for each ${renderCount(c.forEach, 'for-each')}` : ''}`;
    }
    case 'play-as':
      // With its condition or pairing in the same sentence (renderAbility passes no "While" then).
      return `When playing this card from your hand, play it as if it has ${c.cost} ${c.level !== undefined ? 'Lv. and cost' : 'cost'}`;
    case 'immune':
      return `${subj}${renderImmunity(c.what, c.target.type === 'all')}`;
    case 'traits':
      return `${subj} ${v('gain')} ${c.traits.map((t) => `(${t})`).join('/')}`;
    case 'also-named':
      return `This card's name is also treated as ${c.names.map((n) => `[${n}]`).join(' and ')}`;
    case 'draws-attacks': {
      const which = c.target.type === 'all' ? `one of your ${renderNoun(c.target.filter, { side: false, plural: true })}` : 'this rested Unit';
      return `Enemy Units${c.attackers.linked === false ? ' other than Link Units' : ''} choose ${which} as their attack target if possible when attacking`;
    }
  }
}

function tags(a: CompiledAbility): { tags: string; rest: Condition[] } {
  let out = '';
  const rest: Condition[] = [];
  for (const r of a.requires) {
    if (r.type === 'linked') out += '【During Link】';
    else if (r.type === 'paired' && !(a.kind === 'triggered' && a.trigger === 'when-paired' && r.pilot)) out += r.pilot ? `【During Pair･${renderPilotQualifier(r.pilot)}】` : '【During Pair】';
    else if ((r.type === 'this-turn' && r.where) || r.type === 'paired-this-turn') continue; // "At the end of a turn where …": in the trigger phrase
    else if (r.type !== 'paired') rest.push(r);
  }
  if (a.kind === 'triggered') {
    const paired = a.requires.find((r) => r.type === 'paired' && r.pilot);
    const tag = { deploy: 'Deploy', attack: 'Attack', destroyed: 'Destroyed', 'when-linked': 'When Linked', burst: 'Burst', 'when-paired': 'When Paired' }[a.trigger as string];
    if (tag && a.development !== undefined) out += `【${tag}･Development ${a.development}】`;
    else if (tag) out += `【${tag}${a.trigger === 'when-paired' && paired?.type === 'paired' && paired.pilot ? `･${renderPilotQualifier(paired.pilot)}` : ''}】`;
  }
  if (a.kind === 'command') out += a.windows.map((w) => (w === 'main' ? '【Main】' : '【Action】')).join('/');
  if (a.kind === 'activated') out += a.window === 'main' ? '【Activate･Main】' : '【Activate･Action】';
  if (a.oncePerTurn) out += '【Once per Turn】';
  return { tags: out, rest };
}

/** "When playing this card from your hand, if …, play it as if it has 3 Lv. and cost" / "… and pairing it with …, play this card as if it has 0 cost". */
function renderPlayAs(c: Extract<Constant, { type: 'play-as' }>, conds: Condition[]): string {
  const what = `${c.cost} ${c.level !== undefined ? 'Lv. and cost' : 'cost'}`;
  if (c.pay) {
    const paid = c.pay.do === 'destroy' ? `${c.pay.count} of your ${renderNoun(c.pay.filter, { side: false, plural: true })}` : `${c.pay.count} ${renderNoun(c.pay.filter, { card: true })}`;
    return `When playing this card from your hand, you may ${c.pay.do} ${paid}. If you do, play this card as if it has ${what}`;
  }
  if (c.pairedWith) return `When playing this card from your hand and pairing it with ${article(renderNoun(c.pairedWith))}, play this card as if it has ${what}`;
  const when = conds.length ? `, if ${conds.map(renderCondition).join(' and ')}` : '';
  return `When playing this card from your hand${when}, play it as if it has ${what}`;
}

/** The words of a trigger printed as a phrase ("When this Unit receives damage, "); undefined for a 【tag】. */
function triggerPhrase(a: Extract<CompiledAbility, { kind: 'triggered' }>): string | undefined {
  switch (a.trigger) {
    case 'receives-damage':
      return renderReceives(a.damage, a.dealtBy);
    case 'friendly-receives-damage':
      return renderFriendlyReceives(a.watched, a.damage);
    case 'friendly-destroys-enemy-with-battle-damage':
      return renderFriendlyDestroysUnit(a.watched, a.aFriendly);
    case 'destroys-shield-area-card':
    case 'friendly-destroys-shield-area-card':
      return renderDestroysShieldAreaCard(a.watched, a.damage, a.damageFrom);
    case 'deals-battle-damage':
      return renderDealsBattleDamage(a.dealtTo);
    case 'uses-support':
      return renderUsesSupport(a.supported);
    case 'pairs-pilot':
      return renderPairsPilot(a.pilot, a.watched, a.orSelf);
    case 'friendly-deployed':
      return renderFriendlyDeployed(a.watched, a.another, a.orSelf);
    case 'friendly-links':
      return renderFriendlyLinks(a.watched);
    case 'destroys-enemy-with-battle-damage':
      if (a.anyCard) return 'When this Unit destroys an enemy card with battle damage, ';
      return a.destroyedUnit ? renderDestroysUnit(a.destroyedUnit) : TRIGGER_TEXT[a.trigger];
    case 'friendly-rested-by-effect':
      return renderFriendlyRested(a.watched);
    case 'friendly-destroyed-by-effect':
      return renderFriendlyDestroyed(a.watched);
    case 'activates-command':
      return renderActivatesCommand(a.command, a.effectWord, a.usingEx);
    case 'pays-for-unit-effect':
      return renderPays(a.payWords);
    case 'blocked':
      return renderBlocked(a.blocker);
    case 'friendly-attacks':
      return renderFriendlyAttacks(a.watched, a.attacksUnit);
    case 'friendly-deals-battle-damage':
      return renderFriendlyDeals(a.watched, a.dealtTo);
    case 'enemy-destroyed-while-attacking':
      return renderDestroyedWhileAttacking(a.destroyedUnit);
    case 'end-of-turn': {
      if (a.requires.some((r) => r.type === 'paired-this-turn')) return 'At the end of the turn when this Unit is paired with a Pilot, ';
      const where = a.requires.find((r) => r.type === 'this-turn' && r.where);
      return a.anyTurn && where ? `At the end of a turn where ${renderCondition(where)}, ` : TRIGGER_TEXT[a.trigger];
    }
    default:
      return TRIGGER_TEXT[a.trigger];
  }
}

/** The canonical text of one ability. */
export function renderAbility(a: Ability): string {
  if (a.kind === 'unsupported') return a.text;
  const { tags: head, rest } = tags(a);
  switch (a.kind) {
    case 'keyword':
      return `${head}${a.activate ? (a.activate === 'main' ? '【Activate･Main】' : '【Activate･Action】') : ''}${renderKeyword(a.keyword)}`;
    case 'pilot':
      return `${head}【Pilot】[${a.pilotName}]`;
    case 'constant': {
      const [first] = a.effects;
      if (first?.type === 'play-as') return `${head}${renderPlayAs(first, rest)}.`;
      const turns = rest.filter((r) => r.type === 'turn').map((r) => `During ${r.type === 'turn' && r.whose === 'yours' ? 'your' : "your opponent's"} turn, `);
      const others = rest.filter((r) => r.type !== 'turn');
      const pre = turns.join('') + (others.length ? `While ${others.map(renderCondition).join(' and ')}, ` : '');
      const subjectIt = rest.some((r) => r.type === 'self');
      const parts: string[] = [];
      a.effects.forEach((c, i) => {
        const prev = a.effects[i - 1];
        // "This Unit gets AP+1 and <Blocker>."
        if (c.type === 'stats' && c.andSelf && c.target.type === 'all' && prev?.type === 'stats' && prev.target.type === 'self' && parts.length) {
          // "This Unit and all your Units with … get AP+1."
          const { other: _o, ...noun } = c.target.filter;
          parts[parts.length - 1] = `This Unit and all ${renderNoun(noun, { plural: true })} get ${stats(c.ap, c.hp)}.`;
        } else if (c.type === 'keyword' && prev?.type === 'stats' && same(prev.target, c.target) && parts.length) {
          parts[parts.length - 1] = `${parts[parts.length - 1]!.replace(/\.$/, '')} and ${renderKeyword(c.keyword)}.`;
        } else parts.push(`${renderConstant(c, subjectIt)}.`);
      });
      const body = parts.join(' ');
      return `${head}${pre ? pre + lower(body) : body}`;
    }
    case 'triggered': {
      const phrase = triggerPhrase(a);
      const [exile, ...following] = a.effect;
      if (a.development !== undefined && exile?.step.do === 'exile-from-trash') {
        const noun = renderNoun(exile.step.filter, { card: true, plural: true });
        return `${head}You may exile the specified number of ${noun} in your trash from the game. If you do, activate the following effect: ■${renderEffect(following.map(({ ifDone: _, withPrevious: _w, ...e }) => e))}`;
      }
      const effect = renderEffect(a.effect);
      if (!phrase) return `${head}${effect}`;
      const turn = rest.find((r) => r.type === 'turn');
      const conds = rest.filter((r) => r.type !== 'turn');
      const pre =
        (turn?.type === 'turn' ? `During ${turn.whose === 'yours' ? 'your' : "your opponent's"} turn, ` : '') + (conds.length ? `${turn ? 'if' : 'If'} ${conds.map(renderCondition).join(' and ')}, ` : '');
      return `${head}${pre}${pre ? lower(phrase) : phrase}${lower(effect)}`;
    }
    case 'command':
      return `${head}${renderEffect(a.effect)}`;
    case 'activated': {
      const cost = renderCost(a.cost, /this Base/.test(a.text) ? 'Base' : 'Unit');
      return `${head}${cost ? `${cost}：` : ''}${renderEffect(a.effect)}`;
    }
  }
}
