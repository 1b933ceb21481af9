/** A rate as the training scripts print it: 0.1234 -> "12.3%". */
export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
