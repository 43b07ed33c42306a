import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder of screenshots with gaze, as saliency-eval.ts reads it:
 * - `dataset.json`: `{ name, gaze: "generated" | "recorded", description, images: ["a.png", …] }`;
 *   `gaze` says whether people or a generator looked, and the evaluation prints it;
 * - per image `a.png` (the screenshot, 1 px = 1 CSS px) and `a.fixations.csv` with the columns
 *   `participant,visit,t_ms,duration_ms,x,y`: one fixation a row, `t_ms` its start in ms since the
 *   start of that visit of the page, `x`, `y` in page px (scroll included).
 */
export type PageFixation = {
  participant: string;
  visit: number;
  tMs: number;
  durationMs: number;
  x: number;
  y: number;
};

export type GazeDataset = {
  name: string;
  gaze: 'generated' | 'recorded';
  description: string;
  images: { image: string; fixations: PageFixation[] }[];
};

const HEADER = 'participant,visit,t_ms,duration_ms,x,y';

const fixationsFile = (image: string) => image.replace(/\.png$/i, '.fixations.csv');

export function writeGazeFolder(dir: string, dataset: GazeDataset): void {
  const { images, ...about } = dataset;
  writeFileSync(
    join(dir, 'dataset.json'),
    `${JSON.stringify({ ...about, images: images.map((i) => i.image) }, null, 2)}\n`,
  );
  for (const { image, fixations } of images) {
    const rows = fixations.map((f) => [f.participant, f.visit, f.tMs, f.durationMs, f.x, f.y].join(','));
    writeFileSync(join(dir, fixationsFile(image)), `${[HEADER, ...rows].join('\n')}\n`);
  }
}

export function readGazeFolder(dir: string): GazeDataset {
  const about = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as Omit<GazeDataset, 'images'> & {
    images: string[];
  };
  if (about.gaze !== 'generated' && about.gaze !== 'recorded')
    throw new Error(`${dir}/dataset.json: "gaze" must be "generated" or "recorded"`);
  return {
    ...about,
    images: about.images.map((image) => ({
      image,
      fixations: readFixations(join(dir, fixationsFile(image))),
    })),
  };
}

function readFixations(file: string): PageFixation[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  if (header !== HEADER) throw new Error(`${file}: the header must be ${HEADER}`);
  return lines.map((line, i) => {
    const [participant, ...numbers] = line.split(',');
    const [visit, tMs, durationMs, x, y] = numbers.map(Number);
    if (participant === undefined || [visit, tMs, durationMs, x, y].some((v) => !Number.isFinite(v)))
      throw new Error(`${file}:${i + 2}: expected ${HEADER}`);
    return {
      participant,
      visit: visit as number,
      tMs: tMs as number,
      durationMs: durationMs as number,
      x: x as number,
      y: y as number,
    };
  });
}
