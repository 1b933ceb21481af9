import { describe, expect, it } from 'vitest';
import { enumLiteral, quoteIdentifier, quoteString, uintLiteral, uuidLiteral } from './sql.ts';

/** Decodes a literal produced by quoteString the way ClickHouse's parser does (for the escapes we emit). */
function unquote(literal: string): string {
  expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
  const body = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === "'") throw new Error(`unescaped quote at ${i}`);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[++i];
    if (next === 'x') {
      out += String.fromCharCode(Number.parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (next === '\\' || next === "'") out += next;
    else throw new Error(`unexpected escape \\${next}`);
  }
  return out;
}

describe('quoteString', () => {
  const cases: Array<[string, string]> = [
    ['plain', "'plain'"],
    ['', "''"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['nul\0byte', "'nul\\x00byte'"],
    ['line\nbreak\r\n', "'line\\x0Abreak\\x0D\\x0A'"],
    ['tab\there', "'tab\\x09here'"],
    ['del\x7f', "'del\\x7F'"],
    ['é 😀 中文', "'é 😀 中文'"],
  ];
  it.each(cases)('quotes %j', (input, expected) => {
    expect(quoteString(input)).toBe(expected);
    expect(unquote(quoteString(input))).toBe(input);
  });

  it('never lets a quote terminate the literal', () => {
    const attacks = [
      "' OR 1=1 --",
      "\\' OR 1=1 --",
      "x'; DROP TABLE executions; --",
      "\\\\'",
      "'''",
      '\\',
      "\\\0'\n",
      "' UNION ALL SELECT * FROM system.tables --",
    ];
    for (const attack of attacks) {
      const lit = quoteString(attack);
      // Every quote inside the body is preceded by an odd number of backslashes.
      const body = lit.slice(1, -1);
      for (let i = 0; i < body.length; i++) {
        if (body[i] === "'") {
          let n = 0;
          for (let j = i - 1; j >= 0 && body[j] === '\\'; j--) n++;
          expect(n % 2).toBe(1);
        }
      }
      expect(body.endsWith('\\') && !body.endsWith('\\\\')).toBe(false);
      expect(unquote(lit)).toBe(attack);
    }
  });

  it('emits no raw control characters', () => {
    let all = '';
    for (let c = 0; c < 0x20; c++) all += String.fromCharCode(c);
    const lit = quoteString(all + '\x7f');
    expect(/[\x00-\x1f\x7f]/.test(lit)).toBe(false);
    expect(unquote(lit)).toBe(all + '\x7f');
  });

  it('replaces lone surrogates', () => {
    expect(quoteString('a\ud800b')).toBe("'a\ufffdb'");
    expect(quoteString('a\udc00')).toBe("'a\ufffd'");
    expect(quoteString('\ud83d\ude00')).toBe("'😀'");
  });

  it('rejects non-strings', () => {
    expect(() => quoteString(1 as unknown as string)).toThrow(TypeError);
  });
});

describe('uintLiteral', () => {
  it('accepts safe non-negative integers', () => {
    expect(uintLiteral(0)).toBe('0');
    expect(uintLiteral(1_700_000_000_000)).toBe('1700000000000');
  });
  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('rejects %s', (v) => {
    expect(() => uintLiteral(v)).toThrow(RangeError);
  });
  it('rejects non-numbers', () => {
    expect(() => uintLiteral('1; DROP' as unknown as number)).toThrow(RangeError);
  });
});

describe('quoteIdentifier', () => {
  it('backquotes safe names', () => {
    expect(quoteIdentifier('parapet_test')).toBe('`parapet_test`');
  });
  it.each(['', '1abc', 'a-b', 'a`b', 'a b', 'a;b', 'x'.repeat(65)])('rejects %j', (v) => {
    expect(() => quoteIdentifier(v)).toThrow(RangeError);
  });
});

describe('uuidLiteral', () => {
  it('quotes uuids', () => {
    expect(uuidLiteral('0b0e3b8a-8d0c-4a59-9a51-5d5f3f1b2c3d')).toBe(
      "'0b0e3b8a-8d0c-4a59-9a51-5d5f3f1b2c3d'",
    );
  });
  it.each(["' OR 1=1 --", "0b0e3b8a-8d0c-4a59-9a51-5d5f3f1b2c3d'", 'not-a-uuid', ''])('rejects %j', (v) => {
    expect(() => uuidLiteral(v)).toThrow(RangeError);
  });
});

describe('enumLiteral', () => {
  it('quotes allowed values and rejects others', () => {
    expect(enumLiteral('input', ['input', 'output'])).toBe("'input'");
    expect(() => enumLiteral("input' OR '1", ['input', 'output'] as string[])).toThrow(RangeError);
  });
});
