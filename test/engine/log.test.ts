/**
 * Abilities are quoted from the card text without its reminder text (2-11-4), and nothing else is
 * cut: traits, qualifications and token specs stay, in the compiler's split and in the event log.
 */
import { describe, expect, it } from 'vitest';
import { splitAbilities } from '../../src/abilities/split.js';
import { cards, cites, scenario, sim } from './helpers.js';

const text = (id: string) => cards().byId(id)!.text;
const quoting = (out: ReturnType<typeof sim>, words: string) => out.events.filter((e) => e.text.includes(words)).map((e) => e.text);

describe('2-11-4 reminder text', () => {
  it('a parenthesised explanatory sentence is dropped, nested ones whole (GD03-054 Zeydra, GD01-046 Buster Gundam)', () => {
    expect(text('GD03-054')).toContain('<High-Maneuver> (This Unit can\'t be blocked.)');
    expect(splitAbilities(text('GD03-054'))).toEqual(['<High-Maneuver>', expect.stringMatching(/^【When Paired･\(X-Rounder\) Pilot】You may choose 4 \(Vagan\) cards/)]);
    // "(Rest this Unit. 1 other friendly Unit gets AP+(specified amount) during this turn.)" holds a group of its own.
    const buster = splitAbilities(text('GD01-046')).join(' ');
    expect(buster).toMatch(/^【Activate･Main】<Support 3> 【During Pair･\(Coordinator\) Pilot】【Once per Turn】When you use/);
    expect(buster).not.toMatch(/specified amount|Rest this Unit/);
  });

  it('traits, qualifications and token specs stay (ST04-012 Striker Pack, GD01-026 Char\'s Zaku Ⅱ, GD05-089 Master Asia)', () => {
    expect(splitAbilities(text('ST04-012'))[0]).toBe('【Burst】If you have no (Earth Alliance) Unit tokens in play, deploy 1 [Aile Strike Gundam]((Earth Alliance)･AP3･HP3･<Blocker>) Unit token.');
    expect(splitAbilities(text('GD01-026'))).toEqual(['【During Pair】【Destroyed】Deploy 1 rested [Char\'s Zaku Ⅱ]((Zeon)･AP3･HP1) Unit token.']);
    const asia = splitAbilities(text('GD05-089')).join(' ');
    expect(asia).toContain('you may deploy it as an (AP3・HP3) Unit instead. 【During Link】');
    expect(asia).not.toContain('Don\'t treat it as a Pilot');
    // The "instead" sentence replaces what the 【Burst】 did: it is part of that 【Burst】, not an ability of its own.
    expect(splitAbilities(text('GD05-089'))[0]).toMatch(/^【Burst】Add this card to your hand\. If there are 3 or more \(MF\) cards in your trash, you may deploy it as an \(AP3・HP3\) Unit instead\.$/);
  });
});

describe('the log quotes each ability as printed, less reminder text', () => {
  it('13-2-9-2: 【When Paired･(X-Rounder) Pilot】 keeps its trait (GD03-054 Zeydra paired with GD02-096 Desil Galette)', () => {
    const out = sim(scenario({ units: [{ id: 'a1', card: 'GD03-054' }] }, {}, [{ type: 'pair', unit: 'a1', pilot: 'GD02-096', from: 'effect' }]));
    expect(out.violations).toEqual([]);
    expect(quoting(out, '"【When Paired･(X-Rounder) Pilot】You may choose 4 (Vagan) cards from your trash.').length).toBeGreaterThan(0);
  });

  it('13-2-5-1: Striker Pack\'s 【Burst】 keeps "(Earth Alliance)" and the token spec (ST04-012 as a Shield)', () => {
    const out = sim(scenario({}, { shields: ['ST04-012'] }, [{ type: 'destroy', target: 'B.shield', choices: [{ use: false }] }]));
    expect(quoting(out, '"【Burst】If you have no (Earth Alliance) Unit tokens in play, deploy 1 [Aile Strike Gundam]((Earth Alliance)･AP3･HP3･<Blocker>) Unit token."').length).toBeGreaterThan(0);
    expect(cites(out, '13-2-5-1')).toBe(true);
  });

  it('13-2-8-1: Char\'s Zaku Ⅱ\'s 【Destroyed】 keeps its token spec "[Char\'s Zaku Ⅱ]((Zeon)･AP3･HP1)" (GD01-026, paired)', () => {
    const out = sim(scenario({ units: [{ id: 'a1', card: 'GD01-026', pilot: { name: 'Char', ap: 0, hp: 0 } }] }, {}, [{ type: 'destroy', target: 'a1' }]));
    expect(quoting(out, 'Deploy 1 rested [Char\'s Zaku Ⅱ]((Zeon)･AP3･HP1) Unit token.').length).toBeGreaterThan(0);
    expect(cites(out, '13-2-8-1')).toBe(true);
  });
});

describe('who chooses', () => {
  it('a 【Destroyed】 effect resolving on the opponent\'s turn is chosen by its own controller, and the log says so (10-3-3; GD01-056 Geara Doga)', () => {
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'x', name: 'Unit X', ap: 5, hp: 3 }] }, B: { units: [{ id: 'b1', card: 'GD01-056', rested: true }] } } },
      actions: [{ type: 'attack', attacker: 'x', target: 'b1' }],
    });
    const line = out.events.find((e) => e.text.startsWith('Player B chooses Unit X (x) for'));
    expect(line?.text).toMatch(/the player whose effect it is chooses/);
    expect(line?.rules).toContain('10-3-3');
    expect(out.destroyed).toEqual(['b1', 'x']);
  });
});

describe('3-2-6-2 why a Unit paired on the starting board is a Link Unit', () => {
  // Sugai's Gelgoog (GQ) ST06-008, link condition (Clan) Trait; Shuji Itō ST06-010 has the (Clan) trait, Banagher Links GD01-088 not.
  const start = (pilot: string, linked?: boolean) =>
    sim({ state: { active_player: 'A', players: { A: { units: [{ id: 'a1', card: 'ST06-008', pilot, ...(linked === undefined ? {} : { linked }) }] }, B: {} } }, actions: [] });

  it('names the Pilot and the trait that meets the link condition', () => {
    const line = start('ST06-010').events.find((e) => /starts as a Link Unit/.test(e.text));
    expect(line?.text).toBe("Sugai's Gelgoog (GQ) (a1) starts as a Link Unit: its Pilot Shuji Itō has the (Clan) trait");
    expect(line?.rules).toEqual(['3-2-6-2', '2-12-1']);
  });

  it('says when the Pilot does not meet it', () => {
    const out = start('GD01-088');
    expect(out.events.some((e) => e.text === "Sugai's Gelgoog (GQ) (a1) starts paired but not linked: its Pilot Banagher Links does not meet the link condition (Clan) Trait")).toBe(true);
    expect(out.state.players.A.units[0]!.linked).toBe(false);
  });

  it('a "linked" the cards contradict is used as given, and the log says what the cards alone would make it', () => {
    const out = start('GD01-088', true);
    expect(out.state.players.A.units[0]!.linked).toBe(true);
    expect(out.events.some((e) => /^unit a1: "linked": true is used as given, though by its cards it is not a Link Unit \(its Pilot Banagher Links does not meet/.test(e.text))).toBe(true);
  });
});

describe('10-1-6-2 a trigger whose event came but whose condition does not hold says so', () => {
  it('【During Link】【Destroyed】 of a Unit that is not a Link Unit: the log names why it is not linked', () => {
    // Unicorn Gundam (Unicorn Mode) GD01-005, link condition [Banagher Links], paired with another Pilot.
    const out = sim({
      state: { active_player: 'A', players: { A: { units: [{ id: 'um', card: 'GD01-005', pilot: 'Amuro Ray' }] }, B: {} } },
      actions: [{ type: 'destroy', target: 'um' }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    const line = out.events.find((e) => /does not trigger/.test(e.text));
    expect(line?.text).toMatch(/^【Destroyed】 of Unicorn Gundam \(Unicorn Mode\) \(um\) does not trigger: it is 【During Link】 and Unicorn Gundam \(Unicorn Mode\) \(um\) is not a Link Unit \(its Pilot Amuro Ray does not meet the link condition \[Banagher Links\]\)$/);
    expect(line?.rules).toEqual(expect.arrayContaining(['13-2-12-1', '10-1-6-2']));
  });
});

describe('13-1-2-1 <Breach> is for the Unit\'s own attack', () => {
  it('a blocker with <Breach> that destroys the attacker says its <Breach> does not activate, and no Shield or Base is hit', () => {
    const out = sim({
      state: { active_player: 'B', players: { A: { units: [{ id: 'a1', name: 'Breacher', ap: 5, hp: 5, keywords: ['<Blocker>', '<Breach 3>'] }] }, B: { units: [{ id: 'b1', name: 'Attacker', ap: 2, hp: 2 }] } } },
      actions: [{ type: 'attack', attacker: 'b1', target: 'player', blocker: 'a1' }],
    });
    expect(out.legal, JSON.stringify(out.violations)).toBe(true);
    expect(out.destroyed).toEqual(['b1']);
    const line = out.events.find((e) => /<Breach> of Breacher \(a1\) does not activate/.test(e.text));
    expect(line?.rules).toEqual(['13-1-2-1']);
    expect(out.state.players.B.base).toMatchObject({ damage: 0 });
    expect(out.state.players.B.shields).toBe(6);
  });
});
