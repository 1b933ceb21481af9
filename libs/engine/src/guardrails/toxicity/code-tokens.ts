/**
 * Tokens of code, identifiers and numbers (`lin_api_21ms42m0rt`, `$DB_HOST`, `<travisToken>`,
 * `122000000000003`) replaced by one placeholder before the model reads the text. Their character
 * n-grams are noise that falls on toxic n-grams' buckets: the model flagged 391 of the 3,000
 * `secrets.jsonl` snippets and 25 after this. Leetspeak slurs keep their lexicon tags, which are
 * computed from the original text. A token is a run of non-space characters; one pass, no regex
 * (a `\S*[0-9…]\S*` pattern rescans a long token from each of its positions).
 */
export const CODE_TOKEN = 'xxcode';

export function maskCodeTokens(text: string): string {
  let parts: string[] | undefined;
  let last = 0;
  let i = 0;
  const len = text.length;
  while (i < len) {
    while (i < len && isSpace(text.charCodeAt(i))) i++;
    const start = i;
    let code = false;
    while (i < len && !isSpace(text.charCodeAt(i))) {
      if (isCodeChar(text.charCodeAt(i))) code = true;
      i++;
    }
    if (!code) continue;
    parts ??= [];
    parts.push(text.slice(last, start), CODE_TOKEN);
    last = i;
  }
  if (!parts) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/** 0-9 _ = / \ { } < > $ */
function isCodeChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x3d ||
    c === 0x2f ||
    c === 0x5c ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x24
  );
}

/** The characters JavaScript's `\s` matches. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
