import type { Action, Check, CheckInput, Detection, Finding, Redaction, Severity } from './types.ts';

export interface CompiledGuardrail {
  name: string;
  severity: Severity;
  action: Action;
  failOpen: boolean;
  timeoutMs: number;
  check: Check;
}

export interface GuardrailResult {
  guardrail: string;
  passed: boolean;
  severity: Severity;
  action: Action;
  message: string;
  findings: Finding[];
  durationMs: number;
  score?: number;
  details?: Record<string, unknown>;
}

export interface RunOutcome {
  passed: boolean;
  results: GuardrailResult[];
  /** Name of the guardrail whose blocking failure stopped the run. */
  blockedBy: string | null;
  /** The text after every `redact` guardrail rewrote it; present only when something was redacted. */
  sanitizedText?: string;
  executionTimeMs: number;
}

export type RunInput = Omit<CheckInput, 'text'> & { text: string };

/**
 * Runs guardrails in order and stops right after the first blocking failure (a failed guardrail
 * whose action is `block`). A redacting guardrail rewrites the text seen by later ones; findings
 * are always reported with offsets into the submitted text.
 */
export async function runGuardrails(
  guardrails: readonly CompiledGuardrail[],
  input: RunInput,
): Promise<RunOutcome> {
  const started = performance.now();
  const results: GuardrailResult[] = [];
  let text = input.text;
  // Each rewrite's redactions, oldest first, to map offsets back to the submitted text.
  const rewrites: Redaction[][] = [];
  let blockedBy: string | null = null;

  for (const g of guardrails) {
    const t0 = performance.now();
    let detection: Detection;
    let failure: string | undefined;
    try {
      const out = g.check({ ...input, text });
      detection = isPromise(out) ? await withTimeout(out, g.timeoutMs) : out;
    } catch (err) {
      failure = err instanceof TimeoutError ? 'exceeded its time budget' : 'failed to run';
      detection = { passed: false, message: '' };
    }
    const durationMs = round(performance.now() - t0);
    if (!failure && durationMs > g.timeoutMs) failure = 'exceeded its time budget';

    let result: GuardrailResult;
    if (failure) {
      result = {
        guardrail: g.name,
        passed: g.failOpen,
        severity: g.severity,
        action: g.action,
        message: `${g.name} ${failure}; ${g.failOpen ? 'passing because failOpen is set' : 'failing closed'}`,
        findings: [],
        durationMs,
      };
    } else {
      const findings = (detection.findings ?? []).map((f) => mapFinding(f, rewrites));
      result = {
        guardrail: g.name,
        passed: detection.passed,
        severity: g.severity,
        action: g.action,
        message: detection.message,
        findings,
        durationMs,
      };
      if (detection.score !== undefined) result.score = detection.score;
      if (detection.details) result.details = detection.details;
      if (!detection.passed && g.action === 'redact' && detection.redactions?.length) {
        const redactions = normalise(detection.redactions, text.length);
        text = applyRedactions(text, redactions);
        rewrites.push(redactions);
      }
    }
    results.push(result);
    if (!result.passed && result.action === 'block') {
      blockedBy = g.name;
      break;
    }
  }

  const outcome: RunOutcome = {
    passed: blockedBy === null,
    results,
    blockedBy,
    executionTimeMs: round(performance.now() - started),
  };
  if (rewrites.length > 0) outcome.sanitizedText = text;
  return outcome;
}

function applyRedactions(text: string, redactions: Redaction[]): string {
  let out = '';
  let last = 0;
  for (const r of redactions) {
    out += text.slice(last, r.start) + r.replacement;
    last = r.end;
  }
  return out + text.slice(last);
}

/** Sorts, clamps and drops overlapping redactions (the earlier, longer one wins). */
function normalise(redactions: Redaction[], length: number): Redaction[] {
  const sorted = redactions
    .filter((r) => r.start >= 0 && r.end <= length && r.end > r.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Redaction[] = [];
  let lastEnd = -1;
  for (const r of sorted) {
    if (r.start < lastEnd) continue;
    kept.push(r);
    lastEnd = r.end;
  }
  return kept;
}

/** Maps a position in the rewritten text back through each rewrite, newest first. */
function mapFinding(f: Finding, rewrites: Redaction[][]): Finding {
  if (rewrites.length === 0) return f;
  let start = f.start;
  let end = f.end;
  for (let i = rewrites.length - 1; i >= 0; i--) {
    start = mapPosition(start, rewrites[i]!, false);
    end = mapPosition(end, rewrites[i]!, true);
  }
  return { ...f, start, end };
}

function mapPosition(pos: number, redactions: Redaction[], isEnd: boolean): number {
  let delta = 0; // original offset minus rewritten offset, up to the current redaction
  for (const r of redactions) {
    const newStart = r.start - delta;
    const newEnd = newStart + r.replacement.length;
    if (pos < newStart || (pos === newStart && !isEnd)) return pos + delta;
    if (pos < newEnd || (pos === newEnd && isEnd)) return isEnd ? r.end : r.start;
    delta += r.end - r.start - r.replacement.length;
  }
  return pos + delta;
}

class TimeoutError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as Promise<T>)?.then === 'function';
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
