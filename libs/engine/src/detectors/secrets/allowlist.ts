/**
 * Values that look like credentials but are not: placeholders, template references, documented
 * example keys, hashes, UUIDs and lockfile checksums. Every check looks at the whole value (and,
 * for lockfiles and pinned actions, at the line around it), never at a substring of a real token.
 */

/** Keys published in vendor documentation as examples; they never grant access. */
const DOCUMENTED_EXAMPLES = new Set([
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'AKIAI44QH8DHBEXAMPLE',
  'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY',
]);

const PLACEHOLDER_WORDS =
  /^(?:your|my|the|insert|enter|put|replace|add|paste|example|sample|dummy|placeholder|redacted|changeme|change[-_]?me|change[-_]?this|todo|tbd|fixme|none|null|nil|undefined|true|false|secret|password|passwd|pass|pwd|token|apikey|api[-_]?key|string|value|test|xxx+|foo|bar|baz|qux)(?:[-_. ]?(?:own|api|secret|access|auth|app|client|service|private|personal|real|actual|here|key|keys|token|tokens|password|pass|value|id|string|goes|here|name|user|bot|account|webhook|url|example|sample|placeholder|dummy|test|1|2)){0,4}$/i;

const RE0 = /^\$\{\{[^}]{1,200}\}\}$/;
const RE1 = /^\$\{[^}]{1,200}\}$/;
const RE2 = /^\$[A-Za-z_][A-Za-z0-9_]{0,100}$/;
const RE3 = /^\$\([^)]{1,200}\)$/;
const RE4 = /^\{\{[^}]{1,200}\}\}$/;
const RE5 = /^\{[A-Za-z_][\w.-]{0,100}\}$/;
const RE6 = /^%[A-Za-z_][\w.-]{0,100}%$/;
const RE7 = /^#\{[^}]{1,200}\}$/;
const RE8 = /^<[^<>]{1,200}>$/;
const RE9 = /^\[[A-Za-z_ -]{1,100}\]$/;
const RE10 = /(?:^|[^\w])(?:environ|getenv|env|secrets|config|settings|vault)(?:\.|\[|\()/i;
const RE11 = /^[.*•·x#_=-]+$/i;
/** First characters RE11 accepts. */
const FILLER_FIRST = new Set([...'.*•·xX#_=-'].map((c) => c.charCodeAt(0)));
const RE12 = /\.\.\.|…/;
const RE13 = /\*{3,}|x{5,}|X{5,}|#{4,}/;
const RE14 =
  /(?:^|[^A-Za-z])(?:your|insert|enter|replace)[-_ ]?(?:own[-_ ]?)?[A-Za-z]{0,30}(?:key|token|secret|password|here)/i;
const RE15 = /^(?:change[-_]?me|example|dummy|placeholder|sample|redacted)[-_\w]{0,30}$/i;
const RE16 = /(?:^|[-_.])(?:example|placeholder|redacted|changeme)(?:$|[-_.])/i;
const RE17 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RE18 = /^(?:[0-9a-f]+|[0-9A-F]+)$/;
const RE19 = /\sh1:[A-Za-z0-9+/]{43}=/;
const RE20 = /\b(?:integrity|checksum|digest)["']?\s{0,3}[:=]?\s{0,3}["']?sha(?:1|256|384|512)-/i;
const RE21 = /\bintegrity\s+sha(?:1|256|384|512)-/;
const RE22 =
  /(?:hash|sha256|digest|checksum)["']?\s{0,3}[:=]\s{0,3}["']?(?:sha(?:1|256|384|512)|md5):[0-9a-f]{32,128}/i;
const RE23 = /--hash=sha(?:256|384|512):[0-9a-f]{64,128}/;
const RE24 = /\buses:\s{0,4}["']?[\w.-]{1,100}\/[\w./-]{1,200}@[0-9a-f]{40}\b/;
const RE25 = /;\s?md5=[0-9a-f]{32}/;
const RE26 = /^\$\{[A-Za-z_][A-Za-z0-9_]{0,100}(?::?[-=?+]|$)/;
const RE27 = /\[redacted|redacted\]/i;
/** A literal that each of RE10, RE12-RE14, RE16 and RE27 requires (any case). */
const PLACEHOLDER_HINT =
  /env|secrets|config|settings|vault|\.\.\.|…|\*{3}|x{5}|#{4}|your|insert|enter|replace|example|placeholder|redacted|changeme/i;
/** A literal that each of RE19-RE25 requires. */
const CHECKSUM_HINT = /h1:|sha|md5|uses:/i;

/** Every pattern above, for the linear-time safety test. */
export const ALLOWLIST_PATTERNS: readonly RegExp[] = [
  PLACEHOLDER_WORDS,
  RE0,
  RE1,
  RE2,
  RE3,
  RE4,
  RE5,
  RE6,
  RE7,
  RE8,
  RE9,
  RE10,
  RE11,
  RE12,
  RE13,
  RE14,
  RE15,
  RE16,
  RE17,
  RE18,
  RE19,
  RE20,
  RE21,
  RE22,
  RE23,
  RE24,
  RE25,
  RE26,
  RE27,
  PLACEHOLDER_HINT,
  CHECKSUM_HINT,
];

/** True when `value` (without surrounding quotes) is a placeholder, template or reference, not a credential. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length < 4) return true;
  if (DOCUMENTED_EXAMPLES.has(v)) return true;
  // Most patterns are anchored at a distinctive first character: only those that can match run
  // (this is called for every would-be secret, and a regex call costs more than the test).
  const first = v.charCodeAt(0);
  switch (first) {
    // Template references: $VAR, ${VAR}, ${{ secrets.X }}, $(cmd); shell defaults cut at the first
    // `=` or `:` (`${SUMO_KEY:=$2}`)
    case 36: // $
      if (RE0.test(v) || RE1.test(v) || RE2.test(v) || RE3.test(v) || RE26.test(v)) return true;
      break;
    case 123: // {{ .Values.x }}, {name}
      if (RE4.test(v) || RE5.test(v)) return true;
      break;
    case 37: // %VAR%
      if (RE6.test(v)) return true;
      break;
    case 35: // #{x}
      if (RE7.test(v)) return true;
      break;
    case 60: // <your-key>
      if (RE8.test(v)) return true;
      break;
    case 91: // [KEY]
      if (RE9.test(v)) return true;
      break;
  }
  // Filler ("....", "xxxx-xxxx", "***"), placeholder words (`your_api_key`, `changeme`)
  if (FILLER_FIRST.has(first) && RE11.test(v)) return true;
  if (PLACEHOLDER_WORDS.test(v)) return true;
  if (RE15.test(v)) return true;
  // The unanchored patterns each need a literal of PLACEHOLDER_HINT: one pass settles most values.
  if (!PLACEHOLDER_HINT.test(v)) return false;
  // Code references: os.environ["X"], os.getenv("X"), process.env.X, ENV["X"], System.getenv("X")
  if (RE10.test(v)) return true;
  // Ellipses and masks: "abc...", "sk-****", "<redacted>"
  if (RE12.test(v)) return true;
  if (RE13.test(v)) return true;
  if (RE14.test(v)) return true;
  if (RE16.test(v)) return true;
  // Values marked redacted.
  if (RE27.test(v)) return true;
  return false;
}

const HEX_HASH_LENGTHS = new Set([32, 40, 56, 64, 96, 128]);

/** A plain hex digest (MD5, SHA-1, SHA-2) or a UUID. */
export function isHashOrUuid(value: string): boolean {
  if (RE17.test(value)) return true;
  return HEX_HASH_LENGTHS.has(value.length) && RE18.test(value);
}

/**
 * Lines whose long random-looking values are checksums or commit pins: go.sum `h1:`, npm/yarn
 * `integrity sha512-`, poetry/pip `sha256:` hashes, `uses: owner/action@<sha>`, git commit ids.
 */
export function isChecksumContext(line: string): boolean {
  // Every pattern below holds one of these: one pass over the line settles most lines.
  if (!CHECKSUM_HINT.test(line)) return false;
  return (
    RE19.test(line) ||
    RE20.test(line) ||
    RE21.test(line) ||
    RE22.test(line) ||
    RE23.test(line) ||
    RE24.test(line) ||
    RE25.test(line)
  );
}
