import { vi } from 'vitest';

/** jsdom draws nothing: uPlot gets a canvas context and Path2D that accept every call. */
export function stubCanvas() {
  const context = new Proxy<Record<string | symbol, unknown>>(
    {},
    {
      get: (target, key) => (key in target ? target[key] : () => ({ width: 0 })),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.stubGlobal(
    'Path2D',
    class {
      moveTo() {}
      lineTo() {}
      rect() {}
      arc() {}
      bezierCurveTo() {}
      closePath() {}
      addPath() {}
    },
  );
}
