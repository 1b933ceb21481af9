/** Helpers that make a finding's `preview` safe to return and log. */
import type { Finding } from './types.ts';

const MAX_EXCERPT = 80;

/** Masks a secret so that it can be recognised but never recovered: `AKIA…[20]`. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return `${'*'.repeat(value.length)}[${value.length}]`;
  const keep = value.length >= 20 ? 4 : 2;
  return `${value.slice(0, keep)}…[${value.length}]`;
}

/** Masks a personal identifier keeping its shape: `j***@e******.com`, `***-**-6789`. */
export function maskIdentifier(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  const visibleTail = value.length >= 10 ? 4 : 2;
  const head = value.slice(0, value.length - visibleTail).replace(/[\p{L}\p{N}]/gu, '*');
  return head + value.slice(value.length - visibleTail);
}

/** A short excerpt of non-sensitive matched text (an injection phrase, a banned word). */
export function excerpt(text: string, start: number, end: number): string {
  const s = text.slice(start, end).replace(/\s+/g, ' ');
  return s.length > MAX_EXCERPT ? `${s.slice(0, MAX_EXCERPT - 1)}…` : s;
}

/** The finding of a regex match over non-sensitive text, previewed as an excerpt. */
export function matchFinding(
  type: string,
  text: string,
  m: { index: number; 0: string },
  score?: number,
): Finding {
  const end = m.index + m[0].length;
  const preview = excerpt(text, m.index, end);
  return score === undefined
    ? { type, start: m.index, end, preview }
    : { type, start: m.index, end, score, preview };
}
