import type { HeatmapPoints } from '@limbus/contract';
import { startTransition, useEffect, useState } from 'react';
import { type Density, type DensityRequest, densityOfCells } from './density-of-cells';

type Size = { width: number; height: number };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (density: Density) => void; reject: (error: Error) => void }>();

function densityWorker(): Worker | null {
  if (worker || typeof Worker === 'undefined') return worker;
  worker = new Worker(new URL('./density.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<Density & { id: number }>) => {
    const { id, ...density } = event.data;
    pending.get(id)?.resolve(density);
    pending.delete(id);
  };
  worker.onerror = () => {
    for (const { reject } of pending.values()) reject(new Error('The heatmap could not be computed'));
    pending.clear();
    worker = null;
  };
  return worker;
}

/** In the worker; on the main thread where there is none or it failed. */
async function compute(request: DensityRequest): Promise<Density> {
  const target = densityWorker();
  if (!target) return densityOfCells(request);
  const id = nextId++;
  try {
    return await new Promise<Density>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      target.postMessage({ id, ...request });
    });
  } catch {
    return densityOfCells(request);
  }
}

/** One computation per answer and page size: the heatmap and the boxes' shares often ask for the same. */
const computed = new WeakMap<HeatmapPoints, Map<string, Promise<Density>>>();

export function densityOf(points: HeatmapPoints, size: Size): Promise<Density> {
  const bySize = computed.get(points) ?? new Map<string, Promise<Density>>();
  computed.set(points, bySize);
  const key = `${size.width}x${size.height}`;
  let density = bySize.get(key);
  if (!density) {
    density = compute({ cells: points.cells, cellPx: points.cell_px, ...size });
    bySize.set(key, density);
  }
  return density;
}

/**
 * The density of a points answer over a page of `size`, computed in a Web Worker (the blur of a
 * long page is hundreds of milliseconds of a phone's main thread); null until it is ready, or
 * without points or size.
 */
export function useDensity(points: HeatmapPoints | undefined, size: Size | null): Density | null {
  const [state, setState] = useState<{ points: HeatmapPoints; key: string; density: Density } | null>(null);
  const key = size ? `${size.width}x${size.height}` : '';
  useEffect(() => {
    if (!points || !size) return;
    let live = true;
    void densityOf(points, size).then((density) => {
      // A transition: the heatmap and its panels render in slices, not in one long task.
      if (live) startTransition(() => setState({ points, key: `${size.width}x${size.height}`, density }));
    });
    return () => {
      live = false;
    };
  }, [points, size]);
  return state && state.points === points && state.key === key ? state.density : null;
}
