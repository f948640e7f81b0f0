import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/mcp/server.js';
import { root, stdioClient } from '../helpers/servers.js';

const blob = path.join(root, 'dist', 'snapshot.blob');

describe('the startup snapshot (node --snapshot-blob dist/snapshot.blob -- --stdio)', () => {
  it('is built by npm run build and serves the same tools over stdio', async () => {
    expect(fs.existsSync(blob), 'dist/snapshot.blob was not built').toBe(true);
    const { client } = await stdioClient({}, ['--snapshot-blob', blob, '--', '--stdio']);
    const call = async <T>(name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })) as unknown as { structuredContent: T }).structuredContent;
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name as string).sort());
      const search = await call<{ results: { id: string }[] }>('search_rules', { query: 'first strike', limit: 3 });
      expect(search.results[0]!.id).toBe('13-1-5');
      // The catalog and the Japanese index are not in the snapshot: they load on first use.
      const card = await call<{ card: { name: string } }>('get_card', { id: 'GD01-013' });
      expect(card.card.name).toBe('Gundam');
      const ja = await call<{ language: string; results: unknown[] }>('search_rules', { query: 'ブロッカー', limit: 3 });
      expect(ja.language).toBe('ja');
      expect(ja.results.length).toBeGreaterThan(0);
      const sim = await call<{ legal: boolean }>('simulate_ruling', {
        state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: {} } },
        actions: [{ type: 'attack', attacker: 'a1', target: 'player' }],
      });
      expect(sim.legal).toBe(true);
    } finally {
      await client.close();
    }
  });
});
