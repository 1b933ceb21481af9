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

function lines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    out.push({ start, end });
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

function lineIndexOf(ls: Line[], pos: number): number {
  let lo = 0;
  let hi = ls.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ls[mid]!.start <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Keeps the findings that sit in a log excerpt: on a log line, or within three lines after one
 * (continuation lines, request dumps and stack-trace frames).
 */
export function selectInLogs(text: string, findings: SecretFinding[]): SecretFinding[] {
  if (findings.length === 0) return findings;
  const ls = lines(text);
  const isLog = new Map<number, boolean>();
  const logAt = (i: number) => {
    let v = isLog.get(i);
    if (v === undefined) {
      const l = ls[i]!;
      v = LOG_LINE.test(text.slice(l.start, Math.min(l.end, l.start + 2000)));
      isLog.set(i, v);
    }
    return v;
  };
  return findings.filter((f) => {
    const i = lineIndexOf(ls, f.start);
    for (let k = i; k >= 0 && k >= i - 3; k--) if (logAt(k)) return true;
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
  const ls = lines(text);
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
  for (const line of ls) {
    const m = ENV_LINE.exec(text.slice(line.start, Math.min(line.end, line.start + 2000)));
    if (m) run.push({ line, m });
    else flush();
  }
  flush();
  return kept.sort((a, b) => a.start - b.start);
}

/** Every env pattern, for the linear-time safety test. */
export const ENV_PATTERNS: readonly RegExp[] = [ENV_ASSIGNMENT_BEFORE, ENV_LINE];
