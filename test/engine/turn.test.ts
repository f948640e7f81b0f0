/** Chapter 7 turn flow through `end_turn`. */
import { describe, expect, it } from 'vitest';
import { cites, scenario, sim, unitOf } from './helpers.js';

const endTurn = { type: 'end_turn' };

describe('7-6 end phase and 7-2..7-4 the next turn', () => {
  it('7-6-7 / 7-1-1: the turn passes and the next player is in their main phase', () => {
    const out = sim(scenario({}, {}, [endTurn]));
    expect(out.state).toMatchObject({ active_player: 'B', turn: 2, phase: 'main' });
    const phases = out.events.map((e) => e.phase);
    expect(phases).toEqual(expect.arrayContaining(['end', 'start', 'draw', 'resource']));
    expect(phases.indexOf('end')).toBeLessThan(phases.indexOf('start'));
    expect(phases.indexOf('draw')).toBeLessThan(phases.indexOf('resource'));
  });

  it('7-2-3-1: the active step readies Units, Resources and the Base of the new active player only', () => {
    const out = sim(
      scenario(
        { units: [{ id: 'a1', ap: 1, hp: 1, rested: true }], resources: { active: 0, rested: 2 } },
        { units: [{ id: 'b1', ap: 1, hp: 1, rested: true }], resources: { active: 0, rested: 2 }, base: { name: 'Fort', hp: 4, rested: true } },
        [endTurn],
      ),
    );
    expect(unitOf(out, 'a1')?.rested).toBe(true);
    expect(out.state.players.A.resources).toEqual({ active: 0, rested: 2, ex: 0 });
    expect(unitOf(out, 'b1')?.rested).toBe(false);
    expect(out.state.players.B.base?.rested).toBe(false);
    expect(out.state.players.B.resources.rested).toBe(0);
    expect(cites(out, '7-2-3-1')).toBe(true);
  });

  it('7-3-1: the draw phase draws one card', () => {
    const out = sim(scenario({}, { hand: 2, deck: 10 }, [endTurn]));
    expect(out.state.players.B).toMatchObject({ hand: 3, deck: 9 });
  });

  it('7-3-1-1: drawing the last card loses at once; nothing after it happens', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, { deck: 1 }, [endTurn, { type: 'attack', attacker: 'a1', target: 'player' }]));
    expect(out.winner).toBe('A');
    expect(out.state.phase).toBe('draw');
    expect(out.state.players.B.resources.active).toBe(0); // no resource phase
    expect(out.legal).toBe(true);
    expect(out.actions_applied).toBe(1);
    expect(out.events.at(-1)?.rules).toEqual(['1-2-1']);
  });

  it('7-4-1: the resource phase adds one active Resource; none when the resource deck is empty', () => {
    const out = sim(scenario({}, { resources: 3 }, [endTurn]));
    expect(out.state.players.B.resources).toEqual({ active: 4, rested: 0, ex: 0 });
    expect(out.state.players.B.resource_deck).toBe(6);
    const empty = sim(scenario({}, { resources: 10 }, [endTurn]));
    expect(empty.state.players.B.resources.active).toBe(10);
    expect(cites(empty, '7-4-1')).toBe(true);
  });

  it('4-4-2: no Resource past 15', () => {
    const out = sim(scenario({}, { resources: { active: 10, ex: 5 }, resource_deck: 3 }, [endTurn]));
    expect(out.state.players.B.resources).toEqual({ active: 10, rested: 0, ex: 5 });
    expect(cites(out, '4-4-2')).toBe(true);
  });

  it('7-6-5-1: the hand step discards down to 10 (only the active player)', () => {
    const out = sim(scenario({ hand: 14 }, { hand: 12 }, [endTurn]));
    expect(out.state.players.A.hand).toBe(10);
    expect(out.state.players.A.trash).toHaveLength(4);
    expect(out.state.players.B.hand).toBe(13);
  });

  it('7-6-6-1: "during this turn" effects end in the cleanup step', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 1 }] }, {}, [
        { type: 'modify', target: 'a1', ap: 3, duration: 'turn' },
        { type: 'grant', target: 'a1', keyword: 'Blocker', duration: 'turn' },
        endTurn,
      ]),
    );
    expect(unitOf(out, 'a1')).toMatchObject({ ap: 1, keywords: [] });
  });

  it('3-2-4: "deployed this turn" ends with the turn, so the Unit attacks on its owner\'s next turn', () => {
    const out = sim(
      scenario({ resources: 2, units: [] }, {}, [
        { type: 'deploy', id: 'n', card: { name: 'New', type: 'unit', level: 1, cost: 1, ap: 1, hp: 1 } },
        endTurn,
        endTurn,
        { type: 'attack', attacker: 'n', target: 'player' },
      ]),
    );
    expect(out.legal).toBe(true);
    expect(out.state).toMatchObject({ active_player: 'A', turn: 3 });
    expect(out.state.players.A.resources).toEqual({ active: 3, rested: 0, ex: 0 });
  });

  it('13-1-1-1: Repair happens in the end step, before the cleanup ends turn effects', () => {
    const out = sim(scenario({ units: [{ id: 'a1', ap: 1, hp: 5, damage: 4 }] }, {}, [{ type: 'grant', target: 'a1', keyword: 'Repair 3', duration: 'turn' }, endTurn]));
    expect(unitOf(out, 'a1')).toMatchObject({ damage: 1, keywords: [] });
  });

  it('7-6-4-1 / 7-2-4-1: "at the end/start of your turn" abilities resolve in the end step and the start step', () => {
    const out = sim(
      scenario({ units: [{ id: 'a1', ap: 1, hp: 1, text: 'At the end of your turn, draw 1.' }] }, { units: [{ id: 'b1', ap: 1, hp: 1, text: 'At the start of your turn, rest this Unit.' }] }, [endTurn]),
    );
    expect(out.events.some((e) => e.step === 'end step' && e.text.includes('triggers') && e.rules.includes('7-6-4-1'))).toBe(true);
    expect(out.events.some((e) => e.step === 'end step' && e.text.startsWith('Player A draws 1 card'))).toBe(true);
    expect(out.state.players.A.hand).toBe(6);
    expect(out.events.some((e) => e.step === 'start step' && e.text.includes('triggers') && e.rules.includes('7-2-4-1'))).toBe(true);
    expect(unitOf(out, 'b1')?.rested).toBe(true); // rested in the start step, after the active step set it active
    expect(out.events.some((e) => e.step === 'start step' && e.text.startsWith('b1 is now rested'))).toBe(true);
  });
});
