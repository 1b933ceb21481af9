/**
 * Simple globs for names (tools, models, permissions): `*` matches any run of characters
 * (including none), `?` one character; everything else is literal. Matching is iterative with a
 * single backtrack point, so it is linear-ish in practice and never exponential.
 */
export type NameMatcher = (name: string) => boolean;

export function compileGlob(pattern: string, caseInsensitive = true): NameMatcher {
  const p = caseInsensitive ? pattern.toLowerCase() : pattern;
  if (!p.includes('*') && !p.includes('?')) {
    return (name) => (caseInsensitive ? name.toLowerCase() : name) === p;
  }
  return (name) => globMatch(p, caseInsensitive ? name.toLowerCase() : name);
}

/** Matches any of the globs. */
export function compileGlobs(patterns: readonly string[], caseInsensitive = true): NameMatcher {
  const matchers = patterns.map((p) => compileGlob(p, caseInsensitive));
  return (name) => matchers.some((m) => m(name));
}

export function isGlob(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}

function globMatch(p: string, s: string): boolean {
  let pi = 0;
  let si = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    if (pi < p.length && (p[pi] === '?' || p[pi] === s[si])) {
      pi++;
      si++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = si;
    } else if (star !== -1) {
      pi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}
