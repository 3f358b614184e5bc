/** One figure a benchmark prints. Figures are reported, never asserted: these machines are shared and noisy. */
export interface BenchResult {
  name: string;
  figure: number;
  unit: string;
  /** The target, in words ("< 2 ms"), where there is one. */
  target?: string;
  /** figure of a naive baseline measured in the same run divided by this figure (>1 means faster). */
  ratio?: number;
}
