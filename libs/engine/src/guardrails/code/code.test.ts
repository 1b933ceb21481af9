import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { CODE_SIGNATURES, detectCodeLanguages, code as g } from './code.ts';

const langs = (text: string) =>
  Object.keys((checker(g)(text).details?.languages as Record<string, number>) ?? {});

describe('Code', () => {
  it('detects languages from signatures and fences', () => {
    expect(langs('def add(a, b):\n    return a + b\n\nprint(add(1, 2))')).toEqual(['python']);
    expect(langs('const x = 1;\nconsole.log(x);')).toEqual(['javascript']);
    expect(langs('SELECT name, email FROM users WHERE id = 4')).toEqual(['sql']);
    expect(langs('```rust\nlet x = 5;\n```')).toEqual(['rust']);
    expect(langs('#include <stdio.h>\nint main() { printf("hi"); }')).toEqual(['c_cpp']);
  });
  it('passes prose that mentions code words', () => {
    expect(langs('Please select a function from the menu and print the report.')).toEqual([]);
    expect(langs('The meeting is at 10:30; bring the $5 you owe me.')).toEqual([]);
  });
  it('applies allow and deny lists', () => {
    const py = 'import os\nprint(os.getcwd())';
    expect(checker(g)(py).passed).toBe(false);
    expect(checker(g, { allowedLanguages: ['python'] })(py).passed).toBe(true);
    expect(checker(g, { deniedLanguages: ['sql'] })(py).passed).toBe(true);
    expect(checker(g, { deniedLanguages: ['sql'] })('SELECT * FROM t WHERE a = 1').passed).toBe(false);
  });
  it('finds the signatures a test of each one finds', () => {
    const texts = [
      'def f(x):\r\n  try:\n    import os\nexcept: pass\n  end\n#include <x.h>\npackage main\nx := 1',
      '#!/usr/bin/env bash\n  sudo apt-get install x\ncat f | grep y\n\u2028ls -la\n',
      '.card { color: red; } #id{margin:0;} a.b {x:y;} _x {a:b;} --v { p : q ; }',
      '<DIV class="a">x</div> <!doctype html> select * from t where a = 1; Update t set',
      'const a = 1; let b => c; $x = 2; echo "hi"; fn main() { println!("x"); } pub fn x',
      'Plain prose with no code in it at all, just words | and := signs { and } braces.',
    ];
    for (const text of texts) {
      const expected: Record<string, number> = {};
      for (const [lang, sigs] of Object.entries(CODE_SIGNATURES)) {
        const hits = sigs.filter((re) => re.test(text)).length;
        if (hits >= 1) expected[lang] = hits;
      }
      if (expected.typescript) delete expected.javascript;
      expect([text, detectCodeLanguages(text, 1)]).toEqual([text, expected]);
    }
  });
  it('uses only linear-time patterns', async () => {
    for (const re of Object.values(CODE_SIGNATURES).flat())
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 300_000);
});
