/**
 * Finds encoded payloads embedded in text (base64, hex, URL percent-encoding, rot13) and decodes
 * those that decode to meaningful text. Random ids, hashes and binary blobs are rejected because
 * they do not decode to mostly printable, word-like text.
 */

export type Encoding = 'base64' | 'hex' | 'url' | 'rot13';

export interface DecodedPayload {
  start: number;
  end: number;
  encoding: Encoding;
  decoded: string;
}

const MIN_DECODED = 8;
const MAX_PAYLOADS = 64;
const MAX_CANDIDATE = 200_000;

/** base64 / base64url runs of 16+ characters (bounded: each character is consumed once). */
const BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g;
/** hex runs: plain, `\x41`-escaped, `0x41`-prefixed or space/colon-separated byte pairs. */
const HEX_PLAIN = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){8,}(?![0-9A-Fa-f])/g;
const HEX_ESCAPED = /(?:\\x[0-9A-Fa-f]{2}){4,}/g;
const HEX_SEPARATED = /(?<![0-9A-Za-z])[0-9A-Fa-f]{2}(?:[ :,][0-9A-Fa-f]{2}){7,}(?![0-9A-Za-z])/g;
/** URL-encoded runs with at least three escapes. */
const URL_ENC = /(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9._~+!*'();:@&=$,/?#-]){6,}/g;

const decoderUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Whether a run has both upper- and lower-case ASCII letters (one pass). */
function mixedCase(s: string): boolean {
  let upper = false;
  let lower = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) upper = true;
    else if (c >= 0x61 && c <= 0x7a) lower = true;
    if (upper && lower) return true;
  }
  return false;
}

/** Decoded text counts as meaningful when it is printable and word-like (letters and spaces). */
export function isMeaningfulText(s: string): boolean {
  if (s.length < MIN_DECODED) return false;
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  let upper = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      spaces++;
      printable++;
    } else if (c >= 0x21 && c < 0x7f) {
      printable++;
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) letters++;
      if (c >= 0x41 && c <= 0x5a) upper++;
    } else if (c >= 0xa0 && c !== 0xfffd) {
      printable++;
      if (/\p{L}/u.test(ch)) letters++;
    }
  }
  const n = [...s].length;
  if (printable / n < 0.95) return false;
  if (letters / n < 0.5) return false;
  // Either prose (spaces between words) or a credential-like key=value / JSON shape.
  if (spaces >= 1 && spaces / n <= 0.35) return upper / Math.max(1, letters) < 0.8 || spaces >= 2;
  return /[=:]/.test(s) && letters >= 6;
}

function decodeBase64(s: string): string | undefined {
  const clean = s.replace(/=+$/, '');
  if (clean.length % 4 === 1) return undefined;
  const b64 = clean.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Buffer.from(b64, 'base64');
  try {
    return decoderUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeHex(s: string): string | undefined {
  const hex = s.replace(/\\x|[ :,]/g, '');
  if (hex.length % 2 !== 0) return undefined;
  try {
    return decoderUtf8.decode(Buffer.from(hex, 'hex'));
  } catch {
    return undefined;
  }
}

function decodeUrl(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

export function rot13(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => {
    const b = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });
}

/** Common English words: a rot13 span is accepted when its decoding has many more of them. */
const COMMON = new Set(
  (
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my ' +
    'one all would there their what so up out if about who get which go me when make can like time no just him know take people ' +
    'into year your good some could them see other than then now look only come its over think also back after use two how our ' +
    'work first well way even new want because any these give day most us is are was were been has had did does said please ' +
    'ignore previous instructions instruction prompt system password secret reveal tell print show rules forget disregard ' +
    'above below text message key token access admin mode answer respond write output must should'
  ).split(' '),
);

function commonRatio(words: string[]): number {
  if (words.length === 0) return 0;
  let c = 0;
  for (const w of words) if (COMMON.has(w.toLowerCase())) c++;
  return c / words.length;
}

const WORD = /[A-Za-z]+/g;
const ROT13_SEGMENT = /[A-Za-z][A-Za-z ,.'!?:-]{15,400}/g;

/** rot13 of very common English words; plain text almost never contains two of them. */
const ROT13_HINT =
  /\b(?:gur|naq|lbh|lbhe|vf|bs|gb|vg|sbe|jvgu|guvf|cyrnfr|vtaber|cerivbhf|cebzcg|cnffjbeq|frperg|vafgehpgvbaf)\b/gi;

function findRot13(text: string, push: (p: DecodedPayload) => void): void {
  ROT13_HINT.lastIndex = 0;
  let hints = 0;
  while (hints < 2 && ROT13_HINT.exec(text) !== null) hints++;
  if (hints < 2) return;
  ROT13_SEGMENT.lastIndex = 0;
  for (let m = ROT13_SEGMENT.exec(text); m !== null; m = ROT13_SEGMENT.exec(text)) {
    const seg = m[0];
    const words = seg.match(WORD) ?? [];
    if (words.length < 3) continue;
    const before = commonRatio(words);
    if (before > 0.15) continue;
    const decoded = rot13(seg);
    const after = commonRatio(decoded.match(WORD) ?? []);
    if (after >= 0.35 && after - before >= 0.25) {
      push({ start: m.index, end: m.index + seg.length, encoding: 'rot13', decoded });
    }
  }
}

/**
 * Decodes embedded base64 / hex / URL-encoded / rot13 payloads of meaningful length, each with
 * original offsets. Only payloads that decode to printable, word-like text are returned.
 */
export function decodeEmbedded(original: string): DecodedPayload[] {
  const found: DecodedPayload[] = [];
  const push = (p: DecodedPayload): void => {
    if (found.length < MAX_PAYLOADS) found.push(p);
  };
  const scan = (re: RegExp, encoding: Encoding, decode: (s: string) => string | undefined): void => {
    re.lastIndex = 0;
    for (let m = re.exec(original); m !== null && found.length < MAX_PAYLOADS; m = re.exec(original)) {
      const s = m[0];
      if (s.length > MAX_CANDIDATE) continue;
      if (encoding === 'base64' && !/[A-Za-z]/.test(s)) continue;
      if (encoding === 'url' && (s.match(/%[0-9A-Fa-f]{2}/g)?.length ?? 0) < 3) continue;
      const decoded = decode(s);
      if (decoded === undefined || decoded === s) continue;
      if (!isMeaningfulText(decoded)) continue;
      push({ start: m.index, end: m.index + s.length, encoding, decoded });
    }
  };
  scan(HEX_ESCAPED, 'hex', decodeHex);
  scan(HEX_SEPARATED, 'hex', decodeHex);
  scan(HEX_PLAIN, 'hex', decodeHex);
  // Base64 of text always mixes upper and lower case; single-case runs (paths, slugs, hex) are skipped.
  scan(BASE64, 'base64', (s) => (!mixedCase(s) || /^[0-9A-Fa-f]+$/.test(s) ? undefined : decodeBase64(s)));
  if (/%[0-9A-Fa-f]{2}/.test(original)) scan(URL_ENC, 'url', decodeUrl);
  if (found.length < MAX_PAYLOADS) findRot13(original, push);
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Drop payloads nested inside an earlier one (a hex run inside a base64-looking run).
  const out: DecodedPayload[] = [];
  let lastEnd = -1;
  for (const p of found) {
    if (p.start < lastEnd) continue;
    out.push(p);
    lastEnd = p.end;
  }
  return out;
}

/** Every built-in pattern of this module (tested for linear-time safety). */
export const DECODE_PATTERNS: readonly RegExp[] = [
  BASE64,
  HEX_PLAIN,
  HEX_ESCAPED,
  HEX_SEPARATED,
  URL_ENC,
  ROT13_SEGMENT,
  ROT13_HINT,
  WORD,
];
