import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { ROOT_DIR } from '../paths.js';

/** A port nobody listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts a server command from the project root with exactly `env`, listening on `env.PORT`
 * (as another user with `as`, which needs root; in its own process group with `detached`).
 */
export function spawnServer(
  command: readonly string[],
  env: Record<string, string | undefined>,
  as: { uid?: number; gid?: number; detached?: boolean } = {},
): ServerProcess {
  const proc = spawn(command[0], command.slice(1), { cwd: ROOT_DIR, env, ...as });
  let output = '';
  proc.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    url: `http://127.0.0.1:${env.PORT}`,
    exited,
    output: () => output,
    stop() {
      proc.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resolves once GET /healthz answers 200; fails if the process ends first or `timeoutMs` pass. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 10_000): Promise<void> {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not become healthy:\n${server.output()}`);
}

/** The processes `pid` started, and theirs, and so on (Linux: read from /proc). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // Ended meanwhile.
    }
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** Whether a process with this pid still runs (a zombie not yet collected counts as ended). */
export function running(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
