/**
 * The part of @vladmandic/human the face tracking uses, under the name vite.config.ts aliases to
 * its browser build. Its own typings import TensorFlow's, which declare WebGPU's canvas context
 * for the whole program and break the types of every canvas of the app.
 */
declare module 'face-engine' {
  type Box = [number, number, number, number];
  type Point = number[];
  export type FaceResult = {
    score: number;
    box: Box;
    boxRaw: Box;
    mesh: Point[];
    rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
    emotion?: { score: number; emotion: string }[];
  };
  export class Human {
    constructor(config: Record<string, unknown>);
    load(): Promise<void>;
    detect(input: ImageBitmap): Promise<{ face: FaceResult[] }>;
  }
}
