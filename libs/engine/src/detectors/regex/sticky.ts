/** A copy of `pattern` with the y flag instead of g: it matches only at `lastIndex`. */
export function stickyOf(pattern: { source: string; flags: string }): RegExp {
  return new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`);
}
