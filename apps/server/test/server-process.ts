import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server (apps/server/src/main.ts through tsx) in a child process, for tests that must
 * kill it for real. It runs in a process group of its own, so that a kill takes its children too
 * (ffmpeg, esbuild), as when a container or service is killed.
 */
export type ServerProcess = {
  /** http://127.0.0.1:<port> */
  origin: string;
  pid: number;
  /** What it wrote to stdout and stderr (the last 20,000 characters), for failure messages. */
  output: () => string;
  /** SIGKILL to the whole group: nothing runs after it, no handler, no flush; waits until it is gone. */
  kill: () => Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const OUTPUT_LIMIT = 20_000;
/** What main.ts prints once it listens and the job runner has started. */
const READY_LINE = 'Limbus is running at';

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts the server with exactly `env` (plus PATH and HOME), waits until it says it runs, and
 * answers it; a start that fails or takes longer than `timeoutMs` is killed and throws with its
 * output.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 40_000,
  /** The line to wait for: by default the one main.ts prints once it listens. */
  readyLine = READY_LINE,
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: port,
      HOST: '127.0.0.1',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    await withTimeout(exited, 10_000, `the server (pid ${child.pid}) did not die after SIGKILL`);
  };
  try {
    await waitForReady(child, () => output, timeoutMs, readyLine);
  } catch (error) {
    await kill();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, output: () => output, kill };
}

function waitForReady(
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
  readyLine: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`the server did not start in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = () => {
      if (output().includes(readyLine)) finish();
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`the server exited during its start (code ${code}, signal ${signal})`));
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    // Listeners run in order: the collector before this one, so output() holds the chunk.
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
