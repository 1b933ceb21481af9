import { isPlaceholder } from './allowlist.ts';
import { classifyName } from './generic.ts';
import { lineStartWithin } from './scanner.ts';
import type { SecretFinding } from './types.ts';

/** A log line: timestamp, level, logger call, structured-log keys, or a stack-trace frame. */
const LOG_LINE =
  /(?:^\s*\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|^\s*\[?\d\d:\d\d:\d\d|\[(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE|NOTICE)\]|(?:^|\s)(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE)(?::|\s-|\s\[|\s{1,4}\S)|\blevel[=:]\s?"?(?:trace|debug|info|warn|warning|error|fatal)|"(?:level|severity|msg|message|timestamp|@timestamp)"\s?:|\b(?:logger|logging|log|console|slog|zap|logrus|winston|pino|bunyan)\.(?:trace|debug|info|warn|warning|error|fatal|log|critical|exception|printf|print)\s?\(|\blog(?:s|ged|ging)?\b|^\s+at\s+[\w$.<>/[\]]+\s?\(|^\s+at\s+\S+:\d+:\d+|Traceback \(most recent call last\)|^\s+File "[^"]{1,300}", line \d+|^\s*Caused by:|^\s*(?:[\w.$]+(?:Exception|Error))(?::|\s+at\s)|^\s*Stack ?trace)/i;

/** Every pattern above, for the linear-time safety test. */
export const CONTEXT_PATTERNS: readonly RegExp[] = [LOG_LINE];

interface Line {
  start: number;
  end: number;
}

/**
 * Keeps the findings that sit in a log excerpt: on a log line, or within three lines after one
 * (continuation lines, request dumps and stack-trace frames).
 */
export function selectInLogs(text: string, findings: SecretFinding[]): SecretFinding[] {
  if (findings.length === 0) return findings;
  // Only the lines around findings are looked at (by their start offset), not every line of the text.
  const isLog = new Map<number, boolean>();
  const logAt = (start: number) => {
    let v = isLog.get(start);
    if (v === undefined) {
      const nl = text.indexOf('\n', start);
      const end = nl < 0 ? text.length : nl;
      v = LOG_LINE.test(text.slice(start, Math.min(end, start + 2000)));
      isLog.set(start, v);
    }
    return v;
  };
  return findings.filter((f) => {
    let start = f.start > 0 ? text.lastIndexOf('\n', f.start - 1) + 1 : 0;
    for (let k = 0; k <= 3; k++) {
      if (logAt(start)) return true;
      if (start === 0) break;
      start = start >= 2 ? text.lastIndexOf('\n', start - 2) + 1 : 0;
    }
    return false;
  });
}

/** `NAME=value` in an env file, shell, Dockerfile, `docker -e`, PowerShell `$env:`, or `process.env.X =`. */
const ENV_ASSIGNMENT_BEFORE =
  /(?:^|[\s;'"(])(?:export\s+|set\s+|setx\s+|ENV\s+|\$env:|-e\s+|--env[= ]|--build-arg\s+|process\.env\.|os\.environ\[["']|os\.Setenv\(")?[A-Za-z_][A-Za-z0-9_]{1,100}(?:["']\])?\s?[=,]\s?["']?$/;

const ENV_LINE = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]{1,100})=(.*)$/;

/**
 * Keeps the findings assigned to an environment variable, and adds secret-named variables of an
 * environment dump (three or more `NAME=value` lines in a row) whatever their value's shape.
 */
export function selectEnvVars(text: string, findings: SecretFinding[], dumpRule: boolean): SecretFinding[] {
  const kept = findings.filter((f) => {
    const before = text.slice(lineStartWithin(text, f.start, 200), f.start);
    return ENV_ASSIGNMENT_BEFORE.test(before);
  });
  if (!dumpRule) return kept;
  let run: Array<{ line: Line; m: RegExpExecArray }> = [];
  const flush = () => {
    if (run.length >= 3) {
      for (const { line, m } of run) {
        const info = classifyName(m[1]!);
        if (!info.secret || info.descriptive) continue;
        let value = m[2]!.trim();
        const quote = value[0];
        if ((quote === '"' || quote === "'") && value.endsWith(quote)) value = value.slice(1, -1);
        if (value.length < 4 || isPlaceholder(value)) continue;
        const start = text.indexOf(value, line.start + m[1]!.length + 1);
        if (start < 0 || start >= line.end) continue;
        const end = start + value.length;
        if (kept.some((k) => k.start < end && start < k.end)) continue;
        kept.push({ ruleId: 'env-dump-secret', start, end, score: 0.7 });
      }
    }
    run = [];
  };
  // A line without `=` is no env line: only the lines holding one are looked at, and skipping
  // lines ends a run.
  for (let from = 0; from <= text.length; ) {
    const eq = text.indexOf('=', from);
    if (eq < 0) break;
    const start = Math.max(from, text.lastIndexOf('\n', eq - 1) + 1);
    if (start > from) flush();
    const nl = text.indexOf('\n', eq);
    const end = nl < 0 ? text.length : nl;
    const limit = Math.min(end, start + 2000);
    const m = eq < limit ? ENV_LINE.exec(text.slice(start, limit)) : null;
    if (m) run.push({ line: { start, end }, m });
    else flush();
    if (nl < 0) break;
    from = nl + 1;
  }
  flush();
  return kept.sort((a, b) => a.start - b.start);
}

/** Every env pattern, for the linear-time safety test. */
export const ENV_PATTERNS: readonly RegExp[] = [ENV_ASSIGNMENT_BEFORE, ENV_LINE];
