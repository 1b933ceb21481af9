/**
 * Facts about a user's RE2 pattern that let RegexFilter skip most of the text without changing
 * its matches. The scanner reads the pattern syntax conservatively: whatever it does not fully
 * understand makes it claim nothing (no literal, not line-local), which only costs speed.
 */
export interface PatternFacts {
  /**
   * Lower-cased text that every match contains (a run of plain characters at the top level of
   * the pattern). A text whose lower-cased form lacks it cannot match, whatever the flags.
   */
  literal: string | undefined;
  /**
   * No match can contain a newline, and the pattern has no start/end-of-text assertion: matching
   * each line on its own finds exactly the matches of the whole text (at a line's edges every
   * remaining assertion — \b, \B, multi-line ^ and $ — sees the same as next to a newline).
   */
  lineLocal: boolean;
}

const NOTHING: PatternFacts = { literal: undefined, lineLocal: false };
const REPEAT = /^\{\d+(?:,\d*)?\}/;
const isAlnum = (c: string) => /^[0-9A-Za-z]$/.test(c);
const isPlainAscii = (c: string) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) < 127;

/** Index just past an escape's `{...}` argument at `i` (\p{Greek}, \x{41}), or past `single` characters. */
function skipArgument(pattern: string, i: number, single: number): number {
  if (pattern[i] !== '{') return i + single;
  const close = pattern.indexOf('}', i);
  return close < 0 ? -1 : close + 1;
}

export function patternFacts(pattern: string, flags: string): PatternFacts {
  const multiLine = flags.includes('m');
  let lineLocal = true;
  let topLevelAlternation = false;
  let depth = 0;
  let run = '';
  let best = '';
  /** Whether the last top-level item was a literal appended to `run` (a quantifier takes it back). */
  let lastLiteral = false;
  const endRun = () => {
    if (run.length > best.length) best = run;
    run = '';
    lastLiteral = false;
  };
  const literal = (c: string) => {
    if (depth > 0) return;
    run += c.toLowerCase();
    lastLiteral = true;
  };
  const quantifier = () => {
    if (lastLiteral) run = run.slice(0, -1);
    endRun();
  };

  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return NOTHING;
      if (e === '\n') {
        lineLocal = false;
        endRun();
        i += 2;
      } else if (isPlainAscii(e) && !isAlnum(e)) {
        literal(e);
        i += 2;
      } else if (e === 'd' || e === 'w' || e === 'b' || e === 'B') {
        endRun();
        i += 2;
      } else if ('sSWDnCtrfvaAz'.includes(e)) {
        // \t \r \f \v \a could bound a class range that spans the newline: not worth telling apart.
        lineLocal = false;
        endRun();
        i += 2;
      } else if (e === 'p' || e === 'P' || e === 'x') {
        lineLocal = false;
        endRun();
        i = skipArgument(pattern, i + 2, e === 'x' ? 2 : 1);
        if (i < 0) return NOTHING;
      } else {
        // \Q...\E, octal, \u and anything else unusual.
        return NOTHING;
      }
      continue;
    }
    if (c === '[') {
      endRun();
      let j = i + 1;
      if (pattern[j] === '^') {
        lineLocal = false;
        j++;
      }
      if (pattern[j] === ']') j++;
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        const d = pattern[j]!;
        if (d === '\\') {
          const e = pattern[j + 1];
          if (e === undefined || e === 'Q' || /[0-9]/.test(e)) return NOTHING;
          if (e === 'p' || e === 'P' || e === 'x') {
            lineLocal = false;
            j = skipArgument(pattern, j + 2, e === 'x' ? 2 : 1) - 1;
            if (j < 0) return NOTHING;
          } else {
            if (!(isPlainAscii(e) && !isAlnum(e)) && !'dwb'.includes(e)) lineLocal = false;
            j++;
          }
        } else if (d === '[' && pattern[j + 1] === ':') {
          lineLocal = false;
          const close = pattern.indexOf(':]', j + 2);
          if (close < 0) return NOTHING;
          j = close + 1;
        } else if (d.charCodeAt(0) < 32) {
          lineLocal = false;
        }
      }
      if (j >= pattern.length) return NOTHING;
      i = j + 1;
      continue;
    }
    if (c === '(') {
      endRun();
      if (pattern[i + 1] === '?') {
        const head = /^\(\?([a-zA-Z-]*)([:)])/.exec(pattern.slice(i, i + 20));
        if (head) {
          if (/[sm]/.test(head[1]!)) lineLocal = false;
          // "(?flags)" sets flags for the rest of the group and opens nothing.
          if (head[2] === ')') {
            i += head[0].length;
            continue;
          }
        } else if (!/^\(\?P?<[A-Za-z_]/.test(pattern.slice(i, i + 5))) {
          return NOTHING;
        }
      }
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      depth--;
      if (depth < 0) return NOTHING;
      endRun();
      i++;
      continue;
    }
    if (c === '|') {
      if (depth === 0) topLevelAlternation = true;
      endRun();
      i++;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      quantifier();
      i++;
      continue;
    }
    if (c === '{') {
      const repeat = REPEAT.exec(pattern.slice(i, i + 30));
      if (!repeat) return NOTHING;
      quantifier();
      i += repeat[0].length;
      continue;
    }
    if (c === '.' || c === '^' || c === '$') {
      if (c === '.' ? flags.includes('s') : !multiLine) lineLocal = false;
      endRun();
      i++;
      continue;
    }
    if (c === '\n') lineLocal = false;
    if (isPlainAscii(c)) literal(c);
    else endRun();
    i++;
  }
  if (depth !== 0) return NOTHING;
  endRun();
  return { literal: topLevelAlternation || best === '' ? undefined : best, lineLocal };
}
