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
  /^(?:your|my|the|insert|enter|put|replace|add|paste|example|sample|dummy|placeholder|redacted|changeme|change[-_]?me|change[-_]?this|todo|tbd|fixme|none|null|nil|undefined|true|false|secret|password|passwd|token|apikey|api[-_]?key|string|value|test|xxx+|foo|bar|baz|qux)(?:[-_. ]?(?:own|api|secret|access|auth|app|client|service|private|personal|real|actual|here|key|keys|token|tokens|password|pass|value|id|string|goes|here|name|user|bot|account|webhook|url|example|sample|placeholder|dummy|test|1|2))*$/i;

/** True when `value` (without surrounding quotes) is a placeholder, template or reference, not a credential. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length < 4) return true;
  if (DOCUMENTED_EXAMPLES.has(v)) return true;
  // Template references: $VAR, ${VAR}, ${{ secrets.X }}, {{ .Values.x }}, %VAR%, <your-key>, [KEY], #{x}
  if (/^\$\{\{[^}]{1,200}\}\}$/.test(v)) return true;
  if (/^\$\{[^}]{1,200}\}$/.test(v)) return true;
  if (/^\$[A-Za-z_][A-Za-z0-9_]{0,100}$/.test(v)) return true;
  if (/^\$\([^)]{1,200}\)$/.test(v)) return true;
  if (/^\{\{[^}]{1,200}\}\}$/.test(v)) return true;
  if (/^\{[A-Za-z_][\w.-]{0,100}\}$/.test(v)) return true;
  if (/^%[A-Za-z_][\w.-]{0,100}%$/.test(v)) return true;
  if (/^#\{[^}]{1,200}\}$/.test(v)) return true;
  if (/^<[^<>]{1,200}>$/.test(v)) return true;
  if (/^\[[A-Za-z_ -]{1,100}\]$/.test(v)) return true;
  // Code references: os.environ["X"], os.getenv("X"), process.env.X, ENV["X"], System.getenv("X")
  if (/(?:^|[^\w])(?:environ|getenv|env|secrets|config|settings|vault)(?:\.|\[|\()/i.test(v)) return true;
  // Ellipses, masks and filler: "...", "****", "xxxx-xxxx", "<redacted>"
  if (/^[.*•·x#_=-]+$/i.test(v)) return true;
  if (/\.\.\.|…/.test(v)) return true;
  if (/\*{3,}|x{5,}|X{5,}|#{4,}/.test(v)) return true;
  if (
    /(?:^|[^A-Za-z])(?:your|insert|enter|replace)[-_ ]?(?:own[-_ ]?)?[A-Za-z]*(?:key|token|secret|password|here)/i.test(
      v,
    )
  )
    return true;
  if (PLACEHOLDER_WORDS.test(v)) return true;
  if (/^(?:change[-_]?me|example|dummy|placeholder|sample|redacted)[-_\w]{0,30}$/i.test(v)) return true;
  if (/(?:^|[-_.])(?:example|placeholder|redacted|changeme)(?:$|[-_.])/i.test(v)) return true;
  return false;
}

const HEX_HASH_LENGTHS = new Set([32, 40, 56, 64, 96, 128]);

/** A plain hex digest (MD5, SHA-1, SHA-2) or a UUID. */
export function isHashOrUuid(value: string): boolean {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true;
  return HEX_HASH_LENGTHS.has(value.length) && /^(?:[0-9a-f]+|[0-9A-F]+)$/.test(value);
}

/**
 * Lines whose long random-looking values are checksums or commit pins: go.sum `h1:`, npm/yarn
 * `integrity sha512-`, poetry/pip `sha256:` hashes, `uses: owner/action@<sha>`, git commit ids.
 */
export function isChecksumContext(line: string): boolean {
  return (
    /\sh1:[A-Za-z0-9+/]{43}=/.test(line) ||
    /\b(?:integrity|checksum|digest)["']?\s{0,3}[:=]?\s{0,3}["']?sha(?:1|256|384|512)-/i.test(line) ||
    /\bintegrity\s+sha(?:1|256|384|512)-/.test(line) ||
    /(?:hash|sha256|digest|checksum)["']?\s{0,3}[:=]\s{0,3}["']?(?:sha(?:1|256|384|512)|md5):[0-9a-f]{32,128}/i.test(
      line,
    ) ||
    /--hash=sha(?:256|384|512):[0-9a-f]{64,128}/.test(line) ||
    /\buses:\s{0,4}["']?[\w.-]{1,100}\/[\w./-]{1,200}@[0-9a-f]{40}\b/.test(line) ||
    /;\s?md5=[0-9a-f]{32}/.test(line)
  );
}
