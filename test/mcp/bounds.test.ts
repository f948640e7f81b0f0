/**
 * The loop bomb of issue 19 through the transports a client uses: over stdio and HTTP the server
 * answers it as an undetermined loop, and keeps answering afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { httpClient, httpServer, stdioClient, type HttpServer } from '../helpers/servers.js';
import { LOOP_BOMB as bomb } from '../helpers/scenarios.js';


async function answersTheBomb(client: Client): Promise<void> {
  const r = await client.callTool({ name: 'simulate_ruling', arguments: bomb });
  expect(r.isError).toBeFalsy();
  const text = (r.content as { type: string; text: string }[])[0]!.text;
  expect(text).toMatch(/^UNDETERMINED \(loop\): endless loop/);
  expect(text).toMatch(/Abilities that repeat: .*recovers 1 HP/);
  const s = r.structuredContent as { undetermined: { kind: string }[] };
  expect(s.undetermined.map((u) => u.kind)).toEqual(['loop']);
  // The server is still there for the next call.
  const rule = await client.callTool({ name: 'get_rule', arguments: { id: '8-5-3' } });
  expect(rule.isError).toBeFalsy();
}

describe('a looping scenario', () => {
  it('over stdio is answered as a loop', async () => {
    const { client, close } = await stdioClient();
    try {
      await answersTheBomb(client);
    } finally {
      await close();
    }
  });

  describe('over HTTP', () => {
    let server: HttpServer;
    beforeAll(async () => {
      server = await httpServer();
    });
    afterAll(async () => {
      await server?.stop();
    });
    it('is answered as a loop', async () => {
      const client = await httpClient(server.url);
      try {
        await answersTheBomb(client);
      } finally {
        await client.close();
      }
    });
  });
});
