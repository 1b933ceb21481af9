import { posix } from 'node:path';
import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';
import { locate, resolveToolCall, stringLeaves } from '../../detectors/tool-call/resolve.ts';

/** File names that hold credentials or system configuration, wherever they are. */
const SENSITIVE_NAMES = new Set([
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'authorized_keys',
  'known_hosts',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '.pgpass',
  '.git-credentials',
  '.bashrc',
  '.bash_profile',
  '.zshrc',
  '.profile',
  'credentials',
  '.htpasswd',
  'passwd',
  'shadow',
  'sudoers',
  'crontab',
  'kubeconfig',
  'wp-config.php',
]);
/** Directories whose content is sensitive. */
const SENSITIVE_DIRS = new Set([
  '.ssh',
  '.aws',
  '.gnupg',
  '.kube',
  '.docker',
  '.git',
  '.azure',
  '.config/gcloud',
]);
/** System trees that an agent should never write to. */
const SYSTEM_PREFIXES = [
  '/etc/',
  '/proc/',
  '/sys/',
  '/dev/',
  '/boot/',
  '/bin/',
  '/sbin/',
  '/usr/bin/',
  '/usr/sbin/',
  '/lib/',
  '/root/',
  'c:/windows/',
];
const SENSITIVE_EXT = /\.(?:pem|key|p12|pfx|jks|keystore|kdbx)$/i;
const ENV_FILE = /^\.env(?:\..{1,50})?$/i;

export interface PathVerdict {
  normalized: string;
  problems: string[];
}

/** Normalises a path (URL-decoding, backslashes, `.`/`..`) and lists what is wrong with writing to it. */
export function judgePath(
  raw: string,
  roots: readonly string[],
  base: string,
  blockHidden: boolean,
): PathVerdict {
  let p = raw.trim();
  if (/%[0-9a-f]{2}/i.test(p)) {
    try {
      p = decodeURIComponent(p);
    } catch {
      /* keep as is */
    }
  }
  p = p.replace(/\\/g, '/').replace(/^file:\/\//i, '');
  const problems: string[] = [];
  if (p.includes('\0')) problems.push('null byte in path');
  const segments = p.split('/');
  if (segments.includes('..')) problems.push('path traversal (..)');
  const drive = /^[a-z]:\//i.test(p);
  const absolute = p.startsWith('/') || drive || p.startsWith('~');
  const joined = p.startsWith('~')
    ? posix.join('/home/user', p.slice(1))
    : absolute
      ? p
      : posix.join(base, p);
  const normalized = drive ? posix.normalize(joined).toLowerCase() : posix.normalize(joined);
  const lower = normalized.toLowerCase();
  const within = roots.some((r) => {
    const root = r.replace(/\\/g, '/').replace(/\/+$/, '');
    const cmp = /^[a-z]:/i.test(root) ? lower : normalized;
    const rr = /^[a-z]:/i.test(root) ? root.toLowerCase() : root;
    return cmp === rr || cmp.startsWith(`${rr}/`) || rr === '';
  });
  if (!within) problems.push('outside the allowed roots');
  const parts = lower.split('/').filter(Boolean);
  const name = parts.at(-1) ?? '';
  if (SENSITIVE_NAMES.has(name) || ENV_FILE.test(name) || SENSITIVE_EXT.test(name))
    problems.push(`sensitive file (${name})`);
  const dir = parts
    .slice(0, -1)
    .find((d, i) => SENSITIVE_DIRS.has(d) || SENSITIVE_DIRS.has(`${d}/${parts[i + 1]}`));
  if (dir) problems.push(`sensitive directory (${dir})`);
  if (SYSTEM_PREFIXES.some((s) => `${lower}/`.startsWith(s))) problems.push('system location');
  if (blockHidden && parts.some((s) => s.startsWith('.') && s !== '.'))
    problems.push('hidden file or directory');
  return { normalized, problems: [...new Set(problems)] };
}

export const fileWriteRestriction = defineGuardrail({
  name: 'FileWriteRestriction',
  stages: ['tool'],
  category: 'tool',
  description:
    'Checks file paths in tool-call arguments after normalisation (URL-decoding, backslashes, `..`): fails on writes outside the allowed roots, path traversal, sensitive files (.env, .ssh, id_rsa, /etc/passwd, keys) and system locations, and on content over a size limit.',
  defaultSeverity: 'high',
  config: {
    allowedRoots: z
      .array(z.string().min(1).max(500))
      .min(1)
      .max(50)
      .default(['/tmp', '/workspace'])
      .describe('Directories writes must stay inside (absolute; Windows drives like "C:/work" allowed).'),
    baseDirectory: z
      .string()
      .min(1)
      .max(500)
      .default('/workspace')
      .describe('Directory that relative paths are resolved against.'),
    tools: z
      .array(z.string().min(1).max(200))
      .max(100)
      .default(['*'])
      .describe('Tools (globs) whose path arguments are checked; default every tool.'),
    pathArguments: z
      .array(z.string().min(1).max(100))
      .max(50)
      .default([
        'path',
        'file',
        'filepath',
        'file_path',
        'filename',
        'destination',
        'dest',
        'target',
        'output',
        'outputpath',
        'output_path',
        'to',
      ])
      .describe('Argument names (case-insensitive, at any depth) that hold paths.'),
    contentArguments: z
      .array(z.string().min(1).max(100))
      .max(50)
      .default(['content', 'contents', 'data', 'text', 'body'])
      .describe('Argument names that hold the content written.'),
    maxContentBytes: z
      .number()
      .int()
      .positive()
      .max(1_000_000_000)
      .default(5_000_000)
      .describe('Largest content accepted, in UTF-8 bytes.'),
    blockHiddenFiles: z.boolean().default(false).describe('Also refuse any dot-file or dot-directory.'),
    onMissing: onMissingSchema,
  },
  example: {
    allowedRoots: ['/srv/app/output'],
    baseDirectory: '/srv/app/output',
    tools: ['write_file', 'save_*'],
    maxContentBytes: 1_048_576,
  },
  create(config) {
    const tools = compileGlobs(config.tools);
    const pathKeys = new Set(config.pathArguments.map((k) => k.toLowerCase()));
    const contentKeys = new Set(config.contentArguments.map((k) => k.toLowerCase()));
    return (input) => {
      const call = resolveToolCall(input);
      if (!call) return missingFacts(config.onMissing, 'toolCall');
      if (!tools(call.name))
        return { passed: true, message: `Tool "${call.name}" is not subject to write restrictions` };
      const findings: Finding[] = [];
      const paths: Array<{ path: string; normalized: string; problems: string[] }> = [];
      let contentBytes = 0;
      const leaves = stringLeaves(call.arguments, { maxChars: config.maxContentBytes + 100_000 });
      for (const leaf of leaves) {
        if (pathKeys.has(leaf.key)) {
          const v = judgePath(leaf.value, config.allowedRoots, config.baseDirectory, config.blockHiddenFiles);
          paths.push({ path: leaf.value, ...v });
          if (v.problems.length)
            findings.push({
              type: 'restricted_path',
              ...locate(input.text, leaf.value),
              preview: `${v.normalized}: ${v.problems.join(', ')}`,
            });
        } else if (contentKeys.has(leaf.key)) {
          contentBytes += Buffer.byteLength(leaf.value, 'utf8');
        }
      }
      // A walk cut short by its bounds means the arguments were larger than anything we accept.
      if (leaves.truncated) contentBytes = Math.max(contentBytes, config.maxContentBytes + 1);
      if (contentBytes > config.maxContentBytes) {
        findings.push({ type: 'content_too_large', start: 0, end: 0, preview: `${contentBytes} bytes` });
      }
      if (paths.length === 0 && findings.length === 0)
        return { passed: true, message: `No file path in "${call.name}"` };
      if (findings.length === 0)
        return {
          passed: true,
          message: 'File writes stay within the allowed roots',
          details: { paths: paths.map((p) => p.normalized) },
        };
      const reasons = [...new Set(paths.flatMap((p) => p.problems))];
      if (contentBytes > config.maxContentBytes)
        reasons.push(`content is ${contentBytes} bytes, over ${config.maxContentBytes}`);
      return {
        passed: false,
        message: `Restricted file write: ${reasons.join('; ')}`,
        findings,
        details: { paths, contentBytes },
      };
    };
  },
});
