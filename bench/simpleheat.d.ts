declare module 'simpleheat' {
  type Simpleheat = {
    data(points: [number, number, number][]): Simpleheat;
    max(value: number): Simpleheat;
    radius(r: number, blur?: number): Simpleheat;
    draw(minOpacity?: number): Simpleheat;
    _createCanvas: () => unknown;
  };
  function simpleheat(canvas: unknown): Simpleheat;
  export default simpleheat;
}
