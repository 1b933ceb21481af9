/**
 * Literal phrase matching for user-configured word lists (BanSubstrings, Competitors, BanTopics,
 * code names): escaped literals joined in one alternation, longest first, so matching is linear in
 * the text for a fixed list. Whitespace inside a phrase matches any run of whitespace.
 */
export interface PhraseOptions {
  wholeWords: boolean;
  caseSensitive: boolean;
}

export interface PhraseMatch {
  start: number;
  end: number;
  phrase: string;
}

export function escapeLiteral(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compilePhrases(
  phrases: readonly string[],
  opts: PhraseOptions,
): ((text: string, max?: number) => PhraseMatch[]) | undefined {
  const cleaned = [...new Set(phrases.map((p) => p.trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  if (cleaned.length === 0) return undefined;
  const body = cleaned.map((p) => escapeLiteral(p).replace(/\s+/g, '\\s+')).join('|');
  const source = opts.wholeWords ? `(?<![\\p{L}\\p{N}_])(?:${body})(?![\\p{L}\\p{N}_])` : `(?:${body})`;
  const re = new RegExp(source, opts.caseSensitive ? 'gu' : 'giu');
  const canonical = new Map(cleaned.map((p) => [opts.caseSensitive ? p : p.toLowerCase(), p]));
  return (text, max = 500) => {
    const out: PhraseMatch[] = [];
    for (const m of text.matchAll(re)) {
      const key = m[0].replace(/\s+/g, ' ');
      out.push({
        start: m.index,
        end: m.index + m[0].length,
        phrase: canonical.get(opts.caseSensitive ? key : key.toLowerCase()) ?? m[0],
      });
      if (out.length >= max) break;
    }
    return out;
  };
}
