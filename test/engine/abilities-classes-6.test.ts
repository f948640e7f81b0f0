/**
 * Two trigger classes found by the blind card set: a delayed trigger on "an enemy card" destroyed
 * with battle damage (a Unit, or a Base or Shield of the shield area, 4-6-1), and "when one of
 * your Units is destroyed by an effect" (5-10-1), where lethal effect damage is left open.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const texts = (out: ReturnType<typeof sim>) => out.events.map((e) => e.text);

describe('GD05-002 Strike Freedom Gundam: "During this turn, when they destroy an enemy card with battle damage, draw 1."', () => {
  const run = (B: Record<string, unknown>, target: string, chosen = ['sf', 'alv']) =>
    sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'alv', card: 'GD04-080' }], hand: ['GD05-002'], resources: 10, deck: 10 }, B } },
      actions: [{ type: 'deploy', id: 'sf', card: 'GD05-002', choices: [{ targets: chosen }] }, { type: 'attack', attacker: 'alv', target }],
    });

  it('a Shield destroyed by a chosen Unit\'s battle damage is an enemy card: draw 1', () => {
    const out = run({ base: null, shields: 3 }, 'player');
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.hand).toBe(1);
    expect(texts(out).some((t) => /destroyed an enemy shield area card/.test(t))).toBe(true);
  });

  it('so is the Base, and an enemy Unit', () => {
    const base = run({ base: { hp: 1 }, shields: 3 }, 'player');
    expect(base.state.players.A.hand).toBe(1);
    const unit = run({ units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] }, 'b1');
    expect(unit.state.players.A.hand).toBe(1);
  });

  it('not for a Unit that was not chosen, and not when nothing is destroyed', () => {
    expect(run({ base: null, shields: 3 }, 'player', ['sf']).state.players.A.hand).toBe(0);
    expect(run({ base: { hp: 9 }, shields: 3 }, 'player').state.players.A.hand).toBe(0);
  });
});

describe('GD05-054 Alpha Azieru: "【Once per Turn】When one of your Units is destroyed by an effect, draw 1."', () => {
  // On the opponent's turn: Fatal Strike ST05-014 destroys a Lv.3 or lower Unit; Battle of Aces GD01-111 deals 3 damage to a damaged Unit.
  const board = (actions: unknown[]) =>
    sim({
      state: {
        active_player: 'B',
        players: {
          A: { units: [{ id: 'aa', card: 'GD05-054' }, { id: 'la', card: 'GD01-050' }, { id: 'vi', card: 'ST07-004', damage: 1 }], hand: 2, deck: 10 },
          B: { units: [{ id: 'b1', ap: 9, hp: 9 }], hand: ['ST05-014', 'GD01-111'], resources: 10 },
        },
      },
      actions,
    });
  const fatal = { type: 'play', card: 'ST05-014', choices: [{ targets: ['la'] }] };
  const aces = { type: 'play', card: 'GD01-111', choices: [{ targets: ['vi'] }] };

  it('a destroy effect triggers it on either turn; 【Once per Turn】 then keeps a second destruction from drawing again', () => {
    const out = board([fatal, aces]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.hand).toBe(3);
    expect(out.undetermined).toEqual([]);
  });

  it('a Unit destroyed by effect damage: the rules do not say whether that is "by an effect", so the outcome is left open', () => {
    const out = board([aces]);
    expect(out.legal).toBeNull();
    expect(out.undetermined[0]).toMatchObject({ kind: 'not-executed', conclusion: 'outcome', unit: 'aa', card: 'GD05-054', rules: ['5-10-1'] });
    expect(out.state.players.A.hand).toBe(2);
  });

  it('battle damage is no effect: nothing triggers', () => {
    const battle = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'aa', card: 'GD05-054' }, { id: 'la', card: 'GD01-050', rested: true }], hand: 2 }, B: { units: [{ id: 'b1', ap: 9, hp: 9 }] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'la' }],
    });
    expect(battle.destroyed).toContain('la');
    expect(battle.undetermined).toEqual([]);
    expect(battle.state.players.A.hand).toBe(2);
  });
});
