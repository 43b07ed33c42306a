/** One line of the benchmark table. */
export type BenchRow = { name: string; value: string; budget: string; isMet: boolean; note?: string };
