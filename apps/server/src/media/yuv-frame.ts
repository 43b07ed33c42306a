export type Rgb = readonly [number, number, number];

/**
 * One raw yuv420p frame (BT.601, limited range): the Y plane, then U and V at half width and
 * height. Painting straight in ffmpeg's input format spares a colour conversion per frame.
 */
export type YuvFrame = { width: number; height: number; data: Uint8Array };

export function createYuvFrame(width: number, height: number): YuvFrame {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 2 && height >= 2))
    throw new RangeError(`A frame needs a positive integer size, got ${width}×${height}`);
  if (width % 2 !== 0 || height % 2 !== 0)
    throw new RangeError(`yuv420p needs an even width and height, got ${width}×${height}`);
  return { width, height, data: new Uint8Array((width * height * 3) / 2) };
}

/** BT.601 limited-range Y, U, V of an sRGB colour (ffmpeg's default matrix for yuv420p). */
export function rgbToYuv([r, g, b]: Rgb): Rgb {
  return [
    16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255,
    128 + (-37.797 * r - 74.203 * g + 112 * b) / 255,
    128 + (112 * r - 93.786 * g - 18.214 * b) / 255,
  ];
}

/** Fills the frame with a gradient from `from` (top left) to `to` (bottom right). */
export function fillDiagonalGradient(frame: YuvFrame, from: Rgb, to: Rgb): void {
  const a = rgbToYuv(from);
  const b = rgbToYuv(to);
  forEachPlane(frame, (plane, offset, cols, rows) => {
    const d = b[plane] - a[plane];
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        // YUV is linear in RGB, so interpolating it equals interpolating the colours.
        const p = (x / Math.max(1, cols - 1) + y / Math.max(1, rows - 1)) / 2;
        frame.data[offset + y * cols + x] = Math.round(a[plane] + p * d);
      }
    }
  });
}

export type Shape = { kind: 'disc' | 'square'; cx: number; cy: number; radius: number };

/** Paints a disc (or a square of side 2 × radius) centred at (cx, cy) in frame pixels. */
export function fillShape(frame: YuvFrame, shape: Shape, color: Rgb): void {
  const yuv = rgbToYuv(color);
  forEachPlane(frame, (plane, offset, cols, rows, scale) => {
    const cx = shape.cx * scale;
    const cy = shape.cy * scale;
    const r = shape.radius * scale;
    const value = Math.round(yuv[plane]);
    const x0 = Math.max(0, Math.floor(cx - r));
    const x1 = Math.min(cols - 1, Math.ceil(cx + r));
    const y0 = Math.max(0, Math.floor(cy - r));
    const y1 = Math.min(rows - 1, Math.ceil(cy + r));
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      for (let x = x0; x <= x1; x++) {
        const dx = x + 0.5 - cx;
        const isInside =
          shape.kind === 'disc' ? dx * dx + dy * dy <= r * r : Math.abs(dx) <= r && Math.abs(dy) <= r;
        if (isInside) frame.data[offset + y * cols + x] = value;
      }
    }
  });
}

/** Calls `paint` for Y, U and V with the plane's offset, size and scale to luma pixels. */
function forEachPlane(
  frame: YuvFrame,
  paint: (plane: 0 | 1 | 2, offset: number, cols: number, rows: number, scale: number) => void,
): void {
  const { width, height } = frame;
  const luma = width * height;
  paint(0, 0, width, height, 1);
  paint(1, luma, width / 2, height / 2, 0.5);
  paint(2, luma + luma / 4, width / 2, height / 2, 0.5);
}
