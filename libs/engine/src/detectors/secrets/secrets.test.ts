import { describe, expect, it } from 'vitest';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { ALLOWLIST_PATTERNS } from './allowlist.ts';
import { CONTEXT_PATTERNS, ENV_PATTERNS } from './contexts.ts';
import { ASSIGNMENT_SOURCE, nextAssignmentStart, XML_ELEMENT_SOURCE } from './generic.ts';
import { BUILTIN_RULES } from './rules/index.ts';
import { CLI_OPTION_SOURCE, createSecretScanner, LABELLED_SOURCE } from './scanner.ts';

const scanner = createSecretScanner();
const ids = (text: string) => scanner.scan(text).map((f) => f.ruleId);
const values = (text: string) => scanner.scan(text).map((f) => text.slice(f.start, f.end));

/**
 * A regex that can only match strings of bounded length explores a bounded number of paths from
 * each start position, so its scan is linear in the text: no unbounded quantifier (`*`, `+`,
 * `{n,}`), no repeated group (nested repetition) and no backreference. Escapes and character
 * classes are skipped over.
 */
function boundedRepetitionOnly(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      if (!inClass && /[1-9k]/.test(source[i + 1] ?? '')) return false;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+') return false;
    else if (c === '{' && /^\{\d+,\}/.test(source.slice(i))) return false;
    // A repeated group may multiply paths (`(?:a|a){1,30}`); an optional one at most doubles them.
    else if (c === ')' && /[*+{]/.test(source[i + 1] ?? '')) return false;
  }
  return true;
}

/** Random-looking but deterministic token body of `n` characters from `alphabet`. */
function body(n: number, alphabet = 'aB3dE5fG7hJ9kL2mN4pQ6rS8tV0wX1yZ'): string {
  let out = '';
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += alphabet[(x >>> 0) % alphabet.length];
  }
  return out;
}
const HEX = '0123456789abcdef';

describe('secret rules: provider formats', () => {
  const cases: Array<[string, string]> = [
    ['aws-access-token', `AKIA${body(16, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567')}`],
    ['github-pat', `ghp_${body(36)}`],
    ['github-fine-grained-pat', `github_pat_${body(82, 'aB3dE5fG7hJ9kL2mN4pQ6rS8tV0wX1yZ_')}`],
    ['gitlab-pat', `glpat-${body(20)}`],
    ['slack-bot-token', `xoxb-1234567890123-1234567890123-${body(24)}`],
    ['stripe-access-token', `sk_live_${body(24)}`],
    ['openai-api-key', `sk-proj-${body(60)}T3BlbkFJ${body(60)}`],
    ['anthropic-api-key', `sk-ant-api03-${body(93)}AA`],
    ['huggingface-access-token', `hf_${body(34, 'abcdefghijkLMNOPQRSTuvwxyz')}`],
    ['npm-access-token', `npm_${body(36)}`],
    ['sendgrid-api-token', `SG.${body(22)}.${body(43)}`],
    ['gcp-api-key', `AIza${body(35)}`],
  ];
  for (const [id, token] of cases) {
    it(`finds ${id} with the exact span`, () => {
      const text = `config: ${token} end`;
      const found = scanner.scan(text);
      expect(found.map((f) => f.ruleId)).toEqual([id]);
      expect(text.slice(found[0]!.start, found[0]!.end)).toBe(token);
    });
  }

  it('finds a PEM private key block but not a public key or an empty block', () => {
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${body(64)}\n${body(64)}\n-----END RSA PRIVATE KEY-----`;
    expect(ids(`here:\n${key}\n`)).toEqual(['private-key']);
    expect(ids(`-----BEGIN PUBLIC KEY-----\n${body(64)}\n-----END PUBLIC KEY-----`)).toEqual([]);
    expect(ids('-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----')).toEqual([]);
  });

  it('finds JWTs and URLs with passwords', () => {
    const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${body(43)}`;
    expect(ids(`Authorization token ${jwt}`)).toContain('jwt');
    expect(values('DATABASE=postgres://app:S3cr3tPw9@db.internal:5432/app')).toEqual(['S3cr3tPw9']);
    expect(ids('see https://example.com:8080/path and http://user@host/')).toEqual([]);
  });

  it('treats look-alike prefixes and masked examples as non-secrets', () => {
    expect(ids(`ghp_${'x'.repeat(36)}`)).toEqual([]);
    expect(ids('"token": "xoxp-572370529330-573807301142-572331691188-####################"')).toEqual([]);
    expect(ids('AKIAIOSFODNN7EXAMPLE')).toEqual([]); // AWS documentation example key
    expect(ids('my.ico-7a388b69018576d24b59331fd60aab0c.png')).toEqual([]);
  });
});

describe('secret rules: provider context and generic assignments', () => {
  it('finds provider keys without a prefix by the provider name on the line', () => {
    expect(ids(`twitch_TOKEN = "${body(30, 'abcdefghijklmnopqrstuvwxyz0123456789')}"`)).toEqual([
      'twitch-api-token',
    ]);
    expect(
      ids(`aws_secret_access_key = ${body(40, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789/+')}`),
    ).toEqual(['aws-secret-access-key']);
  });

  it('finds secret-named assignments in many syntaxes', () => {
    const v = body(32);
    for (const line of [
      `api_key = "${v}"`,
      `"apiKey": "${v}"`,
      `API_TOKEN=${v}`,
      `secret := "${v}"`,
      `$token .= "${v}"`,
      `System.setProperty("SERVICE_TOKEN", "${v}")`,
      `<apiToken>\n  ${v}\n</apiToken>`,
      `https://api.example.com/v1?apikey=${v}&q=1`,
      `some token - '${v}'`,
    ]) {
      expect(values(line), line).toEqual([v]);
    }
    expect(ids('db_password: "Tr0ub4dor&3"')).toEqual(['generic-password']);
  });

  it('passes placeholders, references, hashes, UUIDs, lockfile lines and pinned actions', () => {
    for (const text of [
      'api_key="your-api-key"',
      'OPENAI_API_KEY=<your_openai_api_key>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder under test
      'OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}',
      'token = os.environ["API_TOKEN"]',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder under test
      'password = ${DB_PASSWORD}',
      'export TOKEN=$TOKEN',
      'secret: "..."',
      'password: changeme',
      'api_key = "xxxxxxxxxxxxxxxxxxxx"',
      'report_access_id: e8e4df51-2054-49b0-ab1c-516ac95c691d',
      'token_hash = "5c94767cedb5d6987c902ac850ded2c6"',
      `github.com/pkg/errors v0.9.1 h1:${body(43)}=`,
      `"integrity": "sha512-${body(86)}=="`,
      `{file = "black-23.12.1.whl", hash = "sha256:${body(64, HEX)}"},`,
      `uses: actions/checkout@${body(40, HEX)} # v4`,
      'key_name: prod5zyxlmy-cmk',
      'BlindKeySignatures = Ed25519.BlindKeySignatures',
      'token = self.get_token()',
      'The secret to success is hard work.',
    ]) {
      expect(ids(text), text).toEqual([]);
    }
  });
});

describe('secret rules: labelled tokens, auth schemes, attributes and near-misses', () => {
  const HEX40 = body(40, HEX);

  it('finds a token noted after a lone label word, quoted or bare', () => {
    const quoted = body(20, 'abcdefghijklmnopqrstuvwxyz0123456789');
    expect(values(`acmecorp '${quoted}' 'https://acme.example.com'`)).toEqual([quoted]);
    const bare = body(24);
    expect(values(`notes:\nacmecorp ${bare}\n`)).toEqual([bare]);
    for (const text of [
      `commit ${HEX40}`,
      `echo '${quoted}'`,
      'version 1.2.3-beta.4',
      'hello there general kenobi',
      `release ${body(8)}`,
      `sha256 ${body(64, HEX)}`,
    ]) {
      expect(ids(text), text).toEqual([]);
    }
  });

  it('judges the credential after an authorization scheme held in a variable', () => {
    const v = body(32);
    expect(values(`widget_auth_token: "Bearer ${v}"`)).toEqual([v]);
    expect(values(`client_token := "X-Authorization ${v}"`)).toEqual([v]);
    expect(ids('auth_header: "Bearer $TOKEN"')).toEqual([]);
  });

  it('reads NuGet-style key/value attributes', () => {
    expect(ids('<add key="ClearTextPassword" value="Sup3rS3cret!" />')).toEqual(['generic-password']);
    expect(ids('<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />')).toEqual([]);
    expect(ids('<add key="RepositoryPath" value="packages" />')).toEqual([]);
  });

  it('keeps inner = and : of unquoted values (Telegram, Yandex)', () => {
    const tg = `123456789:AA${body(33)}`;
    expect(values(`telegram_token: ${tg}`)).toEqual([tg]);
    const ya = `t1.${body(12)}=.${body(86)}`;
    expect(values(`yandexToken = ${ya}`)).toEqual([ya]);
  });

  it('reads command-line options, next-line values and long numeric tokens', () => {
    const v = body(40);
    expect(values(`tool --api-key ${v} --verbose`)).toEqual([v]);
    expect(values(`tool --password="${v}"`)).toEqual([v]);
    expect(values(`Cleanup.exe\n  -storagekey ${v}==\n  -container backups`)).toEqual([`${v}==`]);
    expect(ids('tool --port 8080 --name my-service-name --output ./build/dist')).toEqual([]);
    expect(values(`const serviceApiKey =\n  "${v}";`)).toEqual([v]);
    expect(ids("widget token = '9734741337193905126710251'")).toEqual(['generic-api-key']);
    expect(ids("token_expiry = '20240101000000000000'")).toEqual([]);
    expect(values(`token: s.${body(24)}`)).toEqual([`s.${body(24)}`]);
    expect(ids('token: self.access_token')).toEqual([]);
  });

  it('reads comparisons with a literal, digit-led names, Vault secret_id and long values', () => {
    const v = body(20);
    expect(values(`if apiKey != "${v}" {`)).toEqual([v]);
    expect(values(`8x8_secret: "${body(43)}"`)).toEqual([body(43)]);
    expect(
      ids(`secret_id = '${body(8, HEX)}-${body(4, HEX)}-${body(4, HEX)}-${body(4, HEX)}-${body(12, HEX)}'`),
    ).toEqual(['generic-password']);
    expect(
      ids(`key_id = '${body(8, HEX)}-${body(4, HEX)}-${body(4, HEX)}-${body(4, HEX)}-${body(12, HEX)}'`),
    ).toEqual([]);
    const long = body(1500);
    expect(values(`session token = '${long}'`)).toEqual([long]);
    expect(ids('12:30:45 started, 8080: listening')).toEqual([]);
  });

  it('passes near-miss values under a provider name and fake-declaring names', () => {
    for (const text of [
      `telegram_api_token = "98145852576099763:${body(35)}"`,
      `meraki-api-key: ${HEX40.slice(0, 4)}F${HEX40.slice(5)}`,
      `meraki_token = ${body(64, HEX)}R21`,
      `nonMatchingToken := "${body(16)}"`,
      `fakeApiKey = "${body(32)}"`,
      `sumObj = ${body(14)}`,
      'pub const X509_pubkey_st = struct_X509_pubkey_st;',
      `sk-proj-${body(22)}T4BlbkFJ${body(24)}`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal shell default under test
      'SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY:=$2}',
      'fn::secret: ops_eyJzaWduSW5B..[Redacted]',
      '  k8s-app: kubernetes-dashboard',
    ]) {
      expect(ids(text), text).toEqual([]);
    }
    expect(ids(`meraki_api_key: ${HEX40}`)).toEqual(['cisco-meraki-api-key']);
  });
});

describe('secret scanner options', () => {
  it('disables and enables rules', () => {
    const text = `ghp_${body(36)} and api_key = "${body(32)}"`;
    expect(
      createSecretScanner({ disabled: ['github-pat'] })
        .scan(text)
        .map((f) => f.ruleId),
    ).toEqual(['generic-api-key']);
    expect(
      createSecretScanner({ enabled: ['github-pat'] })
        .scan(text)
        .map((f) => f.ruleId),
    ).toEqual(['github-pat']);
  });

  it('runs custom RE2 rules with keywords and entropy', () => {
    const s = createSecretScanner({
      enabled: [],
      customRules: [{ id: 'acme', pattern: 'acme_([a-z0-9]{12})', keywords: ['acme_'], minEntropy: 2 }],
    });
    const text = 'x acme_a1b2c3d4e5f6 y';
    expect(s.scan(text).map((f) => [f.ruleId, text.slice(f.start, f.end)])).toEqual([
      ['acme', 'a1b2c3d4e5f6'],
    ]);
    expect(s.scan('acme_aaaaaaaaaaaa')).toEqual([]);
  });
});

describe('assignment start finder', () => {
  const codeUnits = new CodeUnitBuffer();
  /** nextAssignmentStart on the whole of `text`. */
  const next = (text: string, from: number, start = 0) =>
    nextAssignmentStart(codeUnits.load(text), from, start, text.length);
  /**
   * Whether the assignment regex matches at `p` with a match the scanner keeps: it drops a comma
   * "operator" unless both the name and the value are quoted (`"name", "value"`).
   */
  function kept(text: string, p: number): boolean {
    const re = new RegExp(ASSIGNMENT_SOURCE, 'y');
    re.lastIndex = p;
    const m = re.exec(text);
    if (!m) return false;
    const quotedValue = m[4] !== undefined || m[5] !== undefined || m[6] !== undefined;
    return m[3] !== ',' || (quotedValue && /["']/.test(m[2]!));
  }
  /** Every position where the scanner keeps a match of the regex run sticky on the whole string. */
  function regexStarts(text: string): number[] {
    const starts: number[] = [];
    for (let p = 0; p < text.length; p++) if (kept(text, p)) starts.push(p);
    return starts;
  }
  /** What the scanner tries: the finder's candidates in order, each confirmed by the regex. */
  function finderStarts(text: string): number[] {
    const starts: number[] = [];
    for (let p = next(text, 0); p >= 0; p = next(text, p + 1)) if (kept(text, p)) starts.push(p);
    return starts;
  }

  it('finds exactly the positions where the scanner keeps an assignment match', () => {
    const pieces = [
      'key',
      'apiToken',
      'a.b',
      '$x',
      '@y',
      '-',
      '.',
      '_',
      '=',
      '==',
      '=>',
      ':',
      '::=',
      '.=',
      '+=',
      '||=',
      '?=',
      '!==',
      ',',
      ' - ',
      '"',
      "'",
      '`',
      ']',
      '\\',
      ' ',
      '\t',
      '\n',
      '\r\n',
      ' string',
      ': str',
      ' &str',
      ' String',
      'st',
      'aB3dE5fG7hJ9kL2',
      'é',
      '(',
      ';',
      '&',
      'x'.repeat(90),
    ];
    let x = 0x2545f491;
    const pick = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return pieces[(x >>> 0) % pieces.length]!;
    };
    let matched = 0;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let k = 0; k < 12; k++) text += pick();
      const expected = regexStarts(text);
      matched += expected.length;
      expect(finderStarts(text), JSON.stringify(text)).toEqual(expected);
    }
    expect(matched).toBeGreaterThan(1000);
  });

  it('skips prose and commas after bare words, and resumes after a name run', () => {
    const text = 'the quick brown fox, then api_key = "v" and a-b - "c"';
    // `fox, then`: a comma after an unquoted name is no assignment; after a quoted one it may be.
    expect(next(text, 0)).toBe(text.indexOf('api_key'));
    expect(next('["name", "value"]', 0)).toBe(2);
    expect(next(text, text.indexOf('api_key') + 3)).toBe(text.indexOf('a-b'));
    // A window that starts inside a word: the regex sees no character before it, nor does the finder.
    const inner = text.indexOf('api_key') + 4;
    expect(next(text, inner, inner)).toBe(inner);
    expect(next(text, inner)).toBe(text.indexOf('a-b'));
  });
});

describe('secret scanner cost', () => {
  it('scans 1 MB adversarial inputs well under a second each', () => {
    const inputs = [
      'a='.repeat(500_000),
      'key='.repeat(250_000),
      'token: '.repeat(150_000),
      `-----BEGIN PRIVATE KEY-----${'A'.repeat(1_000_000)}`,
      'ghp_'.repeat(250_000),
      `${'x'.repeat(999_000)}secret="`,
      '<a>'.repeat(333_000),
      'curl -u a:'.repeat(100_000),
      `"${'\\"key\\":'.repeat(100_000)}`,
      'sk-'.repeat(333_000),
      'key=a=b'.repeat(140_000),
      'key: a:'.repeat(140_000),
      'a, '.repeat(333_000),
      `kucoin ${'a1'.repeat(499_000)}`,
      `token = "Bearer ${'a'.repeat(999_000)}`,
      'key\n'.repeat(250_000),
      '.'.repeat(1_000_000),
      'x://'.repeat(250_000),
      '"key", '.repeat(140_000),
    ];
    // CPU time, not wall time: the test machine is shared. About 0.3 s for the worst shape
    // (a keyword on every line) on the 2-core dev machine.
    for (const text of inputs) {
      const before = process.cpuUsage();
      scanner.scan(text);
      const used = process.cpuUsage(before);
      expect((used.user + used.system) / 1000, text.slice(0, 20)).toBeLessThan(500);
    }
  });

  it('keeps every built-in pattern linear-time (structure or recheck)', { timeout: 600_000 }, async () => {
    const patterns: Array<{ id: string; source: string; flags: string }> = [
      { id: 'assignment', source: ASSIGNMENT_SOURCE, flags: '' },
      { id: 'xml-element', source: XML_ELEMENT_SOURCE, flags: '' },
      { id: 'labelled', source: LABELLED_SOURCE, flags: 'y' },
      { id: 'cli-option', source: CLI_OPTION_SOURCE, flags: '' },
      ...[...ALLOWLIST_PATTERNS, ...CONTEXT_PATTERNS, ...ENV_PATTERNS].map((re, i) => ({
        id: `helper-${i}`,
        source: re.source,
        flags: re.flags,
      })),
      ...BUILTIN_RULES.flatMap((r) =>
        r.kind === 'format'
          ? [{ id: r.id, source: r.pattern, flags: r.flags ?? '' }]
          : [
              { id: r.id, source: `^(?:${r.value})$`, flags: '' },
              ...(r.nearMiss ? [{ id: `${r.id}/near-miss`, source: `^(?:${r.nearMiss})$`, flags: '' }] : []),
            ],
      ),
    ];
    // Every pattern is checked once per distinct source; most have bounded repetition only and are
    // linear by construction, the rest go through recheck.
    const distinct = new Map<string, string>();
    for (const p of patterns) distinct.set(`${p.flags}/${p.source}`, p.id);
    const unsafe: string[] = [];
    let rechecked = 0;
    for (const [key, id] of distinct) {
      const slash = key.indexOf('/');
      const flags = key.slice(0, slash);
      const source = key.slice(slash + 1);
      if (boundedRepetitionOnly(source)) continue;
      rechecked++;
      const status = await linearTimeStatus({ source, flags });
      if (status !== 'safe') unsafe.push(`${id}: ${status}`);
    }
    expect(unsafe).toEqual([]);
    expect(rechecked).toBeLessThan(distinct.size);
  });

  it('tells bounded-repetition patterns from the rest', () => {
    expect(boundedRepetitionOnly('ghp_[A-Za-z0-9]{36}')).toBe(true);
    expect(boundedRepetitionOnly('(?<![\\w.-])(sk-(?:proj|admin)-[A-Za-z0-9_-]{20,200})(?![\\w])')).toBe(
      true,
    );
    expect(boundedRepetitionOnly('[a*+]{1,3}\\+\\*x\\{1,\\}')).toBe(true);
    expect(boundedRepetitionOnly('a+b')).toBe(false);
    expect(boundedRepetitionOnly('a[^x]*b')).toBe(false);
    expect(boundedRepetitionOnly('a{2,}')).toBe(false);
    expect(boundedRepetitionOnly('(?:ab){1,3}')).toBe(false);
    expect(boundedRepetitionOnly('(?:ab)?c{2}')).toBe(true);
    expect(boundedRepetitionOnly('(a)\\1')).toBe(false);
  });
});
