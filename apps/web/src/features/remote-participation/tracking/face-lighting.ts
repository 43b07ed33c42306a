/**
 * How well a face is lit, from a small copy of the camera frame: the mean luminance in the face's
 * box (0 black to 1 white) and how evenly its left and right halves are lit (1 even, 0 one half
 * black). A face lit from one side throws one eye into shadow, which the iris model reads badly.
 */
export type FaceLighting = { brightness: number; evenness: number };
type Box = { x: number; y: number; width: number; height: number };

/** Lighting the technical check accepts; below or beyond, the participant is told what to change. */
export const LIGHTING_LIMITS = { darkest: 0.2, brightest: 0.92, leastEven: 0.7 } as const;

const luminance = (pixels: Uint8ClampedArray, offset: number) =>
  (0.2126 * (pixels[offset] as number) +
    0.7152 * (pixels[offset + 1] as number) +
    0.0722 * (pixels[offset + 2] as number)) /
  255;

/** `pixels` is RGBA of a frame `width` pixels wide; `box` in the same pixels. */
export function faceLighting(pixels: Uint8ClampedArray, width: number, box: Box): FaceLighting {
  const height = pixels.length / 4 / width;
  const left = Math.max(0, Math.floor(box.x));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const top = Math.max(0, Math.floor(box.y));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  const middle = (left + right) / 2;
  const leftHalf = { sum: 0, count: 0 };
  const rightHalf = { sum: 0, count: 0 };
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      const half = x < middle ? leftHalf : rightHalf;
      half.sum += luminance(pixels, (y * width + x) * 4);
      half.count++;
    }
  const count = leftHalf.count + rightHalf.count;
  if (!count) return { brightness: 0, evenness: 0 };
  const first = leftHalf.count ? leftHalf.sum / leftHalf.count : 0;
  const second = rightHalf.count ? rightHalf.sum / rightHalf.count : 0;
  const brighter = Math.max(first, second);
  return {
    brightness: (leftHalf.sum + rightHalf.sum) / count,
    evenness: brighter > 0 ? Math.min(first, second) / brighter : 0,
  };
}
