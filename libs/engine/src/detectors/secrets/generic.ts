/**
 * The assignment scanner: `name = value`, `"name": "value"`, `name := value`, `name => value`,
 * `NAME=value` (env files) and `?name=value` (query strings). Its matches feed the provider
 * context rules and the generic secret-assignment rules.
 */

/**
 * Assignment regex. Groups: 1 name, 2-4 quoted value ("", '', ``), 5 unquoted value (which may hold
 * up to two inner `=` or `:` between other characters: `t1.Z=.x`, `123456:AAx`).
 */
export const ASSIGNMENT_SOURCE =
  String.raw`(?<![A-Za-z0-9_.$@-])([A-Za-z0-9_$@][A-Za-z0-9_.$@-]{0,80})((?:\\?["'\]]){0,2})(?:[ \t]{1,3}(?:string|String|str|&str))?(?::[ \t]{0,2}(?:string|str|String|&str))?[ \t]{0,8}(=>|:{1,3}=|\?=|\|\|=|\+=|\.=|={1,3}|!={1,2}|:|,|-(?=[ \t]{0,4}['"]))[ \t]{0,8}(?:\r?\n[ \t]{0,40})?\\?(?:"([^"\n]{1,2000})"|'([^'\n]{1,2000})'|` +
  '`([^`\\n]{1,2000})`' +
  String.raw`|([^\s"'` +
  '`' +
  String.raw`,;&=:]{1,300}(?:[=:][^\s"'` +
  '`' +
  ',;&=:]{1,300}){0,2}={0,3}))';

/** Character kinds that decide where an assignment can start (mirrors ASSIGNMENT_SOURCE). */
const NAME_CHAR = 1; // [A-Za-z0-9_.$@-]
const NAME_START = 2; // [A-Za-z0-9_$@]
const NAME_PUNCT = 8; // . -
/** First character of an operator: `=`, `:`, `?=`, `||=`, `+=`, `.=`, `!=`, `,`, `-`. */
const OPERATOR_START = 4;
const CHAR_KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_.$@-]/.test(ch)) CHAR_KIND[c]! |= NAME_CHAR;
  if (/[A-Za-z0-9_$@]/.test(ch)) CHAR_KIND[c]! |= NAME_START;
  if (/[=:?|+.!,-]/.test(ch)) CHAR_KIND[c]! |= OPERATOR_START;
  if (ch === '.' || ch === '-') CHAR_KIND[c]! |= NAME_PUNCT;
}
const MAX_NAME = 81;

function kind(units: Uint16Array, i: number): number {
  const c = units[i]!;
  return c < 128 ? CHAR_KIND[c]! : 0;
}

/**
 * The first position in [from, end) where ASSIGNMENT_SOURCE, run sticky on text[start, end), may
 * match, or -1 (`units` holds the text's code units). Only the start of a run of name characters
 * can begin a match (the lookbehind), and only if an operator can follow a prefix of at most 81
 * characters of the run: `.=` or `-` inside the run, or after the whole run (past up to four
 * closing quotes and a few spaces) an operator or a type annotation. This is a superset of the
 * regex's match starts, found without backtracking, so the regex runs at a few positions instead
 * of at every word.
 */
export function nextAssignmentStart(units: Uint16Array, from: number, start: number, end: number): number {
  let i = from;
  if (i > start && kind(units, i - 1) & NAME_CHAR) while (i < end && kind(units, i) & NAME_CHAR) i++;
  while (i < end) {
    const first = kind(units, i);
    if (!(first & NAME_CHAR)) {
      i++;
      continue;
    }
    const p = i;
    let inner = false;
    let j = p + 1;
    for (; j < end; j++) {
      const c = units[j]!;
      if (c >= 128) break;
      const k = CHAR_KIND[c]!;
      if (!(k & NAME_CHAR)) break;
      // `.=`, or `-` before a quoted value, may end the name inside the run.
      if (k & NAME_PUNCT && !inner && j - p <= MAX_NAME) {
        const next = j + 1 < end ? units[j + 1]! : 0;
        inner = c === 46 ? next === 61 : next === 32 || next === 9 || next === 34 || next === 39;
      }
    }
    if (first & NAME_START && (inner || (j - p <= MAX_NAME && operatorAt(units, j, end)))) return p;
    i = j;
  }
  return -1;
}

/**
 * After a name ending at `i`: up to four closing quotes, brackets and backslashes, then after up
 * to eight spaces an operator, or after one to three spaces a type annotation (`string`, `String`,
 * `str`, `&str`). A comma counts only after a quoted name (`"name", "value"`): the scanner drops
 * the other comma matches.
 */
function operatorAt(units: Uint16Array, i: number, end: number): boolean {
  const quotesEnd = Math.min(end, i + 4);
  let quotedName = false;
  for (; i < quotesEnd; i++) {
    const c = units[i]!;
    if (c === 34 || c === 39) quotedName = true;
    else if (c !== 92 && c !== 93) break;
  }
  const spacesStart = i;
  const spacesEnd = Math.min(end, i + 9);
  while (i < spacesEnd && (units[i] === 32 || units[i] === 9)) i++;
  if (i >= end) return false;
  const c = units[i]!;
  if (c < 128 && CHAR_KIND[c]! & OPERATOR_START) return c !== 44 || quotedName;
  const spaces = i - spacesStart;
  if (spaces < 1 || spaces > 3) return false;
  if (c === 115) return startsWith(units, i, end, 'str'); // str, string
  if (c === 83) return startsWith(units, i, end, 'String');
  return c === 38 && startsWith(units, i, end, '&str');
}

function startsWith(units: Uint16Array, i: number, end: number, word: string): boolean {
  if (end - i < word.length) return false;
  for (let k = 0; k < word.length; k++) if (units[i + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** XML element holding a value: `<apiToken>value</apiToken>`. Groups: 1 name, 2 value. */
export const XML_ELEMENT_SOURCE = String.raw`<([A-Za-z_][\w.:-]{0,80})>[ \t\r\n]{0,40}([^<>\s][^<>\r\n]{5,2000})(?:\r?\n[ \t]{0,40})?</`;

/** Words in a name that say its value is a secret. */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'pw',
  'pass',
  'passphrase',
  'auth',
  'credential',
  'credentials',
  'creds',
  'cred',
  'sig',
  'secretkey',
  'accesskey',
  'privatekey',
  'authtoken',
  'accesstoken',
  'apitoken',
  'apisecret',
  'clientsecret',
  'login',
]);
/** Words that make a value a password (short human-chosen values are accepted). */
const PASSWORD_WORDS = new Set(['password', 'passwd', 'pwd', 'pw', 'pass', 'passphrase', 'secret']);
/** A name ending in one of these describes the secret, it does not hold it. */
const DESCRIPTIVE_LAST = new Set([
  'id',
  'ids',
  'name',
  'names',
  'url',
  'uri',
  'urls',
  'path',
  'file',
  'filename',
  'dir',
  'type',
  'types',
  'length',
  'len',
  'size',
  'count',
  'version',
  'format',
  'header',
  'headers',
  'prefix',
  'suffix',
  'field',
  'env',
  'region',
  'endpoint',
  'host',
  'port',
  'expiry',
  'expires',
  'expiration',
  'timeout',
  'ttl',
  'enabled',
  'required',
  'policy',
  'provider',
  'method',
  'mode',
  'label',
  'description',
  'desc',
  'hint',
  'text',
  'message',
  'msg',
  'title',
  'placeholder',
  'pattern',
  'regex',
  'algorithm',
  'alg',
  'kind',
  'location',
  'store',
  'manager',
  'service',
  'reset',
  'min',
  'max',
  'rotation',
  'strategy',
  'scope',
  'scopes',
  'usage',
  'index',
  'cmd',
  'command',
  'question',
  'validation',
  'error',
  'errors',
  'hidden',
  'input',
  'form',
  'column',
  'param',
  'params',
  'schema',
  'hash',
  'hashed',
  'digest',
  'checksum',
  'sha',
  'md5',
  'fingerprint',
  'class',
  'prompt',
  'match',
  'handler',
  'callback',
  'fn',
  'func',
  'function',
  'ref',
  'variable',
  'var',
  'key_name',
  'source',
  'status',
  'state',
  'at',
  'date',
  'time',
  'created',
  'updated',
  'user',
  'username',
  'email',
  'owner',
  'issuer',
  'audience',
  'tag',
  'mapping',
  'map',
  'list',
  'set',
  'cache',
  'storage',
  'sequence',
  'pair',
  'usages',
  'lifetime',
  'duration',
  'pool',
  'dn',
  'attribute',
  'attr',
  'chars',
  'characters',
  'alphabet',
  'charset',
]);
const PUBLIC_WORDS = new Set(['public', 'pub', 'publishable', 'publickey', 'pubkey', 'csrf', 'xsrf']);
/** Words by which a name declares its value a fake (`fakeToken`, `invalid_key`, `nonMatchingToken`). */
const FIXTURE_WORDS = new Set(['fake', 'dummy', 'mock', 'invalid', 'bogus', 'nonmatching']);

export interface NameInfo {
  words: string[];
  secret: boolean;
  password: boolean;
  descriptive: boolean;
  strong: boolean;
  /** The name says the value is not a real credential. */
  fixture: boolean;
}

/**
 * Splits a name (`dbPassword`, `AWS_SECRET_ACCESS_KEY`, `spring.datasource.password`, `HTTPServer`)
 * into lower-case words: at every character other than an ASCII letter or digit, before an
 * upper-case letter that follows a lower-case letter or a digit, and before the last letter of an
 * upper-case run that goes on in lower case. Names are ASCII (the scanner's name patterns).
 */
export function nameWords(name: string): string[] {
  const words: string[] = [];
  const n = name.length;
  let start = -1;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? name.charCodeAt(i) : 0;
    const upper = c >= 65 && c <= 90;
    if (!(upper || (c >= 97 && c <= 122) || (c >= 48 && c <= 57))) {
      if (start >= 0) words.push(name.slice(start, i).toLowerCase());
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    if (!upper) continue;
    const prev = name.charCodeAt(i - 1);
    const prevUpper = prev >= 65 && prev <= 90;
    const next = i + 1 < n ? name.charCodeAt(i + 1) : 0;
    if (!prevUpper || (next >= 97 && next <= 122)) {
      words.push(name.slice(start, i).toLowerCase());
      start = i;
    }
  }
  return words;
}

/** Word endings that make a password name (`dbpassword`, `adminpwd`, `clientsecret`). */
const PASSWORD_ENDS = ['password', 'passwd', 'pwd', 'secret'];
/** Word endings that make a strong secret name (`authtoken`, `apikey` written as one word). */
const STRONG_ENDS = ['token', 'secret', 'password', 'apikey'];

function endsWithAny(word: string, ends: readonly string[]): boolean {
  for (const end of ends) if (word.endsWith(end)) return true;
  return false;
}

export function classifyName(name: string): NameInfo {
  const words = nameWords(name);
  let secret = false;
  let password = false;
  let strong = false;
  let isPublic = false;
  let fixture = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (FIXTURE_WORDS.has(w) || (w === 'matching' && words[i - 1] === 'non')) fixture = true;
    const secretWord = SECRET_WORDS.has(w);
    const passwordEnd = endsWithAny(w, PASSWORD_ENDS);
    if (secretWord || passwordEnd || w.endsWith('key') || w.endsWith('token')) secret = true;
    if (passwordEnd || PASSWORD_WORDS.has(w)) password = true;
    if (w !== 'key' && w !== 'auth' && w !== 'login' && (secretWord || endsWithAny(w, STRONG_ENDS)))
      strong = true;
    if (PUBLIC_WORDS.has(w)) isPublic = true;
  }
  const last = words[words.length - 1] ?? '';
  // A bare `secret_id` is a credential (Vault AppRole), not the id of one.
  const approleSecret = words.length === 2 && words[0] === 'secret' && last === 'id';
  const descriptive = (DESCRIPTIVE_LAST.has(last) && !approleSecret) || isPublic;
  return { words, secret: secret && !isPublic, password, descriptive, strong, fixture };
}

/** A member-access segment that is a random token: 16+ characters, mixed case, two digits or more. */
function randomSegment(seg: string): boolean {
  return seg.length >= 16 && /[a-z]/.test(seg) && /[A-Z]/.test(seg) && /[0-9][^0-9]{0,30}[0-9]/.test(seg);
}

/** An unquoted value that is code (a call, a member access, a bare identifier), not a literal. */
export function looksLikeCode(value: string): boolean {
  if (/[()]/.test(value) && /^[A-Za-z_$][\w$.]*\(/.test(value)) return true;
  // A member access (`config.apiKey`), unless a segment is a random token (`s.ZC9Ecf4M5g9o34Q6RkzGsj0z`).
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) && !value.split('.').some(randomSegment))
    return true;
  if (/^(?:this|self|props|ctx|req|request|config|cfg|opts|options|params|args|env|process)[.[]/.test(value))
    return true;
  if (/^[A-Za-z_]+$/.test(value) && value.length < 32) return true;
  if (/^[A-Z_][A-Z0-9_]*$/.test(value) && value.includes('_')) return true;
  return false;
}

/**
 * A value made of dictionary-like pieces (`id-Gost28147-89-None-KeyMeshing`, `struct_X509_pubkey_st`,
 * `jjwt-jackson-0.11.2`): an identifier or a version string, not a random token.
 */
export function looksLikeIdentifier(value: string): boolean {
  // One pass over the pieces between separators (`-_./:+~`) and camel-case breaks (`get|Element`);
  // each piece must be a number of up to 10 digits, or letters and then up to 6 digits, and a run
  // of more than 4 letters needs a quarter of vowels.
  const n = value.length;
  let pieces = 0;
  let separated = false;
  let letters = 0;
  let vowels = 0;
  let digits = 0;
  let pieceStart = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? value.charCodeAt(i) : -1;
    const separator = c === -1 || isSeparator(c);
    const upper = c >= 65 && c <= 90;
    const lower = c >= 97 && c <= 122;
    const camelBreak = upper && i > 0 && isLowerAt(value, i - 1);
    if (separator || camelBreak) {
      if (i > pieceStart) {
        pieces++;
        if (letters === 0 ? digits > 10 : digits > 6 || (letters > 4 && vowels / letters < 0.25))
          return false;
      }
      if (separator && c !== -1) separated = true;
      letters = 0;
      vowels = 0;
      digits = 0;
      pieceStart = separator ? i + 1 : i;
      if (separator) continue;
    }
    if (upper || lower) {
      if (digits > 0) return false;
      letters++;
      if (VOWELS.has(c | 32)) vowels++;
    } else if (c >= 48 && c <= 57) digits++;
    else return false;
  }
  if (pieces < 2) return false;
  // Random mixed-case letters split into many tiny camel-case pieces (`hf|Cnu|Vc|YOgi|Rjl…`);
  // identifiers have words (`get|Element|By|Id`).
  return !(pieces >= 5 && n / pieces < 3 && !separated);
}

/** Lower-case vowels, `y` included. */
const VOWELS = new Set([...'aeiouy'].map((ch) => ch.charCodeAt(0)));

/** `-_./:+~` */
function isSeparator(c: number): boolean {
  return c === 45 || c === 95 || c === 46 || c === 47 || c === 58 || c === 43 || c === 126;
}

function isLowerAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 97 && c <= 122;
}
