/**
 * Every sentence pattern, on real catalog cards: the card's text compiles to the IR recorded in
 * fixtures/patterns.json (three cards per pattern, fewer only where the catalog has fewer cards
 * that compile fully with it). The fixture's IR was checked by hand against each card's text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCardText } from '../../src/abilities/compile.js';
import type { Ability } from '../../src/abilities/ir.js';
import { loadCatalog, measureCoverage } from '../../tools/effects-coverage.js';

type Fixture = Record<string, { card: string; ability: string; ir: Record<string, unknown> }[]>;
const fixtures = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'patterns.json'), 'utf8')) as Fixture;
const catalog = loadCatalog();
const byId = new Map(catalog.map((c) => [c.id, c]));
/** Patterns that fewer than three catalog cards use in a fully compiled ability. */
const RARE = new Set(['trigger.another-attacks-unit', 'trigger.destroys-card-with-battle-damage', 'const.keyword-count', 'trigger.another-deployed', 'step.grant-ability', 'step.damage-step-battle', 'step.delayed-trigger-card', 'trigger.friendly-destroyed-by-effect', 'step.forbid-attack-player', 'step.mill', 'trigger.end-of-turn', 'seq.and', 'seq.if-this-unit-it', 'cond.self-keyword', 'cond.shield-count', 'step.look-top-deploy', 'cost.exile-from-trash', 'trigger.if-condition', 'seq.this-unit-it', 'cond.hand-count', 'const.immune', 'const.also-named', 'const.battle-opponent-keyword', 'step.immune', 'step.protect-shield-area', 'trigger.uses-support', 'step.reduce-next-damage', 'seq.instead-amount', 'cond.paid-with-ex', 'step.activate-action', 'step.redirect-damage', 'const.protect-shields', 'const.stats-for-each', 'const.play-as', 'const.play-as-paying', 'trigger.ap-reduced-by-enemy', 'trigger.end-of-turn-paired', 'trigger.base-receives-damage-from', 'cond.self-destroyed-by', 'step.self-trash-to-hand', 'seq.when-effect-destroys', 'const.gain-trait', 'trigger.friendly-deals-battle-damage', 'const.stats-equal-to-damage', 'step.delayed-trigger-deals', 'trigger.friendly-destroys-shield-area-card', 'step.return-to-deck-bottom', 'cond.battling', 'trigger.friendly-destroys-with-battle-damage', 'const.trailing-while', 'const.cannot-attack', 'const.cannot-be', 'cond.self-linked', 'const.rest-instead', 'rule.and-if', 'step.deploy-ex-base', 'step.trash-to-deck', 'rule.all-may-choose', 'rule.missing-is', 'rule.two-timings', 'rule.choose-and-add', 'rule.leading-duration', 'cond.ex-count', 'cond.picked', 'trigger.rested-by-effect', 'rule.it-this-unit', 'step.all-draw', 'step.allow-deploy-turn-attack', 'step.damage-shield-area', 'step.look-top-reveal-top', 'step.pay', 'step.return-to-deck-top', 'cost.return-self-to-deck', 'rule.two-tokens', 'seq.instead-all', 'trigger.friendly-deployed', 'trigger.friendly-links', 'step.pair-from-hand', 'choose.pilot', 'seq.instead-guard', 'trigger.set-active-by-effect', 'const.prevent-small-damage', 'rule.plural-all', 'seq.instead-step', 'step.all-place-resource', 'step.all-resource-active', 'step.look-top-or-trash', 'seq.and-this-unit', 'const.deploys-rested', 'seq.or-if', 'step.draw-attacks', 'step.all-look-top', 'rule.count-range', 'seq.you-may-two-targets', 'const.stats-self-and-all', 'count.placed', 'step.placed-to-hand', 'step.exile-self', 'step.hand-to-deck-bottom', 'step.pair-from-trash', 'cost.discard', 'cond.not-paired', 'const.stats-equal-to', 'step.exile-two-from-trash', 'cond.discarded-with-effect', 'step.activate-discarded-main', 'step.look-top-either', 'seq.subject-may', 'step.opponent-discard', 'trigger.recovers-hp', 'step.increase-ap-by-paid', 'trigger.activates-command', 'trigger.friendly-rested-by-effect', 'trigger.draws-with-effect', 'cond.destroyed-with-battle-damage', 'trigger.blocked', 'rule.blocked-it', 'trigger.friendly-attacks', 'trigger.enemy-destroyed-while-attacking', 'step.destroy-shield-area', 'seq.opponent-may', 'seq.if-they-do', 'step.opponent-draw', 'trigger.plays-command-using-ex', 'step.pair-trigger-command', 'step.copy-keywords', 'seq.instead-deploy-as-unit', 'cond.this-turn-command', 'cond.this-turn-destroyed', 'cond.this-turn-paid', 'trigger.end-of-a-turn-where', 'seq.if-they-dont']);

describe('sentence patterns on real cards', () => {
  for (const [pattern, cases] of Object.entries(fixtures)) {
    it(`${pattern}: ${cases.map((c) => c.card).join(', ')}`, () => {
      expect(cases.length >= 3 || RARE.has(pattern)).toBe(true);
      for (const c of cases) {
        const card = byId.get(c.card)!;
        const abilities = compileCardText(card.text, { keywords: card.keywords }).abilities;
        const a = abilities.find((x: Ability) => x.text === c.ability);
        expect(a, `${c.card}: "${c.ability}"`).toBeDefined();
        expect(a!.kind).not.toBe('unsupported');
        expect(a).toMatchObject(c.ir);
        expect((a as { patterns: string[] }).patterns).toContain(pattern);
      }
    });
  }

  it('every pattern the catalog uses has its cases', () => {
    const used = measureCoverage(catalog).patterns.map((p) => p.id);
    expect(used.filter((p) => !fixtures[p])).toEqual([]);
  });
});
