/**
 * The load generator of bench/load.ts, run in a child process of its own (see there why): it
 * waits for run requests over IPC, runs autocannon for each and answers its result with the CPU
 * time this process spent meanwhile. Ends when the parent disconnects.
 */
import autocannon, { type Options, type Result } from 'autocannon';

export type LoadRequest = { options: Options };
export type LoadAnswer = { result: Result; cpuMs: number } | { error: string };

process.on('message', (request: LoadRequest) => {
  const cpu = process.cpuUsage();
  autocannon(request.options).then(
    (result) => {
      const used = process.cpuUsage(cpu);
      process.send?.({ result, cpuMs: (used.user + used.system) / 1000 } satisfies LoadAnswer);
    },
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? error.message : String(error) } satisfies LoadAnswer),
  );
});
process.on('disconnect', () => process.exit(0));
