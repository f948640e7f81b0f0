/**
 * A real nginx (Debian's package) in front of replicas on loopback, with the project's own
 * template (docs/deploy/nginx.conf) written to a temp dir: never the system configuration. No
 * vitest here.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './ports.js';
import { root } from './servers.js';

/** The nginx binary: NGINX_BIN, else on PATH, else Debian's /usr/sbin/nginx; null when absent. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_BIN, 'nginx', '/usr/sbin/nginx'].filter((c): c is string => Boolean(c));
  for (const c of candidates) if (spawnSync(c, ['-v'], { stdio: 'ignore' }).status === 0) return c;
  return null;
}


/** docs/deploy/nginx.conf with its placeholders filled in. */
export function nginxConfig(listen: string, upstreams: string[], dir: string): string {
  const template = fs.readFileSync(path.join(root, 'docs', 'deploy', 'nginx.conf'), 'utf8');
  const servers = upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  return template.replaceAll('@LISTEN@', listen).replaceAll('@UPSTREAMS@', servers).replaceAll('@DIR@', dir);
}

export interface Balancer {
  url: string;
  port: number;
  stop: () => Promise<void>;
  errorLog: () => string;
}

/** Starts nginx on a free loopback port in front of `upstreams` ("127.0.0.1:PORT"), in the foreground. */
export async function startNginx(bin: string, upstreams: string[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gundam-nginx-'));
  // Run as root, nginx's workers drop to an unprivileged user that must reach the temp dir.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(`127.0.0.1:${port}`, upstreams, dir));
  const check = spawnSync(bin, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child = spawn(bin, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  await waitForPort(port, () => {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${stderr}`);
  });
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errorLog,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
