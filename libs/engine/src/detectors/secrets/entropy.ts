const ascii = new Int32Array(128);
const seen = new Int32Array(128);

/** Shannon entropy in bits per character of `s` (0 for the empty string). */
export function shannonEntropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  // ASCII counts in a reused table (this runs once per candidate value); other characters in a map.
  let distinct = 0;
  let wide: Map<number, number> | null = null;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      const k = ascii[c]!;
      ascii[c] = k + 1;
      if (k === 0) seen[distinct++] = c;
    } else {
      wide ??= new Map();
      wide.set(c, (wide.get(c) ?? 0) + 1);
    }
  }
  let h = 0;
  for (let j = 0; j < distinct; j++) {
    const c = seen[j]!;
    const p = ascii[c]! / n;
    ascii[c] = 0;
    h -= p * Math.log2(p);
  }
  if (wide) {
    for (const k of wide.values()) {
      const p = k / n;
      h -= p * Math.log2(p);
    }
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
