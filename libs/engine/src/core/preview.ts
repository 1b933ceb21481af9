/** Helpers that make a finding's `preview` safe to return and log. */

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
