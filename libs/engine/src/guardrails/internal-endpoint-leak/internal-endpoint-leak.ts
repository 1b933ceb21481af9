import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';
import {
  HOSTNAME,
  HOSTNAME_RUN,
  hasSuffix,
  INTERNAL_SUFFIXES,
  LOCALHOST_PORT,
  matchesAtDots,
  privateIPv4Kind,
  trimUrl,
  URL_RE,
} from '../../detectors/network/internal.ts';

const CLUSTER_SUFFIXES = ['svc.cluster.local', 'cluster.local', 'svc'];
/** `10.0.1.42:5432`: a private address with a port. */
export const IP_PORT = /(?<![\w.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}:\d{2,5}\b/g;
const DEFAULT_ADMIN_PATHS = [
  '/admin',
  '/administrator',
  '/wp-admin',
  '/actuator',
  '/_debug',
  '/debug',
  '/internal',
  '/_internal',
  '/manage',
  '/management',
  '/console',
  '/phpmyadmin',
  '/adminer',
  '/server-status',
  '/metrics',
  '/.env',
  '/swagger',
  '/graphiql',
  '/_cat',
  '/jolokia',
  '/druid',
  '/kibana',
  '/grafana',
];

export const internalEndpointLeak = defineGuardrail({
  name: 'InternalEndpointLeak',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Finds internal API endpoints and admin URLs in output: URLs to localhost, private IPs, internal suffixes or Kubernetes services (*.svc.cluster.local), `localhost:port` and `10.x.x.x:port`, cloud metadata endpoints, and admin/debug paths (/admin, /actuator, /debug/pprof …) on any host.',
  defaultSeverity: 'critical',
  supportsRedaction: true,
  config: {
    adminPaths: z
      .array(z.string().min(2).max(200).startsWith('/'))
      .max(200)
      .default(DEFAULT_ADMIN_PATHS)
      .describe('URL path prefixes that are admin or debug surfaces.'),
    internalDomains: z
      .array(z.string().min(1).max(253))
      .max(200)
      .default([])
      .describe('Your own internal domains (suffixes).'),
    allowedHosts: z
      .array(z.string().min(1).max(253))
      .max(200)
      .default([])
      .describe('Hosts (globs) that may appear.'),
  },
  example: { internalDomains: ['acme-int.net'], allowedHosts: ['status.acme.com'] },
  create(config) {
    const suffixes = [
      ...INTERNAL_SUFFIXES,
      ...config.internalDomains.map((d) => d.toLowerCase().replace(/^\*?\./, '')),
    ];
    const allowed = compileGlobs(config.allowedHosts);
    const adminPaths = config.adminPaths.map((p) => p.toLowerCase().replace(/\/+$/, ''));
    return ({ text }) => {
      const findings: Finding[] = [];
      const covered: Array<[number, number]> = [];
      const add = (type: string, start: number, end: number) => {
        if (covered.some(([s, e]) => start >= s && end <= e)) return;
        covered.push([start, end]);
        findings.push({ type, start, end, preview: excerpt(text, start, end) });
      };
      if (text.includes('://')) {
        for (const m of text.matchAll(URL_RE)) {
          const raw = trimUrl(m[0]);
          let u: URL;
          try {
            u = new URL(raw);
          } catch {
            continue;
          }
          const h = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
          if (allowed(h)) continue;
          const end = m.index + raw.length;
          const path = u.pathname.toLowerCase();
          if (h === 'localhost' || h === '::1' || h === '0.0.0.0') add('localhost_url', m.index, end);
          else if (h === '169.254.169.254' || h === 'metadata.google.internal')
            add('metadata_endpoint', m.index, end);
          else if (privateIPv4Kind(h)) add('private_ip_url', m.index, end);
          else if (hasSuffix(h, CLUSTER_SUFFIXES)) add('cluster_service', m.index, end);
          else if (hasSuffix(h, suffixes)) add('internal_url', m.index, end);
          else if (
            adminPaths.some((p) => path === p || path.startsWith(`${p}/`)) ||
            path.startsWith('/debug/pprof')
          )
            add('admin_url', m.index, end);
        }
      }
      for (const m of text.matchAll(LOCALHOST_PORT)) add('localhost_port', m.index, m.index + m[0].length);
      for (const m of text.matchAll(IP_PORT)) {
        if (privateIPv4Kind(m[0].split(':')[0] ?? '')) add('private_ip_port', m.index, m.index + m[0].length);
      }
      for (const m of matchesAtDots(text, HOSTNAME, HOSTNAME_RUN)) {
        if (hasSuffix(m[0], CLUSTER_SUFFIXES) && !allowed(m[0]))
          add('cluster_service', m.index, m.index + m[0].length);
      }
      if (findings.length === 0) return { passed: true, message: 'No internal endpoints found' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Internal endpoints in output: ${types.join(', ')}`,
        findings,
        redactions: findings.map((f) => ({ start: f.start, end: f.end, replacement: '[INTERNAL_ENDPOINT]' })),
        details: { types },
      };
    };
  },
});
