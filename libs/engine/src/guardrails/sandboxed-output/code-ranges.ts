/**
 * Where a Markdown renderer shows text as code, not as HTML: fenced code blocks (``` or ~~~, up to
 * three spaces of indent, closed by a fence of the same character at least as long, or by the end of
 * the text) and inline code spans (a run of n backticks closed by the next run of exactly n, as
 * CommonMark reads them, within one paragraph). Sorted, non-overlapping [start, end) ranges; one
 * pass, linear time.
 */
export function markdownCodeRanges(text: string): Array<[number, number]> {
  if (!text.includes('`') && !text.includes('~~~')) return [];
  const ranges: Array<[number, number]> = [];
  /** Backtick runs outside fences: start, length and paragraph (fences and blank lines end one). */
  const runs: Array<[number, number, number]> = [];
  let paragraph = 0;
  const n = text.length;
  let lineStart = 0;
  let fence: { char: string; length: number; start: number } | undefined;
  let tick = text.indexOf('`');
  while (lineStart < n) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = n;
    const opened = fenceAt(text, lineStart, lineEnd);
    if (fence) {
      if (opened && opened.char === fence.char && opened.length >= fence.length && opened.bare) {
        ranges.push([fence.start, lineEnd]);
        fence = undefined;
        paragraph++;
      }
    } else if (opened && !(opened.char === '`' && opened.infoHasBacktick)) {
      fence = { char: opened.char, length: opened.length, start: lineStart };
    } else if (isBlank(text, lineStart, lineEnd)) {
      paragraph++;
    } else {
      // The next backtick from here, found once: the cursor only moves forward.
      if (tick >= 0 && tick < lineStart) tick = text.indexOf('`', lineStart);
      while (tick >= 0 && tick < lineEnd) {
        let j = tick;
        while (j < lineEnd && text.charCodeAt(j) === 0x60) j++;
        runs.push([tick, j - tick, paragraph]);
        tick = text.indexOf('`', j);
      }
    }
    lineStart = lineEnd + 1;
  }
  if (fence) ranges.push([fence.start, n]);

  // Each run closes at the next run of its length; the runs between are inside the span. Per
  // length, a pointer into that length's runs only moves forward: linear over all runs.
  const byLength = new Map<number, number[]>();
  runs.forEach(([, length], k) => {
    const list = byLength.get(length);
    if (list) list.push(k);
    else byLength.set(length, [k]);
  });
  const pointer = new Map<number, number>();
  const spans: Array<[number, number]> = [];
  for (let k = 0; k < runs.length; k++) {
    const [start, length, inParagraph] = runs[k]!;
    const list = byLength.get(length)!;
    let p = pointer.get(length) ?? 0;
    while (p < list.length && list[p]! <= k) p++;
    pointer.set(length, p);
    if (p === list.length || runs[list[p]!]![2] !== inParagraph) continue;
    const close = list[p]!;
    spans.push([start, runs[close]![0] + length]);
    k = close;
  }
  return [...ranges, ...spans].sort((x, y) => x[0] - y[0]);
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** A fence line: up to three spaces, then three or more backticks or tildes. */
function fenceAt(
  text: string,
  from: number,
  to: number,
): { char: string; length: number; bare: boolean; infoHasBacktick: boolean } | undefined {
  let i = from;
  while (i < to && i - from < 3 && text.charCodeAt(i) === 0x20) i++;
  const char = text[i];
  if (char !== '`' && char !== '~') return undefined;
  let j = i;
  while (j < to && text[j] === char) j++;
  if (j - i < 3) return undefined;
  const info = text.slice(j, to);
  return { char, length: j - i, bare: info.trim() === '', infoHasBacktick: info.includes('`') };
}

/** Whether [start, end) lies inside one of the sorted ranges. */
export function insideRanges(ranges: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = ranges[mid]!;
    if (end <= s) hi = mid - 1;
    else if (start >= e) lo = mid + 1;
    else return start >= s && end <= e;
  }
  return false;
}
