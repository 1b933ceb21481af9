import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { stickyOf } from '../../detectors/regex/sticky.ts';

export const DATA_URL =
  /\bdata:[\w.+-]{1,100}\/[\w.+-]{1,100}(?:;[\w.+-]{1,50}=[\w.+-]{1,100}){0,5}(?:;base64)?,/gi;
/** A run of base64 characters starting at a run boundary (so each run is scanned once). */
export const BASE64_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{32,}={0,2}/g;
/** MIME-style base64: lines of 60–76 characters. */
export const BASE64_LINES = /(?<![A-Za-z0-9+/])(?:[A-Za-z0-9+/]{60,76}\r?\n){3,}/g;
/** Characters of BASE64_RUN runs, which include those of BASE64_LINES and HEX_RUN runs. */
const BASE64_URL_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-')
  BASE64_URL_CHAR[c.charCodeAt(0)] = 1;
export const HEX_RUN = /(?<![0-9A-Fa-f])(?:0x)?[0-9A-Fa-f]{64,}(?![0-9A-Fa-f])/g;
export const HEX_ESCAPES = /(?:\\x[0-9a-fA-F]{2}){16,}|(?:0x[0-9a-fA-F]{2},\s?){16,}/g;
/** Magic numbers of executables and archives appearing as raw text. */
export const MAGIC = /%PDF-\d|PK\x03\x04|\x7fELF|MZ\x90\x00|\x89PNG\r\n\x1a\n|\x1f\x8b\x08|Rar!\x1a\x07/g;

const BASE64_RUN_STICKY = stickyOf(BASE64_RUN);
const HEX_RUN_STICKY = stickyOf(HEX_RUN);

/**
 * What `text.matchAll(pattern)` gives when every match lies inside one of `runs` (pairs [start,
 * end)) of at least `minRun` characters: `sticky` (the pattern with the y flag) is tried at each
 * position of those runs, skipping positions inside the previous match, as the global scan does.
 */
function matchesInRuns(
  text: string,
  sticky: RegExp,
  runs: readonly number[],
  minRun: number,
): Array<{ index: number; 0: string }> {
  const out: Array<{ index: number; 0: string }> = [];
  for (let r = 0; r < runs.length; r += 2) {
    const end = runs[r + 1]!;
    for (let p = runs[r]!; end - p >= minRun; ) {
      sticky.lastIndex = p;
      const m = sticky.exec(text);
      if (!m) {
        p++;
        continue;
      }
      out.push({ index: p, 0: m[0] });
      p += Math.max(1, m[0].length);
    }
  }
  return out;
}

export const binaryAttachment = defineGuardrail({
  name: 'BinaryAttachment',
  stages: ['input', 'output'],
  category: 'output-safety',
  description:
    'Finds binary payloads in text: data URLs, long base64 blobs (single-run or MIME lines), long hex strings and \\x escapes, file magic numbers (PDF, ZIP, ELF, PE, PNG, gzip) and control characters. Non-ASCII prose (CJK, emoji) is never counted as binary.',
  defaultSeverity: 'high',
  config: {
    minPayloadLength: z
      .number()
      .int()
      .min(32)
      .max(10_000_000)
      .default(256)
      .describe('Shortest base64 or hex run reported.'),
    allowDataUrls: z.boolean().default(false).describe('Let data: URLs through.'),
    allowBase64: z.boolean().default(false).describe('Let base64 blobs through.'),
    allowHex: z.boolean().default(false).describe('Let hex blobs and \\x escapes through.'),
    maxControlCharRatio: z
      .number()
      .min(0)
      .max(1)
      .default(0.01)
      .describe(
        'Largest share of C0 control characters (other than tab, newline, carriage return) before the text counts as binary.',
      ),
  },
  example: { minPayloadLength: 512, allowDataUrls: false },
  create(config) {
    return ({ text }) => {
      const findings: Finding[] = [];
      const add = (type: string, start: number, end: number) =>
        findings.push({
          type,
          start,
          end,
          preview: `${excerpt(text, start, Math.min(end, start + 40))} (${end - start} chars)`,
        });
      // One pass: control characters (first 200 000) and the longest run of base64 / hex characters,
      // which the base64 and hex patterns need at least 32, 60 or 64 of.
      // A BASE64_RUN or HEX_RUN match lies inside one run of 32+ (64+) such characters: the runs of
      // 32+ are kept ([start, end) pairs) and those patterns are tried inside them only.
      let control = 0;
      let longestRun = 0;
      const longRuns: number[] = [];
      const n = Math.min(text.length, 200_000);
      for (let i = 0, runStart = 0; i <= text.length; i++) {
        const c = i < text.length ? text.charCodeAt(i) : 0;
        if (c < 128 && BASE64_URL_CHAR[c] === 1) continue;
        const run = i - runStart;
        if (run > longestRun) longestRun = run;
        if (run >= 32) longRuns.push(runStart, i);
        runStart = i + 1;
        if (i < n && ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127)) control++;
      }
      if (!config.allowDataUrls && text.includes('data:'))
        for (const m of text.matchAll(DATA_URL)) add('data_url', m.index, m.index + m[0].length);
      if (!config.allowBase64 && longestRun >= 32) {
        for (const m of matchesInRuns(text, BASE64_RUN_STICKY, longRuns, 32)) {
          const s = m[0];
          if (s.length < config.minPayloadLength) continue;
          if (/^[a-z_-]+$/.test(s) || (/^[A-Z_-]+$/.test(s) && s.length < 64)) continue;
          if (findings.some((f) => f.type === 'data_url' && f.end === m.index)) continue;
          if (/^(?:0x)?[0-9A-Fa-f]+$/.test(s) && /\d/.test(s)) continue; // hex, judged below
          add('base64', m.index, m.index + s.length);
        }
        if (longestRun >= 60)
          for (const m of text.matchAll(BASE64_LINES))
            if (m[0].length >= config.minPayloadLength) add('base64', m.index, m.index + m[0].length);
      }
      if (!config.allowHex) {
        if (longestRun >= 64)
          for (const m of matchesInRuns(text, HEX_RUN_STICKY, longRuns, 64)) {
            if (m[0].length >= config.minPayloadLength && /\d/.test(m[0]))
              add('hex', m.index, m.index + m[0].length);
          }
        if (text.includes('\\x') || text.includes('0x'))
          for (const m of text.matchAll(HEX_ESCAPES)) add('hex_escapes', m.index, m.index + m[0].length);
      }
      for (const m of text.matchAll(MAGIC)) add('file_signature', m.index, m.index + m[0].length);
      if (control >= 4 && control / Math.max(1, n) > config.maxControlCharRatio) add('binary', 0, n);
      if (findings.length === 0) return { passed: true, message: 'No binary payload' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Binary payload(s): ${types.join(', ')}`,
        findings,
        details: { types, controlChars: control },
      };
    };
  },
});
export const BINARY_PATTERNS = [DATA_URL, BASE64_RUN, BASE64_LINES, HEX_RUN, HEX_ESCAPES];
