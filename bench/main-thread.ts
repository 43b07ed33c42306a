/**
 * What holds up a screen's main thread while it loads: every task over 10 ms in a real Chromium
 * (unthrottled, cache off, signed in as a demo user), with the trace's own events in it and the
 * functions its CPU samples fell in (self time, and the app's frames inclusive). Lighthouse counts
 * each task four times over on its simulated phone (blocking time = 4 × task − 50 ms), so this is
 * where a mobile score is lost. It found the page's first Intl object (40–90 ms) and a
 * sessionStorage read that waits for the browser (20–100 ms). Run it against a running product,
 * alone on the machine; positions are in the built chunks unless SOURCEMAPS maps them (below):
 *
 *   BASE=http://127.0.0.1:3000 npx tsx bench/main-thread.ts /test/7/heatmaps
 *
 * With SOURCEMAPS set to that build's output directory (vite build --sourcemap --outDir DIR, the
 * product serving it: WEB_DIST=DIR), frames are named by their source, and each task also says
 * what ran in it per React phase: the outermost frame below React (an effect, a component, a
 * library call). That found Mantine's useId re-rendering every input after its mount, closed
 * dropdowns placed by floating-ui, and the sync re-render of a screen per query answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { signedInPhonePage } from './phone-page';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
};
type CallFrame = { functionName: string; url?: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };

const base = (process.env.BASE ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const address = process.argv[2] ?? '/test/7/heatmaps';
const who = process.env.WHO ?? 'client.admin@limbus.test';
const MIN_TASK_US = 10_000;

async function traceLoad(): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const { context, page } = await signedInPhonePage(browser, base, who);
    await page.goto('about:blank');
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events: TraceEvent[] = [];
    devtools.on('Tracing.dataCollected', (chunk) => events.push(...(chunk.value as unknown as TraceEvent[])));
    await devtools.send('Tracing.start', {
      categories:
        'blink.user_timing,devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler',
      transferMode: 'ReportEvents',
    });
    await page.goto(base + address, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const complete = new Promise((resolve) => devtools.once('Tracing.tracingComplete', resolve));
    await devtools.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await browser.close();
  }
}

/** The renderer's main thread: its events and its CPU samples (time, innermost node). */
function mainThread(events: TraceEvent[]) {
  const threadNames = new Map<string, string>();
  for (const event of events)
    if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const isMain = (event: TraceEvent) => threadNames.get(`${event.pid}:${event.tid}`) === 'CrRendererMain';
  const clocks = new Map<string, number>();
  for (const event of events)
    if (event.name === 'Profile' && isMain(event))
      clocks.set(`${event.pid}:${event.id}`, Number(event.args?.data?.startTime ?? 0));
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  for (const event of events) {
    const key = `${event.pid}:${event.id}`;
    if (event.name !== 'ProfileChunk' || !clocks.has(key)) continue;
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let clock = clocks.get(key) ?? 0;
    (data.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts: clock, node });
    });
    clocks.set(key, clock);
  }
  return { events: events.filter(isMain), nodes, samples };
}

const sourceMapDir = process.env.SOURCEMAPS;
const sourceMaps = new Map<string, SourceMapConsumer | null>();

/** The built chunk's source map, when SOURCEMAPS names the build and the chunk has one. */
function sourceMapOf(chunk: string): SourceMapConsumer | null {
  if (!sourceMapDir || !chunk) return null;
  if (!sourceMaps.has(chunk)) {
    const file = path.join(sourceMapDir, 'assets', `${chunk}.map`);
    sourceMaps.set(
      chunk,
      fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null,
    );
  }
  return sourceMaps.get(chunk) ?? null;
}

/** `name file:line:column` in the built chunk, or `name source:line` with SOURCEMAPS. */
function frameName(frame: CallFrame): string {
  const chunk = (frame.url ?? '').split('/').pop() ?? '';
  const original = sourceMapOf(chunk)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original?.source)
    return `${frame.functionName || '(anonymous)'} ${chunk}:${frame.lineNumber}:${frame.columnNumber}`;
  const source = original.source.replace(/.*node_modules\//, '').replace(/.*apps\/web\/src\//, '');
  return `${original.name || frame.functionName || '(anonymous)'} ${source}:${original.line}`;
}

const nodeNames = new Map<number, string>();
/** A profile node's frame name, looked up once (a source map lookup is not cheap). */
function nameOf(node: ProfileNode): string {
  let name = nodeNames.get(node.id);
  if (name === undefined) {
    name = frameName(node.callFrame);
    nodeNames.set(node.id, name);
  }
  return name;
}

/** React's phases, by the source-mapped names of react-dom's functions. */
const REACT_PHASES: [RegExp, string][] = [
  [/^(renderRootSync|renderRootConcurrent) /, 'render'],
  [/^flushMutationEffects /, 'commit'],
  [/^flushLayoutEffects /, 'layout effects'],
  [/^flushPassiveEffects /, 'passive effects'],
];
const isReact = (name: string) => /(react-dom|scheduler)\/cjs\//.test(name);

/** What a sample ran, as `phase > outermost frame below React` (with SOURCEMAPS). */
function phaseAndFrame(stack: string[]): string {
  if (stack.length === 0) return "no script (the browser's own work)";
  let phase = 'outside React';
  for (const name of stack) {
    phase = REACT_PHASES.find(([pattern]) => pattern.test(name))?.[1] ?? phase;
    if (!isReact(name) && name.includes(':')) return `${phase} > ${name}`;
  }
  return `${phase} > React itself`;
}

function top(counts: Map<string, number>, msPerSample: number, count: number) {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${(samples * msPerSample).toFixed(1).padStart(6)} ms  ${name}`);
}

const { events, nodes, samples } = mainThread(await traceLoad());
const navigation = events.find(
  (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame,
);
const start = navigation?.ts ?? events[0]?.ts ?? 0;
let blocking = 0;
for (const task of events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > MIN_TASK_US)) {
  if (task.ts < start) continue;
  const end = task.ts + (task.dur ?? 0);
  const ms = (task.dur ?? 0) / 1000;
  blocking += Math.max(0, ms * 4 - 50);
  const inner = events
    .filter(
      (e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 3000 && e.name !== 'RunTask',
    )
    .slice(0, 4)
    .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)}`);
  console.log(
    `\n${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  task ${ms.toFixed(1)} ms  ${inner.join(' | ')}`,
  );
  const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
  if (within.length === 0 || ms < 20) continue;
  const self = new Map<string, number>();
  const app = new Map<string, number>();
  const phases = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const sample of within) {
    const leaf = nodes.get(sample.node);
    if (leaf) add(self, nameOf(leaf));
    // the app's frames of the sample, outermost first
    const stack: string[] = [];
    for (let node = leaf; node; node = node.parent === undefined ? undefined : nodes.get(node.parent))
      if (node.callFrame.url?.includes('/assets/')) stack.unshift(nameOf(node));
    for (const name of new Set(stack)) add(app, name);
    if (sourceMapDir) add(phases, phaseAndFrame(stack));
  }
  const msPerSample = ms / within.length;
  console.log(`  self:\n    ${top(self, msPerSample, 8).join('\n    ')}`);
  console.log(`  app (inclusive):\n    ${top(app, msPerSample, 12).join('\n    ')}`);
  if (sourceMapDir) console.log(`  by React phase:\n    ${top(phases, msPerSample, 12).join('\n    ')}`);
}
console.log(`\nBlocking time if every task took 4× as long (Lighthouse's phone): ${Math.round(blocking)} ms`);
