/**
 * Answers that do not look settled when they are not: an unexecuted ability that could change the
 * verdict leaves `legal` null and says why (first in the text too); a choice nobody asked for is an
 * input violation listing what was asked; a failed pilot qualifier names what it needs. And the
 * restrictions that used to be skipped (G-Falcon, AGE-2) now run.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const trash = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `T${i}`, type: 'unit' }));

describe('restrictions that used to be skipped now run', () => {
  it('GD04-061 G-Falcon can\'t attack with 6 cards in the trash, and can with 7', () => {
    const attack = (n: number) =>
      sim({ state: { active_player: 'A', players: { A: { trash: trash(n), units: [{ id: 'a1', card: 'GD04-061' }] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player' }] });
    const six = attack(6);
    expect(six.legal).toBe(false);
    expect(six.violations[0]!.reason).toMatch(/can't attack: G-Falcon/);
    expect(six.not_executed).toEqual([]);
    expect(attack(7).legal).toBe(true);
  });

  it('GD03-019 Gundam AGE-2 Normal (paired, rested): an enemy Unit must attack it, not another rested Unit or the player', () => {
    const attack = (target: string, rested = true) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Raider', ap: 4, hp: 4 }] }, B: { units: [{ id: 'b1', card: 'GD03-019', pilot: 'GD03-088', rested }, { id: 'b2', name: 'Other', ap: 1, hp: 1, rested: true }] } } },
        actions: [{ type: 'attack', attacker: 'a1', target }],
      });
    for (const t of ['b2', 'player']) {
      const out = attack(t);
      expect(out.legal).toBe(false);
      expect(out.violations[0]!.reason).toMatch(/must choose Gundam AGE-2 Normal \(b1\) as its attack target if possible/);
    }
    expect(attack('b1').legal).toBe(true);
    // Active, it cannot be attacked, so the attack is free.
    expect(attack('b2', false).legal).toBe(true);
  });

  it('GD03-025 Gundam Sandrock Custom: "one of your rested (Maganac Corps) Units" draws the attack; GD05-086 Kayra Su spares Link Units', () => {
    const sandrock = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Raider', ap: 4, hp: 4 }] }, B: { units: [{ id: 'b1', card: 'GD03-025' }, { id: 'b2', name: 'Maganac', ap: 1, hp: 1, traits: ['Maganac Corps'], rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
    });
    expect(sandrock.legal).toBe(false);
    expect(sandrock.violations[0]!.reason).toMatch(/must choose Maganac \(b2\)/);
    const kayra = (linked: boolean) =>
      sim({
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Raider', ap: 4, hp: 4, linked }] }, B: { units: [{ id: 'b1', name: 'Host', ap: 1, hp: 5, rested: true, pilot: 'GD05-086', linked: true }] } } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
      });
    expect(kayra(false).legal).toBe(false);
    expect(kayra(true).legal).toBe(true);
  });
});

describe('an unexecuted decisive ability leaves the verdict open', () => {
  it('an unread substitution in play ("you may rest this Unit instead", G-Defenser\'s now read; this wording is not) makes the outcome undetermined, so legal is null, not true', () => {
    const text = 'When one of your Units would be destroyed by an effect, you may rest this Unit instead.';
    // A Unit is destroyed in the scenario, so the unread replacement could have come into it (happened.ts).
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Guard', ap: 1, hp: 1, text }, { id: 'a2', name: 'X', ap: 1, hp: 1 }] }, B: { units: [{ id: 'b1', ap: 5, hp: 5, rested: true }] } } }, actions: [{ type: 'attack', attacker: 'a2', target: 'b1' }] });
    expect(out.legal).toBeNull();
    expect(out.violations).toEqual([]);
    expect(out.undetermined).toHaveLength(1);
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'a1' });
    expect(out.undetermined[0]!.reason).toMatch(/a substitution the engine could not run/);
  });

  it('an ability the engine reads fully never leaves the verdict open', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'GD04-061' }] }, B: {} } }, actions: [] });
    expect(out.legal).toBe(true);
    expect(out.undetermined).toEqual([]);
  });
});

describe('a 【Burst】 whose second sentence replaces its first', () => {
  it('GD05-089 Master Asia: "… you may deploy it as an (AP3・HP3) Unit instead." stays part of the 【Burst】: its condition is read when the Burst resolves, never skipped', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: { base: null, shields: ['GD05-089', 'ST01-005'] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ use: true }] }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(out.events.some((e) => /"there are 3 or more \(MF\) cards in your trash" does not hold, so the effect is done as first printed/.test(e.text))).toBe(true);
    expect(out.events.some((e) => /is added to player B's hand/.test(e.text))).toBe(true);
  });
});

describe('choices', () => {
  it('a choice no ability asked for is an input violation that lists what was asked', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, hand: ['ST01-004'] }, B: { units: [{ id: 'b1', name: 'Zaku', ap: 2, hp: 2 }, { id: 'b2', name: 'Dom', ap: 3, hp: 1 }] } } },
      actions: [{ type: 'deploy', id: 'a2', card: 'ST01-004', choices: [{ targets: ['b2'] }, { use: true }] }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.kind).toBe('input');
    expect(out.violations[0]!.reason).toMatch(/choices\[1\] \(\{"use":true\}\) answers nothing asked: this action asked for 1: choices\[0\] for Guntank \(a2\)'s effect/);
    const none = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 1, hp: 1 }] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player', choices: [{ targets: ['x'] }] }] });
    expect(none.violations[0]!.reason).toMatch(/no ability of this action asked for a choice/);
  });

  it('a choice meant for an ability the engine does not read names that ability, to be resolved by hand', () => {
    const text = '【Main】Choose 1 of your Units. It performs a dance that no rule describes.';
    const card = { name: 'Odd Order', type: 'command', level: 1, cost: 1, text };
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 3, units: [{ id: 'a1', ap: 1, hp: 1 }], hand: [card] }, B: {} } },
      actions: [{ type: 'play', card, choices: [{ targets: ['a1'] }] }],
    });
    expect(out.violations[0]!.kind).toBe('input');
    expect(out.violations[0]!.reason).toMatch(/answers nothing asked: no ability of this action asked for a choice; it may be meant for an ability the engine does not execute, "【Main】Choose 1 of your Units\. It performs a dance/);
    expect(out.violations[0]!.reason).toMatch(/must be resolved by hand/);
  });

  it('a card named for a discard must be a known card in hand, even when unknown cards could go', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { resources: 6, hand: ['GD03-072', 'ST01-010'], deck: 10, units: [{ id: 'a0', name: 'TSA', ap: 1, hp: 1, traits: ['Triple Ship Alliance'] }] }, B: {} } },
      actions: [{ type: 'deploy', id: 'a1', card: 'GD03-072', choices: [{ cards: ['ST01-999'] }] }],
    });
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/ST01-999 cannot be taken; legal: ST01-010/);
  });
});

describe('a failed pilot qualifier names the requirement', () => {
  it('GD01-032 Gyan paired with a non-(Zeon) Pilot: the log says a (Zeon) Pilot is needed and what the Pilot is', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { resources: 5, hand: ['ST01-010'], units: [{ id: 'a1', card: 'GD01-032' }] }, B: {} } }, actions: [{ type: 'pair', unit: 'a1', pilot: 'ST01-010' }] });
    const line = out.events.find((e) => /does not trigger/.test(e.text));
    expect(line?.text).toMatch(/it needs a \(Zeon\) Pilot paired with this Unit, and Amuro Ray is not one/);
    expect(line?.text).not.toMatch(/"this Unit is paired"/);
  });
});

describe('an 【Activate】 ability whose effect is unread still has its timing, 【Once per Turn】 and cost checked and paid', () => {
  const base = { id: 'bs', name: 'Odd Base', hp: 5, text: '【Activate･Main】【Once per Turn】①, Rest this Base：Something happens that no rule describes.' };
  const board = (actions: unknown[], resources = 3) =>
    sim({ state: { active_player: 'A', players: { A: { base, resources, units: [{ id: 'a1', ap: 2, hp: 2 }] }, B: { units: [{ id: 'b1', ap: 1, hp: 1, rested: true }] } } }, actions });

  it('in the main phase: the cost is paid and what the effect does is left open, not "legal"', () => {
    const out = board([{ type: 'activate', source: 'bs' }]);
    expect(out.legal).toBeNull();
    expect(out.state.players.A.base?.rested).toBe(true);
    expect(out.state.players.A.resources).toMatchObject({ active: 2, rested: 1 });
    expect(out.undetermined[0]).toMatchObject({ conclusion: 'outcome', unit: 'bs' });
    expect(out.not_executed.map((n) => n.unit)).toEqual(['bs']);
  });

  it('in an attack\'s action step it is refused with its timing rule (the blind set\'s Axis, GD05-129, passed there)', () => {
    const out = board([{ type: 'attack', attacker: 'a1', target: 'b1', action_step: [{ type: 'activate', source: 'bs' }] }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.rules).toContain('13-2-1-1');
  });

  it('its cost must be payable, and 【Once per Turn】 holds', () => {
    expect(board([{ type: 'activate', source: 'bs' }], 0).violations[0]!.reason).toMatch(/needs 1 active Resources/);
    const twice = board([{ type: 'activate', source: 'bs' }, { type: 'set_active', target: 'bs' }, { type: 'activate', source: 'bs' }]);
    expect(twice.violations[0]!.rules).toContain('13-2-13-1');
  });
});


describe('an unread trigger ability leaves the outcome open only where its event came (happened.ts)', () => {
  const text = 'When you play a Command card, this Unit performs a dance that no rule describes.';
  const board = (actions: unknown[]) =>
    sim({ state: { active_player: 'A', players: { A: { resources: 5, hand: ['GD01-111', 'ST01-012'], units: [{ id: 'a1', name: 'Dancer', ap: 2, hp: 2, text }] }, B: { units: [{ id: 'b1', ap: 1, hp: 3, rested: true, damage: 1 }] } } }, actions });

  it('no Command played: it cannot have triggered, the answer is settled and the log says why', () => {
    const out = board([{ type: 'attack', attacker: 'a1', target: 'b1' }]);
    expect(out.legal).toBe(true);
    expect(out.not_executed).toEqual([]);
    expect(out.events.some((e) => /Dancer \(a1\) has an ability the engine cannot read .* triggers only on a Command played or activated, and none came/.test(e.text))).toBe(true);
  });

  it('a Command played: what it did is not settled', () => {
    const out = board([{ type: 'play', card: 'GD01-111', choices: [{ targets: ['b1'] }] }]);
    expect(out.legal).toBeNull();
    expect(out.not_executed.map((n) => n.unit)).toEqual(['a1']);
  });

  it('battle damage between Units is damage: an unread "when this Unit receives damage" trigger leaves the outcome open', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Struck', ap: 1, hp: 5, text: 'When this Unit receives damage, this Unit performs a dance that no rule describes.' }] }, B: { units: [{ id: 'b1', ap: 2, hp: 5, rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }],
    });
    expect(out.legal).toBeNull();
    expect(out.not_executed.map((n) => n.unit)).toEqual(['a1']);
  });

  it('a clause naming an event the engine does not track is reported at once, as before', () => {
    const out = sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', name: 'Watcher', ap: 2, hp: 2, text: 'When an enemy Unit is rested, this Unit performs a dance that no rule describes.' }] }, B: {} } }, actions: [] });
    expect(out.legal).toBeNull();
  });
});
