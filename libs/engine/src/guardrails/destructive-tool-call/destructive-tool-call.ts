import { RE2JS } from 're2js';
import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { DESTRUCTIVE_PATTERNS, restOfCommand } from '../../detectors/commands/destructive.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';
import { locate, resolveToolCall, stringLeaves } from '../../detectors/tool-call/resolve.ts';

/** SQL statements that touch every row: DELETE or UPDATE without a WHERE clause. */
const SQL_STATEMENT = /^\s*(?:delete\s+from\s|update\s+[\w."`[\]]{1,128}\s+set\s)/i;
const SQL_WHERE = /\bwhere\b/i;

const DEFAULT_VERBS = [
  'delete',
  'drop',
  'destroy',
  'purge',
  'truncate',
  'wipe',
  'erase',
  'terminate',
  'nuke',
  'format',
  'shred',
  'rmdir',
];
const MASS_FLAGS = new Set(['all', 'everything', 'recursive', 'force', 'cascade', 'purge']);

export const destructiveToolCall = defineGuardrail({
  name: 'DestructiveToolCall',
  stages: ['tool'],
  category: 'tool',
  description:
    'Finds destructive operations in a tool call: destructive verbs in the tool name, and anywhere in its arguments (scanned recursively, bounded) rm -rf, DROP/TRUNCATE, DELETE/UPDATE without WHERE, force push, kubectl delete, terraform destroy, disk wipes, datastore flushes and mass deletes. Allow-lists exempt tools and argument values.',
  defaultSeverity: 'critical',
  config: {
    destructiveVerbs: z
      .array(z.string().min(2).max(40))
      .max(100)
      .default(DEFAULT_VERBS)
      .describe('Words that make a tool name destructive (`delete_user`, `dropTable`).'),
    checkToolName: z.boolean().default(true).describe('Flag tools whose name contains a destructive verb.'),
    allowedTools: z
      .array(z.string().min(1).max(200))
      .max(200)
      .default([])
      .describe(
        'Tools (globs) whose name is accepted as destructive by design; their arguments are still scanned.',
      ),
    allowedPatterns: z
      .array(z.string().min(1).max(500))
      .max(100)
      .default([])
      .superRefine((patterns, ctx) => {
        patterns.forEach((p, i) => {
          try {
            RE2JS.compile(p);
          } catch (err) {
            ctx.addIssue({
              code: 'custom',
              path: [i],
              message: `invalid pattern: ${(err as Error).message}`,
            });
          }
        });
      })
      .describe(
        're2 patterns: an argument value matching one of them is never flagged (e.g. "^rm -rf /tmp/build(/|$)").',
      ),
    massDeleteThreshold: z
      .number()
      .int()
      .min(2)
      .max(1_000_000)
      .default(100)
      .describe('A destructive tool given a list of at least this many items is a mass delete.'),
    onMissing: onMissingSchema,
  },
  example: {
    allowedTools: ['delete_draft'],
    allowedPatterns: ['^rm -rf \\./build$'],
    massDeleteThreshold: 50,
  },
  create(config) {
    const verbs = new Set(config.destructiveVerbs.map((v) => v.toLowerCase()));
    const toolAllowed = compileGlobs(config.allowedTools);
    const allowed = config.allowedPatterns.map((p) => RE2JS.compile(p));
    return (input) => {
      const call = resolveToolCall(input);
      if (!call) return missingFacts(config.onMissing, 'toolCall');
      const findings: Finding[] = [];
      const nameWords = call.name
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/);
      const destructiveName = nameWords.some((w) => verbs.has(w));
      if (config.checkToolName && destructiveName && !toolAllowed(call.name)) {
        findings.push({ type: 'destructive_tool', ...locate(input.text, call.name), preview: call.name });
      }
      const leaves = stringLeaves(call.arguments);
      if (leaves.truncated)
        findings.push({
          type: 'unscanned_arguments',
          start: 0,
          end: 0,
          preview: 'arguments too large or deep to scan',
        });
      for (const leaf of leaves) {
        if (allowed.some((re) => re.test(leaf.value))) continue;
        for (const { type, re, andThen } of DESTRUCTIVE_PATTERNS) {
          const m = re.exec(leaf.value);
          if (m && andThen && !andThen.test(restOfCommand(leaf.value, m.index + m[0].length))) continue;
          if (m)
            findings.push({
              type,
              ...locate(input.text, leaf.value),
              preview: `${leaf.path}: ${excerpt(m[0], 0, m[0].length)}`,
            });
        }
        if (leaf.value.length > 6 && /(?:delete|update)/i.test(leaf.value)) {
          for (const stmt of leaf.value.split(';').slice(0, 200)) {
            if (SQL_STATEMENT.test(stmt) && !SQL_WHERE.test(stmt)) {
              findings.push({
                type: 'sql_without_where',
                ...locate(input.text, leaf.value),
                preview: `${leaf.path}: ${excerpt(stmt, 0, stmt.length).trim()}`,
              });
            }
          }
        }
        if (destructiveName && MASS_FLAGS.has(leaf.key) && /^(?:true|1|yes)$/i.test(leaf.value)) {
          findings.push({ type: 'mass_delete', start: 0, end: 0, preview: `${leaf.path}: ${leaf.value}` });
        }
        if (destructiveName && (leaf.value === '*' || leaf.value === '%')) {
          findings.push({ type: 'mass_delete', start: 0, end: 0, preview: `${leaf.path}: ${leaf.value}` });
        }
      }
      if (destructiveName) {
        for (const v of Object.values(call.arguments)) {
          if (Array.isArray(v) && v.length >= config.massDeleteThreshold) {
            findings.push({ type: 'mass_delete', start: 0, end: 0, preview: `${v.length} items` });
          }
        }
      }
      if (findings.length === 0)
        return { passed: true, message: `No destructive operation in "${call.name}"` };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Destructive operation in tool call "${call.name}": ${types.join(', ')}`,
        findings,
        details: { tool: call.name, types },
      };
    };
  },
});
