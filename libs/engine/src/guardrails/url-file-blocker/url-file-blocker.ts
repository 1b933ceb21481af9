import { createRequire } from 'node:module';
import { domainToUnicode } from 'node:url';
import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';
import {
  asciiTable,
  HOSTNAME,
  HOSTNAME_RUN,
  IPV4,
  matchesAtDots,
  parseIPv4,
  trimUrl,
  URL_RE,
} from '../../detectors/network/internal.ts';

const require = createRequire(import.meta.url);
/** Unicode confusables skeleton (the maintained `unhomoglyph` data set). */
const unhomoglyph = require('unhomoglyph') as (s: string) => string;

/** Common top-level domains, to tell `example.com` (a domain) from `config.json` or `Node.js`. */
const TLDS = new Set(
  'com org net edu gov mil int io ai co dev app info biz xyz online site tech me tv us uk de fr es it nl be ch at se no dk fi pl ru cn jp kr in br au ca mx ar za ch cz ua tr ir eu asia cloud store shop blog news'.split(
    ' ',
  ),
);
/** Absolute and home-relative Unix paths with at least two segments; `and/or` never matches. */
export const UNIX_PATH =
  /(?<![\w.~/:-])(?:~|\.{1,2})?\/(?:[\w.@-]{1,100}\/){1,30}[\w.@-]{0,100}|(?<![\w.~/:-])\/(?:etc|bin|usr|var|tmp|root|home|opt|proc|dev|sys|srv|mnt)\b/g;
export const WINDOWS_PATH =
  /\b[A-Za-z]:\\(?:[^\s\\/:*?"<>|]{1,100}\\?){0,30}|(?<![\w\\])\\\\[\w.-]{1,63}\\[\w$.-]{1,80}/g;
export const FILE_TOKEN = /(?<![\w.-])[\w-]{0,100}(?:\.[\w-]{1,100}){1,6}(?![\w-])/g;
/** The characters a FILE_TOKEN match runs over before its first dot. */
const FILE_TOKEN_RUN = asciiTable(/[\w-]/);
export const FILE_URL = /\bfile:\/\/[^\s<>"']{1,2000}/gi;

const DEFAULT_EXTENSIONS = [
  'env',
  'pem',
  'key',
  'crt',
  'p12',
  'pfx',
  'jks',
  'keystore',
  'kdbx',
  'ppk',
  'ovpn',
  'rdp',
  'sqlite',
  'sqlite3',
  'db',
  'bak',
  'dump',
  'exe',
  'dll',
  'bat',
  'ps1',
  'scr',
  'vbs',
  'msi',
  'jar',
  'apk',
];
const SENSITIVE_NAMES = new Set([
  '.env',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '.htpasswd',
  '.git-credentials',
  'authorized_keys',
]);

export const urlFileBlocker = defineGuardrail({
  name: 'UrlFileBlocker',
  stages: ['input', 'output'],
  category: 'output-safety',
  description:
    'Finds URLs and bare domains (outside an allow-list), IP addresses, file paths (Unix, Windows, UNC, file://) and sensitive file types (.env, .pem, id_rsa, .sqlite …). Internationalised domains are decoded from punycode and flagged when they mix scripts or imitate an allowed domain (homoglyphs). "and/or" and "1/2" are not paths.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    blockUrls: z.boolean().default(true).describe('Report URLs and bare domains not in `allowedDomains`.'),
    allowedDomains: z
      .array(z.string().min(1).max(253))
      .max(1000)
      .default([])
      .describe(
        'Domains (globs like `*.example.com`) that may appear; their look-alikes are still reported.',
      ),
    blockIps: z.boolean().default(true).describe('Report IPv4 addresses.'),
    blockPaths: z.boolean().default(true).describe('Report file-system paths.'),
    blockedExtensions: z
      .array(
        z
          .string()
          .min(1)
          .max(20)
          .regex(/^[\w-]+$/),
      )
      .max(200)
      .default(DEFAULT_EXTENSIONS)
      .describe('File extensions (without dot) that are reported wherever a file name appears.'),
  },
  example: { allowedDomains: ['example.com', '*.example.com'], blockPaths: true, blockIps: false },
  create(config) {
    const allowed = compileGlobs(config.allowedDomains);
    const allowedSkeletons = new Map(
      config.allowedDomains
        .filter((d) => !d.includes('*'))
        .map((d) => [unhomoglyph(domainToUnicode(d.toLowerCase()) || d.toLowerCase()), d.toLowerCase()]),
    );
    const exts = new Set(config.blockedExtensions.map((e) => e.toLowerCase()));
    const judgeHost = (host: string): string | undefined => {
      const ascii = host.toLowerCase().replace(/\.$/, '');
      const unicode = domainToUnicode(ascii) || ascii;
      const skeleton = unhomoglyph(unicode);
      const imitated = allowedSkeletons.get(skeleton);
      if (imitated && imitated !== ascii && imitated !== unicode) return 'lookalike_domain';
      if (allowed(ascii) || allowed(unicode)) return undefined;
      if (ascii.split('.').some((l) => l.startsWith('xn--')) || /[^\x00-\x7f]/.test(host)) {
        const scripts = new Set(
          [...unicode.replace(/[.\d-]/g, '')].map((c) =>
            /\p{Script=Latin}/u.test(c)
              ? 'latin'
              : /\p{Script=Cyrillic}/u.test(c)
                ? 'cyrillic'
                : /\p{Script=Greek}/u.test(c)
                  ? 'greek'
                  : 'other',
          ),
        );
        return scripts.size > 1 ? 'homoglyph_domain' : 'idn_domain';
      }
      return config.blockUrls ? 'url' : undefined;
    };
    return ({ text }) => {
      const findings: Finding[] = [];
      const covered: Array<[number, number]> = [];
      const inside = (s: number, e: number) => covered.some(([a, b]) => s >= a && e <= b);
      const add = (type: string, start: number, end: number) => {
        if (inside(start, end)) return;
        covered.push([start, end]);
        findings.push({ type, start, end, preview: excerpt(text, start, end) });
      };
      for (const m of text.matchAll(URL_RE)) {
        const raw = trimUrl(m[0]);
        let host = '';
        try {
          host = new URL(raw).hostname;
        } catch {
          continue;
        }
        const kind = parseIPv4(host) ? (config.blockIps ? 'ip_url' : undefined) : judgeHost(host);
        if (kind) add(kind, m.index, m.index + raw.length);
        else covered.push([m.index, m.index + raw.length]);
      }
      for (const m of text.matchAll(FILE_URL)) add('file_url', m.index, m.index + trimUrl(m[0]).length);
      for (const m of matchesAtDots(text, HOSTNAME, HOSTNAME_RUN)) {
        const end = m.index + m[0].length;
        if (inside(m.index, end)) continue;
        const labels = m[0].toLowerCase().split('.');
        const tld = labels.at(-1) ?? '';
        if (/^\d+$/.test(tld)) continue; // IPs and version numbers
        if (!TLDS.has(tld) && !tld.startsWith('xn--') && !/^www$/.test(labels[0] ?? '')) continue;
        if (text[m.index - 1] === '@') continue; // e-mail addresses are PII, not links
        const kind = judgeHost(m[0]);
        if (kind) add(kind === 'url' ? 'domain' : kind, m.index, end);
      }
      if (config.blockIps) {
        for (const m of text.matchAll(IPV4))
          if (parseIPv4(m[0])) add('ip_address', m.index, m.index + m[0].length);
      }
      if (config.blockPaths) {
        if (text.includes('/'))
          for (const m of text.matchAll(UNIX_PATH)) add('file_path', m.index, m.index + m[0].length);
        if (text.includes('\\'))
          for (const m of text.matchAll(WINDOWS_PATH)) add('file_path', m.index, m.index + m[0].length);
      }
      if (text.includes('.') || text.includes('id_')) {
        for (const m of matchesAtDots(text, FILE_TOKEN, FILE_TOKEN_RUN)) {
          const name = m[0].toLowerCase();
          const ext = name.slice(name.lastIndexOf('.') + 1);
          if (
            SENSITIVE_NAMES.has(name) ||
            name.startsWith('.env.') ||
            (exts.has(ext) && name.length > ext.length + 1)
          ) {
            findings.push({
              type: 'sensitive_file',
              start: m.index,
              end: m.index + m[0].length,
              preview: m[0],
            });
          }
        }
        for (const m of text.matchAll(/\bid_(?:rsa|dsa|ecdsa|ed25519)\b/g)) {
          if (
            !findings.some(
              (f) => f.type === 'sensitive_file' && f.start <= m.index && f.end >= m.index + m[0].length,
            )
          ) {
            findings.push({
              type: 'sensitive_file',
              start: m.index,
              end: m.index + m[0].length,
              preview: m[0],
            });
          }
        }
      }
      if (findings.length === 0) return { passed: true, message: 'No blocked URL, IP, path or file type' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Blocked reference(s): ${types.join(', ')}`,
        findings,
        redactions: findings.map((f) => ({ start: f.start, end: f.end, replacement: '[BLOCKED]' })),
        details: { types },
      };
    };
  },
});
