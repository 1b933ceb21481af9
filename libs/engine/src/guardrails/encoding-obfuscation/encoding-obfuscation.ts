import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { CodeUnitBuffer, unitsString } from '../../detectors/code-units/code-units.ts';
import { latinBaseLetter } from '../../detectors/normalize/fold.ts';
import { type NormalizedText, normalizeText } from '../../detectors/normalize/index.ts';
import { decodedPayloads, type Signature, scanFamily } from '../../detectors/normalize/signatures.ts';
import { stickyOf } from '../../detectors/regex/sticky.ts';
import { CROSS_CONTEXT_SIGNATURES } from '../cross-context-manipulation/cross-context-manipulation.ts';
import { JAILBREAK_SIGNATURES } from '../jailbreak-pattern/jailbreak-pattern.ts';
import { OVERRIDE_SIGNATURES } from '../override-instruction/override-instruction.ts';
import { PROMPT_INJECTION_SIGNATURES } from '../prompt-injection-signature/prompt-injection-signature.ts';
import { ROLEPLAY_SIGNATURES } from '../roleplay-injection/roleplay-injection.ts';
import { SYSTEM_PROMPT_LEAK_SIGNATURES } from '../system-prompt-leak/system-prompt-leak.ts';

/** Every strong (weight 1) prompt-attack signature: what an encoded or obfuscated payload must not say. */
const INSTRUCTION_SIGNATURES: readonly Signature[] = [
  ...OVERRIDE_SIGNATURES,
  ...PROMPT_INJECTION_SIGNATURES,
  ...SYSTEM_PROMPT_LEAK_SIGNATURES,
  ...JAILBREAK_SIGNATURES,
  ...ROLEPLAY_SIGNATURES,
  ...CROSS_CONTEXT_SIGNATURES,
].filter((s) => (s.weight ?? 1) >= 1);

/** Imperative instructions addressed to the model, for decoded payloads (any such payload is suspicious). */
const IMPERATIVE_WORDS = [
  'ignore',
  'disregard',
  'forget',
  'reveal',
  'print',
  'output',
  'say',
  'write',
  'tell',
  'respond',
  'reply',
  'pretend',
  'act as',
  'execute',
  'run',
  'send',
  'delete',
  'give me',
  'show me',
  'list',
  'repeat',
  'translate',
  'answer',
];
const IMPERATIVE = new RegExp(`\\b(?:${IMPERATIVE_WORDS.join('|')})\\b`, 'g');
/**
 * Twelve or more single letters one space apart: a sentence spelled out letter by letter ("S a y t
 * h a t …"), whose word boundaries are gone, so no signature can read it once joined.
 */
const SPELLED_OUT = /(?<![A-Za-z])(?:[A-Za-z] ){11,}[A-Za-z](?![A-Za-z])/g;
/** A spelled-out run that opens with one of the imperatives (joined, as the run reads). */
const SPELLED_IMPERATIVE = new RegExp(`^(?:${IMPERATIVE_WORDS.map((w) => w.replace(/ /g, '')).join('|')})`);
/** Secret-ish content inside a decoded payload. */
const SECRETISH =
  /\b(?:password|passwd|passcode|api[ _-]?key|secret|token|private key|access key|credentials?|bearer)\b\s*[:=]|-----begin [a-z ]{0,20}private key-----|\b(?:password|api key|secret key|access token) (?:is|was)\b/g;

/**
 * This guardrail's patterns that the tests prove linear-time. SECRETISH is left out: the automaton
 * checker times out on its alternations; it has no nested quantifier and reads only decoded
 * payloads (at most 200,000 characters each).
 */
export const ENCODING_OBFUSCATION_PATTERNS: readonly RegExp[] = [IMPERATIVE, SPELLED_OUT];

function firstHit(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  return re.exec(text);
}

const stickyCopies = new WeakMap<Signature, RegExp>();

/**
 * Whether the signature matches the plain text at `at` (where its folded hit lies in the original).
 * A match there proves the phrase readable as written; only the hits it does not settle (offsets
 * that moved, text that was de-obfuscated) need a scan of the plain text.
 */
function matchesAt(sig: Signature, plain: string, at: number): boolean {
  let re = stickyCopies.get(sig);
  if (!re) {
    re = stickyOf(sig.re);
    stickyCopies.set(sig, re);
  }
  re.lastIndex = at;
  return re.test(plain) && re.lastIndex > at;
}

const subfamilies = new Map<string, readonly Signature[]>();

/**
 * The signatures of `hit` as a family of its own, the same array for the same set (so it is
 * compiled once): only they can be readable in the plain text, and a scan for a few prefixes tries
 * far fewer word starts than one for the whole family. The cache is bounded, as sets vary by text.
 */
function subfamily(hit: ReadonlyMap<Signature, unknown>): readonly Signature[] {
  const members: Signature[] = [];
  let key = '';
  INSTRUCTION_SIGNATURES.forEach((sig, k) => {
    if (!hit.has(sig)) return;
    members.push(sig);
    key += `${k},`;
  });
  let family = subfamilies.get(key);
  if (!family) {
    if (subfamilies.size >= 256) subfamilies.clear();
    family = members;
    subfamilies.set(key, family);
  }
  return family;
}

/** Latin letters with diacritics (U+00C0–U+024F): their lower-case base letter, 0 elsewhere. */
const ACCENT_BASE = (() => {
  const table = new Uint16Array(0x250);
  for (let c = 0xc0; c < 0x250; c++) table[c] = latinBaseLetter(String.fromCharCode(c))?.charCodeAt(0) ?? 0;
  return table;
})();
const HAS_ACCENT = /[\u00c0-\u024f]/;

/**
 * `plain` with the accents of ordinary words read off ("ausführungen", "précédentes" as
 * "ausfuhrungen", "precedentes"), unit for unit, so that a German or French sentence reads as
 * written: the signatures are written without accents, and a plain sentence is never obfuscated.
 * A word with more than a third of its letters accented ("ïgnörë", "prëvïöüs") keeps them: that
 * is accent stuffing, which stays an obfuscation.
 */
function readAccents(plain: string): string {
  if (!HAS_ACCENT.test(plain)) return plain;
  const units = plainUnits.load(plain);
  const n = plain.length;
  let start = 0;
  let accented = 0;
  for (let i = 0; i <= n; i++) {
    const u = i < n ? units[i]! : 0x20;
    if (u >= 0x61 && u <= 0x7a) continue;
    if (u < 0x250 && ACCENT_BASE[u] !== 0) {
      accented++;
      continue;
    }
    if (accented > 0 && accented * 3 <= i - start) {
      for (let k = start; k < i; k++) {
        const base = units[k]! < 0x250 ? ACCENT_BASE[units[k]!]! : 0;
        if (base !== 0) units[k] = base;
      }
    }
    start = i + 1;
    accented = 0;
  }
  return unitsString(units, 0, n);
}

const foldedUnits = new CodeUnitBuffer();
const plainUnits = new CodeUnitBuffer();
const BLOCK = 256;

/**
 * The units of the folded text that differ from `plain` (the lowercased original), found by walking
 * both in step and re-aligning through the offset map after each difference, with the text's ends
 * (-1 and its length) as differences too. A match reading none of them reads a stretch that `plain`
 * holds as well, with the same units around it, so its signature is readable as written: only
 * matches near these can make a finding. Undefined when lowercasing moved offsets or so many units
 * differ that restricting the scan would not pay.
 */
function changedUnits(n: NormalizedText, plain: string, length: number): number[] | undefined {
  if (plain.length !== length) return undefined;
  const len = n.text.length;
  const f = foldedUnits.load(n.text);
  const pl = plainUnits.load(plain);
  // Most units are equal: a native comparison passes them a block at a time (half the time of a
  // unit loop, which then runs only through the blocks that differ).
  const fb = Buffer.from(f.buffer, f.byteOffset, len * 2);
  const pb = Buffer.from(pl.buffer, pl.byteOffset, length * 2);
  const limit = len >> 4;
  const out = [-1];
  let p = 0;
  let q = 0;
  while (p < len) {
    while (
      p + BLOCK <= len &&
      q + BLOCK <= length &&
      fb.compare(pb, 2 * q, 2 * (q + BLOCK), 2 * p, 2 * (p + BLOCK)) === 0
    ) {
      p += BLOCK;
      q += BLOCK;
    }
    for (const end = Math.min(len, p + BLOCK); p < end; p++) {
      if (q < length && f[p] === pl[q]) {
        q++;
        continue;
      }
      if (out.length > limit) return undefined;
      out.push(p);
      if (p + 1 < len) q = n.toOriginal(p + 1, p + 2).start;
    }
  }
  out.push(len);
  return out;
}

/** The first (in family order) strong signature matching the folded text. */
function anySignature(folded: string): string | undefined {
  let best = -1;
  scanFamily(
    folded,
    INSTRUCTION_SIGNATURES,
    (sig) => {
      const k = INSTRUCTION_SIGNATURES.indexOf(sig);
      if (best < 0 || k < best) best = k;
    },
    1,
  );
  return best >= 0 ? INSTRUCTION_SIGNATURES[best]?.id : undefined;
}

/** The first letter-by-letter run that opens with an imperative ("s a y t h a t …"), as a finding. */
function spelledOutInstruction(text: string): Finding | undefined {
  SPELLED_OUT.lastIndex = 0;
  for (let m = SPELLED_OUT.exec(text); m !== null; m = SPELLED_OUT.exec(text)) {
    const joined = m[0].replace(/ /g, '').toLowerCase();
    if (!SPELLED_IMPERATIVE.test(joined)) continue;
    return {
      type: 'obfuscated:spelled-out-instruction',
      start: m.index,
      end: m.index + m[0].length,
      preview: excerpt(joined, 0, joined.length),
    };
  }
  return undefined;
}

export const encodingObfuscation = defineGuardrail({
  name: 'EncodingObfuscation',
  stages: ['input', 'tool'],
  category: 'prompt-attack',
  description:
    'Detects instructions or secrets hidden by encoding (base64, hex, URL-encoding, rot13, binary or Morse payloads that decode to instructions or credentials) or by obfuscation (homoglyphs, leetspeak, spaced-out letters, invisible or tag characters that make an injection phrase unreadable to plain matching, or an instruction spelled out letter by letter). Plain sentences, hashes and ids pass.',
  defaultSeverity: 'high',
  config: {
    flagSecrets: z
      .boolean()
      .default(true)
      .describe('Fail when a decoded payload looks like a credential (password=, api key:, private key).'),
    flagImperatives: z
      .boolean()
      .default(true)
      .describe(
        'Fail when a decoded payload is an imperative instruction even if it matches no attack signature.',
      ),
    flagObfuscatedText: z
      .boolean()
      .default(true)
      .describe(
        'Fail when an attack phrase is only readable after undoing homoglyphs, leetspeak, spacing or invisible characters.',
      ),
  },
  example: { severity: 'high', flagSecrets: true },
  create(config) {
    return ({ text }) => {
      const findings: Finding[] = [];
      const reasons = new Set<string>();
      for (const p of decodedPayloads(text)) {
        const folded = normalizeText(p.decoded, { memo: false }).text;
        const sigId = anySignature(folded);
        let why: string | undefined;
        if (sigId) why = `instruction:${sigId}`;
        else if (config.flagSecrets && firstHit(SECRETISH, folded)) why = 'secret';
        else if (config.flagImperatives && firstHit(IMPERATIVE, folded)) why = 'imperative';
        if (!why) continue;
        reasons.add(`${p.encoding} ${why.split(':')[0]}`);
        findings.push({
          type: `encoded-${p.encoding}:${why}`,
          start: p.start,
          end: p.end,
          preview:
            why === 'secret'
              ? `${p.encoding} payload with a credential`
              : `${p.encoding}: ${excerpt(p.decoded, 0, p.decoded.length)}`,
        });
      }
      if (config.flagObfuscatedText) {
        const n = normalizeText(text);
        const plain = text.toLowerCase();
        // Nothing was de-obfuscated: every phrase is readable as written.
        if (n.text !== plain) {
          const first = new Map<Signature, { s: number; e: number }>();
          // A signature's first match in the folded text, when no earlier one reads as written.
          scanFamily(
            n.text,
            INSTRUCTION_SIGNATURES,
            (sig, s, e) => first.set(sig, { s, e }),
            1,
            changedUnits(n, plain, text.length),
          );
          const readable = new Set<Signature>();
          const unsure = new Map<Signature, unknown>();
          for (const [sig, m] of first) {
            if (matchesAt(sig, plain, n.toOriginal(m.s, m.e).start)) readable.add(sig);
            else unsure.set(sig, m);
          }
          // Accents are read off only here, for the few texts with a hit not settled as written.
          if (unsure.size > 0)
            scanFamily(readAccents(plain), subfamily(unsure), (sig) => readable.add(sig), 1);
          for (const sig of INSTRUCTION_SIGNATURES) {
            const m = first.get(sig);
            if (!m || readable.has(sig)) continue; // readable without de-obfuscation: not obfuscated
            const o = n.toOriginal(m.s, m.e);
            const matched = n.text.slice(m.s, m.e);
            reasons.add('obfuscated text');
            findings.push({
              type: `obfuscated:${sig.id}`,
              start: o.start,
              end: o.end,
              preview: excerpt(matched, 0, matched.length),
            });
            break;
          }
        }
        const spelled = spelledOutInstruction(text);
        if (spelled) {
          reasons.add('spelled-out instruction');
          findings.push(spelled);
        }
      }
      if (findings.length === 0) return { passed: true, message: 'No encoded or obfuscated payload found' };
      return {
        passed: false,
        message: `Found ${[...reasons].join(', ')}`,
        findings: findings.slice(0, 20),
        details: { payloads: findings.length },
      };
    };
  },
});
