import { describe, expect, it } from 'vitest';
import { faceLighting } from './face-lighting';

/** An RGBA frame whose left and right halves have the given grey levels (0–255). */
function frame(width: number, height: number, leftGrey: number, rightGrey: number) {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const grey = x < width / 2 ? leftGrey : rightGrey;
      pixels.set([grey, grey, grey, 255], (y * width + x) * 4);
    }
  return pixels;
}

describe('faceLighting', () => {
  it('reads an evenly lit face as even, with its mean brightness', () => {
    const lighting = faceLighting(frame(80, 60, 128, 128), 80, { x: 20, y: 10, width: 40, height: 40 });
    expect(lighting.brightness).toBeCloseTo(128 / 255);
    expect(lighting.evenness).toBeCloseTo(1);
  });

  it('reads a face lit from one side as uneven', () => {
    const lighting = faceLighting(frame(80, 60, 40, 200), 80, { x: 20, y: 10, width: 40, height: 40 });
    expect(lighting.evenness).toBeCloseTo(40 / 200);
    expect(lighting.brightness).toBeCloseTo(120 / 255);
  });

  it('clips a box that reaches past the frame, and reads an empty box as dark', () => {
    expect(
      faceLighting(frame(80, 60, 100, 100), 80, { x: 60, y: 40, width: 100, height: 100 }).brightness,
    ).toBeCloseTo(100 / 255);
    expect(faceLighting(frame(80, 60, 100, 100), 80, { x: 200, y: 200, width: 10, height: 10 })).toEqual({
      brightness: 0,
      evenness: 0,
    });
  });
});
