/** The one PII recognizer set shared by PIIDetection, OutputPIIRedaction, PHIAwareness and GDPRDataMinimization. */
import { createHash } from 'node:crypto';
import { findAddresses, findDatesOfBirth } from './address.ts';
import { findPersons } from './names.ts';
import { CONTEXT_BOOST, CONTEXT_WINDOW, PATTERNS, type PatternRecognizer } from './patterns.ts';
import { PII_ENTITIES, type PiiEntity, type PiiMatch } from './types.ts';

export interface AnalyzeOptions {
  /** Entity types to report; all when absent. */
  entities?: ReadonlySet<PiiEntity>;
  /** Minimum score of a reported match. */
  threshold: number;
  /** Literal values never reported (compared trimmed, case-insensitively). */
  allow?: ReadonlySet<string>;
}

const NEGATIVE_CONTEXT =
  /(?:order|invoice|tracking|version|ver\.|build|ticket|case|ref(?:erence)?|sku|isbn|serial|part|model|item|receipt|confirmation|transaction|txn|po|lot|batch|page|id:)\s*(?:no\.?|number|#|id)?\s*[:#]?\s*$/i;

interface CompiledPattern extends PatternRecognizer {
  contextRe?: RegExp;
}

const COMPILED: CompiledPattern[] = PATTERNS.map((p) => ({
  ...p,
  contextRe: p.context?.length
    ? new RegExp(`(?:^|[^\\p{L}])(?:${p.context.map(escapeRegex).join('|')})`, 'iu')
    : undefined,
}));

/**
 * A numeric id candidate that is one group of a longer grouped code ("IE29 AIBK 9311 5212 3456 79",
 * "51 824 753 5564") is not that id: a neighbouring group of digits and capitals joined by a
 * separator, containing a digit, rules it out.
 */
function insideLargerCode(text: string, start: number, end: number): boolean {
  const sepBefore = text[start - 1];
  if (sepBefore === ' ' || sepBefore === '-' || sepBefore === ':' || sepBefore === '.') {
    let i = start - 2;
    let digit = false;
    let n = 0;
    while (i >= 0 && n < 7 && /[A-Z0-9]/.test(text[i]!)) {
      if (text[i]! <= '9') digit = true;
      i--;
      n++;
    }
    if (digit && n > 0 && n <= 6 && (i < 0 || !/[\p{L}\p{N}]/u.test(text[i]!))) return true;
  }
  const sepAfter = text[end];
  if (sepAfter === ' ' || sepAfter === '-' || sepAfter === ':' || sepAfter === '.') {
    let i = end + 1;
    let digit = false;
    let n = 0;
    while (i < text.length && n < 7 && /[A-Z0-9]/.test(text[i]!)) {
      if (text[i]! <= '9') digit = true;
      i++;
      n++;
    }
    if (digit && n > 0 && n <= 6 && (i >= text.length || !/[\p{L}\p{N}]/u.test(text[i]!))) return true;
  }
  return false;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** All candidates above the threshold, overlaps resolved (highest score, then longest, wins). */
export function analyze(text: string, options: AnalyzeOptions): PiiMatch[] {
  const want = options.entities;
  const candidates: PiiMatch[] = [];
  for (const p of COMPILED) {
    if (want && !want.has(p.type)) continue;
    const re = p.regex;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      let value = m[0];
      let score = p.score;
      if (p.refine) {
        const r = p.refine(value);
        if (!r) continue;
        value = value.slice(0, r.length);
        score = r.score;
        re.lastIndex = m.index + value.length;
      } else if (p.validate) {
        const v = p.validate(value);
        if (v === false) continue;
        if (typeof v === 'number') score = v;
      }
      if (p.numeric && insideLargerCode(text, m.index, m.index + value.length)) continue;
      const before = text.slice(Math.max(0, m.index - CONTEXT_WINDOW), m.index);
      if (p.contextRe?.test(before)) score += CONTEXT_BOOST;
      if (p.numeric && NEGATIVE_CONTEXT.test(before)) score -= 0.4;
      candidates.push({ type: p.type, start: m.index, end: m.index + value.length, score: round(score) });
    }
  }
  if (!want || want.has('PERSON')) candidates.push(...findPersons(text));
  if (!want || want.has('STREET_ADDRESS')) candidates.push(...findAddresses(text));
  const dobs = !want || want.has('DATE_OF_BIRTH') ? findDatesOfBirth(text) : [];
  const strong = candidates.filter((c) => c.score >= options.threshold);
  // a date of birth becomes identifying next to other personal data
  if (strong.length > 0) for (const d of dobs) d.score = 0.7;
  candidates.push(...dobs);
  const allow = options.allow;
  const kept = candidates.filter(
    (c) =>
      c.score >= options.threshold &&
      (!allow || allow.size === 0 || !allow.has(text.slice(c.start, c.end).trim().toLowerCase())),
  );
  return resolveOverlaps(kept);
}

/** Greedy: by score band (0.1) desc, then length desc; a match overlapping a kept one is dropped. */
export function resolveOverlaps(matches: PiiMatch[]): PiiMatch[] {
  const sorted = [...matches].sort(
    (a, b) =>
      Math.floor(b.score * 10) - Math.floor(a.score * 10) ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  );
  const kept: PiiMatch[] = [];
  for (const m of sorted) {
    if (kept.some((k) => m.start < k.end && k.start < m.end)) continue;
    kept.push({ ...m, score: Math.min(1, Math.max(0, m.score)) });
  }
  return kept.sort((a, b) => a.start - b.start);
}

export const OPERATORS = ['replace', 'mask', 'hash', 'remove'] as const;
export type Operator = (typeof OPERATORS)[number];

/** The replacement text for one match under an operator. */
export function replacementFor(
  value: string,
  type: PiiEntity,
  operator: Operator,
  options: { maskChar?: string; keepLast?: number; hashSalt?: string } = {},
): string {
  switch (operator) {
    case 'replace':
      return `<${type}>`;
    case 'remove':
      return '';
    case 'hash': {
      const h = createHash('sha256')
        .update(`${options.hashSalt ?? ''}${value}`)
        .digest('hex')
        .slice(0, 12);
      return `<${type}:${h}>`;
    }
    case 'mask': {
      const keep = options.keepLast ?? 4;
      const ch = options.maskChar ?? '*';
      let visible = 0;
      const chars = [...value];
      for (let i = chars.length - 1; i >= 0; i--) {
        const c = chars[i]!;
        if (/[\p{L}\p{N}]/u.test(c)) {
          if (visible < keep && chars.length > keep * 2) visible++;
          else chars[i] = ch;
        }
      }
      return chars.join('');
    }
  }
}

/** Applies replacements (non-overlapping, any order) to text. */
export function applyRedactions(
  text: string,
  redactions: { start: number; end: number; replacement: string }[],
): string {
  const sorted = [...redactions].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of sorted) {
    out += text.slice(at, r.start) + r.replacement;
    at = r.end;
  }
  return out + text.slice(at);
}

export function isPiiEntity(name: string): name is PiiEntity {
  return (PII_ENTITIES as readonly string[]).includes(name);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
