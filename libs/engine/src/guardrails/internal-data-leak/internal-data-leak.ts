import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { matchFinding } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';
import {
  HOSTNAME,
  HOSTNAME_RUN,
  hasSuffix,
  INTERNAL_SUFFIXES,
  IPV4,
  IPV6_INTERNAL,
  matchesAtDots,
  privateIPv4Kind,
} from '../../detectors/network/internal.ts';

/** Server-side paths that reveal infrastructure: system and user trees, Windows profiles, UNC shares. */
export const INTERNAL_PATH =
  /(?<![\w/.~-])\/(?:etc|var\/(?:lib|log|run|www|backups|opt)|opt|srv|home|root|mnt|usr\/local|proc|data|internal)\/[\w.@-]{1,100}|\b[A-Za-z]:\\(?:Users|Windows|ProgramData|inetpub|Program Files)\\[^\s\\]{1,100}|(?<![\w\\])\\\\[\w.-]{1,63}\\[\w$.-]{1,80}/g;

export const internalDataLeak = defineGuardrail({
  name: 'InternalDataLeak',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Finds internal infrastructure in output: hostnames under internal suffixes (*.internal, *.corp, *.local, *.lan, *.intranet and configured domains), private / loopback / link-local IPv4 and IPv6 addresses, and server paths (/etc/…, /home/…, C:\\Users\\…, UNC shares). Words like "corporate" and version numbers like "10.2" are not matches.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    internalDomains: z
      .array(z.string().min(1).max(253))
      .max(200)
      .default([])
      .describe(
        'Your own internal domains (suffixes such as "acme-int.net"), in addition to the built-in internal suffixes.',
      ),
    allowedHosts: z
      .array(z.string().min(1).max(253))
      .max(200)
      .default([])
      .describe('Hosts (globs) that may appear, e.g. public documentation hosts under an internal suffix.'),
    detectHostnames: z.boolean().default(true).describe('Report internal hostnames.'),
    detectPrivateIps: z
      .boolean()
      .default(true)
      .describe('Report private, loopback and link-local addresses.'),
    detectPaths: z.boolean().default(true).describe('Report server file-system paths.'),
  },
  example: { internalDomains: ['acme-int.net'], allowedHosts: ['docs.acme.internal'], detectPaths: true },
  create(config) {
    const suffixes = [
      ...INTERNAL_SUFFIXES,
      ...config.internalDomains.map((d) => d.toLowerCase().replace(/^\*?\./, '')),
    ];
    const allowed = compileGlobs(config.allowedHosts);
    return ({ text }) => {
      const findings: Finding[] = [];
      if (config.detectHostnames && text.includes('.')) {
        for (const m of matchesAtDots(text, HOSTNAME, HOSTNAME_RUN)) {
          if (hasSuffix(m[0], suffixes) && !allowed(m[0])) {
            findings.push({
              type: 'internal_hostname',
              start: m.index,
              end: m.index + m[0].length,
              preview: m[0],
            });
          }
        }
      }
      if (config.detectPrivateIps) {
        for (const m of text.matchAll(IPV4)) {
          const kind = privateIPv4Kind(m[0]);
          if (kind && !allowed(m[0]))
            findings.push({ type: kind, start: m.index, end: m.index + m[0].length, preview: m[0] });
        }
        if (text.includes(':')) {
          for (const m of text.matchAll(IPV6_INTERNAL))
            findings.push({
              type: 'private_ipv6',
              start: m.index,
              end: m.index + m[0].length,
              preview: m[0],
            });
        }
      }
      if (config.detectPaths && (text.includes('/') || text.includes('\\'))) {
        for (const m of text.matchAll(INTERNAL_PATH)) {
          findings.push(matchFinding('internal_path', text, m));
        }
      }
      if (findings.length === 0) return { passed: true, message: 'No internal infrastructure details found' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Internal data in output: ${types.join(', ')}`,
        findings,
        redactions: findings.map((f) => ({
          start: f.start,
          end: f.end,
          replacement: `[${f.type.toUpperCase()}]`,
        })),
        details: { types },
      };
    };
  },
});
