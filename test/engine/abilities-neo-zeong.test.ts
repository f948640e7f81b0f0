/**
 * Neo Zeong GD04-033: "When this Unit or one of your (Neo Zeon) Units is deployed, choose 1 enemy
 * Unit. Deal 3 damage to it." and "【During Link】All your Units gain (Neo Zeon)." A trait a constant
 * gives counts as the Unit's own from the moment it is in play (10-1-5-3), so while Neo Zeong is a
 * Link Unit every Unit deployed triggers it; this Unit's own deployment does too.
 */
import { describe, expect, it } from 'vitest';
import { sim } from './helpers.js';

const plain = { name: 'Plain Unit', type: 'unit', level: 1, cost: 1, ap: 1, hp: 1, traits: ['Earth Federation'] };
const zeon = { name: 'Zeon Unit', type: 'unit', level: 1, cost: 1, ap: 1, hp: 1, traits: ['Neo Zeon'] };
const run = (neoZeong: Record<string, unknown> | null, hand: unknown[], card: string, resources = 3, choices: unknown[] = [{ targets: ['b1'] }]) =>
  sim({
    state: {
      active_player: 'A',
      players: { A: { units: neoZeong ? [{ id: 'nz', card: 'GD04-033', ...neoZeong }] : [], hand, resources }, B: { units: [{ id: 'b1', name: 'Enemy', ap: 1, hp: 5 }] } },
    },
    actions: [{ type: 'deploy', id: 'new', card, choices }],
  });
const damage = (out: ReturnType<typeof sim>) => out.state.players.B.units.find((u) => u.id === 'b1')!.damage;

describe('GD04-033 Neo Zeong', () => {
  it('linked with Full Frontal, it makes every Unit of its player (Neo Zeon): deploying one without the trait triggers it', () => {
    const out = run({ pilot: 'Full Frontal' }, [plain], 'Plain Unit');
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.complete).toBe(true);
    expect(damage(out)).toBe(3);
    expect(out.events.some((e) => /Plain Unit \(new\) is now affected by the constant effect of Neo Zeong/.test(e.text))).toBe(true);
  });

  it('not linked, a Unit without the trait does not trigger it, and no choice is asked', () => {
    const out = run({}, [plain], 'Plain Unit', 3, []);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(damage(out)).toBe(0);
    const line = out.events.find((e) => /does not trigger/.test(e.text));
    expect(line?.text).toMatch(/^Neo Zeong \(nz\)'s "When this Unit or one of your \(Neo Zeon\) Units is deployed, .*" does not trigger: Plain Unit \(new\) is not a friendly \(Neo Zeon\) Unit$/);
    expect(line?.rules).toEqual(['10-1-6-2']);
  });

  it('not linked, a printed (Neo Zeon) Unit triggers it', () => {
    const out = run({}, [zeon], 'Zeon Unit');
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(damage(out)).toBe(3);
  });

  it('"this Unit or …": Neo Zeong deployed from the hand triggers its own ability', () => {
    const out = run(null, ['GD04-033'], 'GD04-033', 9);
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(damage(out)).toBe(3);
  });
});
