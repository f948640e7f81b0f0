import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { root } from '../helpers/servers.js';

const blob = path.join(root, 'dist', 'snapshot.blob');

describe('the startup snapshot (node --snapshot-blob dist/snapshot.blob -- --stdio)', () => {
  it('is built by npm run build and serves the same tools over stdio', async () => {
    expect(fs.existsSync(blob), 'dist/snapshot.blob was not built').toBe(true);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--snapshot-blob', blob, '--', '--stdio'],
      cwd: root,
      env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'silent' },
    });
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(11);
      const search = (await client.callTool({ name: 'search_rules', arguments: { query: 'first strike', limit: 3 } })) as { structuredContent: { results: { id: string }[] } };
      expect(search.structuredContent.results[0]!.id).toBe('13-1-5');
      // The catalog and the Japanese index are not in the snapshot: they load on first use.
      const card = (await client.callTool({ name: 'get_card', arguments: { id: 'GD01-013' } })) as { structuredContent: { card: { name: string } } };
      expect(card.structuredContent.card.name).toBe('Gundam');
      const ja = (await client.callTool({ name: 'search_rules', arguments: { query: 'ブロッカー', limit: 3 } })) as { structuredContent: { language: string; results: unknown[] } };
      expect(ja.structuredContent.language).toBe('ja');
      expect(ja.structuredContent.results.length).toBeGreaterThan(0);
      const sim = (await client.callTool({
        name: 'simulate_ruling',
        arguments: { state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: {} } }, actions: [{ type: 'attack', attacker: 'a1', target: 'player' }] },
      })) as { structuredContent: { legal: boolean } };
      expect(sim.structuredContent.legal).toBe(true);
    } finally {
      await client.close();
    }
  });
});
