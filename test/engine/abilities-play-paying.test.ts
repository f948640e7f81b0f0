/**
 * "When playing this card from your hand, you may destroy 1 of your Link Units with "Unicorn Mode"
 * in its card name that is Lv.5. If you do, play this card as if it has 0 Lv. and cost." (Unicorn
 * Gundam (Destroy Mode) GD01-002) and "… you may discard 1 (G Generation) Unit card. If you do, play
 * this card as if it has 2 Lv. and cost." (Unlocking the Development Diagram ST10-014): the player
 * decides while playing (10-1-3); not done, the card keeps its printed Lv. and cost (5-20-1).
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

// Unicorn Gundam (Unicorn Mode) GD01-005, Lv.5, linked with Banagher Links GD01-088; its
// 【During Link】【Destroyed】 returns the Pilot to the hand, then discards 1.
const unicornMode = { id: 'um', card: 'GD01-005', pilot: 'Banagher Links', linked: true };

describe('GD01-002 Unicorn Gundam (Destroy Mode): destroy a Lv.5 "Unicorn Mode" Link Unit to play it as Lv.0, cost 0', () => {
  const run = (units: unknown[], choices: unknown[] | undefined, resources = 1, hand: unknown = 3) =>
    sim({
      state: { active_player: 'A', players: { A: { units, resources, hand }, B: {} } },
      actions: [{ type: 'deploy', id: 'dm', card: 'GD01-002', ...(choices ? { choices } : {}) }],
    });

  it('done: the Link Unit is destroyed by the card, its 【Destroyed】 resolves, and Destroy Mode is played with 1 Resource for Lv.0 and cost 0', () => {
    const out = run([unicornMode], [{ use: true, targets: ['um'] }, { cards: [] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['um']);
    const texts = out.events.map((e) => e.text);
    expect(texts.some((t) => /played from the hand with Lv\.0 instead of Lv\.7 and cost 0 instead of 6/.test(t))).toBe(true);
    expect(texts.findIndex((t) => /Unicorn Mode.*is destroyed \(player A destroys it for Unicorn Gundam \(Destroy Mode\)'s "When playing/.test(t))).toBeLessThan(texts.findIndex((t) => /reveals Unicorn Gundam \(Destroy Mode\)/.test(t)));
    // The 【During Link】【Destroyed】 reads the Unit as it last was in play: linked (13-2-8-2-1).
    expect(texts.some((t) => /Banagher Links.*hand/.test(t))).toBe(true);
    expect(out.state.players.A.units.map((u) => u.id)).toEqual(['dm']);
    expect(out.state.players.A.resources).toMatchObject({ active: 1, rested: 0 });
  });

  it('declined: played with its printed Lv.7 and cost 6, which 1 Resource cannot pay', () => {
    const out = run([unicornMode], [{ use: false }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/Lv\.7|cost 6/);
    expect(out.events.some((e) => /chooses not to destroy one/.test(e.text) && e.rules.includes('5-20-1'))).toBe(false); // state before the illegal action
  });

  it('declined with the Resources to pay: printed Lv. and cost, the Unicorn Mode stays', () => {
    const out = run([unicornMode], [{ use: false }], 7);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual([]);
    const line = out.events.find((e) => /chooses not to destroy one/.test(e.text));
    expect(line?.rules).toEqual(expect.arrayContaining(['5-20-1', '10-1-3']));
    expect(out.state.players.A.resources).toMatchObject({ active: 1, rested: 6 });
  });

  it('the decision is asked for: without a choice the error names both answers and the Unit', () => {
    const out = run([unicornMode], undefined);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.kind).toBe('input');
    expect(out.violations[0]!.reason).toMatch(/may destroy 1 of player A's Link Units with "Unicorn Mode" in its card name that are Lv\.5.*\{"use": true\} or \{"use": false\}/);
  });

  it('a Unicorn Mode that is not a Link Unit cannot pay it: no decision, printed Lv. and cost (5-20-1)', () => {
    const out = run([{ ...unicornMode, pilot: undefined, linked: false }], undefined, 7);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual([]);
    expect(out.events.some((e) => /has no such Unit in play to destroy, so Unicorn Gundam \(Destroy Mode\) is played with its printed Lv\.7 and cost 6/.test(e.text))).toBe(true);
  });

  it('a Link Unit of another Lv. is not a legal choice', () => {
    const out = run([unicornMode, { id: 'l4', name: 'Unicorn Gundam 02 Banshee (Unicorn Mode)', level: 4, ap: 3, hp: 3, pilot: 'Banagher Links', linked: true }], [{ use: true, targets: ['l4'] }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/l4 cannot be chosen; legal targets: um/);
  });

  it('with 6 Units, the one destroyed makes room: no Unit is put into the trash for the seventh (11-4-2)', () => {
    const fillers = Array.from({ length: 5 }, (_, i) => ({ id: `f${i}`, name: `Filler ${i}`, ap: 1, hp: 1 }));
    const out = run([unicornMode, ...fillers], [{ use: true, targets: ['um'] }, { cards: [] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.state.players.A.units).toHaveLength(6);
    expect(out.destroyed).toEqual(['um']);
  });
});

describe('ST10-014 Unlocking the Development Diagram: discard 1 (G Generation) Unit card to play it as Lv.2, cost 2', () => {
  const run = (hand: unknown, choices: unknown[] | undefined, resources = 2) =>
    sim({
      state: { active_player: 'A', players: { A: { hand, resources }, B: {} } },
      actions: [{ type: 'play', card: 'ST10-014', ...(choices ? { choices } : {}) }],
    });

  it('done: the named card is discarded and the Command is played for 2, drawing 2', () => {
    // Gundam AGE-FX (EX) EB01-019? Any G Generation Unit card from the catalog will do: GD02-021 is not; use an inline one.
    const out = run(['ST10-014', { name: 'G-Gen Unit', type: 'unit', traits: ['G Generation'], level: 3, cost: 2, ap: 3, hp: 3 }, 'GD01-001'], [{ use: true, cards: ['A-hand-2'] }]);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const texts = out.events.map((e) => e.text);
    expect(texts.some((t) => /Player A discards .* for Unlocking the Development Diagram's "When playing/.test(t))).toBe(true);
    expect(texts.some((t) => /with Lv\.2 instead of Lv\.4 and cost 2 instead of 4/.test(t))).toBe(true);
    // 3 cards: the Command and the discarded card leave, 2 are drawn.
    expect(out.state.players.A.hand).toBe(3);
    expect(out.state.players.A.trash).toHaveLength(2);
  });

  it('a hand with no such card: nothing to decide, printed Lv.4 and cost 4, and the violation says why it was not played for 2', () => {
    const out = run(['ST10-014', 'GD01-001'], undefined);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/is Lv\.4: it needs 4 Resources.*player A has no such card in the hand to discard .*so Unlocking the Development Diagram is played with its printed Lv\.4 and cost 4/);
  });

  it('a choice naming a card for it when no card can pay it is logged as a decision that did not come up', () => {
    const out = run(['ST10-014', 'GD01-001'], [{ use: true, cards: ['GD01-001'] }], 4);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.events.some((e) => /choices\[0\] answers a decision that did not come up/.test(e.text))).toBe(true);
  });

  it('a card that is not a (G Generation) Unit card cannot be discarded for it', () => {
    const out = run(['ST10-014', { name: 'G-Gen Unit', type: 'unit', traits: ['G Generation'], level: 3, cost: 2, ap: 3, hp: 3 }, 'GD01-001'], [{ use: true, cards: ['GD01-001'] }]);
    expect(out.legal).toBe(false);
    expect(out.violations[0]!.reason).toMatch(/cannot be taken|is not a/);
  });
});
