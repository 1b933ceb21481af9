/**
 * SQL literal helpers for ClickHouse.
 *
 * ClickHouse 18.16 (Debian's server) has no server-side query parameters, so every value that reaches
 * SQL goes through one of these helpers: strings are quoted and escaped, numbers are checked to be finite
 * integers in range, identifiers are restricted to a safe alphabet. Nothing else may be interpolated.
 */

const HEX = '0123456789ABCDEF';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Quotes a string as a ClickHouse single-quoted literal.
 *
 * Backslash and single quote are backslash-escaped; every C0 control character and DEL is written as a
 * `\xHH` escape (understood by 18.16 and current releases), so the literal never contains a raw NUL,
 * newline, tab or other control byte. Non-ASCII text is passed through as UTF-8; lone surrogates (which
 * cannot be encoded as UTF-8) are replaced by U+FFFD, exactly as the HTTP body encoder would do.
 */
export function quoteString(value: string): string {
  if (typeof value !== 'string') throw new TypeError('quoteString expects a string');
  const text = value.replace(LONE_SURROGATE, '\uFFFD');
  let out = "'";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x5c) out += '\\\\';
    else if (ch === 0x27) out += "\\'";
    else if (ch < 0x20 || ch === 0x7f) out += '\\x' + HEX[ch >> 4] + HEX[ch & 0xf];
    else out += text[i];
  }
  return out + "'";
}

/** A non-negative safe integer as a literal (e.g. epoch milliseconds); throws on anything else. */
export function uintLiteral(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`not a non-negative safe integer: ${value}`);
  return String(value);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Validates an identifier (database or table name) against a conservative alphabet and backquotes it. */
export function quoteIdentifier(name: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name))
    throw new RangeError(`invalid ClickHouse identifier: ${JSON.stringify(name)}`);
  return '`' + name + '`';
}

/** True when `name` may be used as a database/table name. */
export const isValidIdentifier = (name: string): boolean => IDENTIFIER.test(name);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as a quoted string literal; throws unless it is a uuid. */
export function uuidLiteral(value: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new RangeError('not a uuid');
  return "'" + value + "'";
}

/** One of a fixed set of values as a quoted literal; throws for anything outside the set. */
export function enumLiteral<T extends string>(value: T, allowed: readonly T[]): string {
  if (!allowed.includes(value)) throw new RangeError(`value not allowed: ${JSON.stringify(value)}`);
  return quoteString(value);
}
