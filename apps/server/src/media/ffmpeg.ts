import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The static ffmpeg binary shipped inside the npm package (no system install needed). */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

export type RunFfmpegOptions = {
  /** Bytes for `-i pipe:0`, pulled one chunk at a time as the pipe drains (backpressure). */
  stdin?: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable;
  /** Kills ffmpeg (SIGKILL); the call then rejects with the signal's reason. */
  signal?: AbortSignal;
};

/** ffmpeg ended with a non-zero exit code or was killed; the message ends with its last log lines. */
export class FfmpegError extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly exitSignal: NodeJS.Signals | null,
    readonly stderr: string,
  ) {
    const how =
      exitCode === null ? `was killed by ${exitSignal ?? 'a signal'}` : `exited with code ${exitCode}`;
    const tail = lastLines(stderr, 12, 2000);
    super(tail ? `ffmpeg ${how}: ${tail}` : `ffmpeg ${how}`);
    this.name = 'FfmpegError';
  }
}

/**
 * Runs ffmpeg with `args` (after `-hide_banner -loglevel error -nostdin`); resolves when it exits
 * with 0, else rejects with an FfmpegError carrying the tail of its log. When `stdin` throws,
 * ffmpeg is killed and the call rejects with that error.
 */
export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<void> {
  const exit = await execFfmpeg(['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], options);
  if (exit.code !== 0) throw new FfmpegError(exit.code, exit.signal, exit.stderr);
}

/**
 * ffmpeg's log at level info whatever the exit code, for reading stream information:
 * `ffmpeg -i file` with no output "fails" by design after printing what it found.
 */
export async function readFfmpegLog(
  args: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  const exit = await execFfmpeg(['-hide_banner', '-nostdin', ...args], options);
  return exit.stderr;
}

type FfmpegExit = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

/** Enough for any stream listing, bounded against endless per-frame error lines. */
const STDERR_KEEP_CHARS = 64 * 1024;

function execFfmpeg(args: readonly string[], options: RunFfmpegOptions): Promise<FfmpegExit> {
  const { stdin, signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, args, { stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let failure: { error: unknown } | null = null;
    const kill = () => child.kill('SIGKILL');
    const handleAbort = () => {
      failure ??= { error: signal?.reason };
      kill();
    };
    signal?.addEventListener('abort', handleAbort, { once: true });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > 2 * STDERR_KEEP_CHARS) stderr = stderr.slice(-STDERR_KEEP_CHARS);
    });
    const settle = (exit: FfmpegExit) => {
      signal?.removeEventListener('abort', handleAbort);
      if (failure) reject(failure.error);
      else resolve(exit);
    };
    child.on('error', (error) => {
      failure ??= { error };
      // A binary that never started sends no 'close' to wait for.
      if (child.pid === undefined) settle({ code: null, signal: null, stderr });
    });
    child.on('close', (code, exitSignal) => settle({ code, signal: exitSignal, stderr }));
    if (stdin && child.stdin)
      feedStdin(child.stdin, stdin, (error) => {
        failure ??= { error };
        kill();
      });
  });
}

/**
 * Writes `source` to ffmpeg's stdin as fast as it reads (pipeline awaits 'drain'). ffmpeg may
 * exit before reading everything (an error, or `-t`): the write then fails with EPIPE, which is
 * no error of ours, as the exit code says whether the run succeeded; only a failing source is.
 */
function feedStdin(
  stdin: Writable,
  source: NonNullable<RunFfmpegOptions['stdin']>,
  onSourceError: (error: unknown) => void,
): void {
  stdin.on('error', () => {});
  pipeline(guardSource(source, onSourceError), stdin).catch(() => {});
}

/** Passes `source` through, telling `onError` when the source itself fails (not the pipe). */
async function* guardSource(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onError: (error: unknown) => void,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of source) yield chunk;
  } catch (error) {
    onError(error);
    throw error;
  }
}

function lastLines(text: string, lines: number, maxChars: number): string {
  return text.trim().split(/\r?\n/).slice(-lines).join('\n').slice(-maxChars);
}
