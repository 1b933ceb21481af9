/** Shannon entropy in bits per character of `s` (0 for the empty string). */
export function shannonEntropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const k of counts.values()) {
    const p = k / n;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Number of character classes present: lower, upper, digit, other. */
export function charClasses(s: string): number {
  let lower = 0;
  let upper = 0;
  let digit = 0;
  let other = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = 1;
    else if (c >= 65 && c <= 90) upper = 1;
    else if (c >= 48 && c <= 57) digit = 1;
    else other = 1;
  }
  return lower + upper + digit + other;
}
