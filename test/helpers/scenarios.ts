/**
 * Hostile simulate_ruling inputs of issue 19, shared by the transport tests: card text the caller
 * writes can loop for ever (LOOP_BOMB, 382 bytes) or cascade without repeating a state (CASCADE).
 */
const HEAL = 'When this Unit receives damage, this Unit recovers 1 HP.';
const SPLASH = 'When this Unit receives damage, deal 1 damage to all Units.';

/** Endless: each damage triggers a recovery and another round of damage to all Units. */
export const LOOP_BOMB = {
  state: {
    active_player: 'A',
    players: {
      A: { units: [{ id: 'a1', name: 'Loop', ap: 1, hp: 5, text: `${HEAL}\n${SPLASH}` }] },
      B: {},
    },
  },
  actions: [{ type: 'deal_damage', target: 'a1', amount: 1 }],
};

/**
 * Finite but vast: 6 Units a side that each splash all 12 on damage, with 1000 HP, so every state
 * is new. The engine's budget stops it; with the budget raised (ENGINE_MAX_*), only the tool pool's
 * deadline or heap limit does.
 */
export const CASCADE = {
  state: {
    active_player: 'A',
    players: Object.fromEntries(
      ['A', 'B'].map((p) => [p, { units: [1, 2, 3, 4, 5, 6].map((i) => ({ id: `${p.toLowerCase()}${i}`, name: `Splash ${p}${i}`, ap: 1, hp: 1000, text: SPLASH })) }]),
    ),
  },
  actions: [{ type: 'deal_damage', target: 'a1', amount: 1 }],
};

/** An ordinary legal attack, for "the next call works". */
export const ORDINARY = {
  state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: {} } },
  actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
};
