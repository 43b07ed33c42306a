import { type DensityRequest, densityOfCells } from './density-of-cells';

type Scope = {
  onmessage: ((event: MessageEvent<DensityRequest & { id: number }>) => void) | null;
  postMessage: (message: unknown, transfer: Transferable[]) => void;
};
const scope = self as unknown as Scope;

/** Blurs and colours a heatmap's density off the main thread; the arrays are moved back, not copied. */
scope.onmessage = (event) => {
  const { id, ...request } = event.data;
  const { grid, pixels } = densityOfCells(request);
  scope.postMessage({ id, grid, pixels }, [grid.values.buffer, pixels.buffer]);
};
