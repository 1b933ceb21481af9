/**
 * Recognisers for internal network facts: hostnames under internal suffixes, private / loopback /
 * link-local addresses and URLs. Every regex starts only at a token boundary and is linear-time.
 */
import { stickyOf } from '../regex/sticky.ts';

/** Dotted hostnames, starting at a token boundary (so the scan is linear). */
export const HOSTNAME = /(?<![\w.-])[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){1,12}(?![\w-])/gi;
/**
 * What `text.matchAll(pattern)` gives for a global pattern whose every match begins with a run of
 * `runChars` (possibly empty) ended by the match's first ".", behind a lookbehind that rejects a
 * run character or "." before the match (HOSTNAME, FILE_TOKEN). Such a match can only start where
 * the run before a dot starts, so the pattern is tried there only (sticky, one attempt) instead of
 * at every position of the text; the lookbehind itself is still evaluated by the pattern.
 */
export function matchesAtDots(
  text: string,
  pattern: RegExp,
  runChars: Uint8Array,
): Array<{ index: number; 0: string }> {
  const sticky = stickyCopy(pattern);
  const out: Array<{ index: number; 0: string }> = [];
  let searchFrom = 0;
  for (let dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', dot + 1)) {
    let start = dot;
    for (let c = text.charCodeAt(start - 1); start > 0 && c < 128 && runChars[c] === 1; ) {
      start--;
      c = text.charCodeAt(start - 1);
    }
    if (start < searchFrom) continue;
    sticky.lastIndex = start;
    const m = sticky.exec(text);
    if (!m) continue;
    out.push({ index: start, 0: m[0] });
    searchFrom = start + Math.max(1, m[0].length);
  }
  return out;
}

const stickyCopies = new WeakMap<RegExp, RegExp>();
function stickyCopy(pattern: RegExp): RegExp {
  let sticky = stickyCopies.get(pattern);
  if (!sticky) {
    sticky = stickyOf(pattern);
    stickyCopies.set(pattern, sticky);
  }
  return sticky;
}

/** ASCII characters of a set, as a 128-entry table for `matchesAtDots`. */
export function asciiTable(chars: RegExp): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (chars.test(String.fromCharCode(c))) table[c] = 1;
  return table;
}
/** The characters a HOSTNAME match runs over before its first dot. */
export const HOSTNAME_RUN = asciiTable(/[a-z0-9-]/i);

/** Dotted-quad IPv4 candidates (validated by `parseIPv4`). */
export const IPV4 = /(?<![\w.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\w]|\.\d)/g;
/** IPv6 loopback, link-local (fe80::/10) and unique-local (fc00::/7) addresses. */
export const IPV6_INTERNAL =
  /(?<![\w:])(?:::1(?![\w:])|fe[89ab][0-9a-f]:[0-9a-f:]{1,40}|f[cd][0-9a-f]{2}:[0-9a-f:]{1,40})/gi;
/** http(s)/ws(s) URLs up to whitespace or a closing delimiter. */
export const URL_RE = /\b(?:https?|wss?|ftp):\/\/[^\s<>"'`\])}]{1,2000}/gi;
/** `localhost:port` outside URLs. */
export const LOCALHOST_PORT = /(?<![\w.-])localhost:\d{2,5}\b/gi;

export const INTERNAL_SUFFIXES = [
  'internal',
  'corp',
  'local',
  'lan',
  'intranet',
  'localdomain',
  'home.arpa',
  'private',
  'svc',
  'cluster.local',
];

export function parseIPv4(s: string): number[] | undefined {
  const parts = s.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p > 255)) return undefined;
  if (s.split('.').some((p) => p.length > 1 && p.startsWith('0'))) return undefined;
  return parts;
}

/** The kind of a non-public IPv4 address, or undefined for a public one. */
export function privateIPv4Kind(s: string): string | undefined {
  const p = parseIPv4(s);
  if (!p) return undefined;
  const [a, b] = p as [number, number, number, number];
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private_ip';
  if (a === 127) return 'loopback_ip';
  if (a === 169 && b === 254) return 'link_local_ip';
  if (a === 100 && b >= 64 && b <= 127) return 'cgnat_ip';
  return undefined;
}

/** Whether `host` (lower-case) ends in one of `suffixes` as whole labels. */
export function hasSuffix(host: string, suffixes: readonly string[]): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  return suffixes.find((s) => h === s || h.endsWith(`.${s}`));
}

export interface Span {
  start: number;
  end: number;
  value: string;
}

export function matchAll(re: RegExp, text: string, max = 1000): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(re)) {
    out.push({ start: m.index, end: m.index + m[0].length, value: m[0] });
    if (out.length >= max) break;
  }
  return out;
}

/** Strips trailing punctuation that ends a sentence rather than a URL. */
export function trimUrl(u: string): string {
  return u.replace(/[.,;:!?*]+$/, '');
}
