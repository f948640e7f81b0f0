/** Loopback ports for the servers tests start themselves (nginx, redis-server, replicas). */
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1', () => {
      c.destroy();
      resolve(true);
    });
    c.on('error', () => resolve(false));
  });
}

/**
 * Waits (up to 5 s) until something accepts connections on the port. `stillStarting` is asked
 * between tries and may throw, e.g. when the process that should listen has exited.
 */
export async function waitForPort(port: number, stillStarting: () => void = () => undefined): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await accepts(port)) return;
    stillStarting();
    await new Promise((r) => setTimeout(r, 25));
  }
}
