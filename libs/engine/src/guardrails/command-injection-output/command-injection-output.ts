import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { DESTRUCTIVE_PATTERNS, restOfCommand } from '../../detectors/commands/destructive.ts';

const DANGEROUS_CMD =
  'rm|curl|wget|nc|ncat|netcat|bash|sh|zsh|python3?|perl|ruby|php|whoami|id|uname|chmod|chown|dd|mkfs|base64|eval';

/** Shell and SQL injection shapes in model output; each linear-time. */
export const INJECTION_PATTERNS: ReadonlyArray<{
  type: string;
  re: RegExp;
  andThen?: RegExp;
  /** Lower-case literals one of which any match contains (prefilter on the lower-cased text). */
  needs?: readonly string[];
}> = [
  {
    needs: ['curl', 'wget'],
    type: 'pipe_to_shell',
    re: /\b(?:curl|wget)\s/i,
    andThen: /\|\s?(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\|\s?(?:sudo\s+)?(?:python3?|perl|ruby|node)\b/,
  },
  {
    needs: ['$('],
    type: 'command_substitution',
    re: new RegExp(`\\$\\(\\s?(?:sudo\\s+)?(?:${DANGEROUS_CMD})\\b`, 'i'),
  },
  {
    needs: ['`'],
    type: 'command_substitution',
    re: new RegExp(`[=("]\\s?\`\\s?(?:sudo\\s+)?(?:${DANGEROUS_CMD})\\b`, 'i'),
  },
  {
    needs: ['/etc/'],
    type: 'chained_sensitive_read',
    re: /(?:&&|\|\||;|\|)\s?(?:sudo\s+)?cat\s+\/etc\/(?:passwd|shadow|sudoers)\b|\bcat\s+\/etc\/shadow\b/i,
  },
  {
    needs: ['/dev/tcp/', 'bash', 'mkfifo'],
    type: 'reverse_shell',
    re: /\/dev\/tcp\/|\bbash\s+-i\s?>&|\bmkfifo\s/i,
  },
  { needs: ['nc'], type: 'reverse_shell', re: /\bnc(?:at)?\s/i, andThen: /(?:^|\s)-[a-z]{0,4}e\s/ },
  {
    needs: ['powershell'],
    type: 'encoded_powershell',
    re: /\bpowershell(?:\.exe)?\s/i,
    andThen: /(?:^|\s)-e(?:nc|ncodedcommand)?\s+[a-z0-9+/=]{16}/i,
  },
  {
    needs: ['iex', 'invoke-expression', 'downloadstring', 'certutil'],
    type: 'download_execute',
    re: /\b(?:iex|invoke-expression)\s?\(|\.downloadstring\s?\(|\bcertutil\s+-urlcache\b/i,
  },
  {
    needs: ['drop', 'truncate', 'alter', "'", 'union', 'shutdown', 'xp_cmdshell'],
    type: 'sql_injection',
    re: /;\s?(?:drop|truncate|alter)\s+table\b|'\s?(?:or|and)\s+'?\d+'?\s?=\s?'?\d+|\bunion\s+(?:all\s+)?select\b|;\s?shutdown\b|\bxp_cmdshell\b|'\s?;\s?--/i,
  },
  {
    needs: ['chmod'],
    type: 'privilege_change',
    re: /\bchmod\s+(?:-R\s+)?[0-7]?777\s+\/(?:\s|$)|\bchmod\s+[ugo]{0,3}\+s\s/i,
  },
];

export const commandInjectionOutput = defineGuardrail({
  name: 'CommandInjectionOutput',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Finds dangerous shell and SQL in model output: rm -rf and other destructive commands, `curl … | sh`, `$(…)` or backticks running dangerous commands, reverse shells, encoded PowerShell, `; DROP TABLE`, `\' OR 1=1`, UNION SELECT. Ordinary punctuation ("one; two") and harmless code blocks pass.',
  defaultSeverity: 'critical',
  config: {
    includeDestructive: z
      .boolean()
      .default(true)
      .describe('Also report destructive commands (rm -rf, DROP TABLE, force push, disk wipes …).'),
  },
  example: { includeDestructive: true, severity: 'high' },
  create(config) {
    // Global copies compiled once per profile version, not per request.
    const patterns = (
      config.includeDestructive ? [...INJECTION_PATTERNS, ...DESTRUCTIVE_PATTERNS] : INJECTION_PATTERNS
    ).map((p) => ({ ...p, re: new RegExp(p.re.source, `${p.re.flags.replace('g', '')}g`) }));
    return ({ text }) => {
      const findings: Finding[] = [];
      // Prefilter: a pattern runs only when one of its literals occurs (the regexes are ASCII
      // case-insensitive, so every match contains one of them in the lower-cased text).
      const lower = text.toLowerCase();
      for (const { type, re, andThen, needs } of patterns) {
        if (needs && !needs.some((n) => lower.includes(n))) continue;
        for (const m of text.matchAll(re)) {
          const end = m.index + m[0].length;
          if (andThen) {
            const line = text.slice(end, end + 300).split('\n', 1)[0] ?? '';
            if (!andThen.test(type === 'pipe_to_shell' ? line : restOfCommand(text, end))) continue;
          }
          findings.push({ type, start: m.index, end, preview: excerpt(text, m.index, end) });
          if (findings.length >= 100) break;
        }
      }
      if (findings.length === 0) return { passed: true, message: 'No dangerous commands in output' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Dangerous command(s) in output: ${types.join(', ')}`,
        findings,
        details: { types },
      };
    };
  },
});
