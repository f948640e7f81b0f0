/**
 * Clients this project did not write: the MCP Inspector's CLI (npm, a devDependency) and the
 * official MCP Python SDK (a venv made by scripts/python-clients.sh, which .ci/run runs).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './servers.js';

export const INSPECTOR = path.join(root, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
export const PYTHON = path.join(root, '.venv-clients', 'bin', 'python');
export const PYTHON_CLIENT = path.join(root, 'test', 'clients', 'python', 'client.py');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: options.cwd ?? root, env: { ...process.env, LOG_LEVEL: 'silent', ...options.env }, timeout: options.timeoutMs ?? 90_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** `npx @modelcontextprotocol/inspector --cli ...`, from the installed package. */
export function inspector(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return run(process.execPath, [INSPECTOR, '--cli', ...args], options);
}

/** The tool calls the tool reference (docs/tools.md) shows, `{"name": ..., "arguments": ...}`, one for every tool. */
export function readmeExamples(): { name: string; arguments: Record<string, unknown> }[] {
  const readme = fs.readFileSync(path.join(root, 'docs', 'tools.md'), 'utf8');
  return [...readme.matchAll(/^(\{"name":"[a-z_]+","arguments":.*\})$/gm)].map((m) => JSON.parse(m[1]!) as { name: string; arguments: Record<string, unknown> });
}

/** At most `limit` at once: the machines have 2 cores, and each Inspector run is a process or two. */
export async function inBatches<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}
