/**
 * A short reminder of the scenario format, appended to simulate_ruling's input validation errors:
 * a client that may only call tools cannot read the scenario-format resource, so the error itself
 * says what each action takes. Built from the schema, so it cannot drift from it.
 */
import type { z } from 'zod';
import { actionSchema } from './schema.js';

function fieldsOf(option: z.ZodObject): string {
  return Object.entries(option.shape)
    .filter(([name]) => name !== 'type')
    .map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name))
    .join(', ');
}

export function scenarioHelp(): string {
  const actions = actionSchema.options.map((o) => `${String((o.shape.type as z.ZodLiteral).value)}(${fieldsOf(o as z.ZodObject)})`);
  return [
    'Scenario format: {"state": {"active_player": "A", "players": {"A": {"units": [{"id": "a1", "card": "GD01-013"}], "shields": 6, "resources": 5, "hand": ["GD01-100"]}, "B": {…}}}, "actions": [{"type": "attack", "attacker": "a1", "target": "player"}]}.',
    `Actions by type (? = optional): ${actions.join('; ')}.`,
    'state.phase (optional): "start", "draw", "resource", "main" (default) or "end" (its action step); "advance" moves on to where a player next acts.',
    'choices, in the order the abilities ask: {"targets": ["b1"]}, {"use": true|false}, {"cards": ["GD01-051"]}, {"where": "top"|"bottom"}, {"order": ["a2", "a1"]} (effects triggered together).',
    'Full format with examples: resource gundam://docs/scenario-format.',
  ].join('\n');
}
