import { CodeUnitBuffer } from '../../detectors/code-units/code-units.ts';

/**
 * Tokens of code, identifiers and numbers (`lin_api_21ms42m0rt`, `$DB_HOST`, `<travisToken>`,
 * `122000000000003`) replaced by one placeholder before the model reads the text. Their character
 * n-grams are noise that falls on toxic n-grams' buckets: the model flagged 391 of the 3,000
 * `secrets.jsonl` snippets and 25 after this. Leetspeak slurs keep their lexicon tags, which are
 * computed from the original text.
 */
const CODE_TOKEN = 'xxcode';

/**
 * What `maskCodeTokens` replaces, as a regular expression: a whitespace-separated token holding a
 * digit or one of `_ = / \ { } < > $`. The function is a single hand-written pass held to this
 * definition by the tests; the regex itself, linear as it is, took an eighth of Toxicity's time
 * on 1 KB texts.
 */
export const CODE_TOKEN_RE = /(?<!\S)\S*[0-9_=/\\{}<>$]\S*/g;

const WHITESPACE = 1;
const CODE_CHAR = 2;
/** Per code unit: WHITESPACE (JavaScript's `\s`), CODE_CHAR, or 0. */
const KIND = (() => {
  const table = new Uint8Array(65536);
  for (let c = 0; c < 65536; c++) if (/\s/.test(String.fromCharCode(c))) table[c] = WHITESPACE;
  for (const ch of '0123456789_=/\\{}<>$') table[ch.charCodeAt(0)] = CODE_CHAR;
  return table;
})();

/** The text's code units (a typed array reads several times faster than `charCodeAt`). */
const units = new CodeUnitBuffer();

export function maskCodeTokens(text: string): string {
  const n = text.length;
  const src = units.load(text);
  let out = '';
  /** End of the text already in `out`. */
  let copied = 0;
  /** Start of the current token. */
  let start = 0;
  let code = false;
  for (let i = 0; i < n; i++) {
    const kind = KIND[src[i]!]!;
    if (kind === 0) continue;
    if (kind === CODE_CHAR) {
      code = true;
      continue;
    }
    if (code) {
      out += text.slice(copied, start) + CODE_TOKEN;
      copied = i;
      code = false;
    }
    start = i + 1;
  }
  if (code) return `${out}${text.slice(copied, start)}${CODE_TOKEN}`;
  return copied === 0 ? text : out + text.slice(copied);
}
