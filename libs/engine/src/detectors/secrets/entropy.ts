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
  const terms = n <= MAX_TABULATED ? termsFor(n) : null;
  for (let j = 0; j < distinct; j++) {
    const c = seen[j]!;
    const k = ascii[c]!;
    ascii[c] = 0;
    h -= terms ? terms[k]! : term(k, n);
  }
  if (wide) for (const k of wide.values()) h -= term(k, n);
  return h;
}

/** p·log2(p) for a character seen `k` times in `n`. */
function term(k: number, n: number): number {
  const p = k / n;
  return p * Math.log2(p);
}

/**
 * term(k, n) by k for each length n up to MAX_TABULATED, made when a value of that length first
 * comes: a value's entropy then costs no logarithm (Math.log2 dominated it), and the arithmetic is
 * the same, so is the result to the last bit.
 */
const MAX_TABULATED = 256;
const termTables: Float64Array[] = [];
function termsFor(n: number): Float64Array {
  let table = termTables[n];
  if (!table) {
    table = new Float64Array(n + 1);
    for (let k = 1; k <= n; k++) table[k] = term(k, n);
    termTables[n] = table;
  }
  return table;
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
